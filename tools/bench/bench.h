/*
 * bench.h - what the benchmarks share: a monotonic clock, the best of
 * several timed repetitions, and leaving at the first failed call.
 */
#ifndef MINATEN_TOOLS_BENCH_BENCH_H
#define MINATEN_TOOLS_BENCH_BENCH_H

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "dispatch/Dispatcher.h"
#include "runtime/Exception.h"

static inline double now_ns(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (double)ts.tv_sec * 1e9 + (double)ts.tv_nsec;
}

/* Best of `reps` runs of `iters` executions of the statement, in ns per
 * execution. */
#define BEST_NS_PER_CALL(result, reps, iters, ...)           \
  do {                                                       \
    double best_ = 1e300;                                    \
    for (int r_ = 0; r_ < (reps); r_++) {                    \
      double t0_ = now_ns();                                 \
      for (long i_ = 0; i_ < (iters); i_++) { __VA_ARGS__; } \
      double dt_ = (now_ns() - t0_) / (double)(iters);       \
      if (dt_ < best_) best_ = dt_;                          \
    }                                                        \
    (result) = best_;                                        \
  } while (0)

/* Best of reps runs of the statement (after two warm-up runs), in ns. */
#define BEST_NS(result, reps, ...)                  \
  do {                                              \
    for (int w_ = 0; w_ < 2; w_++) { __VA_ARGS__; } \
    BEST_NS_PER_CALL(result, reps, 1, __VA_ARGS__); \
  } while (0)

static inline double bench_min(double a, double b) { return a < b ? a : b; }

/* Returns p; when p is NULL (a call failed), prints the error as
 * "bench_name: Type: message" and leaves. */
static inline void* bench_check(const char* bench_name, void* p) {
  if (p == NULL) {
    fprintf(stderr, "%s: %s: %s\n", bench_name, ErrorType_name(Error_type()), Error_message());
    Dispatcher_cleanup();
    _Exit(1);
  }
  return p;
}

/* The intra-op thread count both sides of a benchmark run their kernels
 * on: BENCH_THREADS (default 1), which tools/bench/compare sets to 1 and to
 * the machine's core count in turn (the libtorch child inherits it). */
static inline int bench_threads(void) {
  const char* s = getenv("BENCH_THREADS");
  int n = s != NULL ? atoi(s) : 1;
  return n > 0 ? n : 1;
}

/* The rows tools/bench/compare reads.  A benchmark given --rows prints, on
 * standard output and instead of its own report, one line per measure:
 *
 *   row <TAB> measure <TAB> unit <TAB> threads <TAB> minaten <TAB> libtorch <TAB> floor label <TAB> floor
 *
 * (numbers in the unit, smaller is better; a side not measured is "-"), and
 * one line per side naming the CPU capability its kernels used:
 *
 *   capability <TAB> minaten|libtorch <TAB> default|avx2|avx512 */
#define BENCH_NONE (-1.0) /* a number not measured: printed as "-" */
static inline void bench_row(const char* measure, const char* unit, double minaten, double libtorch,
                             const char* floor_label, double floor) {
  printf("row\t%s\t%s\t%d\t", measure, unit, bench_threads());
  if (minaten < 0) printf("-\t"); else printf("%.6g\t", minaten);
  if (libtorch < 0) printf("-\t"); else printf("%.6g\t", libtorch);
  printf("%s\t", floor_label ? floor_label : "-");
  if (floor < 0) printf("-\n"); else printf("%.6g\n", floor);
}

/* Runs argv[0] (a libtorch side) with argv, and reads what it prints on
 * standard output into out (at most n - 1 bytes, NUL-terminated).  0, or
 * -1 after saying on stderr what went wrong. */
static inline int bench_run_child(char* const argv[], char* out, size_t n) {
  int fds[2];
  if (pipe(fds) < 0) return perror("pipe"), -1;
  fflush(stdout);
  pid_t pid = fork();
  if (pid < 0) return perror("fork"), -1;
  if (pid == 0) {
    dup2(fds[1], STDOUT_FILENO);
    close(fds[0]);
    close(fds[1]);
    execv(argv[0], argv);
    fprintf(stderr, "%s: %s\n", argv[0], strerror(errno));
    _exit(127);
  }
  close(fds[1]);
  size_t len = 0;
  ssize_t got;
  while (len + 1 < n && (got = read(fds[0], out + len, n - 1 - len)) > 0) len += (size_t)got;
  out[len] = '\0';
  close(fds[0]);
  int status;
  waitpid(pid, &status, 0);
  if (!WIFEXITED(status) || WEXITSTATUS(status) != 0) {
    fprintf(stderr, "%s failed (status %d)\n", argv[0], status);
    return -1;
  }
  return 0;
}

#endif
