/*
 * bench_lazy.c - a chain of 8 elementwise operators on 1M floats, eager
 * against lazy (building the graph, then running it), in one run.
 *
 *   chain       y = ((((((x + w) * w) - x) / w) + x) * x).neg().abs()
 *               eight operators, each making a new 4 MiB tensor
 *   eager       the chain on CPU tensors
 *   lazy build  the chain on lazy tensors (x, w moved in beforehand; as
 *               in 1.13 they are functional tensors around the lazy ones,
 *               so each call passes the Functionalize key first): eight
 *               IR nodes; each node runs its CPU kernel on dummy inputs in
 *               MetaMode for its shape (see ops/lazy/LazyIrBuilder.c),
 *               which computes nothing
 *   lazy run    y.to("cpu") (_to_copy): the eight nodes through the dispatcher
 *   overhead    the same build on 1-element tensors: what recording a node
 *               costs when the shape run is nearly free
 *
 * Each figure is the best of 5 repetitions.
 * Usage: build-release/tools/bench/bench_lazy
 */
#include <stdio.h>

#include "Functions.h"
#include "runtime/Exception.h"
#include "tools/bench/bench.h"
#include "tools/bench/bench_chain.h"

enum { kReps = 5, kNodes = 8 };

static Tensor* check(Tensor* p) { return bench_check("bench_lazy", p); }

static Tensor* full(int64_t n, double value, bool lazy) {
  OptionalScalarType f32 = {true, ScalarType_Float};
  OptionalDevice device = {true, lazy ? (Device){DeviceType_Lazy, 0} : Device_cpu()};
  return check(at_full(IntArrayRef_make(&n, 1), Scalar_fromDouble(value), f32, kNoLayout, device, kNoPinMemory));
}

int main(void) {
  if (at_register_all() < 0) return 1;
  const int64_t n = 1 << 20;
  Tensor* x = full(n, 1.5, false);
  Tensor* w = full(n, 0.75, false);
  Tensor* xl = full(n, 1.5, true);
  Tensor* wl = full(n, 0.75, true);
  Tensor* xs = full(1, 1.5, true);
  Tensor* ws = full(1, 0.75, true);
  double eager = 1e300, build = 1e300, run = 1e300, total = 1e300, tiny = 1e300;
  for (int r = 0; r < kReps; r++) {
    double t0 = now_ns();
    Tensor* y = bench_chain("bench_lazy", x, w);
    double t1 = now_ns();
    Tensor_release(y);
    if (t1 - t0 < eager) eager = t1 - t0;

    t0 = now_ns();
    Tensor* yl = bench_chain("bench_lazy", xl, wl);
    t1 = now_ns();
    OptionalDevice cpu = {true, Device_cpu()};
    Tensor* out = check(at__to_copy(yl, kNoDtype, kNoLayout, cpu, kNoPinMemory, false, kNoMemoryFormat));
    double t2 = now_ns();
    Tensor_release(out);
    Tensor_release(yl);
    if (t1 - t0 < build) build = t1 - t0;
    if (t2 - t1 < run) run = t2 - t1;
    if (t2 - t0 < total) total = t2 - t0;

    t0 = now_ns();
    Tensor* ys = bench_chain("bench_lazy", xs, ws);
    t1 = now_ns();
    Tensor_release(ys);
    if (t1 - t0 < tiny) tiny = t1 - t0;
  }
  printf("chain of %d elementwise operators on %lld floats (best of %d)\n", kNodes, (long long)n, kReps);
  printf("  eager              %8.3f ms\n", eager / 1e6);
  printf("  lazy build         %8.3f ms  (%.1f us per node)\n", build / 1e6, build / 1e3 / kNodes);
  printf("  lazy run           %8.3f ms\n", run / 1e6);
  printf("  lazy build + run   %8.3f ms  = %.2fx eager\n", total / 1e6, total / eager);
  printf("  node overhead      %8.3f us per node (build on 1-element tensors)\n", tiny / 1e3 / kNodes);
  Tensor* all[] = {x, w, xl, wl, xs, ws};
  for (size_t i = 0; i < 6; i++) Tensor_release(all[i]);
  Dispatcher_cleanup();
  return 0;
}
