/*
 * Quantize.c - between real and quantized tensors: quantize_per_tensor,
 * quantize_per_channel, dequantize, int_repr, _make_per_tensor_quantized_tensor.
 *
 * quantize maps each float x to clamp((float)zp + nearbyint(x * (1/scale)))
 * (ties to even, then clamped to the dtype's range); dequantize maps q back
 * to (q - zp) * scale.  The exact float arithmetic, and what happens to NaN,
 * infinities and a scale of 0 or below (PyTorch 1.13 accepts them), are those
 * of PyTorch 1.13 as Debian builds it (no FBGEMM), without undefined
 * behaviour in C: see quantize_val and dequantize_qint in
 * AffineQuantizer.c.
 *
 * The checks run in PyTorch's order, so that the first error reported for
 * several bad arguments is PyTorch's: for quantize_per_tensor the input dtype
 * (PerTensorAffineQuantizer::quantize), then the target dtype (new_qtensor),
 * then the zero point (quantize_tensor_per_tensor_affine); for
 * quantize_per_channel the parameter tensors (make_per_channel_affine_quantizer),
 * then the target dtype, the input dtype, the zero points, the axis and the
 * number of channels (quantize_tensor_per_channel_affine).
 *
 * These kernels call no operator: a trace shows only the operator itself.
 *
 * PyTorch 1.13: aten/src/ATen/native/quantized/QTensor.cpp,
 * aten/src/ATen/quantized/Quantizer.cpp, native/quantized/AffineQuantizer.cpp,
 * native/quantized/cpu/QuantizedOpKernels.cpp, native/quantized/cpu/IntReprQuant.cpp,
 * native/quantized/cpu/MakePerTensorQuantizedTensor.cpp
 */
#include <stdlib.h>
#include <string.h>

#include "Functions.h"
#include "NativeFunctions.h"
#include "ops/Copy.h"
#include "ops/EmptyTensor.h"
#include "ops/TensorIterator.h"
#include "ops/TensorIteratorConfig.h"
#include "ops/cpu/Loops.h"
#include "ops/quantized/cpu/QuantizedOpKernels.h"
#include "ops/quantized/AffineQuantizer.h"
#include "runtime/Exception.h"
#include "runtime/TypeCast.h"

/* new_qtensor's dtype check: "ScalarType Float is not supported in new_qtensor." */
static int check_qint_dtype(ScalarType dtype) {
  TORCH_CHECK(ScalarType_isQuantized(dtype), "ScalarType %s is not supported in new_qtensor.",
              ScalarType_name(dtype));
  return 0;
fail:
  return -1;
}

/* The contiguous per-tensor loop, one element type at a time. */
#define QUANTIZE_CONTIGUOUS(T)                                                   \
  do {                                                                           \
    T* o_ = (T*)out;                                                             \
    for (int64_t i = 0; i < n; i++) o_[i] = (T)quantize_val_inv(inv, zp, in[i], qmin, qmax); \
  } while (0)

/* self's elements copied in row-major order into dst, a contiguous
 * tensor of self's shape and element size: the contiguous copy 1.13 makes
 * before a quantize or dequantize loop (expect_contiguous, contiguous():
 * clone's copy_), by copy_'s TensorIterator walk.
 * PyTorch 1.13: TensorBase::expect_contiguous, native/Copy.cpp copy_impl */
static void copy_to_contiguous(Tensor* dst, const Tensor* self) {
  int64_t isize = (int64_t)Tensor_itemsize(self);
  int64_t dst_strides[MINATEN_MAX_DIM], src_strides[MINATEN_MAX_DIM];
  for (int64_t d = 0; d < self->dim; d++) {
    dst_strides[d] = dst->strides[d] * isize;
    src_strides[d] = self->strides[d] * isize;
  }
  copy_as_strided(Tensor_data(dst), dst_strides, Tensor_data(self), src_strides, self->sizes, self->dim,
                  self->dtype);
}

/* 1.13's quantizers make self contiguous first (expect_contiguous), so a
 * strided self is copied to a contiguous Float tensor, then quantized by
 * the loops over contiguous data.
 * PyTorch 1.13: aten/src/ATen/quantized/Quantizer.cpp PerTensorAffineQuantizer::quantize,
 * PerChannelAffineQuantizer::quantize; cpu/QuantizedOpKernels.cpp
 * quantize_tensor_per_tensor_affine_cpu, quantize_tensor_per_channel_impl */
int quantize_into(const Tensor* self, Tensor* q) {
  if (!self->is_contiguous) {
    Tensor* contig = empty_cpu(Tensor_sizes(self), ScalarType_Float);
    if (contig == NULL) return -1;
    copy_to_contiguous(contig, self);
    int rc = quantize_into(contig, q);
    Tensor_release(contig);
    return rc;
  }
  const Quantizer* qz = q->quantizer;
  int64_t qmin, qmax;
  qint_range(q->dtype, &qmin, &qmax);
  char* out = Tensor_data(q);
  int64_t n = self->numel;
  const float* in = (const float*)Tensor_data(self);
  if (qz->qscheme == QScheme_PerTensorAffine) {
    float inv = quantize_inv_scale(qz->scale);
    int64_t zp = qz->zero_point;
    /* 8-bit: the vector loop of the capability in use (quantize_8bit_stub),
     * the same arithmetic as quantize_val_inv */
    quantize_8bit_fn quantize_8bit = (quantize_8bit_fn)DispatchStub_get(&quantize_8bit_stub);
    switch (q->dtype) {
      case ScalarType_QUInt8: quantize_8bit(out, false, in, inv, zp, n); return 0;
      case ScalarType_QInt8: quantize_8bit(out, true, in, inv, zp, n); return 0;
      default: QUANTIZE_CONTIGUOUS(int32_t); return 0;
    }
  }
  /* per channel: element i is in channel (i / inner) % channels */
  int64_t inner = 1, channels = self->sizes[qz->axis];
  for (int64_t d = qz->axis + 1; d < self->dim; d++) inner *= self->sizes[d];
  for (int64_t i = 0; i < n; i++) {
    int64_t c = (i / inner) % channels;
    qint_store(q->dtype, out, i,
               quantize_val(Quantizer_scaleAt(qz, c), Quantizer_zeroPointAt(qz, c), in[i], qmin, qmax));
  }
  return 0;
}

/* A new quantized tensor holding self quantized with qz (the caller keeps
 * its own reference to qz); NULL + error.
 * PyTorch 1.13: aten/src/ATen/quantized/Quantizer.cpp PerTensorAffineQuantizer::quantize,
 * PerChannelAffineQuantizer::quantize (new_qtensor, then the quantize kernel) */
static Tensor* quantize_with(const Tensor* self, Quantizer* qz) {
  Tensor* q = new_qtensor(Tensor_sizes(self), qz);
  if (q != NULL && quantize_into(self, q) < 0) {
    Tensor_release(q);
    q = NULL;
  }
  return q;
}

/* PyTorch 1.13: aten/src/ATen/native/quantized/QTensor.cpp at::native::quantize_per_tensor
 * (with PerTensorAffineQuantizer::quantize and quantize_tensor_per_tensor_affine) */
Tensor* at_native_quantize_per_tensor(const Tensor* self, double scale, int64_t zero_point, ScalarType dtype) {
  Quantizer* qz = NULL;
  Tensor* q = NULL;
  TORCH_CHECK(self->dtype == ScalarType_Float, "Quantize only works on Float Tensor, got %s",
              ScalarType_name(self->dtype));
  TRY(check_qint_dtype(dtype) == 0);
  TRY(checkZeroPoint("quantize_tensor_per_tensor_affine", dtype, zero_point) == 0);
  qz = Quantizer_newPerTensorAffine(scale, zero_point, dtype);
  TRY(qz != NULL);
  q = quantize_with(self, qz);
fail:
  Quantizer_release(qz);
  return q;
}

/*
 * The per-channel quantizer of (scales, zero_points, axis): scales must be a
 * floating 1-D tensor, zero_points a 1-D tensor of as many elements; the
 * quantizer keeps scales.to(kDouble).contiguous() and
 * zero_points.to(kLong).contiguous(): the tensors themselves when they are
 * already so (q_per_channel_scales() then shares their storage), else
 * converted copies (bool zero points become 0 and 1).
 * NB(minaten): floating zero points make PyTorch's
 * PerChannelAffineFloatQParamsQuantizer, which minaten does not model: a
 * RuntimeError says so.
 * PyTorch 1.13: aten/src/ATen/quantized/Quantizer.cpp make_per_channel_affine_quantizer
 */
Quantizer* make_per_channel_affine_quantizer(const Tensor* scales, const Tensor* zero_points, int64_t axis,
                                             ScalarType dtype) {
  Tensor *sd = NULL, *zl = NULL, *s = NULL, *z = NULL;
  Quantizer* qz = NULL;
  TORCH_CHECK(scales->dim == 1, "scale tensor must have dimension 1");
  TORCH_CHECK(zero_points->dim == 1, "zero_points tensor must have dimension 1");
  TORCH_CHECK(scales->numel == zero_points->numel, "number of elements in scales and zero_points must match");
  TORCH_CHECK(ScalarType_isFloating(scales->dtype), "scale tensor must be floating point");
  TORCH_CHECK(!ScalarType_isFloating(zero_points->dtype),
              "minaten: per_channel_affine_float_qparams (floating zero_points) is not supported");
  TRY((sd = at_to_dtype(scales, ScalarType_Double, false, false, kNoMemoryFormat)) != NULL);
  TRY((s = at_contiguous(sd, MemoryFormat_Contiguous)) != NULL);
  TRY((zl = at_to_dtype(zero_points, ScalarType_Long, false, false, kNoMemoryFormat)) != NULL);
  TRY((z = at_contiguous(zl, MemoryFormat_Contiguous)) != NULL);
  qz = Quantizer_newPerChannelAffine(s, z, axis, dtype);
fail:
  Tensor_release(sd);
  Tensor_release(s);
  Tensor_release(zl);
  Tensor_release(z);
  return qz;
}

int check_affine_quantizer(const Quantizer* qz, ScalarType dtype, const Tensor* t, bool dequantize) {
  if (qz->qscheme == QScheme_PerTensorAffine)
    return checkZeroPoint(dequantize ? "dequantize_tensor_per_tensor_affine" : "quantize_tensor_per_tensor_affine",
                          dtype, qz->zero_point);
  for (int64_t c = 0; c < qz->num_channels; c++)
    TRY(checkZeroPoint(dequantize ? "dequantize_tensor_per_channel_affine" : "quantize_tensor_per_channel_affine",
                       dtype, Quantizer_zeroPointAt(qz, c)) == 0);
  if (dequantize)
    TORCH_CHECK(0 <= qz->axis && qz->axis < t->dim,
                "Channel axis out of range in per channel affine dequantization. Got:%lld Expected: [0, %lld)",
                (long long)qz->axis, (long long)t->dim);
  else
    TORCH_CHECK(0 <= qz->axis && qz->axis < t->dim,
                "Channel axis out of range in per channel affine quantization. Got: %lldExpected: [0, %lld)",
                (long long)qz->axis, (long long)t->dim);
  /* checkPerChannelParamsSize */
  TORCH_CHECK(t->sizes[qz->axis] == qz->num_channels, "length of scales must equal to channel");
  return 0;
fail:
  return -1;
}

/* PyTorch 1.13: aten/src/ATen/native/quantized/QTensor.cpp at::native::quantize_per_channel
 * (with PerChannelAffineQuantizer::quantize and quantize_tensor_per_channel_affine) */
Tensor* at_native_quantize_per_channel(const Tensor* self, const Tensor* scales, const Tensor* zero_points,
                                       int64_t axis, ScalarType dtype) {
  Quantizer* qz = NULL;
  Tensor* q = NULL;
  qz = make_per_channel_affine_quantizer(scales, zero_points, axis, dtype);
  TRY(qz != NULL);
  TRY(check_qint_dtype(dtype) == 0);
  TORCH_CHECK(self->dtype == ScalarType_Float, "quantize_tensor_per_channel_affine expects a Float Tensor, got %s",
              ScalarType_name(self->dtype));
  TRY(check_affine_quantizer(qz, dtype, self, false) == 0);
  q = quantize_with(self, qz);
fail:
  Quantizer_release(qz);
  return q;
}

/* PyTorch 1.13: aten/src/ATen/native/quantized/QTensor.cpp at::native::dequantize_cpu_or_cuda */
Tensor* at_native_dequantize_cpu_or_cuda(const Tensor* self) {
  return at_to_dtype(self, ScalarType_Float, false, false, kNoMemoryFormat);
}

/* r = the real values of self, both contiguous and of one shape: the
 * per-tensor loops (the vector loop of dequantize_8bit_stub for 8 bits), or
 * per channel each element's channel (i / inner) % channels.
 * PyTorch 1.13: cpu/QuantizedOpKernels.cpp dequantize_tensor_per_tensor_affine_cpu,
 * dequantize_tensor_per_channel_impl */
static void dequantize_contiguous(float* out, const Tensor* self, const Quantizer* qz) {
  const char* in = Tensor_data(self);
  int64_t n = self->numel;
  if (qz->qscheme == QScheme_PerTensorAffine) {
    float scale = double_to_float(qz->scale);
    uint32_t zp = (uint32_t)(uint64_t)qz->zero_point;
    dequantize_8bit_fn dequantize_8bit = (dequantize_8bit_fn)DispatchStub_get(&dequantize_8bit_stub);
    switch (self->dtype) { /* 8-bit: the vector loop of dequantize_8bit_stub, the same arithmetic */
      case ScalarType_QUInt8: dequantize_8bit(out, in, false, zp, scale, n); break;
      case ScalarType_QInt8: dequantize_8bit(out, in, true, zp, scale, n); break;
      default:
        for (int64_t i = 0; i < n; i++) out[i] = dequantize_qint(qz, ((const int32_t*)in)[i], 0);
        break;
    }
    return;
  }
  int64_t inner = 1, channels = self->sizes[qz->axis];
  for (int64_t d = qz->axis + 1; d < self->dim; d++) inner *= self->sizes[d];
  for (int64_t i = 0; i < n; i++) out[i] = dequantize_qint(qz, qint_load(self->dtype, in, i), (i / inner) % channels);
}

/* PyTorch 1.13: aten/src/ATen/native/quantized/QTensor.cpp at::native::dequantize_quantized
 * (with Quantizer::dequantize, dequantize_tensor_per_tensor_affine /
 * dequantize_tensor_per_channel_affine and their CPU kernels: a strided
 * self made contiguous first, expect_contiguous) */
Tensor* at_native_dequantize_quantized(const Tensor* self) {
  Tensor *r = NULL, *contig = NULL;
  const Quantizer* qz = get_qtensorimpl_quantizer(self);
  TRY(qz != NULL);
  TRY(Quantizer_checkKnown(qz, "dequantize") == 0);
  TRY(check_affine_quantizer(qz, self->dtype, self, true) == 0);
  TRY((r = empty_cpu(Tensor_sizes(self), ScalarType_Float)) != NULL);
  if (!self->is_contiguous) {
    TRY((contig = new_qtensor(Tensor_sizes(self), self->quantizer)) != NULL);
    copy_to_contiguous(contig, self);
  }
  dequantize_contiguous((float*)Tensor_data(r), contig != NULL ? contig : self, qz);
  Tensor_release(contig);
  return r;
fail:
  Tensor_release(r);
  return NULL;
}

/* The integer dtype under a quantized one (quint8 -> uint8). */
static ScalarType underlying_type(ScalarType t) {
  switch (t) {
    case ScalarType_QUInt8: return ScalarType_Byte;
    case ScalarType_QInt8: return ScalarType_Char;
    default: return ScalarType_Int;
  }
}

/* int_repr's loop over a tile of {r, self}: each integer as it is
 * (value.val_), ctx its size in bytes.
 * PyTorch 1.13: native/quantized/cpu/IntReprQuant.cpp (cpu_kernel's lambda) */
static void int_repr_loop2d(void* ctx, char** data, const int64_t* strides, int64_t size0, int64_t size1) {
  size_t size = *(const size_t*)ctx;
  for (int64_t j = 0; j < size1; j++)
    for (int64_t i = 0; i < size0; i++)
      memcpy(data[0] + j * strides[2] + i * strides[0], data[1] + j * strides[3] + i * strides[1], size);
}

/* A TensorIterator over {r, self} (check_all_same_dtype off), r a new
 * contiguous tensor of the underlying dtype, walked by cpu_kernel.
 * PyTorch 1.13: aten/src/ATen/native/quantized/cpu/IntReprQuant.cpp at::native::int_repr_quantized_cpu */
Tensor* at_native_int_repr_quantized_cpu(const Tensor* self) {
  Tensor* r = empty_cpu(Tensor_sizes(self), underlying_type(self->dtype));
  if (r == NULL) return NULL;
  TensorIteratorConfig config;
  TensorIteratorConfig_init(&config);
  config.check_all_same_dtype = false;
  TensorIteratorConfig_add_output(&config, r);
  TensorIteratorConfig_add_input(&config, self);
  TensorIteratorBase iter;
  int built = TensorIterator_build(&iter, &config); /* a fresh output of self's shape: nothing to refuse */
  TORCH_INTERNAL_ASSERT(built == 0);
  size_t size = Tensor_itemsize(self);
  cpu_kernel(&iter, int_repr_loop2d, &size);
  TensorIterator_release(&iter);
  return r;
}

/* PyTorch 1.13: aten/src/ATen/native/quantized/cpu/MakePerTensorQuantizedTensor.cpp
 * at::native::make_per_tensor_quantized_tensor_cpu.  NB: no zero point check here;
 * dequantize checks it.  NB(minaten): 1.13 copies a strided self to a
 * contiguous tensor (contiguous()) and memcpy's that into the result;
 * minaten's copy writes the same bytes into the result directly. */
Tensor* at_native_make_per_tensor_quantized_tensor_cpu(const Tensor* self, double scale, int64_t zero_point) {
  ScalarType qtype;
  Quantizer* qz = NULL;
  switch (self->dtype) { /* c10::toQIntType */
    case ScalarType_Byte: qtype = ScalarType_QUInt8; break;
    case ScalarType_Char: qtype = ScalarType_QInt8; break;
    case ScalarType_Int: qtype = ScalarType_QInt32; break;
    default: TORCH_CHECK(false, "Creation of quantized tensor requires quantized dtype like torch.quint8");
  }
  qz = Quantizer_newPerTensorAffine(scale, zero_point, qtype);
  TRY(qz != NULL);
  Tensor* q = new_qtensor(Tensor_sizes(self), qz);
  Quantizer_release(qz);
  TRY(q != NULL);
  /* self.contiguous() memcpy'd into q: the bytes copy_ writes straight into q */
  copy_to_contiguous(q, self);
  return q;
fail:
  return NULL;
}

/* PyTorch 1.13: native/quantized/AffineQuantizer.cpp DEFINE_DISPATCH(quantize_tensor_per_tensor_affine_stub),
 * DEFINE_DISPATCH(dequantize_tensor_per_tensor_affine_stub) */
DEFINE_DISPATCH(quantize_8bit_stub);
DEFINE_DISPATCH(dequantize_8bit_stub);
