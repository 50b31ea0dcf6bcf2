/*
 * bench.h - what the benchmarks share: a monotonic clock, the best of
 * several timed repetitions, and leaving at the first failed call.
 */
#ifndef MINATEN_TOOLS_BENCH_BENCH_H
#define MINATEN_TOOLS_BENCH_BENCH_H

#include <stdio.h>
#include <stdlib.h>
#include <time.h>

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

#endif
