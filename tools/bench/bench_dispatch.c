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
 * beside libtorch 1.13's at::reshape on the same tensor, plain and in
 * InferenceMode (bench_dispatch_libtorch.cpp, run as a child), when built.
 *
 * Usage: build-release/tools/bench/bench_dispatch [--rows]
 */
#include <stdbool.h>
#include <stdio.h>
#include <string.h>

#include "Functions.h"
#include "NativeFunctions.h"
#include "runtime/CPUCapability.h"
#include "runtime/Exception.h"
#include "tools/bench/bench.h"

static void* check(void* p) { return bench_check("bench_dispatch", p); }

/* A new float tensor of these sizes, of ones or uninitialised. */
static Tensor* float_ones(IntArrayRef sizes) {
  OptionalScalarType dtype = {true, ScalarType_Float};
  return check(at_ones(sizes, dtype, kNoLayout, kNoDevice, kNoPinMemory));
}
static Tensor* float_empty(IntArrayRef sizes) {
  OptionalScalarType dtype = {true, ScalarType_Float};
  return check(at_empty_memory_format(sizes, dtype, kNoLayout, kNoDevice, kNoPinMemory, kNoMemoryFormat));
}

/* One result line: `label`, then ns as milliseconds and its ratio to base_ns. */
/* One line per measure, in ms, with its ratio to the first (the memcpy). */
static void print_ms_against_first(const char* const* labels, const double* ns, int n) {
  for (int i = 0; i < n; i++) printf("  %-34s%8.3f ms  (%.2fx)\n", labels[i], ns[i] / 1e6, ns[i] / ns[0]);
}

static void release_all(Tensor* const* tensors, int n) {
  for (int i = 0; i < n; i++) Tensor_release(tensors[i]);
}

/* The libtorch side's "reshape PLAIN INFERENCE_MODE" and "capability NAME"
 * lines; figures stay BENCH_NONE when it is not built or fails. */
typedef struct LibtorchReshape {
  double plain, inference_mode;
  char capability[32];
} LibtorchReshape;

static LibtorchReshape run_libtorch(long iters) {
  LibtorchReshape l = {BENCH_NONE, BENCH_NONE, "-"};
#ifdef MINATEN_BENCH_LIBTORCH_PATH
  char n[32], out[256];
  snprintf(n, sizeof n, "%ld", iters);
  char* const argv[] = {MINATEN_BENCH_LIBTORCH_PATH, n, NULL};
  if (bench_run_child(argv, out, sizeof out) == 0 &&
      sscanf(out, "reshape %lf %lf capability %31s", &l.plain, &l.inference_mode, l.capability) != 3)
    fprintf(stderr, "bench_dispatch: the libtorch side printed: %s\n", out);
#else
  (void)iters;
#endif
  return l;
}

static void bench_reshape(bool rows) {
  const long iters = 2000000;
  int64_t sizes[] = {2, 3, 4};
  int64_t shape[] = {6, 4};
  int64_t view_strides[] = {4, 1};
  Tensor* t = float_empty(IntArrayRef_make(sizes, 3));
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
  Tensor_release(t);
  LibtorchReshape l = run_libtorch(iters / 10);
  if (rows) {
    bench_row("reshape, unboxed (libtorch: InferenceMode)", "ns", unboxed, l.inference_mode, "direct kernel", direct);
    bench_row("reshape, boxed (libtorch: plain)", "ns", boxed, l.plain, "direct kernel", direct);
    printf("capability\tminaten\t%s\n", CPUCapability_name(CPUCapability_get()));
    if (l.plain != BENCH_NONE) printf("capability\tlibtorch\t%s\n", l.capability);
    return;
  }
  printf("reshape 2x3x4 float -> [6, 4], ns per call (ratio to the direct kernel call)\n");
  printf("  direct  at_native__reshape_alias  %8.1f ns  (1.00x)\n", direct);
  printf("  kernel  at_native_reshape         %8.1f ns  (%.2fx)\n", kernel, kernel / direct);
  printf("  unboxed at_reshape                %8.1f ns  (%.2fx)\n", unboxed, unboxed / direct);
  printf("  boxed   Dispatcher_callBoxed      %8.1f ns  (%.2fx)\n", boxed, boxed / direct);
  if (l.plain == BENCH_NONE) {
    printf("  (libtorch side not built: no libtorch found, a sanitizer build, or MINATEN_BENCH_LIBTORCH=OFF)\n");
  } else {
    printf("  libtorch 1.13 at::reshape          %8.1f ns  (minaten unboxed: %.3fx)\n", l.plain, unboxed / l.plain);
    printf("  libtorch 1.13, InferenceMode       %8.1f ns  (minaten unboxed: %.3fx)\n", l.inference_mode,
           unboxed / l.inference_mode);
  }
}

static void bench_copy(void) {
  const int64_t n = 2048;
  int64_t sizes[] = {n, n};
  Tensor* src = float_empty(IntArrayRef_make(sizes, 2));
  Tensor* dst = float_empty(IntArrayRef_make(sizes, 2));
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
  const char* const labels[] = {"memcpy", "copy_ contiguous", "copy_ from a.t()", "a.t().contiguous() (new result)"};
  print_ms_against_first(labels, (const double[]){mem, contiguous, transposed, t_contiguous}, 4);
  Tensor* const owned[] = {src_t, src, dst};
  release_all(owned, 3);
}

/* add of two 16M-float tensors against memcpy of the same bytes. */
static void bench_add(void) {
  int64_t n = 16 << 20;
  Tensor* a = float_ones(IntArrayRef_make(&n, 1));
  Tensor* b = float_ones(IntArrayRef_make(&n, 1));
  Tensor* dst = float_empty(IntArrayRef_make(&n, 1));
  size_t bytes = (size_t)n * sizeof(float);
  Scalar one = Scalar_fromLong(1);
  double mem, add, add_inplace;
  BEST_NS_PER_CALL(mem, 5, 5, memcpy(Tensor_data(dst), Tensor_data(a), bytes));
  BEST_NS_PER_CALL(add, 5, 5, Tensor_release(at_add_Tensor(a, b, one)));
  BEST_NS_PER_CALL(add_inplace, 5, 5, Tensor_release(at_add__Tensor(dst, b, one)));
  printf("add of two 16M-float tensors (%.0f MiB each), ms per call (ratio to memcpy of one)\n",
         (double)bytes / (1 << 20));
  const char* const labels[] = {"memcpy", "at_add_Tensor (new result)", "at_add__Tensor (in place)"};
  print_ms_against_first(labels, (const double[]){mem, add, add_inplace}, 3);
  Tensor* const owned[] = {a, b, dst};
  release_all(owned, 3);
}

/* mm of two 512x512 floats, in GFLOP/s. */
static void bench_mm(void) {
  int64_t sizes[] = {512, 512};
  Tensor* a = float_ones(IntArrayRef_make(sizes, 2));
  Tensor* b = float_ones(IntArrayRef_make(sizes, 2));
  double t;
  BEST_NS_PER_CALL(t, 5, 3, Tensor_release(at_mm(a, b)));
  double flops = 2.0 * 512 * 512 * 512;
  printf("mm of two 512x512 float matrices\n");
  printf("  at_mm                             %8.3f ms  (%.2f GFLOP/s)\n", t / 1e6, flops / t);
  Tensor_release(a);
  Tensor_release(b);
}

int main(int argc, char** argv) {
  bool rows = argc == 2 && strcmp(argv[1], "--rows") == 0;
  if (argc > 2 || (argc == 2 && !rows)) {
    fprintf(stderr, "usage: bench_dispatch [--rows]\n");
    return 2;
  }
  if (at_register_all() < 0) {
    fprintf(stderr, "%s: %s\n", ErrorType_name(Error_type()), Error_message());
    return 1;
  }
  bench_reshape(rows);
  if (!rows) {
    bench_copy();
    bench_add();
    bench_mm();
  }
  Dispatcher_cleanup();
  return 0;
}
