/*
 * bench_reduce.c - the reductions, minaten beside libtorch 1.13 in one run.
 *
 *   sum, mean        of 4M floats, and sum along dim 1 (rows) and dim 0
 *                    (columns) of a 2000 x 2000 float matrix
 *                    (ops/cpu/SumKernel.c, Note [Cascade sum])
 *   amax, min, argmax  of 4M floats, and max.dim along dim 1 of the
 *                    2000 x 2000 matrix (values and indices): the vector
 *                    loops of Note [Extremes in two passes]
 *                    (ops/cpu/ReduceOpsKernel.c)
 *   any              of 4M bools, all false (a full scan: any stops at
 *                    the first true)
 *   prod             of 4M floats near 1 (0.9995 + x / 1000: no underflow),
 *                    in 1.13's vector order (ops/cpu/ReduceOpsKernel.c,
 *                    Note [Vectorized reduction order])
 *   norm             (p = 2) of 4M floats: 1.13's fast path for a
 *                    contiguous row (Note [The 2-norm of a contiguous row])
 *   sum, 1M float16 / bfloat16  of the first 1M of those floats rounded to
 *                    Half (BFloat16), summed in float (Note [Cascade sum])
 *
 * Both sides fill their tensors with the same pseudo-random floats in
 * [0, 1) (fill() below and its copy in bench_reduce_libtorch.cpp), so the
 * extreme sits at the same place for both.  BENCH_THREADS threads (bench.h,
 * default 1) on both sides, glibc's heap kept
 * (no page faults in the timed loops: see bench_elementwise.c).  A round
 * measures each figure as the best of REPS repetitions after two warm-up
 * runs, minaten's then libtorch's (a child process); each figure reported
 * is the best over ROUNDS rounds, in ms.  ATEN_CPU_CAPABILITY (default,
 * avx2, avx512) picks the vector loops of both sides.
 *
 * Usage: build-release/tools/bench/bench_reduce [--rows] [REPS [ROUNDS]]   (default 10 3)
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

static Tensor* check(Tensor* p) { return bench_check("bench_reduce", p); }

static Tensor* full(IntArrayRef size, ScalarType dtype, double value) {
  OptionalScalarType t = {true, dtype};
  OptionalDevice cpu = {true, Device_cpu()};
  return check(at_full(size, Scalar_fromDouble(value), t, kNoLayout, cpu, kNoPinMemory));
}

/* n pseudo-random floats in [0, 1): a 32-bit linear congruential generator,
 * its top 24 bits (the same sequence in bench_reduce_libtorch.cpp). */
static void fill(float* p, int64_t n) {
  uint32_t s = 12345;
  for (int64_t i = 0; i < n; i++) {
    s = s * 1664525u + 1013904223u;
    p[i] = (float)(s >> 8) * 0x1p-24f;
  }
}

enum { kMeasures = 13 };
static const char* const kNames[kMeasures] = {
    "sum, 4M floats",  "sum dim=1, 2000x2000",      "sum dim=0, 2000x2000", "mean, 4M floats", "amax, 4M floats",
    "max.dim dim=1, 2000x2000", "argmax, 4M floats", "min, 4M floats",       "any, 4M bools",
    "prod, 4M floats", "norm, 4M floats",            "sum, 1M float16",      "sum, 1M bfloat16"};

static void release2(TensorTuple2 t) {
  check(t.items[0]);
  Tensor_release(t.items[0]);
  Tensor_release(t.items[1]);
}

/* Prints the times mt (minaten) and lt (libtorch; BENCH_NONE when it did
 * not run), in ns: as --rows for tools/bench/compare, or as a table. */
static void report(bool rows, int reps, int rounds, const double* mt, const double* lt, bool have_libtorch,
                   const char* lt_capability) {
  const char* capability = CPUCapability_name(CPUCapability_get());
  if (rows) {
    printf("capability\tminaten\t%s\n", capability);
    if (have_libtorch) printf("capability\tlibtorch\t%s\n", lt_capability);
    for (int i = 0; i < kMeasures; i++)
      bench_row(kNames[i], "ms", mt[i] / 1e6, lt[i] < 0 ? BENCH_NONE : lt[i] / 1e6, NULL, BENCH_NONE);
  } else {
    printf("reductions, %d thread(s), best of %d x %d rounds (minaten: %s, libtorch 1.13: %s)\n", bench_threads(), reps,
           rounds,
           capability, lt_capability);
    printf("  %-30s %10s %10s %8s\n", "measure", "minaten", "libtorch", "ratio");
    for (int i = 0; i < kMeasures; i++) {
      printf("  %-30s %7.3f ms", kNames[i], mt[i] / 1e6);
      if (lt[i] >= 0) printf(" %7.3f ms %7.2fx\n", lt[i] / 1e6, mt[i] / lt[i]);
      else printf(" %10s %8s\n", "-", "-");
    }
  }
}

int main(int argc, char** argv) {
  bool rows = argc > 1 && strcmp(argv[1], "--rows") == 0;
  int reps = argc > 1 + rows ? atoi(argv[1 + rows]) : 10;
  int rounds = argc > 2 + rows ? atoi(argv[2 + rows]) : 3;
  if (reps < 1 || rounds < 1 || argc > 3 + rows) {
    fprintf(stderr, "usage: bench_reduce [--rows] [REPS [ROUNDS]]\n");
    return 2;
  }
  mallopt(M_MMAP_THRESHOLD, 256 << 20); /* the heap kept: no page faults in the timed loops */
  mallopt(M_TRIM_THRESHOLD, 1 << 30);
  if (at_register_all() < 0) return 1;
  at_set_num_threads(bench_threads()); /* the intra-op threads (runtime/Parallel.h), as the libtorch side */
  double mt[kMeasures], lt[kMeasures];
  for (int i = 0; i < kMeasures; i++) mt[i] = lt[i] = 1e300;
  bool have_libtorch = false;
  const char* lt_capability = "-";
#ifdef MINATEN_BENCH_LIBTORCH_PATH
  char lt_cap_buf[16] = "";
#endif

  int64_t n4 = 4 << 20, side[2] = {2000, 2000}, dim1 = 1, dim0 = 0;
  Tensor* x = full(IntArrayRef_make(&n4, 1), ScalarType_Float, 0);
  Tensor* m = full(IntArrayRef_make(side, 2), ScalarType_Float, 0);
  Tensor* b = full(IntArrayRef_make(&n4, 1), ScalarType_Bool, 0);
  fill((float*)Tensor_data(x), n4);
  fill((float*)Tensor_data(m), 2000 * 2000);
  Tensor* scaled = check(at_mul_Scalar(x, Scalar_fromDouble(0.001)));
  Tensor* near1 = check(at_add_Scalar(scaled, Scalar_fromDouble(0.9995), Scalar_fromLong(1)));
  Tensor_release(scaled);
  int64_t n1 = 1 << 20;
  Tensor* x1 = full(IntArrayRef_make(&n1, 1), ScalarType_Float, 0);
  fill((float*)Tensor_data(x1), n1); /* x's first 1M floats */
  Tensor* xh = check(at_to_dtype(x1, ScalarType_Half, false, false, kNoMemoryFormat));
  Tensor* xb = check(at_to_dtype(x1, ScalarType_BFloat16, false, false, kNoMemoryFormat));
  Tensor_release(x1);
  OptionalIntArrayRef along1 = {true, {&dim1, 1}}, along0 = {true, {&dim0, 1}};
  IntArrayRef all = {NULL, 0};
  for (int round = 0; round < rounds; round++) {
    double t[kMeasures];
    BEST_NS(t[0], reps, Tensor_release(check(at_sum(x, kNoDtype))));
    BEST_NS(t[1], reps, Tensor_release(check(at_sum_dim_IntList(m, along1, false, kNoDtype))));
    BEST_NS(t[2], reps, Tensor_release(check(at_sum_dim_IntList(m, along0, false, kNoDtype))));
    BEST_NS(t[3], reps, Tensor_release(check(at_mean(x, kNoDtype))));
    BEST_NS(t[4], reps, Tensor_release(check(at_amax(x, all, false))));
    BEST_NS(t[5], reps, release2(at_max_dim(m, 1, false)));
    BEST_NS(t[6], reps, Tensor_release(check(at_argmax(x, kNoInt, false))));
    BEST_NS(t[7], reps, Tensor_release(check(at_min(x))));
    BEST_NS(t[8], reps, Tensor_release(check(at_any(b))));
    BEST_NS(t[9], reps, Tensor_release(check(at_prod(near1, kNoDtype))));
    BEST_NS(t[10], reps, Tensor_release(check(at_norm_Scalar(x, Scalar_fromLong(2)))));
    BEST_NS(t[11], reps, Tensor_release(check(at_sum(xh, kNoDtype))));
    BEST_NS(t[12], reps, Tensor_release(check(at_sum(xb, kNoDtype))));
    for (int i = 0; i < kMeasures; i++) mt[i] = bench_min(mt[i], t[i]);
#ifdef MINATEN_BENCH_LIBTORCH_PATH
    char reps_arg[16], out[512];
    double got[kMeasures];
    snprintf(reps_arg, sizeof reps_arg, "%d", reps);
    char* child[] = {(char*)MINATEN_BENCH_LIBTORCH_PATH, reps_arg, NULL};
    if (bench_run_child(child, out, sizeof out) == 0 &&
        sscanf(out, "%lf %lf %lf %lf %lf %lf %lf %lf %lf %lf %lf %lf %lf %15s", &got[0], &got[1], &got[2], &got[3],
               &got[4], &got[5], &got[6], &got[7], &got[8], &got[9], &got[10], &got[11], &got[12],
               lt_cap_buf) == kMeasures + 1) {
      have_libtorch = true;
      lt_capability = lt_cap_buf;
      for (int i = 0; i < kMeasures; i++) lt[i] = bench_min(lt[i], got[i]);
    }
#endif
  }
  if (!have_libtorch)
    for (int i = 0; i < kMeasures; i++) lt[i] = BENCH_NONE;
  report(rows, reps, rounds, mt, lt, have_libtorch, lt_capability);
  Tensor_release(x);
  Tensor_release(m);
  Tensor_release(b);
  Tensor_release(near1);
  Tensor_release(xh);
  Tensor_release(xb);
  Dispatcher_cleanup();
  return 0;
}
