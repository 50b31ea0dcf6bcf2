/*
 * bench_autograd.c - forward and backward of a chain of 100 elementwise
 * operators, minaten beside libtorch 1.13, in one run.
 *
 *   chain     y = x; 20 times: y = exp(tanh(sin(y * 0.5) + x))
 *             (mul.Scalar, sin, add.Tensor, tanh, exp: 100 operators, 100
 *             backward nodes), then s = y.sum()
 *   forward   the chain and the sum, recording the graph
 *   backward  s.backward(), then dropping s (the last reference to the
 *             graph, which frees its nodes)
 *   total     forward + backward
 *
 * x is a float leaf that requires grad, of 1 element (what a node costs:
 * dispatch, node and edge bookkeeping, the engine) and of 1M elements (what
 * the kernels cost; there the backward should stay within 1.5x of the
 * forward).  x.grad is reset to None after each iteration, outside the
 * timed part.  Each figure is the median over the iterations of a round, in
 * microseconds per chain node (the sum's node and x's AccumulateGrad
 * included in the time, not in the count), and then the median over rounds.
 *
 * The libtorch side is tools/bench/bench_autograd_libtorch.cpp, the same
 * chain with torch::Tensor on one thread (at::set_num_threads(1); minaten
 * has one), built when CMake finds libtorch (MINATEN_BENCH_LIBTORCH).  Each
 * round runs minaten, then that program (a child process, same arguments),
 * so drift on a shared machine touches both sides alike.  The checksum
 * (x.grad summed) of both sides is compared.
 *
 * Usage: build-release/tools/bench/bench_autograd [ROUNDS]   (default 3)
 */
#include <math.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>

#include "Functions.h"
#include "autograd/autograd.h"
#include "autograd/variable.h"
#include "runtime/Exception.h"
#include "tools/bench/bench.h"

enum { kChain = 100, kMaxRounds = 15 };

static void* check(void* p) { return bench_check("bench_autograd", p); }
static void check_rc(int rc) {
  if (rc < 0) check(NULL);
}

/* One step of the chain: y = f(y), dropping the previous y (the graph keeps
 * what it saved). */
static Tensor* step(Tensor* y, Tensor* next) {
  Tensor_release(y);
  return check(next);
}

/* The chain; operator i is the (i % 5)-th of mul.Scalar, sin, add.Tensor,
 * tanh, exp (bench_autograd_libtorch.cpp: chain). */
static Tensor* chain(Tensor* x) {
  Tensor* y = Tensor_retain(x);
  for (int i = 0; i < kChain; i++) {
    switch (i % 5) {
      case 0: y = step(y, at_mul_Scalar(y, Scalar_fromDouble(0.5))); break;
      case 1: y = step(y, at_sin(y)); break;
      case 2: y = step(y, at_add_Tensor(y, x, Scalar_fromLong(1))); break;
      case 3: y = step(y, at_tanh(y)); break;
      default: y = step(y, at_exp(y)); break;
    }
  }
  return y;
}

/* Median of n values (reorders them). */
static int cmp_double(const void* a, const void* b) {
  double x = *(const double*)a, y = *(const double*)b;
  return (x > y) - (x < y);
}
static double median(double* v, int n) {
  qsort(v, (size_t)n, sizeof *v, cmp_double);
  return n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
}

/* One round's medians, in ns per iteration, and x.grad summed. */
typedef struct Times {
  double forward, backward, total, checksum;
} Times;

/* `warmup` untimed then `iters` timed iterations of the chain on a leaf of
 * `numel` elements of 0.5. */
static Times run_minaten(int64_t numel, int warmup, int iters) {
  OptionalScalarType f32 = {true, ScalarType_Float};
  Tensor* x = check(at_full(IntArrayRef_make(&numel, 1), Scalar_fromDouble(0.5), f32, kNoLayout, kNoDevice,
                            kNoPinMemory));
  check_rc(set_requires_grad(x, true));
  double* fwd = check(malloc(sizeof(double) * (size_t)iters));
  double* bwd = check(malloc(sizeof(double) * (size_t)iters));
  double* tot = check(malloc(sizeof(double) * (size_t)iters));
  Times t = {0, 0, 0, 0};
  for (int it = -warmup; it < iters; it++) {
    double t0 = now_ns();
    Tensor* y = chain(x);
    Tensor* s = step(y, at_sum(y, kNoDtype));
    double t1 = now_ns();
    check_rc(autograd_backward(&s, 1, NULL, kNoRetain, false, NULL, 0));
    Tensor_release(s);
    double t2 = now_ns();
    if (it == iters - 1) {
      Tensor* g = check(at_sum(Tensor_grad(x), kNoDtype));
      t.checksum = *(const float*)Tensor_data(g);
      Tensor_release(g);
    }
    check_rc(set_grad(x, NULL));
    if (it >= 0) fwd[it] = t1 - t0, bwd[it] = t2 - t1, tot[it] = t2 - t0;
  }
  t.forward = median(fwd, iters);
  t.backward = median(bwd, iters);
  t.total = median(tot, iters);
  free(fwd);
  free(bwd);
  free(tot);
  Tensor_release(x);
  return t;
}

#ifdef MINATEN_BENCH_LIBTORCH_PATH
/* Runs the libtorch side with the same arguments and reads its one line,
 * "forward backward total checksum".  0, or -1 (reported on stderr). */
static int run_libtorch(int64_t numel, int warmup, int iters, Times* t) {
  char a[3][32], out[256];
  snprintf(a[0], sizeof a[0], "%lld", (long long)numel);
  snprintf(a[1], sizeof a[1], "%d", warmup);
  snprintf(a[2], sizeof a[2], "%d", iters);
  char* const argv[] = {MINATEN_BENCH_LIBTORCH_PATH, a[0], a[1], a[2], NULL};
  if (bench_run_child(argv, out, sizeof out) < 0 ||
      sscanf(out, "%lf %lf %lf %lf", &t->forward, &t->backward, &t->total, &t->checksum) != 4) {
    fprintf(stderr, "bench_autograd: %s did not report its times\n", MINATEN_BENCH_LIBTORCH_PATH);
    return -1;
  }
  return 0;
}
#endif

/* The median over rounds of one field of Times. */
static double median_of(const Times* t, int n, size_t offset) {
  double v[kMaxRounds];
  for (int i = 0; i < n; i++) v[i] = *(const double*)((const char*)&t[i] + offset);
  return median(v, n);
}

static void report(const char* label, int64_t numel, int rounds, int warmup, int iters) {
  Times m[kMaxRounds], l[kMaxRounds];
#ifdef MINATEN_BENCH_LIBTORCH_PATH
  bool have_libtorch = true;
#else
  bool have_libtorch = false;
#endif
  for (int r = 0; r < rounds; r++) {
    m[r] = run_minaten(numel, warmup, iters);
#ifdef MINATEN_BENCH_LIBTORCH_PATH
    if (have_libtorch && run_libtorch(numel, warmup, iters, &l[r]) < 0) have_libtorch = false;
#endif
  }
  printf("%s: %lld float%s, %d nodes, us per node (median of %d iterations, of %d round%s)\n", label,
         (long long)numel, numel == 1 ? "" : "s", kChain, iters, rounds, rounds == 1 ? "" : "s");
  if (have_libtorch)
    printf("  %-10s %12s %12s %12s\n", "", "minaten", "libtorch", "ratio");
  else
    printf("  %-10s %12s\n", "", "minaten");
  static const char* const names[] = {"forward", "backward", "total"};
  static const size_t offsets[] = {offsetof(Times, forward), offsetof(Times, backward), offsetof(Times, total)};
  double mf = median_of(m, rounds, offsets[0]), mb = median_of(m, rounds, offsets[1]);
  for (int i = 0; i < 3; i++) {
    double mv = median_of(m, rounds, offsets[i]) / 1e3 / kChain;
    if (have_libtorch) {
      double lv = median_of(l, rounds, offsets[i]) / 1e3 / kChain;
      printf("  %-10s %12.3f %12.3f %11.2fx\n", names[i], mv, lv, mv / lv);
    } else {
      printf("  %-10s %12.3f\n", names[i], mv);
    }
  }
  if (have_libtorch) {
    double lb = median_of(l, rounds, offsets[1]), lf = median_of(l, rounds, offsets[0]);
    printf("  backward/forward: minaten %.2fx, libtorch %.2fx\n", mb / mf, lb / lf);
    double mc = m[rounds - 1].checksum, lc = l[rounds - 1].checksum;
    bool same = fabs(mc - lc) <= 1e-4 * fmax(fabs(mc), fabs(lc)) + 1e-6;
    printf("  x.grad.sum(): minaten %.6g, libtorch %.6g%s\n", mc, lc, same ? "" : "  (DIFFERENT)");
  } else {
    printf("  backward/forward: minaten %.2fx\n", mb / mf);
    printf("  x.grad.sum(): minaten %.6g\n", m[rounds - 1].checksum);
  }
}

int main(int argc, char** argv) {
  int rounds = 3;
  if (argc > 2 || (argc == 2 && ((rounds = atoi(argv[1])) < 1 || rounds > kMaxRounds))) {
    fprintf(stderr, "usage: bench_autograd [ROUNDS (1..%d, default 3)]\n", kMaxRounds);
    return 2;
  }
  if (at_register_all() < 0 || at_register_VariableType() < 0 || at_register_ADInplaceOrViewType() < 0) check(NULL);
#ifndef MINATEN_BENCH_LIBTORCH_PATH
  printf("(libtorch side not built: no libtorch found, a sanitizer build, or MINATEN_BENCH_LIBTORCH=OFF)\n");
#endif
  report("1-element", 1, rounds, 200, 2000);
  report("1M-element", 1 << 20, rounds, 1, 5);
  Dispatcher_cleanup();
  return 0;
}
