/*
 * bench_dispatch.c - what the dispatcher costs, and how fast copies are.
 *
 * All figures come from one run, as ratios, so the machine's speed cancels:
 *
 *   reshape of a contiguous 2x3x4 float tensor (the result released each time)
 *     direct    at_native__reshape_alias(t, size, stride): the kernel that makes
 *               the view, called with no dispatch at all (the baseline)
 *     kernel    at_native_reshape(t, shape): reshape's own logic (infer_size,
 *               computeStride) plus one dispatch of _reshape_alias
 *     unboxed   at_reshape(t, shape): the generated entry point, two dispatches
 *               (reshape at AutogradCPU, _reshape_alias at CPU)
 *     boxed     Dispatcher_callBoxed(aten::reshape, IValues): the path the
 *               interpreter uses (libffi into the unboxed kernel)
 *   copy_ of 4M floats against memcpy of the same 16 MiB
 *     contiguous -> contiguous, and transposed (2048x2048 .t()) -> contiguous
 *   add of two 16M-float tensors against memcpy of 64 MiB, into a new
 *     tensor and in place
 *   mm of two 512x512 float matrices, in GFLOP/s (2 n^3 flops per product)
 *
 * Usage: build-release/tools/bench/bench_dispatch
 */
#include <stdio.h>
#include <string.h>
#include <time.h>

#include "Functions.h"
#include "NativeFunctions.h"
#include "dispatch/Dispatcher.h"
#include "runtime/Exception.h"

static double now_ns(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (double)ts.tv_sec * 1e9 + (double)ts.tv_nsec;
}

/* Best of `reps` runs of `iters` calls, in ns per call. */
#define BEST_NS_PER_CALL(result, reps, iters, ...)        \
  do {                                                       \
    double best_ = 1e300;                                    \
    for (int r_ = 0; r_ < (reps); r_++) {                    \
      double t0_ = now_ns();                                 \
      for (long i_ = 0; i_ < (iters); i_++) { __VA_ARGS__; }       \
      double dt_ = (now_ns() - t0_) / (double)(iters);       \
      if (dt_ < best_) best_ = dt_;                          \
    }                                                        \
    (result) = best_;                                        \
  } while (0)

static void check(const void* p) {
  if (p == NULL) {
    fprintf(stderr, "bench_dispatch: %s: %s\n", ErrorType_name(Error_type()), Error_message());
    Dispatcher_cleanup();
    _Exit(1);
  }
}

static void bench_reshape(void) {
  const long iters = 2000000;
  int64_t sizes[] = {2, 3, 4};
  int64_t shape[] = {6, 4};
  int64_t view_strides[] = {4, 1};
  OptionalScalarType dtype = {true, ScalarType_Float};
  Tensor* t = at_empty_memory_format(IntArrayRef_make(sizes, 3), dtype, kNoLayout, kNoDevice,
                                     kNoPinMemory, kNoMemoryFormat);
  check(t);
  IntArrayRef shape_ref = IntArrayRef_make(shape, 2);
  IntArrayRef stride_ref = IntArrayRef_make(view_strides, 2);
  OperatorEntry* op = Dispatcher_findSchema("aten::reshape");
  check(op);

  double direct, kernel, unboxed, boxed;
  BEST_NS_PER_CALL(direct, 5, iters, Tensor_release(at_native__reshape_alias(t, shape_ref, stride_ref)));
  BEST_NS_PER_CALL(kernel, 5, iters, Tensor_release(at_native_reshape(t, shape_ref)));
  BEST_NS_PER_CALL(unboxed, 5, iters, Tensor_release(at_reshape(t, shape_ref)));
  BEST_NS_PER_CALL(boxed, 5, iters, {
    IValue args[2] = {IValue_borrowTensor(t), IValue_borrowIntList(shape_ref)};
    IValue rets[1];
    if (Dispatcher_callBoxed(op, args, rets) == 0) IValue_release(&rets[0]);
  });
  printf("reshape 2x3x4 float -> [6, 4], ns per call (ratio to the direct kernel call)\n");
  printf("  direct  at_native__reshape_alias  %8.1f ns  (1.00x)\n", direct);
  printf("  kernel  at_native_reshape         %8.1f ns  (%.2fx)\n", kernel, kernel / direct);
  printf("  unboxed at_reshape                %8.1f ns  (%.2fx)\n", unboxed, unboxed / direct);
  printf("  boxed   Dispatcher_callBoxed      %8.1f ns  (%.2fx)\n", boxed, boxed / direct);
  Tensor_release(t);
}

static void bench_copy(void) {
  const int64_t n = 2048;
  int64_t sizes[] = {n, n};
  OptionalScalarType dtype = {true, ScalarType_Float};
  Tensor* src = at_empty_memory_format(IntArrayRef_make(sizes, 2), dtype, kNoLayout, kNoDevice,
                                       kNoPinMemory, kNoMemoryFormat);
  Tensor* dst = at_empty_memory_format(IntArrayRef_make(sizes, 2), dtype, kNoLayout, kNoDevice,
                                       kNoPinMemory, kNoMemoryFormat);
  check(src);
  check(dst);
  memset(Tensor_data(src), 1, (size_t)(n * n) * sizeof(float));
  memset(Tensor_data(dst), 0, (size_t)(n * n) * sizeof(float));
  Tensor* src_t = at_t(src);
  check(src_t);
  size_t bytes = (size_t)(n * n) * sizeof(float);

  double mem, contiguous, transposed, t_contiguous;
  BEST_NS_PER_CALL(mem, 5, 20, memcpy(Tensor_data(dst), Tensor_data(src), bytes));
  BEST_NS_PER_CALL(contiguous, 5, 20, Tensor_release(at_copy_(dst, src, false)));
  BEST_NS_PER_CALL(transposed, 5, 5, Tensor_release(at_copy_(dst, src_t, false)));
  /* with a fresh 16 MiB result each call: the allocator's page faults count */
  BEST_NS_PER_CALL(t_contiguous, 5, 5, Tensor_release(at_contiguous(src_t, MemoryFormat_Contiguous)));
  printf("copy_ of %lldx%lld floats (%.0f MiB), ms per copy (ratio to memcpy)\n", (long long)n,
         (long long)n, (double)bytes / (1 << 20));
  printf("  memcpy                            %8.3f ms  (1.00x)\n", mem / 1e6);
  printf("  copy_ contiguous                  %8.3f ms  (%.2fx)\n", contiguous / 1e6, contiguous / mem);
  printf("  copy_ from a.t()                  %8.3f ms  (%.2fx)\n", transposed / 1e6, transposed / mem);
  printf("  a.t().contiguous() (new result)   %8.3f ms  (%.2fx)\n", t_contiguous / 1e6, t_contiguous / mem);
  Tensor_release(src_t);
  Tensor_release(src);
  Tensor_release(dst);
}

/* add of two 16M-float tensors against memcpy of the same bytes. */
static void bench_add(void) {
  int64_t n = 16 << 20;
  OptionalScalarType dtype = {true, ScalarType_Float};
  Tensor* a = at_ones(IntArrayRef_make(&n, 1), dtype, kNoLayout, kNoDevice, kNoPinMemory);
  Tensor* b = at_ones(IntArrayRef_make(&n, 1), dtype, kNoLayout, kNoDevice, kNoPinMemory);
  Tensor* dst = at_empty_memory_format(IntArrayRef_make(&n, 1), dtype, kNoLayout, kNoDevice,
                                       kNoPinMemory, kNoMemoryFormat);
  check(a);
  check(b);
  check(dst);
  size_t bytes = (size_t)n * sizeof(float);
  Scalar one = Scalar_fromLong(1);
  double mem, add, add_inplace;
  BEST_NS_PER_CALL(mem, 5, 5, memcpy(Tensor_data(dst), Tensor_data(a), bytes));
  BEST_NS_PER_CALL(add, 5, 5, Tensor_release(at_add_Tensor(a, b, one)));
  BEST_NS_PER_CALL(add_inplace, 5, 5, Tensor_release(at_add__Tensor(dst, b, one)));
  printf("add of two 16M-float tensors (%.0f MiB each), ms per call (ratio to memcpy of one)\n",
         (double)bytes / (1 << 20));
  printf("  memcpy                            %8.3f ms  (1.00x)\n", mem / 1e6);
  printf("  at_add_Tensor (new result)        %8.3f ms  (%.2fx)\n", add / 1e6, add / mem);
  printf("  at_add__Tensor (in place)         %8.3f ms  (%.2fx)\n", add_inplace / 1e6, add_inplace / mem);
  Tensor_release(a);
  Tensor_release(b);
  Tensor_release(dst);
}

/* mm of two 512x512 floats, in GFLOP/s. */
static void bench_mm(void) {
  int64_t sizes[] = {512, 512};
  OptionalScalarType dtype = {true, ScalarType_Float};
  Tensor* a = at_ones(IntArrayRef_make(sizes, 2), dtype, kNoLayout, kNoDevice, kNoPinMemory);
  Tensor* b = at_ones(IntArrayRef_make(sizes, 2), dtype, kNoLayout, kNoDevice, kNoPinMemory);
  check(a);
  check(b);
  double t;
  BEST_NS_PER_CALL(t, 5, 3, Tensor_release(at_mm(a, b)));
  double flops = 2.0 * 512 * 512 * 512;
  printf("mm of two 512x512 float matrices\n");
  printf("  at_mm                             %8.3f ms  (%.2f GFLOP/s)\n", t / 1e6, flops / t);
  Tensor_release(a);
  Tensor_release(b);
}

int main(void) {
  if (at_register_all() < 0) {
    fprintf(stderr, "%s: %s\n", ErrorType_name(Error_type()), Error_message());
    return 1;
  }
  bench_reshape();
  bench_copy();
  bench_add();
  bench_mm();
  Dispatcher_cleanup();
  return 0;
}
