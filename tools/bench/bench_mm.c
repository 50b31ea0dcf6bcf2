/*
 * bench_mm.c - the matrix product: minaten's blocked gemm (ops/cpu/
 * BlasKernel.c, Note [BLIS loops], on the intra-op threads: Note [A gemm on
 * threads]) beside libtorch 1.13 on BENCH_THREADS threads (tools/bench/
 * bench.h), in one run.  libtorch calls the libblas.so.3 it finds (Debian's
 * default: the reference netlib BLAS, one thread; put OpenBLAS's first on
 * LD_LIBRARY_PATH to compare with it, whose own thread count the libtorch
 * side sets to BENCH_THREADS); the report names the library, OpenBLAS's
 * core and its threads.
 *
 *   mm 512 and 1024      two n x n float32 matrices (2 n^3 flops)
 *   mm 1024 a.t()        the same with the left operand transposed (a view:
 *                        the packing reads it in place)
 *   mm 512 float64
 *   bmm 64x128^3         64 products of 128 x 128 float32 matrices
 *   mv 4096              a 4096 x 4096 float32 matrix by a vector
 *   dot 1M               two vectors of 2^20 float32
 *
 * Each figure is the best of several calls, in ms per call (result
 * released each time).  The floor is the time the same flops take at the
 * core's peak: vector FMA units x lanes x 2 flops per cycle (AVX2 + FMA:
 * 2 x 8 x 2 = 32 float32 flops per cycle, 16 float64) times the clock
 * /proc/cpuinfo reports ("cpu MHz": nominal, turbo and throttling aside).
 * mv and dot read each element once: memory, not the FMA units, bounds
 * them, so their floor is far out of reach.  Both sides fill the operands
 * with the same values and print a checksum of each result.
 *
 * Usage: bench_mm [--rows]
 */
#include <math.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "Functions.h"
#include "NativeFunctions.h"
#include "runtime/CPUCapability.h"
#include "runtime/Exception.h"
#include "runtime/Parallel.h"
#include "tools/bench/bench.h"

static void* check(void* p) { return bench_check("bench_mm", p); }

enum { kMeasures = 7 };

/* One measure: the operands' shapes (b_rows == 0: a vector; a_dim 1: a
 * vector too), flops per call, and how many calls to time. */
typedef struct Measure {
  const char* name;
  ScalarType dtype;
  int64_t batch, m, k, n; /* batch 0: not batched */
  bool vector_a, vector_b, transpose_a;
  int reps;
} Measure;

static const Measure kMeasureList[kMeasures] = {
    {"mm 512x512 float32", ScalarType_Float, 0, 512, 512, 512, false, false, false, 20},
    {"mm 1024x1024 float32", ScalarType_Float, 0, 1024, 1024, 1024, false, false, false, 8},
    {"mm 1024x1024 float32 a.t()", ScalarType_Float, 0, 1024, 1024, 1024, false, false, true, 8},
    {"mm 512x512 float64", ScalarType_Double, 0, 512, 512, 512, false, false, false, 5},
    {"bmm 64x128x128x128 float32", ScalarType_Float, 64, 128, 128, 128, false, false, false, 10},
    {"mv 4096x4096 float32", ScalarType_Float, 0, 4096, 4096, 1, false, true, false, 20},
    {"dot 1M float32", ScalarType_Float, 0, 1, 1 << 20, 1, true, true, false, 50},
};

static double measure_flops(const Measure* x) { return 2.0 * (double)(x->batch ? x->batch : 1) * x->m * x->k * x->n; }

/* The values both sides use: element i of an operand is ((i * 7) % 13 - 6) / 8. */
static Tensor* operand(ScalarType dtype, const int64_t* sizes, int64_t dim) {
  OptionalScalarType dt = {true, dtype};
  Tensor* t = check(at_empty_memory_format(IntArrayRef_make(sizes, (size_t)dim), dt, kNoLayout, kNoDevice,
                                           kNoPinMemory, kNoMemoryFormat));
  for (int64_t i = 0; i < t->numel; i++) {
    double v = (double)((i * 7) % 13 - 6) / 8;
    if (dtype == ScalarType_Float) ((float*)Tensor_data(t))[i] = (float)v;
    else ((double*)Tensor_data(t))[i] = v;
  }
  return t;
}

static double checksum(const Tensor* r) {
  double s = 0;
  for (int64_t i = 0; i < r->numel; i++)
    s += r->dtype == ScalarType_Float ? ((const float*)Tensor_data(r))[i] : ((const double*)Tensor_data(r))[i];
  return s;
}

static Tensor* product(const Measure* x, const Tensor* a, const Tensor* b) {
  if (x->vector_a) return at_dot(a, b);
  if (x->vector_b) return at_mv(a, b);
  if (x->batch) return at_bmm(a, b);
  return at_mm(a, b);
}

/* Best ns per call of measure x; its result's checksum in *sum. */
static double run_minaten(const Measure* x, double* sum) {
  int64_t sa[3], sb[3], da, db;
  if (x->vector_a) da = 1, sa[0] = x->k;
  else if (x->batch) da = 3, sa[0] = x->batch, sa[1] = x->m, sa[2] = x->k;
  else da = 2, sa[0] = x->m, sa[1] = x->k;
  if (x->vector_b) db = 1, sb[0] = x->k;
  else if (x->batch) db = 3, sb[0] = x->batch, sb[1] = x->k, sb[2] = x->n;
  else db = 2, sb[0] = x->k, sb[1] = x->n;
  Tensor* a = operand(x->dtype, sa, da);
  Tensor* b = operand(x->dtype, sb, db);
  if (x->transpose_a) { /* a is square: its transpose has the same shape */
    Tensor* t = check(at_t(a));
    Tensor_release(a);
    a = t;
  }
  Tensor* r = check(product(x, a, b));
  *sum = checksum(r);
  Tensor_release(r);
  double ns;
  BEST_NS_PER_CALL(ns, x->reps, 1, Tensor_release(check(product(x, a, b))));
  Tensor_release(a);
  Tensor_release(b);
  return ns;
}

/* The core's peak float32 (or float64) flops per cycle with the vector
 * instructions it has: FMA units x lanes x 2. */
static double flops_per_cycle(ScalarType dtype) {
  double lanes;
  switch (CPUCapability_hardware()) {
    case CPUCapability_AVX512: lanes = 16; break;
    case CPUCapability_AVX2: lanes = 8; break;
    default: lanes = 4; break; /* SSE2: no FMA, but an add and a mul each cycle */
  }
  if (dtype == ScalarType_Double) lanes /= 2;
  return 2 * lanes * 2;
}

/* The "cpu MHz" of /proc/cpuinfo's first processor, or -1. */
static double cpu_mhz(void) {
  FILE* f = fopen("/proc/cpuinfo", "r");
  if (f == NULL) return -1;
  char line[256];
  double mhz = -1;
  while (fgets(line, sizeof line, f))
    if (strncmp(line, "cpu MHz", 7) == 0) {
      const char* colon = strchr(line, ':');
      if (colon) mhz = atof(colon + 1);
      break;
    }
  fclose(f);
  return mhz;
}

/* libtorch's figures: its capability, then per measure ns per call and
 * the result's checksum.  false when its side is not built or failed. */
static bool run_libtorch(char* capability, size_t cap_size, char* blas, size_t blas_size, double* ns, double* sums) {
#ifdef MINATEN_BENCH_LIBTORCH_PATH
  char out[4096];
  char* argv[] = {MINATEN_BENCH_LIBTORCH_PATH, NULL};
  if (bench_run_child(argv, out, sizeof out) < 0) return false;
  char* save = NULL;
  char* line = strtok_r(out, "\n", &save);
  if (line == NULL || sscanf(line, "capability %31s", capability) != 1) return false;
  (void)cap_size;
  line = strtok_r(NULL, "\n", &save);
  if (line == NULL || strncmp(line, "blas ", 5) != 0) return false;
  snprintf(blas, blas_size, "%s", line + 5);
  for (int i = 0; i < kMeasures; i++) {
    line = strtok_r(NULL, "\n", &save);
    if (line == NULL || sscanf(line, "%lf %lf", &ns[i], &sums[i]) != 2) return false;
  }
  return true;
#else
  (void)capability, (void)cap_size, (void)blas, (void)blas_size, (void)ns, (void)sums;
  return false;
#endif
}

int main(int argc, char** argv) {
  bool rows = argc == 2 && strcmp(argv[1], "--rows") == 0;
  if (argc > 2 || (argc == 2 && !rows)) {
    fprintf(stderr, "usage: bench_mm [--rows]\n");
    return 2;
  }
  if (at_register_all() < 0) check(NULL);
  at_set_num_threads(bench_threads()); /* the intra-op threads (runtime/Parallel.h), as the libtorch side */
  double m_ns[kMeasures], m_sum[kMeasures], l_ns[kMeasures], l_sum[kMeasures];
  for (int i = 0; i < kMeasures; i++) m_ns[i] = run_minaten(&kMeasureList[i], &m_sum[i]);
  char l_cap[32] = "-", l_blas[512] = "-";
  bool have_libtorch = run_libtorch(l_cap, sizeof l_cap, l_blas, sizeof l_blas, l_ns, l_sum);
  double mhz = cpu_mhz();
  const char* m_cap = CPUCapability_name(CPUCapability_get());
  /* the gemm's copy: the CPU's (Note [The gemm's capability] in ops/DispatchStub.h) */
  const char* m_gemm = CPUCapability_name(CPUCapability_hardware());
  if (rows) {
    for (int i = 0; i < kMeasures; i++) {
      const Measure* x = &kMeasureList[i];
      double floor_ms = mhz > 0 ? measure_flops(x) / (flops_per_cycle(x->dtype) * mhz * 1e6) * 1e3 : BENCH_NONE;
      bench_row(x->name, "ms", m_ns[i] / 1e6, have_libtorch ? l_ns[i] / 1e6 : BENCH_NONE, "core peak", floor_ms);
    }
    printf("capability\tminaten\t%s\n", m_cap);
    printf("gemm\tminaten\t%s\n", m_gemm);
    if (have_libtorch) printf("capability\tlibtorch\t%s\n", l_cap);
    if (have_libtorch) printf("blas\tlibtorch\t%s\n", l_blas);
    Dispatcher_cleanup();
    return 0;
  }
  printf("mm, bmm, mv, dot on %d thread(s): ms per call (best of several), GFLOP/s, %% of the core's peak\n",
         bench_threads());
  if (mhz > 0)
    printf("core peak: %g float32 flops/cycle x %.0f MHz (/proc/cpuinfo, nominal) = %.1f GFLOP/s (float64: half)\n",
           flops_per_cycle(ScalarType_Float), mhz, flops_per_cycle(ScalarType_Float) * mhz / 1e3);
  printf("CPU capability: minaten %s (its gemm: %s, the CPU's, as a BLAS picks), libtorch %s\n", m_cap, m_gemm,
         have_libtorch ? l_cap : "-");
  if (have_libtorch) printf("libtorch's BLAS (path, OpenBLAS core, OpenBLAS threads): %s\n", l_blas);
  if (!have_libtorch)
    printf("(libtorch side not built: no libtorch found, a sanitizer build, or MINATEN_BENCH_LIBTORCH=OFF)\n");
  printf("  %-28s %9s %8s %6s   %9s %8s %6s   %8s\n", "", "minaten", "GFLOP/s", "peak", "libtorch", "GFLOP/s",
         "peak", "speed-up");
  for (int i = 0; i < kMeasures; i++) {
    const Measure* x = &kMeasureList[i];
    double f = measure_flops(x), peak = mhz > 0 ? flops_per_cycle(x->dtype) * mhz / 1e3 : NAN;
    printf("  %-28s %9.3f %8.2f %5.1f%%", x->name, m_ns[i] / 1e6, f / m_ns[i], 100 * f / m_ns[i] / peak);
    if (have_libtorch)
      printf("   %9.3f %8.2f %5.1f%%   %7.2fx", l_ns[i] / 1e6, f / l_ns[i], 100 * f / l_ns[i] / peak, l_ns[i] / m_ns[i]);
    printf("\n");
  }
  if (have_libtorch) {
    bool same = true;
    for (int i = 0; i < kMeasures; i++)
      if (fabs(m_sum[i] - l_sum[i]) > 1e-4 * fmax(fabs(m_sum[i]), fabs(l_sum[i])) + 1e-3) {
        printf("  %s: checksum minaten %.9g, libtorch %.9g (DIFFERENT)\n", kMeasureList[i].name, m_sum[i], l_sum[i]);
        same = false;
      }
    if (same) printf("  results: the same checksums on both sides (within 1e-4)\n");
  }
  Dispatcher_cleanup();
  return 0;
}
