/*
 * bench_alloc.c - what the allocator costs a program that runs alone: the
 * chain of 8 elementwise operators on 1M floats of bench_lazy.c, each side
 * in a fresh process of its own, minaten beside libtorch 1.13.
 *
 *   chain   y = ((((((x + w) * w) - x) / w) + x) * x).neg().abs()
 *           eight operators, each making a new 4 MiB tensor; the previous
 *           chain's y is dropped once the new one is made
 *
 * Each process makes x and w, runs one chain untimed, then CHAINS timed
 * ones, and reports the mean time per chain and the minor page faults per
 * chain (getrusage's ru_minflt around the timed loop).  A fault is the
 * kernel handing the process a fresh zeroed 4 KiB page: what a program pays
 * when its allocator gave freed memory back to the kernel and takes it
 * again (runtime/Allocator.h, Note [Keeping freed memory]).  Running alone
 * matters: in a long process that has already grown its heap (bench_lazy,
 * after its lazy part) the faults can hide.
 *
 * minaten's side is this program run again with a hidden argument
 * (--alone CHAINS); libtorch's is tools/bench/bench_alloc_libtorch.cpp (one
 * thread), built when CMake finds libtorch.  Each round runs one of each,
 * one after the other; the figures are the best over the rounds.  The floor
 * is eight memcpy of 4 MiB between buffers already touched, in minaten's
 * process: the bytes written by the chain, with no allocation at all.  The
 * report (not --rows) also runs minaten's side without its cache
 * (MINATEN_NO_CPU_MEMORY_CACHING=1: glibc alone, as before the cache).
 * Both checksums (the last y summed) must agree.
 *
 * Usage: build-release/tools/bench/bench_alloc [--rows] [ROUNDS]  (default 3)
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>

#include "Functions.h"
#include "runtime/Allocator.h"
#include "runtime/CPUCapability.h"
#include "runtime/Exception.h"
#include "tools/bench/bench.h"
#include "tools/bench/bench_chain.h"

enum { kChains = 40, kNodes = 8, kMaxRounds = 15 };
static const int64_t kNumel = 1 << 20;

static Tensor* check(Tensor* p) { return bench_check("bench_alloc", p); }

static long minor_faults(void) {
  struct rusage ru;
  return getrusage(RUSAGE_SELF, &ru) == 0 ? ru.ru_minflt : 0;
}

static Tensor* full(double value) {
  OptionalScalarType f32 = {true, ScalarType_Float};
  return check(at_full(IntArrayRef_make(&kNumel, 1), Scalar_fromDouble(value), f32, kNoLayout, kNoDevice,
                       kNoPinMemory));
}

/* One process's figures. */
typedef struct Side {
  double ns_per_chain, faults_per_chain, checksum;
  double floor_ns; /* minaten's process only */
  char capability[16];
} Side;

/* The floor: eight memcpy of 4 MiB between two buffers touched beforehand,
 * best of 5, in ns. */
static double memcpy_floor(void) {
  size_t bytes = (size_t)kNumel * sizeof(float);
  char* a = malloc(bytes);
  char* b = malloc(bytes);
  if (a == NULL || b == NULL) return BENCH_NONE;
  memset(a, 1, bytes);
  memset(b, 2, bytes);
  double best;
  BEST_NS_PER_CALL(best, 5, 1, for (int k = 0; k < kNodes; k++) memcpy(k % 2 ? a : b, k % 2 ? b : a, bytes));
  volatile char sink = a[bytes / 2];
  (void)sink;
  free(a);
  free(b);
  return best;
}

/* minaten's side, in a process of its own (--alone): prints
 * "ns_per_chain faults_per_chain checksum floor_ns capability". */
static int run_alone(int chains) {
  if (at_register_all() < 0) check(NULL);
  Tensor* x = full(1.5);
  Tensor* w = full(0.75);
  Tensor* y = bench_chain("bench_alloc", x, w); /* untimed */
  long f0 = minor_faults();
  double t0 = now_ns();
  for (int i = 0; i < chains; i++) {
    Tensor* next = bench_chain("bench_alloc", x, w);
    Tensor_release(y);
    y = next;
  }
  double t1 = now_ns();
  long f1 = minor_faults();
  Tensor* s = check(at_sum(y, kNoDtype));
  double checksum = *(const float*)Tensor_data(s);
  Tensor_release(s);
  Tensor_release(y);
  Tensor_release(x);
  Tensor_release(w);
  double floor_ns = memcpy_floor();
  printf("%.1f %.1f %.6g %.1f %s\n", (t1 - t0) / chains, (double)(f1 - f0) / chains, checksum, floor_ns,
         CPUCapability_name(CPUCapability_get()));
  Dispatcher_cleanup();
  Allocator_emptyCache();
  return 0;
}

/* Runs argv (one side) and parses its line into *side; with_floor: the line
 * has minaten's floor field.  0, or -1 (said on stderr). */
static int run_side(char* const argv[], bool with_floor, Side* side) {
  char out[256];
  if (bench_run_child(argv, out, sizeof out) < 0) return -1;
  int fields = with_floor ? sscanf(out, "%lf %lf %lf %lf %15s", &side->ns_per_chain, &side->faults_per_chain,
                                   &side->checksum, &side->floor_ns, side->capability)
                          : sscanf(out, "%lf %lf %lf %15s", &side->ns_per_chain, &side->faults_per_chain,
                                   &side->checksum, side->capability);
  if (fields != (with_floor ? 5 : 4)) {
    fprintf(stderr, "bench_alloc: %s printed %s\n", argv[0], out);
    return -1;
  }
  if (!with_floor) side->floor_ns = BENCH_NONE;
  return 0;
}

/* The best of each figure over n rounds. */
static Side best_of(const Side* s, int n) {
  Side b = s[0];
  for (int i = 1; i < n; i++) {
    b.ns_per_chain = fmin(b.ns_per_chain, s[i].ns_per_chain);
    b.faults_per_chain = fmin(b.faults_per_chain, s[i].faults_per_chain);
    b.floor_ns = fmin(b.floor_ns, s[i].floor_ns);
  }
  return b;
}

int main(int argc, char** argv) {
  if (argc == 3 && strcmp(argv[1], "--alone") == 0) return run_alone(atoi(argv[2]) > 0 ? atoi(argv[2]) : kChains);
  bool rows = argc > 1 && strcmp(argv[1], "--rows") == 0;
  int rounds = 3, a = rows ? 2 : 1;
  if (argc > a + 1 || (argc == a + 1 && ((rounds = atoi(argv[a])) < 1 || rounds > kMaxRounds))) {
    fprintf(stderr, "usage: bench_alloc [--rows] [ROUNDS (1..%d, default 3)]\n", kMaxRounds);
    return 2;
  }
  unsetenv("MINATEN_NO_CPU_MEMORY_CACHING"); /* the minaten column is with the cache */
  char chains[16];
  snprintf(chains, sizeof chains, "%d", kChains);
  char* self_argv[] = {"/proc/self/exe", "--alone", chains, NULL};
  Side m[kMaxRounds], l[kMaxRounds], off[kMaxRounds];
  bool have_libtorch = false;
#ifdef MINATEN_BENCH_LIBTORCH_PATH
  char* libtorch_argv[] = {MINATEN_BENCH_LIBTORCH_PATH, chains, NULL};
  have_libtorch = true;
#endif
  for (int r = 0; r < rounds; r++) {
    if (run_side(self_argv, true, &m[r]) < 0) return 1;
#ifdef MINATEN_BENCH_LIBTORCH_PATH
    if (have_libtorch && run_side(libtorch_argv, false, &l[r]) < 0) have_libtorch = false;
#endif
    /* the report also shows minaten without its cache */
    if (!rows && setenv("MINATEN_NO_CPU_MEMORY_CACHING", "1", 1) == 0) {
      if (run_side(self_argv, true, &off[r]) < 0) return 1;
      unsetenv("MINATEN_NO_CPU_MEMORY_CACHING");
    }
  }
  Side mb = best_of(m, rounds), lb = have_libtorch ? best_of(l, rounds) : (Side){0};
  double lt_ms = have_libtorch ? lb.ns_per_chain / 1e6 : BENCH_NONE;
  double lt_faults = have_libtorch ? lb.faults_per_chain : BENCH_NONE;
  if (rows) {
    bench_row("chain of 8 ops, 1M, own process", "ms", mb.ns_per_chain / 1e6, lt_ms, "8 memcpy 4 MiB", mb.floor_ns / 1e6);
    bench_row("page faults per chain", "faults", mb.faults_per_chain, lt_faults, NULL, BENCH_NONE);
    printf("capability\tminaten\t%s\n", mb.capability);
    if (have_libtorch) printf("capability\tlibtorch\t%s\n", lb.capability);
    return 0;
  }
  Side ob = best_of(off, rounds);
  printf("chain of %d elementwise operators on %lld floats, each side alone in its process\n"
         "(mean of %d chains after one untimed, best of %d rounds)\n",
         kNodes, (long long)kNumel, kChains, rounds);
  if (!have_libtorch)
    printf("(libtorch side not built: no libtorch found, a sanitizer build, or MINATEN_BENCH_LIBTORCH=OFF)\n");
  printf("  %-28s %10s %10s %10s %10s\n", "", "minaten", "libtorch", "ratio", "no cache");
  if (have_libtorch) {
    printf("  %-28s %10.3f %10.3f %9.2fx %10.3f\n", "ms per chain", mb.ns_per_chain / 1e6, lt_ms,
           mb.ns_per_chain / lb.ns_per_chain, ob.ns_per_chain / 1e6);
    printf("  %-28s %10.1f %10.1f %10s %10.1f\n", "minor page faults per chain", mb.faults_per_chain, lt_faults, "",
           ob.faults_per_chain);
  } else {
    printf("  %-28s %10.3f %10s %10s %10.3f\n", "ms per chain", mb.ns_per_chain / 1e6, "-", "-",
           ob.ns_per_chain / 1e6);
    printf("  %-28s %10.1f %10s %10s %10.1f\n", "minor page faults per chain", mb.faults_per_chain, "-", "",
           ob.faults_per_chain);
  }
  printf("  floor: 8 x memcpy of 4 MiB  %10.3f ms (minaten %.2fx)\n", mb.floor_ns / 1e6,
         mb.ns_per_chain / mb.floor_ns);
  printf("  CPU capability: minaten %s, libtorch %s\n", mb.capability, have_libtorch ? lb.capability : "-");
  if (have_libtorch) {
    bool same = fabs(mb.checksum - lb.checksum) <= 1e-5 * fmax(fabs(mb.checksum), fabs(lb.checksum));
    printf("  y.sum(): minaten %.6g, libtorch %.6g%s\n", mb.checksum, lb.checksum, same ? "" : "  (DIFFERENT)");
  }
  return 0;
}
