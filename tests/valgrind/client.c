/*
 * client.c - valgrind's leak check from Python, for tests/valgrind/driver.py
 * (loaded with ctypes when the driver runs under valgrind): after each
 * script, the leaks found since the last check, so that a leak is named by
 * the script that made it.  Outside valgrind the client requests do
 * nothing and the counts are 0.
 *
 * valgrind's manual, "Client requests" (memcheck.h: VALGRIND_DO_ADDED_LEAK_CHECK,
 * VALGRIND_COUNT_LEAKS)
 */
#include <valgrind/memcheck.h>

/* Runs a leak check that reports only what was lost since the last one;
 * returns the bytes definitely and indirectly lost, in all, so far. */
unsigned long minaten_valgrind_leak_check(void);

unsigned long minaten_valgrind_leak_check(void) {
  unsigned long leaked = 0, dubious = 0, reachable = 0, suppressed = 0;
  VALGRIND_DO_ADDED_LEAK_CHECK;
  VALGRIND_COUNT_LEAKS(leaked, dubious, reachable, suppressed);
  (void)dubious;
  (void)reachable;
  (void)suppressed;
  return leaked;
}
