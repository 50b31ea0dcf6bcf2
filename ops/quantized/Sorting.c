/*
 * Sorting.c - sort and topk of a quantized tensor (QuantizedCPU:
 * sort.stable, topk): the CPU operator on the integers (int_repr()), the
 * values coming back as a quantized tensor with self's scale and zero
 * point (_make_per_tensor_quantized_tensor).  Integers order as the values
 * they stand for (scale > 0), so the indices are the float ones'.  topk
 * refuses a per-channel tensor first; sort asks for q_scale() after
 * sorting, and so raises that accessor's error.
 *
 * NB(minaten): 1.13's topk runs qtopk_stub, the CPU topk's loop on the
 * integers, into a quantized output; minaten runs the CPU operator on
 * int_repr() and wraps its values, the same numbers.
 *
 * PyTorch 1.13: aten/src/ATen/native/quantized/TensorCompare.cpp
 * (sort_quantized_cpu_stable), native/quantized/cpu/qsort.cpp
 * (topk_quantized_cpu, quantized_topk_out_cpu)
 */
#include "Functions.h"
#include "NativeFunctions.h"
#include "runtime/Exception.h"

/* (the integers' values, indices) as (quantized values, indices); takes sorted. */
static TensorTuple2 requantize_values(const Tensor* self, TensorTuple2 sorted) {
  TensorTuple2 r = {{NULL, NULL}};
  TRY(sorted.items[0] != NULL);
  double scale = at_q_scale(self);
  TRY(!Error_occurred());
  int64_t zero_point = at_q_zero_point(self);
  TRY(!Error_occurred());
  TRY((r.items[0] = at__make_per_tensor_quantized_tensor(sorted.items[0], scale, zero_point)) != NULL);
  r.items[1] = sorted.items[1];
  sorted.items[1] = NULL;
fail:
  Tensor_release(sorted.items[0]);
  Tensor_release(sorted.items[1]);
  return r;
}

/* PyTorch 1.13: native/quantized/TensorCompare.cpp sort_quantized_cpu_stable */
TensorTuple2 at_native_sort_quantized_cpu_stable(const Tensor* self, OptionalBool stable, int64_t dim,
                                                 bool descending) {
  Tensor* repr = at_int_repr(self);
  if (repr == NULL) return (TensorTuple2){{NULL, NULL}};
  TensorTuple2 r = requantize_values(self, at_sort_stable(repr, stable, dim, descending));
  Tensor_release(repr);
  return r;
}

/* PyTorch 1.13: native/quantized/cpu/qsort.cpp topk_quantized_cpu (quantized_topk_out_cpu) */
TensorTuple2 at_native_topk_quantized_cpu(const Tensor* self, int64_t k, int64_t dim, bool largest, bool sorted) {
  TensorTuple2 r = {{NULL, NULL}};
  Tensor* repr = NULL;
  TRY(get_qtensorimpl_quantizer(self) != NULL);
  TORCH_CHECK(self->quantizer->qscheme == QScheme_PerTensorAffine,
              "Top-K is only supported on per-tensor quantization");
  TRY((repr = at_int_repr(self)) != NULL);
  r = requantize_values(self, at_topk(repr, k, dim, largest, sorted));
fail:
  Tensor_release(repr);
  return r;
}
