/*
 * bench_sort.c - sort and topk, minaten beside libtorch 1.13 in one run.
 *
 *   sort           of 1M floats, and along dim 1 of a 1000 x 1000 float
 *                  matrix (std::sort's steps: ops/cpu/StlAlgorithms.h)
 *   sort stable    of 1M floats (a merge sort)
 *   sort int64     of 1M int64 in [0, 1000) (ties everywhere)
 *   topk k=10      of 1M floats (std::partial_sort: k * 64 <= n)
 *   topk dim=1     k=10 and k=100 of the 1000 x 1000 matrix's rows
 *                  (partial_sort; nth_element, then std::sort of k - 1)
 *
 * Both sides fill their tensors with the same pseudo-random numbers
 * (fill() below and its copy in bench_sort_libtorch.cpp), one thread,
 * glibc's heap kept (no page faults in the timed loops).  A round measures
 * each figure as the best of REPS repetitions after two warm-up runs,
 * minaten's then libtorch's (a child process); each figure reported is the
 * best over ROUNDS rounds, in ms.
 *
 * Usage: build-release/tools/bench/bench_sort [--rows] [REPS [ROUNDS]]   (default 5 3)
 */
#include <malloc.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "Functions.h"
#include "runtime/CPUCapability.h"
#include "runtime/Exception.h"
#include "runtime/Parallel.h"
#include "tools/bench/bench.h"

static Tensor* check(Tensor* p) { return bench_check("bench_sort", p); }

/* n pseudo-random numbers in [0, 1): a 32-bit linear congruential
 * generator, its top 24 bits (the same sequence in bench_sort_libtorch.cpp). */
static void fill(float* p, int64_t n) {
  uint32_t s = 12345;
  for (int64_t i = 0; i < n; i++) {
    s = s * 1664525u + 1013904223u;
    p[i] = (float)(s >> 8) * 0x1p-24f;
  }
}

enum { kMeasures = 7 };
static const char* const kNames[kMeasures] = {
    "sort, 1M floats",        "sort dim=1, 1000x1000",  "sort stable, 1M floats",  "sort, 1M int64 (ties)",
    "topk k=10, 1M floats", "topk k=10 dim=1, 1000x1000", "topk k=100 dim=1, 1000x1000"};

static void release2(TensorTuple2 t) {
  check(t.items[0]);
  Tensor_release(t.items[0]);
  Tensor_release(t.items[1]);
}

/* Prints the times mt (minaten) and lt (libtorch; BENCH_NONE when it did
 * not run), in ns: as --rows for tools/bench/compare, or as a table. */
static void report(bool rows, int reps, int rounds, const double* mt, const double* lt, bool have_libtorch) {
  if (rows) {
    for (int i = 0; i < kMeasures; i++)
      bench_row(kNames[i], "ms", mt[i] / 1e6, have_libtorch ? lt[i] / 1e6 : BENCH_NONE, NULL, BENCH_NONE);
    return;
  }
  printf("sort and topk, %d thread(s), best of %d x %d rounds\n", bench_threads(), reps, rounds);
  printf("  %-30s %10s %10s %8s\n", "measure", "minaten", "libtorch", "ratio");
  for (int i = 0; i < kMeasures; i++) {
    printf("  %-30s %7.3f ms", kNames[i], mt[i] / 1e6);
    if (have_libtorch) printf(" %7.3f ms %7.2fx\n", lt[i] / 1e6, mt[i] / lt[i]);
    else printf(" %10s %8s\n", "-", "-");
  }
}

/* One round of minaten's measures into t. */
static void measure(int reps, const Tensor* x, const Tensor* m, const Tensor* ints, double* t) {
  const OptionalBool stable = {true, true};
  BEST_NS(t[0], reps, release2(at_sort(x, -1, false)));
  BEST_NS(t[1], reps, release2(at_sort(m, 1, false)));
  BEST_NS(t[2], reps, release2(at_sort_stable(x, stable, -1, false)));
  BEST_NS(t[3], reps, release2(at_sort(ints, -1, false)));
  BEST_NS(t[4], reps, release2(at_topk(x, 10, -1, true, true)));
  BEST_NS(t[5], reps, release2(at_topk(m, 10, 1, true, true)));
  BEST_NS(t[6], reps, release2(at_topk(m, 100, 1, true, true)));
}

int main(int argc, char** argv) {
  bool rows = argc > 1 && strcmp(argv[1], "--rows") == 0;
  int reps = argc > 1 + rows ? atoi(argv[1 + rows]) : 5;
  int rounds = argc > 2 + rows ? atoi(argv[2 + rows]) : 3;
  if (reps < 1 || rounds < 1 || argc > 3 + rows) {
    fprintf(stderr, "usage: bench_sort [--rows] [REPS [ROUNDS]]\n");
    return 2;
  }
  mallopt(M_MMAP_THRESHOLD, 256 << 20); /* the heap kept: no page faults in the timed loops */
  mallopt(M_TRIM_THRESHOLD, 1 << 30);
  if (at_register_all() < 0) return 1;
  at_set_num_threads(bench_threads());
  int64_t n = 1 << 20, side[2] = {1000, 1000};
  OptionalScalarType f32 = {true, ScalarType_Float};
  Tensor* x = check(at_empty_memory_format(IntArrayRef_make(&n, 1), f32, kNoLayout, kNoDevice, kNoPinMemory,
                                           kNoMemoryFormat));
  Tensor* m = check(at_empty_memory_format(IntArrayRef_make(side, 2), f32, kNoLayout, kNoDevice, kNoPinMemory,
                                           kNoMemoryFormat));
  fill((float*)Tensor_data(x), n);
  fill((float*)Tensor_data(m), 1000 * 1000);
  Tensor* scaled = check(at_mul_Scalar(x, Scalar_fromLong(1000)));
  Tensor* ints = check(at__to_copy(scaled, (OptionalScalarType){true, ScalarType_Long}, kNoLayout, kNoDevice,
                                   kNoPinMemory, false, kNoMemoryFormat));
  Tensor_release(scaled);
  double mt[kMeasures], lt[kMeasures];
  for (int i = 0; i < kMeasures; i++) mt[i] = lt[i] = 1e300;
  bool have_libtorch = false;
  for (int round = 0; round < rounds; round++) {
    double t[kMeasures];
    measure(reps, x, m, ints, t);
    for (int i = 0; i < kMeasures; i++) mt[i] = bench_min(mt[i], t[i]);
#ifdef MINATEN_BENCH_LIBTORCH_PATH
    char reps_arg[16], out[512];
    double got[kMeasures];
    snprintf(reps_arg, sizeof reps_arg, "%d", reps);
    char* child[] = {(char*)MINATEN_BENCH_LIBTORCH_PATH, reps_arg, NULL};
    if (bench_run_child(child, out, sizeof out) == 0 &&
        sscanf(out, "%lf %lf %lf %lf %lf %lf %lf", &got[0], &got[1], &got[2], &got[3], &got[4], &got[5], &got[6]) ==
            kMeasures) {
      have_libtorch = true;
      for (int i = 0; i < kMeasures; i++) lt[i] = bench_min(lt[i], got[i]);
    }
#endif
  }
  report(rows, reps, rounds, mt, lt, have_libtorch);
  Tensor_release(x);
  Tensor_release(m);
  Tensor_release(ints);
  Dispatcher_cleanup();
  return 0;
}
