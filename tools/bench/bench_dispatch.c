/*
 * bench_dispatch.c - what the dispatcher costs.
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
 *               interpreter uses (at_reshape_boxed_from_unboxed into
 *               the unboxed kernel)
 *
 * beside libtorch 1.13's at::reshape on the same tensor, plain and in
 * InferenceMode (bench_dispatch_libtorch.cpp, run as a child), when built.
 * (Copies and elementwise loops: bench_elementwise.c; mm: bench_mm.c.)
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

/* A new uninitialised float tensor of these sizes. */
static Tensor* float_empty(IntArrayRef sizes) {
  OptionalScalarType dtype = {true, ScalarType_Float};
  return check(at_empty_memory_format(sizes, dtype, kNoLayout, kNoDevice, kNoPinMemory, kNoMemoryFormat));
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
    bench_row("reshape unboxed vs InferenceMode", "ns", unboxed, l.inference_mode, "direct kernel", direct);
    bench_row("reshape boxed vs plain at::reshape", "ns", boxed, l.plain, "direct kernel", direct);
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
  Dispatcher_cleanup();
  return 0;
}
