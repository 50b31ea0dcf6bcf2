/*
 * bench_quantize.c - quantize_per_tensor and dequantize of 16M floats
 * against memcpy of the same 64 MiB of floats, as ratios from one run.
 *
 *   quantize    at_quantize_per_tensor(x, 0.05, 3, quint8): reads 64 MiB of
 *               floats, writes 16 MiB of quint8 (a new tensor each call)
 *   dequantize  at_dequantize_self(q): reads 16 MiB, writes 64 MiB of floats
 *               (a new tensor each call)
 *   clone       at_clone(x): memcpy into a new 64 MiB tensor.  On this kind of
 *               VM the page faults of a fresh 64 MiB block cost far more than
 *               the copy (glibc returns large blocks to the system on free),
 *               so a result written to new memory is also compared with it.
 *               PyTorch 1.13 on one thread shows the same: x.clone() 178 ms,
 *               quantize 96 ms, dequantize 204 ms for these sizes.
 *
 * Usage: build-release/tools/bench/bench_quantize
 */
#include <stdio.h>
#include <string.h>

#include "Functions.h"
#include "runtime/Exception.h"
#include "tools/bench/bench.h"

static void* check(void* p) { return bench_check("bench_quantize", p); }

int main(void) {
  if (at_register_all() < 0) {
    fprintf(stderr, "%s: %s\n", ErrorType_name(Error_type()), Error_message());
    return 1;
  }
  int64_t n = 16 << 20;
  OptionalScalarType dtype = {true, ScalarType_Float};
  Scalar step = Scalar_fromDouble(0.001);
  Tensor* x = at_arange_start_step(Scalar_fromDouble(-8000.0), Scalar_fromDouble(8777.216), step, dtype, kNoLayout,
                                   kNoDevice, kNoPinMemory);
  check(x);
  Tensor* dst = at_empty_like(x, kNoDtype, kNoLayout, kNoDevice, kNoPinMemory, kNoMemoryFormat);
  check(dst);
  memset(Tensor_data(dst), 0, (size_t)n * sizeof(float)); /* fault its pages in */
  size_t bytes = (size_t)x->numel * sizeof(float);
  Tensor* q = at_quantize_per_tensor(x, 0.05, 3, ScalarType_QUInt8);
  check(q);
  double mem, clone, quant, dequant;
  BEST_NS_PER_CALL(mem, 5, 1, memcpy(Tensor_data(dst), Tensor_data(x), bytes));
  BEST_NS_PER_CALL(clone, 5, 1, Tensor_release(at_clone(x, kNoMemoryFormat)));
  BEST_NS_PER_CALL(quant, 5, 1, Tensor_release(at_quantize_per_tensor(x, 0.05, 3, ScalarType_QUInt8)));
  BEST_NS_PER_CALL(dequant, 5, 1, Tensor_release(at_dequantize_self(q)));
  printf("%lld floats (%.0f MiB), ms per call (ratio to memcpy of the floats)\n", (long long)x->numel,
         (double)bytes / (1 << 20));
  printf("  memcpy                            %8.3f ms  (1.00x)\n", mem / 1e6);
  printf("  clone (memcpy to a new tensor)    %8.3f ms  (%.2fx)\n", clone / 1e6, clone / mem);
  printf("  quantize_per_tensor -> quint8     %8.3f ms  (%.2fx; %.2fx clone)\n", quant / 1e6, quant / mem,
         quant / clone);
  printf("  dequantize quint8 -> float        %8.3f ms  (%.2fx; %.2fx clone)\n", dequant / 1e6, dequant / mem,
         dequant / clone);
  Tensor_release(q);
  Tensor_release(x);
  Tensor_release(dst);
  Dispatcher_cleanup();
  return 0;
}
