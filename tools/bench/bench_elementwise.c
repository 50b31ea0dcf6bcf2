/*
 * bench_elementwise.c - the elementwise kernels (the files of ops/cpu) and the
 * transposed copy, minaten beside libtorch 1.13 and beside memcpy, in one
 * run.
 *
 *   chain      y = ((((((x + w) * w) - x) / w) + x) * x).neg().abs() on 1M
 *              floats (bench_lazy.c's chain): eight operators, eight new
 *              4 MiB tensors
 *   add out=   torch.add(a, b, out=c) on 16M floats; floor: memcpy of the
 *              64 MiB of one operand (the same run)
 *   t().contiguous()  of a 2048 x 2048 float matrix (a new 16 MiB tensor);
 *              floor: memcpy of 16 MiB
 *   exp, sin   of 1M floats: at AVX2 (AVX512) both sides call the same
 *              Sleef vector functions of Debian's libsleef (Sleef_expf8_u10,
 *              Sleef_sinf8_u10, ...) on the same vectors, so the results are
 *              the same bits (Note [Sleef's unary functions] in
 *              ops/cpu/UnaryOpsKernel.c); at DEFAULT both call libm's expf, sinf
 *   add, 1M float16 / bfloat16   a + b of two 1M-element Half (BFloat16)
 *              tensors into a new one (Note [Half and BFloat16 rows] in
 *              ops/cpu/BinaryOpsKernel.c)
 *
 * Both sides run in one process each, on BENCH_THREADS threads (bench.h,
 * default 1), with glibc's heap kept
 * (mallopt: no mmap'ed blocks, no trimming), so that the timed loops reuse
 * memory and take no page faults: the figures are the loops' cost, not the
 * allocator's (issue 19's part 1).  A round measures each figure as the
 * best of REPS repetitions after two warm-up runs, minaten's then
 * libtorch's (bench_elementwise_libtorch.cpp, a child process), so that
 * drift on a shared machine touches both sides alike; each figure reported
 * is the best over ROUNDS rounds, in ms.  ATEN_CPU_CAPABILITY (default,
 * avx2, avx512) picks the vector loops of both sides.
 *
 * Usage: build-release/tools/bench/bench_elementwise [--rows] [REPS [ROUNDS]]   (default 10 3)
 */
#include <malloc.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "Functions.h"
#include "runtime/CPUCapability.h"
#include "runtime/Exception.h"
#include "runtime/Parallel.h"
#include "tools/bench/bench.h"
#include "tools/bench/bench_chain.h"

static Tensor* check(Tensor* p) { return bench_check("bench_elementwise", p); }

static Tensor* full_of(IntArrayRef size, ScalarType dtype, double value) {
  OptionalScalarType t = {true, dtype};
  OptionalDevice cpu = {true, Device_cpu()};
  return check(at_full(size, Scalar_fromDouble(value), t, kNoLayout, cpu, kNoPinMemory));
}
static Tensor* full(IntArrayRef size, double value) { return full_of(size, ScalarType_Float, value); }

enum { kMeasures = 7 };
static const char* const kNames[kMeasures] = {"chain of 8 ops, 1M floats", "add out=, 16M floats",
                                              "t().contiguous(), 2048x2048", "exp, 1M floats", "sin, 1M floats",
                                              "add, 1M float16",             "add, 1M bfloat16"};

/* Prints the times mt (minaten) and lt (libtorch; BENCH_NONE when it did
 * not run) and the memcpy floors, in ns: as --rows for
 * tools/bench/compare, or as a table. */
static void report(bool rows, int reps, int rounds, const double* mt, const double* lt, double floor_add,
                   double floor_t, const char* lt_capability) {
  const char* capability = CPUCapability_name(CPUCapability_get());
  if (rows) {
    printf("capability\tminaten\t%s\n", capability);
    if (lt[0] >= 0) printf("capability\tlibtorch\t%s\n", lt_capability);
    for (int i = 0; i < kMeasures; i++)
      bench_row(kNames[i], "ms", mt[i] / 1e6, lt[i] < 0 ? BENCH_NONE : lt[i] / 1e6,
                i == 1 ? "memcpy 64 MiB" : i == 2 ? "memcpy 16 MiB" : NULL,
                i == 1 ? floor_add / 1e6 : i == 2 ? floor_t / 1e6 : BENCH_NONE);
  } else {
    printf("elementwise loops, %d thread(s), best of %d x %d rounds (minaten: %s, libtorch 1.13: %s)\n", bench_threads(),
           reps, rounds,
           capability, lt_capability);
    printf("  %-30s %10s %10s %8s %14s %8s\n", "measure", "minaten", "libtorch", "ratio", "floor", "ratio");
    for (int i = 0; i < kMeasures; i++) {
      printf("  %-30s %7.3f ms", kNames[i], mt[i] / 1e6);
      if (lt[i] >= 0) printf(" %7.3f ms %7.2fx", lt[i] / 1e6, mt[i] / lt[i]);
      else printf(" %10s %8s", "-", "-");
      double fl = i == 1 ? floor_add : i == 2 ? floor_t : -1;
      if (fl >= 0) printf(" %11.3f ms %7.2fx", fl / 1e6, mt[i] / fl);
      printf("\n");
    }
    printf("  (floors: memcpy of the same bytes, 64 MiB and 16 MiB, in this run)\n");
  }
}

int main(int argc, char** argv) {
  bool rows = argc > 1 && strcmp(argv[1], "--rows") == 0;
  int reps = argc > 1 + rows ? atoi(argv[1 + rows]) : 10;
  int rounds = argc > 2 + rows ? atoi(argv[2 + rows]) : 3;
  if (reps < 1 || rounds < 1 || argc > 3 + rows) {
    fprintf(stderr, "usage: bench_elementwise [--rows] [REPS [ROUNDS]]\n");
    return 2;
  }
  mallopt(M_MMAP_THRESHOLD, 256 << 20); /* the heap kept: no page faults in the timed loops */
  mallopt(M_TRIM_THRESHOLD, 1 << 30);
  if (at_register_all() < 0) return 1;
  at_set_num_threads(bench_threads()); /* the intra-op threads (runtime/Parallel.h), as the libtorch side */
  double mt[kMeasures], lt[kMeasures], floor_add = 1e300, floor_t = 1e300;
  for (int i = 0; i < kMeasures; i++) mt[i] = lt[i] = 1e300;
  bool have_libtorch = false;
  const char* lt_capability = "-";
#ifdef MINATEN_BENCH_LIBTORCH_PATH
  char lt_cap_buf[16] = "";
#endif

  int64_t n1 = 1 << 20, n16 = 16 << 20, side[2] = {2048, 2048};
  Tensor* x = full(IntArrayRef_make(&n1, 1), 1.5);
  Tensor* w = full(IntArrayRef_make(&n1, 1), 0.75);
  Tensor* a = full(IntArrayRef_make(&n16, 1), 1.5);
  Tensor* b = full(IntArrayRef_make(&n16, 1), 0.75);
  Tensor* c = full(IntArrayRef_make(&n16, 1), 0);
  Tensor* m = full(IntArrayRef_make(side, 2), 0.25);
  Tensor* m_t = check(at_t(m));
  Tensor* xh = full_of(IntArrayRef_make(&n1, 1), ScalarType_Half, 1.5);
  Tensor* wh = full_of(IntArrayRef_make(&n1, 1), ScalarType_Half, 0.75);
  Tensor* xb = full_of(IntArrayRef_make(&n1, 1), ScalarType_BFloat16, 1.5);
  Tensor* wb = full_of(IntArrayRef_make(&n1, 1), ScalarType_BFloat16, 0.75);
  for (int round = 0; round < rounds; round++) {
    double t;
    BEST_NS(t, reps, Tensor_release(bench_chain("bench_elementwise", x, w)));
    mt[0] = bench_min(mt[0], t);
    BEST_NS(t, reps, check(at_add_out(a, b, Scalar_fromLong(1), c)));
    mt[1] = bench_min(mt[1], t);
    BEST_NS(t, reps, memcpy(Tensor_data(c), Tensor_data(a), (size_t)n16 * 4));
    floor_add = bench_min(floor_add, t);
    BEST_NS(t, reps, Tensor_release(check(at_contiguous(m_t, MemoryFormat_Contiguous))));
    mt[2] = bench_min(mt[2], t);
    BEST_NS(t, reps, memcpy(Tensor_data(c), Tensor_data(m), (size_t)2048 * 2048 * 4));
    floor_t = bench_min(floor_t, t);
    BEST_NS(t, reps, Tensor_release(check(at_exp(x))));
    mt[3] = bench_min(mt[3], t);
    BEST_NS(t, reps, Tensor_release(check(at_sin(x))));
    mt[4] = bench_min(mt[4], t);
    BEST_NS(t, reps, Tensor_release(check(at_add_Tensor(xh, wh, Scalar_fromLong(1)))));
    mt[5] = bench_min(mt[5], t);
    BEST_NS(t, reps, Tensor_release(check(at_add_Tensor(xb, wb, Scalar_fromLong(1)))));
    mt[6] = bench_min(mt[6], t);
#ifdef MINATEN_BENCH_LIBTORCH_PATH
    char reps_arg[16], out[256];
    double got[kMeasures];
    snprintf(reps_arg, sizeof reps_arg, "%d", reps);
    char* child[] = {(char*)MINATEN_BENCH_LIBTORCH_PATH, reps_arg, NULL};
    if (bench_run_child(child, out, sizeof out) == 0 &&
        sscanf(out, "%lf %lf %lf %lf %lf %lf %lf %15s", &got[0], &got[1], &got[2], &got[3], &got[4], &got[5], &got[6],
               lt_cap_buf) == kMeasures + 1) {
      have_libtorch = true;
      lt_capability = lt_cap_buf;
      for (int i = 0; i < kMeasures; i++) lt[i] = bench_min(lt[i], got[i]);
    }
#endif
  }
  if (!have_libtorch)
    for (int i = 0; i < kMeasures; i++) lt[i] = BENCH_NONE;
  report(rows, reps, rounds, mt, lt, floor_add, floor_t, lt_capability);
  Tensor* all[] = {x, w, a, b, c, m, m_t, xh, wh, xb, wb};
  for (size_t i = 0; i < sizeof all / sizeof *all; i++) Tensor_release(all[i]);
  Dispatcher_cleanup();
  return 0;
}
