/*
 * TensorCompare.c - max and min of a per-tensor quantized tensor
 * (QuantizedCPU: max.dim, min.dim, and the full max(), min()).
 *
 * max.dim / min.dim reduce the integers: the CPU operator's out= form
 * (max.dim_max / min.dim_min) runs on int_repr() into an empty tensor of the
 * underlying integer dtype and an empty int64 one, with its checks and
 * errors ("max(): Expected reduction dim 0 to have non-zero size."), and the
 * values come back as a quantized tensor with self's scale and zero point
 * (_make_per_tensor_quantized_tensor).  The full reductions are
 * `self.reshape(-1).max(0)`'s values, so an empty tensor raises the .dim
 * form's IndexError, not the CPU full reduction's message.  A per-channel
 * tensor is refused first ("Max operator for quantized tensors only works
 * for per tensor quantized tensors. ...").
 *
 * PyTorch 1.13: aten/src/ATen/native/TensorCompare.cpp (qmax, qmin),
 * aten/src/ATen/native/quantized/TensorCompare.cpp (max_quantized_cpu,
 * min_quantized_cpu)
 */
#include "Functions.h"
#include "NativeFunctions.h"
#include "ops/EmptyTensor.h"
#include "runtime/Exception.h"

/* The dtype int_repr() gives (quint8 -> uint8). */
static ScalarType underlying(ScalarType t) {
  switch (t) {
    case ScalarType_QUInt8: return ScalarType_Byte;
    case ScalarType_QInt8: return ScalarType_Char;
    default: return ScalarType_Int;
  }
}

/* qmax (max) or qmin (!max). */
static TensorTuple2 qextreme_dim(const Tensor* self, int64_t dim, bool keepdim, bool max) {
  TensorTuple2 r = {{NULL, NULL}};
  Tensor *values = NULL, *indices = NULL, *repr = NULL;
  TRY(get_qtensorimpl_quantizer(self) != NULL);
  TORCH_CHECK(self->quantizer->qscheme == QScheme_PerTensorAffine,
              "%s operator for quantized tensors only works for per tensor quantized tensors. Please open an issue on "
              "https://github.com/pytorch/pytorch/issues if you need per channel quantized tensor support.",
              max ? "Max" : "Min");
  int64_t zero = 0;
  TRY((indices = empty_cpu(IntArrayRef_make(&zero, 1), ScalarType_Long)) != NULL);
  TRY((values = empty_cpu(IntArrayRef_make(&zero, 1), underlying(self->dtype))) != NULL);
  TRY((repr = at_int_repr(self)) != NULL);
  TensorTuple2 o = max ? at_max_dim_max(repr, dim, keepdim, values, indices)
                       : at_min_dim_min(repr, dim, keepdim, values, indices);
  TRY(o.items[0] != NULL);
  Tensor_release(o.items[0]);
  Tensor_release(o.items[1]);
  double scale = at_q_scale(self);
  TRY(!Error_occurred());
  int64_t zero_point = at_q_zero_point(self);
  TRY(!Error_occurred());
  TRY((r.items[0] = at__make_per_tensor_quantized_tensor(values, scale, zero_point)) != NULL);
  r.items[1] = indices;
  indices = NULL;
fail:
  Tensor_release(values);
  Tensor_release(indices);
  Tensor_release(repr);
  return r;
}

/* PyTorch 1.13: aten/src/ATen/native/TensorCompare.cpp at::native::qmax */
TensorTuple2 at_native_qmax(const Tensor* self, int64_t dim, bool keepdim) {
  return qextreme_dim(self, dim, keepdim, true);
}

/* PyTorch 1.13: aten/src/ATen/native/TensorCompare.cpp at::native::qmin */
TensorTuple2 at_native_qmin(const Tensor* self, int64_t dim, bool keepdim) {
  return qextreme_dim(self, dim, keepdim, false);
}

/* std::get<0>(self.reshape({-1}).max(0)) or .min(0). */
static Tensor* qextreme_all(const Tensor* self, bool max) {
  int64_t flat = -1;
  Tensor* v = at_reshape(self, IntArrayRef_make(&flat, 1));
  if (v == NULL) return NULL;
  TensorTuple2 r = max ? at_max_dim(v, 0, false) : at_min_dim(v, 0, false);
  Tensor_release(v);
  Tensor_release(r.items[1]);
  return r.items[0];
}

/* PyTorch 1.13: aten/src/ATen/native/quantized/TensorCompare.cpp at::native::max_quantized_cpu */
Tensor* at_native_max_quantized_cpu(const Tensor* self) { return qextreme_all(self, true); }

/* PyTorch 1.13: aten/src/ATen/native/quantized/TensorCompare.cpp at::native::min_quantized_cpu */
Tensor* at_native_min_quantized_cpu(const Tensor* self) { return qextreme_all(self, false); }
