/*
 * bench_softmax.c - softmax and log_softmax, minaten beside libtorch 1.13
 * in one run (ops/cpu/SoftMaxKernel.c against 1.13's SoftMaxKernel.cpp):
 *
 *   softmax dim=-1       of a 1024 x 1024 float matrix (the last-dim
 *                        kernel: vec_log_softmax_lastdim's twin, row by row)
 *   softmax dim=0        of the same matrix (the inner-dim kernel)
 *   log_softmax dim=-1   of the same matrix
 *   softmax dim=-1, 64 x 10   the small rows of a classifier's logits
 *
 * Both sides fill their tensors with the same pseudo-random numbers
 * (fill() below and its copy in bench_softmax_libtorch.cpp), on
 * BENCH_THREADS intra-op threads, glibc's heap kept.  A round measures each
 * figure as the best of REPS repetitions after two warm-up runs, minaten's
 * then libtorch's (a child process); each figure reported is the best over
 * ROUNDS rounds, in ms.
 *
 * Usage: build-release/tools/bench/bench_softmax [--rows] [REPS [ROUNDS]]   (default 20 3)
 */
#include <malloc.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "Functions.h"
#include "runtime/Exception.h"
#include "runtime/Parallel.h"
#include "tools/bench/bench.h"

static Tensor* check(Tensor* p) { return bench_check("bench_softmax", p); }

/* n pseudo-random numbers in [-4, 4): a 32-bit linear congruential
 * generator, its top 24 bits (the same sequence in bench_softmax_libtorch.cpp). */
static void fill(float* p, int64_t n) {
  uint32_t s = 12345;
  for (int64_t i = 0; i < n; i++) {
    s = s * 1664525u + 1013904223u;
    p[i] = (float)(s >> 8) * 0x1p-21f - 4.0f;
  }
}

static Tensor* matrix(int64_t rows, int64_t cols) {
  int64_t sizes[2] = {rows, cols};
  OptionalScalarType f32 = {true, ScalarType_Float};
  Tensor* t = check(at_empty_memory_format(IntArrayRef_make(sizes, 2), f32, kNoLayout, kNoDevice, kNoPinMemory,
                                           kNoMemoryFormat));
  fill((float*)Tensor_data(t), rows * cols);
  return t;
}

enum { kMeasures = 4 };
static const char* const kNames[kMeasures] = {"softmax dim=-1, 1024x1024", "softmax dim=0, 1024x1024",
                                              "log_softmax dim=-1, 1024x1024", "softmax dim=-1, 64x10"};

/* One round of minaten's measures into t. */
static void measure(int reps, const Tensor* m, const Tensor* logits, double* t) {
  BEST_NS(t[0], reps, Tensor_release(check(at__softmax(m, -1, false))));
  BEST_NS(t[1], reps, Tensor_release(check(at__softmax(m, 0, false))));
  BEST_NS(t[2], reps, Tensor_release(check(at__log_softmax(m, -1, false))));
  BEST_NS(t[3], reps, Tensor_release(check(at__softmax(logits, -1, false))));
}

int main(int argc, char** argv) {
  bool rows = argc > 1 && strcmp(argv[1], "--rows") == 0;
  int reps = argc > 1 + rows ? atoi(argv[1 + rows]) : 20;
  int rounds = argc > 2 + rows ? atoi(argv[2 + rows]) : 3;
  if (reps < 1 || rounds < 1 || argc > 3 + rows) {
    fprintf(stderr, "usage: bench_softmax [--rows] [REPS [ROUNDS]]\n");
    return 2;
  }
  mallopt(M_MMAP_THRESHOLD, 256 << 20); /* the heap kept: no page faults in the timed loops */
  mallopt(M_TRIM_THRESHOLD, 1 << 30);
  if (at_register_all() < 0) return 1;
  at_set_num_threads(bench_threads());
  Tensor* m = matrix(1024, 1024);
  Tensor* logits = matrix(64, 10);
  double mt[kMeasures], lt[kMeasures];
  for (int i = 0; i < kMeasures; i++) mt[i] = lt[i] = 1e300;
  bool have_libtorch = false;
  for (int round = 0; round < rounds; round++) {
    double t[kMeasures];
    measure(reps, m, logits, t);
    for (int i = 0; i < kMeasures; i++) mt[i] = bench_min(mt[i], t[i]);
#ifdef MINATEN_BENCH_LIBTORCH_PATH
    char reps_arg[16], out[256];
    double got[kMeasures];
    snprintf(reps_arg, sizeof reps_arg, "%d", reps);
    char* child[] = {(char*)MINATEN_BENCH_LIBTORCH_PATH, reps_arg, NULL};
    if (bench_run_child(child, out, sizeof out) == 0 &&
        sscanf(out, "%lf %lf %lf %lf", &got[0], &got[1], &got[2], &got[3]) == kMeasures) {
      have_libtorch = true;
      for (int i = 0; i < kMeasures; i++) lt[i] = bench_min(lt[i], got[i]);
    }
#endif
  }
  if (rows) {
    for (int i = 0; i < kMeasures; i++)
      bench_row(kNames[i], "ms", mt[i] / 1e6, have_libtorch ? lt[i] / 1e6 : BENCH_NONE, NULL, BENCH_NONE);
  } else {
    printf("softmax, %d thread(s), best of %d x %d rounds\n", bench_threads(), reps, rounds);
    for (int i = 0; i < kMeasures; i++) {
      printf("  %-32s %8.4f ms", kNames[i], mt[i] / 1e6);
      if (have_libtorch) printf(" %8.4f ms %7.2fx\n", lt[i] / 1e6, mt[i] / lt[i]);
      else printf("\n");
    }
  }
  Tensor_release(m);
  Tensor_release(logits);
  Dispatcher_cleanup();
  return 0;
}
