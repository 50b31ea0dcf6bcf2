/*
 * BinaryOps.c - quantized::add and quantized::add_relu: c = a + b on
 * per-tensor quantized tensors of one dtype, requantized with the scale and
 * zero point the caller gives (no check of either: a zero point out of range
 * is only refused when the result is dequantized).
 *
 * Note [Bit-exact quantized add]
 * PyTorch computes each element in one of two ways, and they can differ in
 * the last bit, which can move a result across a rounding boundary:
 *   - the vectorized loop (AVX2) dequantizes with one fused multiply-add,
 *     fma(scale, q, -zero_point * scale), adds, and quantizes with
 *     cvtps2dq(min(x * inv_scale, 2^31 - 128)) + zero_point (int32,
 *     wrapping) clamped to the dtype's range;
 *   - the scalar loop dequantizes with (float(q) - zero_point) * scale and
 *     quantizes with quantize_val.
 * TensorIterator coalesces the operands' dimensions; when a row of its
 * walk is contiguous for every operand (or a single broadcast element for
 * one input), cpu_kernel_vec runs the vectorized loop over each block of
 * 2 * Vectorized<T>::size() elements (64 for quint8/qint8, 16 for qint32)
 * and the scalar loop over the rest of the row; otherwise everything goes
 * through the scalar loop.  minaten does the same, element by element, on
 * the same walk: above 32768 elements the intra-op threads cut the rows
 * where 1.13's cut them.
 *
 * PyTorch 1.13: aten/src/ATen/native/quantized/cpu/BinaryOps.cpp (qadd,
 * check_inputs), cpu/QuantizedOpKernels.cpp qadd_kernel,
 * ATen/cpu/vec/vec256/vec256_qint.h (dequantize, quantize, QuantizeAvx2),
 * native/cpu/Loops.h vectorized_loop
 */
#include <math.h>
#include <stdint.h>
#include <string.h>

#include "Functions.h"
#include "NativeFunctions.h"
#include "ops/Resize.h"
#include "ops/ExpandUtils.h"
#include "ops/TensorIterator.h"
#include "ops/TensorIteratorConfig.h"
#include "ops/cpu/Loops.h"
#include "ops/quantized/AffineQuantizer.h"
#include "runtime/Exception.h"
#include "runtime/Parallel.h"

/* The quantization parameters of one input. */
typedef struct AddInput {
  float scale;
  int64_t zero_point;
  float scale_neg_zp_premul; /* scale * -zero_point, in float */
} AddInput;

static void add_input_init(AddInput* in, const Tensor* t) {
  in->scale = double_to_float(t->quantizer->scale);
  in->zero_point = t->quantizer->zero_point;
  in->scale_neg_zp_premul = in->scale * -(float)in->zero_point;
}

/* Vectorized<T>::dequantize: one fused multiply-add. */
static float dequantize_vec(const AddInput* in, int64_t q) {
  return fmaf(in->scale, (float)q, in->scale_neg_zp_premul);
}

/* dequantize_val: (float(q) - zero_point) * scale, the product in double. */
static float dequantize_scalar(const AddInput* in, int64_t q) {
  return double_to_float((double)((float)q - (float)in->zero_point) * (double)in->scale);
}

/* QuantizeAvx2's vector lanes (quint8, qint8).  cvtps2dq rounds to nearest
 * even and gives INT32_MIN for NaN and out of range; min() first maps NaN
 * and large values to 2^31 - 128 (minps returns its second operand for NaN). */
static int64_t quantize_avx2(float x, float inv_scale, int64_t zero_point, int64_t qmin, int64_t qmax) {
  float t = x * inv_scale;
  if (!(t < 2147483520.0f)) t = 2147483520.0f;
  int32_t r = t >= -2147483648.0f ? (int32_t)nearbyintf(t) : INT32_MIN;
  int32_t v = (int32_t)((uint32_t)r + (uint32_t)(int32_t)zero_point);
  return v < qmin ? qmin : v > qmax ? qmax : v;
}

/* The checks of every tensor-tensor add: per-tensor affine, one scheme,
 * one dtype.  check_inputs asks each tensor for its qscheme through the
 * dispatcher: a float operand fails there (aten::qscheme has no CPU kernel).
 * PyTorch 1.13: aten/src/ATen/native/quantized/cpu/BinaryOps.cpp check_inputs */
static int check_inputs(const Tensor* qa, const Tensor* qb) {
  QScheme sa = at_qscheme(qa);
  TRY(!Error_occurred());
  TORCH_CHECK(sa == QScheme_PerTensorAffine, "Only per tensor quantization is suported in Add.");
  QScheme sb = at_qscheme(qb);
  TRY(!Error_occurred());
  TORCH_CHECK(sa == sb, "Both inputs to Add must have the same quantization shceme.");
  TORCH_CHECK(qa->dtype == qb->dtype, "Add operands should have same data type.");
  return 0;
fail:
  return -1;
}

/* What qadd's loop needs: the inputs' parameters, the output's. */
typedef struct QAddLoop {
  AddInput a, b;
  ScalarType dtype;
  int64_t zero_point, qmin, qmax;
  float inv_scale;
  bool relu_fused;
} QAddLoop;

/* One element, by the vector loop's arithmetic or the scalar loop's. */
static int64_t qadd_element(const QAddLoop* L, int64_t va, int64_t vb, bool vec) {
  float c = vec ? dequantize_vec(&L->a, va) + dequantize_vec(&L->b, vb)
                : dequantize_scalar(&L->a, va) + dequantize_scalar(&L->b, vb);
  if (L->relu_fused) c = c > 0.0f || isnan(c) ? c : 0.0f; /* std::max<float>(c, 0) keeps a NaN c */
  return vec && L->dtype != ScalarType_QInt32 ? quantize_avx2(c, L->inv_scale, L->zero_point, L->qmin, L->qmax)
                                              : quantize_val_inv(L->inv_scale, L->zero_point, c, L->qmin, L->qmax);
}

/* qadd's loop over one tile: data = {qc, qa, qb}.  A row whose operands
 * are all contiguous, or contiguous but for one input of stride 0 (one
 * number), takes the vector arithmetic over its blocks of 2 *
 * Vectorized<T>::size() elements and the scalar one over the rest; any
 * other row the scalar one (see the Note).
 * PyTorch 1.13: native/cpu/Loops.h VectorizedLoop2d (is_contiguous,
 * is_contiguous_scalar, vectorized_loop, basic_loop) */
static void qadd_loop2d(void* ctx, char** data, const int64_t* strides, int64_t size0, int64_t size1) {
  const QAddLoop* L = ctx;
  int64_t isize = (int64_t)ScalarType_elementSize(L->dtype);
  bool vectorizable = strides[0] == isize && ((strides[1] == isize && strides[2] == isize) ||
                                              (strides[1] == isize && strides[2] == 0) ||
                                              (strides[1] == 0 && strides[2] == isize));
  int64_t block = 2 * (L->dtype == ScalarType_QInt32 ? 8 : 32);
  int64_t vec_end = vectorizable ? size0 / block * block : 0;
  for (int64_t j = 0; j < size1; j++) {
    char* o = data[0] + j * strides[3];
    const char *pa = data[1] + j * strides[4], *pb = data[2] + j * strides[5];
    for (int64_t i = 0; i < size0; i++, o += strides[0], pa += strides[1], pb += strides[2])
      qint_store(L->dtype, o, 0, qadd_element(L, qint_load(L->dtype, pa, 0), qint_load(L->dtype, pb, 0), i < vec_end));
  }
}

/* qc = qa + qb (broadcast to `shape`), requantized with qc's own scale and
 * zero point: TensorIterator's binary op over {qc, qa, qb}, on the
 * intra-op threads above the grain as cpu_kernel_vec runs.
 * PyTorch 1.13: cpu/QuantizedOpKernels.cpp qadd_kernel */
static void qadd_into(Tensor* qc, const Tensor* qa, const Tensor* qb, const int64_t* shape, size_t ndim,
                      bool relu_fused) {
  QAddLoop L;
  add_input_init(&L.a, qa);
  add_input_init(&L.b, qb);
  L.dtype = qa->dtype;
  L.zero_point = qc->quantizer->zero_point;
  qint_range(qa->dtype, &L.qmin, &L.qmax);
  L.inv_scale = quantize_inv_scale(qc->quantizer->scale);
  L.relu_fused = relu_fused;
  TensorIteratorBase iter;
  Tensor* operands[3] = {qc, (Tensor*)qa, (Tensor*)qb};
  TensorIterator_initElementwise(&iter, operands, 3, IntArrayRef_make(shape, ndim));
  TensorIterator_for_each(&iter, qadd_loop2d, &L, AT_GRAIN_SIZE);
}

static Tensor* qadd(const Tensor* qa, const Tensor* qb, double scale, int64_t zero_point, bool relu_fused) {
  int64_t shape[MINATEN_MAX_DIM];
  size_t ndim;
  TRY(check_inputs(qa, qb) == 0);
  TRY(broadcast_shape(Tensor_sizes(qa), Tensor_sizes(qb), shape, &ndim) == 0);
  Quantizer* qz = Quantizer_newPerTensorAffine(scale, zero_point, qa->dtype);
  TRY(qz != NULL);
  /* NB: PyTorch allocates qa's shape and lets TensorIterator resize it to the
   * broadcast shape (with a warning on stderr when qb is the larger). */
  Tensor* qc = new_qtensor(IntArrayRef_make(shape, ndim), qz);
  Quantizer_release(qz);
  TRY(qc != NULL);
  qadd_into(qc, qa, qb, shape, ndim, relu_fused);
  return qc;
fail:
  return NULL;
}

/* Into out, with out's scale and zero point.
 * PyTorch 1.13: aten/src/ATen/native/quantized/cpu/BinaryOps.cpp qadd_out */
static Tensor* qadd_out(const Tensor* qa, const Tensor* qb, Tensor* out, bool relu_fused) {
  int64_t shape[MINATEN_MAX_DIM];
  size_t ndim;
  TRY(check_inputs(qa, qb) == 0);
  TRY(check_inputs(qa, out) == 0);
  TRY(broadcast_shape(Tensor_sizes(qa), Tensor_sizes(qb), shape, &ndim) == 0);
  TRY(resize_output(out, IntArrayRef_make(shape, ndim)) >= 0);
  qadd_into(out, qa, qb, shape, ndim, relu_fused);
  return Tensor_retain(out);
fail:
  return NULL;
}

/* PyTorch 1.13: aten/src/ATen/native/quantized/cpu/BinaryOps.cpp qadd<ReLUFused=false> */
Tensor* at_native_qadd(const Tensor* qa, const Tensor* qb, double scale, int64_t zero_point) {
  return qadd(qa, qb, scale, zero_point, false);
}

/* PyTorch 1.13: aten/src/ATen/native/quantized/cpu/BinaryOps.cpp qadd<ReLUFused=true> */
Tensor* at_native_qadd_relu(const Tensor* qa, const Tensor* qb, double scale, int64_t zero_point) {
  return qadd(qa, qb, scale, zero_point, true);
}

/* PyTorch 1.13: aten/src/ATen/native/quantized/cpu/BinaryOps.cpp qadd_out<ReLUFused=false> */
Tensor* at_native_qadd_out(const Tensor* qa, const Tensor* qb, Tensor* out) { return qadd_out(qa, qb, out, false); }

/* PyTorch 1.13: aten/src/ATen/native/quantized/cpu/BinaryOps.cpp qadd_out<ReLUFused=true> */
Tensor* at_native_qadd_relu_out(const Tensor* qa, const Tensor* qb, Tensor* out) {
  return qadd_out(qa, qb, out, true);
}

/* ---- quantized tensor + Python number ------------------------------------------
 *
 * Note [Quantized add of a number]
 * ~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~
 * a + c moves the quantization parameters rather than the values where it
 * can.  With s, z the input's scale and zero point and c_q = round(c / s):
 *   - if z - c_q fits the dtype's range, the result has the input's integers
 *     with scale s and zero point z - c_q (a plain copy);
 *   - if z - c_q is below q_min, the zero point becomes q_min and the scale
 *     grows to s' = (q_max - (z - c_q)) / (q_max - q_min) * s, and each
 *     integer is requantized: z' + rint((Xq - z + c_q) * s / s');
 *   - above q_max, symmetrically, with z' = q_max and
 *     s' = ((z - c_q) - q_min) / (q_max - q_min) * s.
 * add_relu then clamps below the new zero point.
 * PyTorch 1.13: aten/src/ATen/native/quantized/cpu/BinaryOps.cpp
 * _add_scalar_out, cpu/QuantizedOpKernels.cpp qadd_scalar_kernel,
 * quantized/AffineQuantizerBase.cpp requantize_from_int
 */

/* t's quantizer becomes q (one reference taken).
 * PyTorch 1.13: aten/src/ATen/quantized/Quantizer.cpp set_quantizer_ */
static void set_quantizer_(Tensor* t, Quantizer* q) {
  Quantizer_release(t->quantizer);
  t->quantizer = q;
}

/* What qadd_scalar's loop needs. */
typedef struct QAddScalarLoop {
  ScalarType dtype;
  int64_t self_zero_point, zero_point, qmin, qmax;
  int64_t c_q;
  float multiplier;
  bool relu_fused;
} QAddScalarLoop;

/* qadd_scalar's loop over a tile of {out, self}: requantize_from_int(a - z
 * + c_q) with out's scale and zero point, in float as PyTorch multiplies:
 * (Xq - z + c_q) * (s_self * (1 / s_out)).
 * PyTorch 1.13: cpu/QuantizedOpKernels.cpp qadd_scalar_kernel (its scalar
 * lambda), AffineQuantizerBase.cpp requantize_from_int */
static void qadd_scalar_loop2d(void* ctx, char** data, const int64_t* strides, int64_t size0, int64_t size1) {
  const QAddScalarLoop* L = ctx;
  for (int64_t j = 0; j < size1; j++)
    for (int64_t i = 0; i < size0; i++) {
      int64_t a = qint_load(L->dtype, data[1] + j * strides[3] + i * strides[1], 0);
      /* int32 arithmetic as PyTorch's, wrapping */
      int32_t c = (int32_t)((uint32_t)(int32_t)(a - L->self_zero_point) + (uint32_t)(int32_t)L->c_q);
      float v = rintf((float)c * L->multiplier);
      /* zero_point + lrintf(v), clamped; v beyond the int64 range (or NaN)
       * saturates instead of being undefined */
      int64_t q = isnan(v) ? L->qmin : v >= 0x1p62f ? L->qmax : v <= -0x1p62f ? L->qmin : L->zero_point + (int64_t)v;
      q = q < L->qmin ? L->qmin : q > L->qmax ? L->qmax : q;
      if (L->relu_fused && q < L->zero_point) q = L->zero_point;
      qint_store(L->dtype, data[0] + j * strides[2] + i * strides[0], 0, q);
    }
}

/* out = self + c_q requantized: TensorIterator::unary_op(out, self), walked
 * by cpu_kernel_vec.  NB(minaten): every element by the scalar lambda's
 * arithmetic, where 1.13 runs its vector lambda
 * (Vectorized::requantize_from_int) on the vectorizable rows; not compared
 * for results near the int32 range.
 * PyTorch 1.13: cpu/QuantizedOpKernels.cpp qadd_scalar_kernel */
static int qadd_scalar_kernel(Tensor* out, const Tensor* self, int64_t c_q, bool relu_fused) {
  /* Scalar::to<int32_t>() of c_q */
  TORCH_CHECK(c_q >= INT32_MIN && c_q <= INT32_MAX, "value cannot be converted to type int without overflow");
  QAddScalarLoop L = {.dtype = self->dtype, .self_zero_point = self->quantizer->zero_point,
                      .zero_point = out->quantizer->zero_point, .c_q = c_q, .relu_fused = relu_fused};
  float inv_scale = 1.0f / double_to_float(out->quantizer->scale);
  L.multiplier = double_to_float(self->quantizer->scale) * inv_scale;
  qint_range(self->dtype, &L.qmin, &L.qmax);
  TensorIteratorConfig config;
  TensorIteratorConfig_unary_op(&config);
  TensorIteratorConfig_add_output(&config, out);
  TensorIteratorConfig_add_input(&config, self);
  TensorIteratorBase iter;
  TRY(TensorIterator_build(&iter, &config) == 0);
  cpu_kernel_vec(&iter, qadd_scalar_loop2d, &L);
  TensorIterator_release(&iter);
  return 0;
fail:
  return -1;
}

static Tensor* add_scalar_out(Tensor* out, const Tensor* self, Scalar other, bool relu_fused) {
  TORCH_CHECK(self->quantizer->qscheme == QScheme_PerTensorAffine, "Only per tensor affine is supported for now!!");
  double s = self->quantizer->scale;
  int64_t z = self->quantizer->zero_point;
  int64_t qmin, qmax;
  qint_range(self->dtype, &qmin, &qmax);
  /* int64_t c_q = std::nearbyint(c / s): x86 gives INT64_MIN for what does not fit */
  double cq = nearbyint(Scalar_toDouble(other) / s);
  int64_t c_q = cq >= -0x1p63 && cq < 0x1p63 ? (int64_t)cq : INT64_MIN;
  int64_t zc = (int64_t)((uint64_t)z - (uint64_t)c_q); /* z - c_q, wrapping */
  if (qmin > zc || qmax < zc) {
    double s_prime = qmin > zc ? ((double)qmax - (double)zc) / ((double)qmax - (double)qmin) * s
                               : ((double)zc - (double)qmin) / ((double)qmax - (double)qmin) * s;
    Quantizer* q = Quantizer_newPerTensorAffine(s_prime, qmin > zc ? qmin : qmax, self->dtype);
    TRY(q != NULL);
    TRY(resize_output(out, Tensor_sizes(self)) >= 0);
    set_quantizer_(out, q);
    TRY(qadd_scalar_kernel(out, self, c_q, relu_fused) == 0);
  } else {
    Tensor* copied = at_copy_(out, self, false);
    TRY(copied != NULL);
    Tensor_release(copied);
    Quantizer* q = Quantizer_newPerTensorAffine(s, zc, self->dtype);
    TRY(q != NULL);
    set_quantizer_(out, q);
    if (relu_fused) {
      Tensor* r = at_native_relu_quantized_cpu_(out);
      TRY(r != NULL);
      Tensor_release(r);
    }
  }
  return Tensor_retain(out);
fail:
  return NULL;
}

/* PyTorch 1.13: aten/src/ATen/native/quantized/cpu/BinaryOps.cpp qadd_scalar (and qadd_scalar2) */
static Tensor* qadd_scalar(const Tensor* qa, Scalar b, bool relu_fused) {
  QScheme scheme = at_qscheme(qa);
  TRY(!Error_occurred());
  TORCH_CHECK(scheme == QScheme_PerTensorAffine, /* or per-tensor symmetric, which minaten has not */
              "Only per tensor quantization is supported in Add.");
  Tensor* qc = new_qtensor(Tensor_sizes(qa), qa->quantizer); /* empty_like(qa) */
  TRY(qc != NULL);
  Tensor* r = add_scalar_out(qc, qa, b, relu_fused);
  Tensor_release(qc);
  return r;
fail:
  return NULL;
}

/* PyTorch 1.13: aten/src/ATen/native/quantized/cpu/BinaryOps.cpp qadd_scalar_out */
static Tensor* qadd_scalar_out(const Tensor* qa, Scalar b, Tensor* out, bool relu_fused) {
  return check_inputs(qa, out) < 0 ? NULL : add_scalar_out(out, qa, b, relu_fused);
}

/* PyTorch 1.13: BinaryOps.cpp qadd_scalar<ReLUFused=false> */
Tensor* at_native_qadd_scalar(const Tensor* qa, Scalar b) { return qadd_scalar(qa, b, false); }
/* PyTorch 1.13: BinaryOps.cpp qadd_scalar2<ReLUFused=false> */
Tensor* at_native_qadd_scalar2(Scalar b, const Tensor* qa) { return qadd_scalar(qa, b, false); }
/* PyTorch 1.13: BinaryOps.cpp qadd_scalar_out<ReLUFused=false> */
Tensor* at_native_qadd_scalar_out(const Tensor* qa, Scalar b, Tensor* out) { return qadd_scalar_out(qa, b, out, false); }
/* PyTorch 1.13: BinaryOps.cpp qadd_scalar<ReLUFused=true> */
Tensor* at_native_qadd_relu_scalar(const Tensor* qa, Scalar b) { return qadd_scalar(qa, b, true); }
/* PyTorch 1.13: BinaryOps.cpp qadd_scalar2<ReLUFused=true> */
Tensor* at_native_qadd_relu_scalar2(Scalar b, const Tensor* qa) { return qadd_scalar(qa, b, true); }
/* PyTorch 1.13: BinaryOps.cpp qadd_scalar_out<ReLUFused=true> */
Tensor* at_native_qadd_relu_scalar_out(const Tensor* qa, Scalar b, Tensor* out) {
  return qadd_scalar_out(qa, b, out, true);
}
