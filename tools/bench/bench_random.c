/*
 * bench_random.c - the random kernels (ops/cpu/DistributionKernels.c)
 * beside libtorch 1.13's, in one run.  Each fills a preallocated tensor in
 * place, so the figure is the kernel's (the draws and the transform), not
 * the allocator's:
 *
 *   randn   normal_() of 1M floats: the uniform fill and the sixteen-wide
 *           Box-Muller (Note [normal_fill]); of 1M doubles: the same in
 *           double with libm's log/sin/cos, as 1.13's
 *   rand    uniform_() of 1M floats: one mt19937 word per element
 *   randint random_(0, 100) of 1M int64: one word and a modulo each
 *
 * Both sides draw on one thread (1.13's random kernels are serial: one
 * generator, locked), with the same seed, so they compute the same numbers.
 * A round measures each figure as the best of REPS repetitions after a
 * warm-up, minaten's then libtorch's (bench_random_libtorch.cpp, a child
 * process); each figure reported is the best over ROUNDS rounds, in ms.
 *
 * Usage: build-release/tools/bench/bench_random [--rows] [REPS [ROUNDS]]   (default 10 3)
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "Functions.h"
#include "runtime/CPUCapability.h"
#include "runtime/CPUGeneratorImpl.h"
#include "runtime/Exception.h"
#include "tools/bench/bench.h"

static Tensor* check(Tensor* p) { return bench_check("bench_random", p); }

static Tensor* empty(int64_t n, ScalarType t) {
  OptionalScalarType dt = {true, t};
  OptionalDevice cpu = {true, Device_cpu()};
  OptionalMemoryFormat none = {0};
  return check(at_empty_memory_format(IntArrayRef_make(&n, 1), dt, kNoLayout, cpu, kNoPinMemory, none));
}

enum { kMeasures = 4 };
static const char* const kNames[kMeasures] = {"randn (normal_), 1M floats", "randn (normal_), 1M doubles",
                                              "rand (uniform_), 1M floats", "randint (random_), 1M int64"};

int main(int argc, char** argv) {
  bool rows = argc > 1 && strcmp(argv[1], "--rows") == 0;
  int reps = argc > 1 + rows ? atoi(argv[1 + rows]) : 10;
  int rounds = argc > 2 + rows ? atoi(argv[2 + rows]) : 3;
  if (reps < 1 || rounds < 1 || argc > 3 + rows) {
    fprintf(stderr, "usage: bench_random [--rows] [REPS [ROUNDS]]\n");
    return 2;
  }
  if (at_register_all() < 0) return 1;
  double mt[kMeasures], lt[kMeasures];
  for (int i = 0; i < kMeasures; i++) mt[i] = lt[i] = 1e300;
  bool have_libtorch = false;
  const char* lt_capability = "-";
#ifdef MINATEN_BENCH_LIBTORCH_PATH
  char lt_cap_buf[16] = "";
#endif
  int64_t n = 1 << 20;
  Tensor* f = empty(n, ScalarType_Float);
  Tensor* d = empty(n, ScalarType_Double);
  Tensor* l = empty(n, ScalarType_Long);
  OptionalInt to = {true, 100};
  CPUGeneratorImpl_setCurrentSeed(getDefaultCPUGenerator(), 0);
  for (int round = 0; round < rounds; round++) {
    double t;
    BEST_NS(t, reps, Tensor_release(check(at_normal_(f, 0, 1, NULL))));
    mt[0] = bench_min(mt[0], t);
    BEST_NS(t, reps, Tensor_release(check(at_normal_(d, 0, 1, NULL))));
    mt[1] = bench_min(mt[1], t);
    BEST_NS(t, reps, Tensor_release(check(at_uniform_(f, 0, 1, NULL))));
    mt[2] = bench_min(mt[2], t);
    BEST_NS(t, reps, Tensor_release(check(at_random__from(l, 0, to, NULL))));
    mt[3] = bench_min(mt[3], t);
#ifdef MINATEN_BENCH_LIBTORCH_PATH
    char reps_arg[16], out[256];
    double got[kMeasures];
    snprintf(reps_arg, sizeof reps_arg, "%d", reps);
    char* child[] = {(char*)MINATEN_BENCH_LIBTORCH_PATH, reps_arg, NULL};
    if (bench_run_child(child, out, sizeof out) == 0 &&
        sscanf(out, "%lf %lf %lf %lf %15s", &got[0], &got[1], &got[2], &got[3], lt_cap_buf) == 5) {
      have_libtorch = true;
      lt_capability = lt_cap_buf;
      for (int i = 0; i < kMeasures; i++) lt[i] = bench_min(lt[i], got[i]);
    }
#endif
  }
  const char* capability = CPUCapability_name(CPUCapability_get());
  if (rows) {
    printf("capability\tminaten\t%s\n", capability);
    if (have_libtorch) printf("capability\tlibtorch\t%s\n", lt_capability);
    for (int i = 0; i < kMeasures; i++)
      bench_row(kNames[i], "ms", mt[i] / 1e6, have_libtorch ? lt[i] / 1e6 : BENCH_NONE, NULL, BENCH_NONE);
  } else {
    printf("random kernels, 1 thread, best of %d x %d rounds (minaten: %s, libtorch 1.13: %s)\n", reps, rounds,
           capability, lt_capability);
    for (int i = 0; i < kMeasures; i++) {
      printf("  %-30s %7.3f ms", kNames[i], mt[i] / 1e6);
      if (have_libtorch) printf(" %7.3f ms %7.2fx", lt[i] / 1e6, mt[i] / lt[i]);
      printf("\n");
    }
  }
  Tensor_release(f);
  Tensor_release(d);
  Tensor_release(l);
  Dispatcher_cleanup();
  return 0;
}
