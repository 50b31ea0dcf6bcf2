/*
 * UnaryOps.c - the unary elementwise operators.
 *
 * abs, relu, exp, log, sqrt, sigmoid, tanh run unary_op: TensorIterator's
 * build of a unary operation here, then the operation's stub (ops/UnaryOps.h),
 * whose kernels are ops/cpu/UnaryOpsKernel.c's; abs and relu keep integer dtypes, the others
 * compute integers and bools in the default float type (unary_float_op).
 * neg keeps the dtype, as 1.13's unary iterator (UnaryOp_Neg: integers wrap).
 * NB(minaten): reciprocal reuses the binary loop with a wrapped number
 * (1 / x), which gives PyTorch's dtypes and values.
 * rsqrt is written the way a new elementwise operator is: one function per
 * computation type in a UnaryKernel (docs/adding-an-operator.md).
 *
 * PyTorch 1.13: aten/src/ATen/native/UnaryOps.cpp, Activation.cpp (relu)
 */
#include <math.h>

#include "Functions.h"
#include "NativeFunctions.h"
#include "ops/BinaryOps.h"
#include "ops/Copy.h"
#include "ops/MetaMode.h"
#include "ops/Resize.h"
#include "ops/TensorIterator.h"
#include "ops/TensorIteratorConfig.h"
#include "ops/cpu/Loops.h"
#include "ops/TensorUtils.h"
#include "ops/UnaryOps.h"
#include "runtime/DefaultDtype.h"
#include "runtime/Exception.h"
#include "runtime/Parallel.h"
#include "runtime/ScalarOps.h"
#include "runtime/TypeCast.h"

/* ---- the stubs and the build every unary operator shares ---------------------- */

/* PyTorch 1.13: UnaryOps.cpp DEFINE_DISPATCH(abs_stub), ... (Note [CPU capability dispatch] in ops/DispatchStub.h) */
DEFINE_DISPATCH(abs_stub);
DEFINE_DISPATCH(relu_stub);
DEFINE_DISPATCH(exp_stub);
DEFINE_DISPATCH(log_stub);
DEFINE_DISPATCH(sqrt_stub);
DEFINE_DISPATCH(sigmoid_stub);
DEFINE_DISPATCH(tanh_stub);
DEFINE_DISPATCH(sin_stub);
DEFINE_DISPATCH(cos_stub);
DEFINE_DISPATCH(floor_stub);
DEFINE_DISPATCH(ceil_stub);
DEFINE_DISPATCH(round_stub);
DEFINE_DISPATCH(trunc_stub);
DEFINE_DISPATCH(sign_stub);
DEFINE_DISPATCH(neg_stub);
DEFINE_DISPATCH(bitwise_not_stub);
DEFINE_DISPATCH(logical_not_stub);
DEFINE_DISPATCH(log1p_stub);
DEFINE_DISPATCH(expm1_stub);
DEFINE_DISPATCH(erf_stub);
DEFINE_DISPATCH(erfc_stub);
DEFINE_DISPATCH(erfinv_stub);
DEFINE_DISPATCH(angle_stub);
DEFINE_DISPATCH(sgn_stub);
DEFINE_DISPATCH(sinh_stub);
DEFINE_DISPATCH(cosh_stub);

static DispatchStub* const kUnaryStubs[] = {
    [UnaryOp_Abs] = &abs_stub,
    [UnaryOp_Relu] = &relu_stub,
    [UnaryOp_Exp] = &exp_stub,
    [UnaryOp_Log] = &log_stub,
    [UnaryOp_Sqrt] = &sqrt_stub,
    [UnaryOp_Sigmoid] = &sigmoid_stub,
    [UnaryOp_Tanh] = &tanh_stub,
    [UnaryOp_Sin] = &sin_stub,
    [UnaryOp_Cos] = &cos_stub,
    [UnaryOp_Floor] = &floor_stub,
    [UnaryOp_Ceil] = &ceil_stub,
    [UnaryOp_Round] = &round_stub,
    [UnaryOp_Trunc] = &trunc_stub,
    [UnaryOp_Sign] = &sign_stub,
    [UnaryOp_Neg] = &neg_stub,
    [UnaryOp_BitwiseNot] = &bitwise_not_stub,
    [UnaryOp_LogicalNot] = &logical_not_stub,
    [UnaryOp_Log1p] = &log1p_stub,
    [UnaryOp_Expm1] = &expm1_stub,
    [UnaryOp_Erf] = &erf_stub,
    [UnaryOp_Erfc] = &erfc_stub,
    [UnaryOp_Erfinv] = &erfinv_stub,
    [UnaryOp_Angle] = &angle_stub,
    [UnaryOp_Sgn] = &sgn_stub,
    [UnaryOp_Sinh] = &sinh_stub,
    [UnaryOp_Cosh] = &cosh_stub,
};
_Static_assert(sizeof kUnaryStubs / sizeof *kUnaryStubs == UnaryOp_Cosh + 1, "a stub per UnaryOp");

DispatchStub* unary_stub(UnaryOp op) { return kUnaryStubs[op]; }

/* TensorIterator's build of a unary operator (ops/TensorIteratorConfig.h):
 * `config_of` is TensorIteratorConfig_unary_op (the dtype kept: every
 * operand of a's dtype), _float_op (integers and bools computed in the
 * default float type) or _binary_op (the common dtype cast to the output).
 * Returns 0, or -1 with the error set.
 * PyTorch 1.13: TensorIterator.cpp build_borrowing_unary_op,
 * build_borrowing_unary_float_op */
static int unary_build(TensorIteratorBase* iter, void (*config_of)(TensorIteratorConfig*), Tensor* out,
                       bool resize_out, const Tensor* a) {
  TensorIteratorConfig config;
  config_of(&config);
  /* NB(minaten): an in-place or functional call never resizes its output. */
  config.resize_outputs = resize_out;
  TensorIteratorConfig_add_output(&config, out);
  TensorIteratorConfig_add_input(&config, a);
  return TensorIterator_build(iter, &config);
}

/* unary_op for a loop that has a complex case (TensorIteratorConfig.h complex_kernels). */
static void unary_op_with_complex(TensorIteratorConfig* config) {
  TensorIteratorConfig_unary_op(config);
  config->complex_kernels = true;
}

/* unary_float_op for a loop that has a complex case (angle). */
static void float_op_with_complex(TensorIteratorConfig* config) {
  TensorIteratorConfig_float_op(config);
  config->complex_kernels = true;
}

/* The iterator's output as the operator's result, the iterator released. */
static Tensor* unary_result(TensorIteratorBase* iter) {
  Tensor* result = TensorIterator_output(iter, 0);
  TensorIterator_release(iter);
  return result;
}

/* ---- UnaryKernel operators ----------------------------------------------------
 * A UnaryKernel's functions are the reader's, compiled once (not per
 * capability): its loop lives here, not in ops/cpu/. */

typedef struct KernelLoop {
  const UnaryKernel* k;
  ScalarType compute, in_type, out_type; /* read once: stores through the output may alias */
} KernelLoop;

/* The loop2d of a UnaryKernel operator: each element read in in_type,
 * computed by the function for the computation type, stored in out_type.
 * PyTorch 1.13: native/cpu/Loops.h cpu_kernel (basic_loop) */
static void kernel_loop2d(void* ctx, char** data, const int64_t* strides, int64_t size0, int64_t size1) {
  const KernelLoop* L = ctx;
  for (int64_t j = 0; j < size1; j++) {
    char* o = data[0] + j * strides[2];
    const char* p = data[1] + j * strides[3];
    for (int64_t i = 0; i < size0; i++, o += strides[0], p += strides[1]) {
      if (L->compute == ScalarType_Float)
        store_from_double(L->out_type, o, L->k->on_float((float)load_double(L->in_type, p)));
      else if (ScalarType_isReducedFloating(L->compute)) /* widened to float, the result a Half */
        store_from_double(L->out_type, o, reduced_round(L->compute, L->k->on_float((float)load_double(L->in_type, p))));
      else if (L->compute == ScalarType_Double)
        store_from_double(L->out_type, o, L->k->on_double(load_double(L->in_type, p)));
      else
        store_scalar(L->out_type, o, Scalar_fromLong(L->k->on_int(load_int(L->in_type, p))));
    }
  }
}

int unary_kernel_meta(StructuredOp* op, const Tensor* a, const UnaryKernel* k) {
  TORCH_CHECK((a->device.type == DeviceType_CPU || a->device.type == DeviceType_Meta) &&
                  !ScalarType_isQuantized(a->dtype),
              "minaten: elementwise operators run on non-quantized CPU tensors only");
  /* without an integer function, integers and bools compute in the default float type */
  TensorIteratorConfig config;
  if (k->on_int != NULL) TensorIteratorConfig_binary_op(&config);
  else TensorIteratorConfig_float_op(&config);
  TensorIteratorConfig_add_output(&config, StructuredOp_maybeGetOutput(op, 0));
  TensorIteratorConfig_add_input(&config, a);
  TRY(StructuredOp_build(op, &config) == 0);
  return 0;
fail:
  return -1;
}

int unary_kernel_run(StructuredOp* op, const UnaryKernel* k) {
  TensorIteratorBase* iter = &op->iter;
  /* the CPU kernel's AT_DISPATCH: a meta float16 tensor is fine */
  TORCH_CHECK(!(k->no_half_name != NULL && iter->common_dtype == ScalarType_Half),
              "\"%s\" not implemented for 'Half'", k->no_half_name);
  if (MetaMode_isEnabled() || iter->numel == 0) return 0;
  KernelLoop L = {k, iter->common_dtype, iter->tensors[1]->dtype, iter->tensors[0]->dtype};
  cpu_kernel(iter, kernel_loop2d, &L);
  return 0;
fail:
  return -1;
}

/* meta then impl on the CPU, for the forms written by hand. */
static Tensor* unary_kernel_impl(Tensor* out, bool resize_out, const Tensor* a, const UnaryKernel* k) {
  StructuredOp op;
  StructuredOp_initCpu(&op, out, resize_out);
  if (unary_kernel_meta(&op, a, k) < 0 || unary_kernel_run(&op, k) < 0) return StructuredOp_release(&op);
  return StructuredOp_output(&op, 0);
}

Tensor* unary_kernel_op(Tensor* out, const Tensor* a, const UnaryKernel* k) {
  return unary_kernel_impl(out, false, a, k);
}

Tensor* unary_kernel_op_out(Tensor* out, const Tensor* a, const UnaryKernel* k) {
  return unary_kernel_impl(out, true, a, k);
}

/* ---- the UnaryOp operators: TensorIterator's build, then the stub ------------ */

int unary_op_meta(StructuredOp* sop, const Tensor* a, UnaryOp op) {
  TORCH_CHECK((a->device.type == DeviceType_CPU || a->device.type == DeviceType_Meta) &&
                  !ScalarType_isQuantized(a->dtype),
              "minaten: elementwise operators run on non-quantized CPU tensors only");
  bool rounding = op == UnaryOp_Floor || op == UnaryOp_Ceil || op == UnaryOp_Round || op == UnaryOp_Trunc;
  bool keeps_dtype = op == UnaryOp_Abs || op == UnaryOp_Relu || op == UnaryOp_Sign || op == UnaryOp_Neg ||
                     op == UnaryOp_BitwiseNot || rounding;
  if (a->dtype == ScalarType_Bool) {
    TORCH_CHECK(op != UnaryOp_Abs, "\"abs_cpu\" not implemented for 'Bool'");
    TORCH_CHECK(op != UnaryOp_Relu, "Boolean inputs not supported for relu");
  }
  if (ScalarType_isComplex(a->dtype)) {
    /* the meta functions of these refuse complex inputs, and 1.13's loops of
     * the others have no complex case */
    static const char* const kRounding[] = {"floor", "ceil", "round", "trunc"};
    TORCH_CHECK(!rounding || op == UnaryOp_Round, "%s is not supported for complex inputs", kRounding[op - UnaryOp_Floor]);
    TORCH_CHECK(op != UnaryOp_Relu, "clamp is not supported for complex types");
    static const char* const kNoComplex[] = {
        [UnaryOp_Floor] = "floor_vml_cpu", [UnaryOp_Ceil] = "ceil_vml_cpu",   [UnaryOp_Round] = "round_vml_cpu",
        [UnaryOp_Trunc] = "trunc_vml_cpu", [UnaryOp_Log1p] = "log1p_vml_cpu", [UnaryOp_Expm1] = "expm1_vml_cpu",
        [UnaryOp_Erf] = "erf_vml_cpu",     [UnaryOp_Erfc] = "erfc_vml_cpu",   [UnaryOp_Erfinv] = "erfinv_vml_cpu",
        [UnaryOp_BitwiseNot] = "bitwise_not_cpu"};
    TORCH_CHECK(op >= (int)(sizeof kNoComplex / sizeof kNoComplex[0]) || kNoComplex[op] == NULL,
                "\"%s\" not implemented for '%s'", kNoComplex[op], ScalarType_name(a->dtype));
    TORCH_CHECK(op != UnaryOp_Sign, "Unlike NumPy, torch.sign is not intended to support complex numbers. Please use "
                                    "torch.sgn instead.");
    TORCH_CHECK(op == UnaryOp_Neg || op == UnaryOp_Abs || op == UnaryOp_Angle || op == UnaryOp_Sgn,
                "minaten: this operator has no kernel for '%s' yet", ScalarType_name(a->dtype));
  }
  /* unary_float_op: integers and bools compute in the default float type. */
  bool complex_loop = op == UnaryOp_Neg || op == UnaryOp_Abs || op == UnaryOp_Angle || op == UnaryOp_Sgn;
  TensorIteratorConfig config;
  if (op == UnaryOp_Angle) float_op_with_complex(&config);
  else if (complex_loop) unary_op_with_complex(&config);
  else if (keeps_dtype) TensorIteratorConfig_unary_op(&config);
  else TensorIteratorConfig_float_op(&config);
  TensorIteratorConfig_add_output(&config, StructuredOp_maybeGetOutput(sop, 0));
  TensorIteratorConfig_add_input(&config, a);
  TRY(StructuredOp_build(sop, &config) == 0);
  return 0;
fail:
  return -1;
}

int unary_op_run(StructuredOp* sop, UnaryOp op) {
  TensorIteratorBase* iter = &sop->iter;
  /* 1.13's CPU kernels of these have no Half (bfloat16 has them all) */
  static const char* const kNoHalf[] = {
      [UnaryOp_Relu] = "clamp_min_cpu", [UnaryOp_Exp] = "exp_vml_cpu",     [UnaryOp_Log] = "log_vml_cpu",
      [UnaryOp_Sqrt] = "sqrt_vml_cpu",  [UnaryOp_Sigmoid] = "sigmoid_cpu", [UnaryOp_Tanh] = "tanh_vml_cpu",
      [UnaryOp_Sin] = "sin_vml_cpu",    [UnaryOp_Cos] = "cos_vml_cpu",     [UnaryOp_Floor] = "floor_vml_cpu",
      [UnaryOp_Ceil] = "ceil_vml_cpu",  [UnaryOp_Round] = "round_vml_cpu", [UnaryOp_Trunc] = "trunc_vml_cpu",
      [UnaryOp_Log1p] = "log1p_vml_cpu", [UnaryOp_Expm1] = "expm1_vml_cpu", [UnaryOp_Erf] = "erf_vml_cpu",
      [UnaryOp_Erfc] = "erfc_vml_cpu",  [UnaryOp_Erfinv] = "erfinv_vml_cpu", [UnaryOp_Sinh] = "sinh_cpu",
      [UnaryOp_Cosh] = "cosh_cpu",
  };
  TORCH_CHECK(!(iter->common_dtype == ScalarType_Half && op < (int)(sizeof kNoHalf / sizeof kNoHalf[0]) &&
                kNoHalf[op] != NULL),
              "\"%s\" not implemented for 'Half'", kNoHalf[op]);
  /* AT_DISPATCH of the rounding kernels has no Bool: the kernel refuses it,
   * after the build (whose out= dtype check comes first) */
  bool rounding = op == UnaryOp_Floor || op == UnaryOp_Ceil || op == UnaryOp_Round || op == UnaryOp_Trunc;
  static const char* const kRoundingKernels[] = {"floor_vml_cpu", "ceil_vml_cpu", "round_vml_cpu", "trunc_vml_cpu"};
  TORCH_CHECK(!(rounding && iter->common_dtype == ScalarType_Bool), "\"%s\" not implemented for 'Bool'",
              kRoundingKernels[rounding ? op - UnaryOp_Floor : 0]);
  /* bitwise_not_kernel: bools, then AT_DISPATCH_INTEGRAL_TYPES, after the build */
  TORCH_CHECK(!(op == UnaryOp_BitwiseNot && ScalarType_isFloating(iter->common_dtype)),
              "\"bitwise_not_cpu\" not implemented for '%s'", ScalarType_name(iter->common_dtype));
  if (MetaMode_isEnabled() || iter->numel == 0) return 0;
  UnaryLoop L = {iter->common_dtype, iter->tensors[1]->dtype, iter->tensors[0]->dtype};
  ((unary_fn)DispatchStub_get(kUnaryStubs[op]))(iter, &L);
  return 0;
fail:
  return -1;
}

/* meta then impl on the CPU, for the forms written by hand. */
static Tensor* unary_op_impl(Tensor* out, bool resize_out, const Tensor* a, UnaryOp op) {
  StructuredOp sop;
  StructuredOp_initCpu(&sop, out, resize_out);
  if (unary_op_meta(&sop, a, op) < 0 || unary_op_run(&sop, op) < 0) return StructuredOp_release(&sop);
  return StructuredOp_output(&sop, 0);
}


Tensor* unary_op(Tensor* out, const Tensor* a, UnaryOp op) { return unary_op_impl(out, false, a, op); }

Tensor* unary_op_out(Tensor* out, const Tensor* a, UnaryOp op) { return unary_op_impl(out, true, a, op); }


/* ---- bitwise_not, logical_not ------------------------------------------------ */

/* PyTorch 1.13: UnaryOps.cpp TORCH_META_FUNC(bitwise_not) */
int at_meta_bitwise_not(StructuredOp* op, const Tensor* self) { return unary_op_meta(op, self, UnaryOp_BitwiseNot); }
/* PyTorch 1.13: UnaryOps.cpp TORCH_IMPL_FUNC(bitwise_not_out) */
int at_impl_bitwise_not_out(StructuredOp* op, const Tensor* self, Tensor* out) {
  (void)self, (void)out; /* the iterator holds them */
  return unary_op_run(op, UnaryOp_BitwiseNot);
}

/* logical_not: a bool result (the functional form makes an empty bool
 * tensor and calls the out= operator through the dispatcher, the in-place
 * form calls it with self as out), or 0/1 in an out= tensor of any dtype,
 * from an input of any dtype: no common dtype, no cast check.
 * PyTorch 1.13: UnaryOps.cpp logical_not, logical_not_ */
Tensor* at_native_logical_not(const Tensor* self) {
  int64_t zero = 0;
  Tensor* result = at_empty_memory_format((IntArrayRef){&zero, 1}, (OptionalScalarType){true, ScalarType_Bool},
                                          kNoLayout, (OptionalDevice){true, self->device}, kNoPinMemory,
                                          kNoMemoryFormat);
  if (result == NULL) return NULL;
  Tensor* r = at_logical_not_out(self, result);
  Tensor_release(result);
  return r;
}
/* PyTorch 1.13: UnaryOps.cpp logical_not_ (at::logical_not_out(self, self)) */
Tensor* at_native_logical_not_(Tensor* self) { return at_logical_not_out(self, self); }

/* PyTorch 1.13: UnaryOps.cpp logical_not_out (TensorIteratorConfig().check_all_same_dtype(false)) */
Tensor* at_native_logical_not_out(const Tensor* self, Tensor* out) {
  TORCH_CHECK(self->device.type == DeviceType_CPU && !ScalarType_isQuantized(self->dtype),
              "minaten: elementwise operators run on non-quantized CPU tensors only");
  TensorIteratorConfig config;
  TensorIteratorConfig_init(&config);
  config.check_all_same_dtype = false;
  TensorIteratorConfig_add_output(&config, out);
  TensorIteratorConfig_add_input(&config, self);
  TensorIteratorBase iter;
  TRY(TensorIterator_build(&iter, &config) == 0);
  if (!MetaMode_isEnabled() && self->numel > 0) {
    /* read as double (floats) or int64: x == 0 is exact either way */
    UnaryLoop L = {ScalarType_isFloating(self->dtype) ? ScalarType_Double : ScalarType_Long, self->dtype,
                   iter.tensors[0]->dtype};
    ((unary_fn)DispatchStub_get(&logical_not_stub))(&iter, &L);
  }
  return unary_result(&iter);
fail:
  return NULL;
}

#define NEG_BOOL_MESSAGE                                                                  \
  "Negation, the `-` operator, on a bool tensor is not supported. If you are trying to " \
  "invert a mask, use the `~` or `logical_not()` operator instead."

/* A bool self refused, then the unary iterator (the dtype kept).
 * PyTorch 1.13: UnaryOps.cpp TORCH_META_FUNC(neg) */
int at_meta_neg(StructuredOp* op, const Tensor* self) {
  TORCH_CHECK(self->dtype != ScalarType_Bool, NEG_BOOL_MESSAGE);
  return unary_op_meta(op, self, UnaryOp_Neg);
fail:
  return -1;
}
/* PyTorch 1.13: UnaryOps.cpp TORCH_IMPL_FUNC(neg_out) */
int at_impl_neg_out(StructuredOp* op, const Tensor* self, Tensor* out) {
  (void)self, (void)out; /* the iterator holds them */
  return unary_op_run(op, UnaryOp_Neg);
}

/* The unary float iterator: integers and bools compute in the default
 * float type.
 * PyTorch 1.13: UnaryOps.cpp TORCH_META_FUNC(reciprocal) (CREATE_UNARY_FLOAT_META_FUNC) */
int at_meta_reciprocal(StructuredOp* op, const Tensor* self) {
  TensorIteratorConfig config;
  TensorIteratorConfig_float_op(&config);
  config.complex_kernels = true; /* the division's loop has them */
  TensorIteratorConfig_add_output(&config, StructuredOp_maybeGetOutput(op, 0));
  TensorIteratorConfig_add_input(&config, self);
  return StructuredOp_build(op, &config);
}

/* out = 1 / self.  NB(minaten): computed by the division's loop, a wrapped
 * 1 over self written into the output the meta function made, which gives
 * 1.13's values (see the top of the file).
 * PyTorch 1.13: UnaryOps.cpp TORCH_IMPL_FUNC(reciprocal_out) */
int at_impl_reciprocal_out(StructuredOp* op, const Tensor* self, Tensor* out) {
  (void)op;
  Tensor* one = wrapped_scalar_tensor(Scalar_fromLong(1));
  if (one == NULL) return -1;
  Tensor* r = binary_op(out, one, self, BinaryOp_Div, Scalar_fromLong(1));
  Tensor_release(one);
  Tensor_release(r);
  return r == NULL ? -1 : 0;
}

/* ---- abs and angle: complex in, real out --------------------------------------
 * Note [Complex to float unary operators]
 * abs and angle of a complex tensor are real.  TensorIterator's loops run
 * complex -> complex, so 1.13 runs the loop into a complex temporary (laid
 * out as self) and copies its real part into the result, which it first
 * resizes (resize_output); the result's dtype need only be one the real
 * dtype casts to.  The functional forms allocate the result (abs: empty_like
 * self, angle: empty) and call the out= operator through the dispatcher.
 * PyTorch 1.13: UnaryOps.cpp unary_op_impl_with_complex_to_float_out,
 * unary_op_impl_with_complex_to_float */
static Tensor* complex_to_float_out(Tensor* result, const Tensor* self, UnaryOp op) {
  ScalarType float_type = ScalarType_toReal(self->dtype);
  TORCH_CHECK(canCast(float_type, result->dtype), "result type %s can't be cast to the desired output type %s",
              ScalarType_name(float_type), ScalarType_name(result->dtype));
  Tensor* complex_result = unary_op(NULL, self, op);
  if (complex_result == NULL) return NULL;
  Tensor* real = NULL;
  int ok = resize_output(result, Tensor_sizes(complex_result));
  if (ok >= 0) real = at_real(complex_result);
  Tensor* r = real == NULL ? NULL : at_copy_(result, real, false);
  Tensor_release(real);
  Tensor_release(complex_result);
  return r;
fail:
  return NULL;
}

/* PyTorch 1.13: UnaryOps.cpp at::native::abs */
Tensor* at_native_abs(const Tensor* self) {
  if (!ScalarType_isComplex(self->dtype)) return unary_op(NULL, self, UnaryOp_Abs);
  OptionalScalarType float_type = {true, ScalarType_toReal(self->dtype)};
  Tensor* result = at_empty_like(self, float_type, kNoLayout, (OptionalDevice){0}, kNoPinMemory, kNoMemoryFormat);
  if (result == NULL) return NULL;
  Tensor* r = at_abs_out(self, result);
  Tensor_release(result);
  return r;
}
/* PyTorch 1.13: UnaryOps.cpp at::native::abs_ */
Tensor* at_native_abs_(Tensor* self) {
  TORCH_CHECK(!ScalarType_isComplex(self->dtype), "In-place abs is not supported for complex tensors.");
  return unary_op(self, self, UnaryOp_Abs);
fail:
  return NULL;
}

/* PyTorch 1.13: UnaryOps.cpp at::native::abs_out */
Tensor* at_native_abs_out(const Tensor* self, Tensor* out) {
  if (ScalarType_isComplex(self->dtype) && !ScalarType_isComplex(out->dtype))
    return complex_to_float_out(out, self, UnaryOp_Abs);
  if (check_out_same_dtype(out, self->dtype) < 0) return NULL;
  return unary_op_out(out, self, UnaryOp_Abs);
}

/* PyTorch 1.13: UnaryOps.cpp at::native::angle (integers and bools: the default float) */
Tensor* at_native_angle(const Tensor* self) {
  if (!ScalarType_isComplex(self->dtype)) return unary_op(NULL, self, UnaryOp_Angle);
  int64_t zero = 0;
  Tensor* result = at_empty_memory_format((IntArrayRef){&zero, 1}, (OptionalScalarType){true, ScalarType_toReal(self->dtype)},
                                          kNoLayout, (OptionalDevice){true, self->device}, kNoPinMemory,
                                          kNoMemoryFormat);
  if (result == NULL) return NULL;
  Tensor* r = at_angle_out(self, result);
  Tensor_release(result);
  return r;
}

/* PyTorch 1.13: UnaryOps.cpp at::native::angle_out */
Tensor* at_native_angle_out(const Tensor* self, Tensor* out) {
  if (ScalarType_isComplex(self->dtype) && !ScalarType_isComplex(out->dtype))
    return complex_to_float_out(out, self, UnaryOp_Angle);
  return unary_op_out(out, self, UnaryOp_Angle);
}

/* PyTorch 1.13: UnaryOps.cpp TORCH_META_FUNC(exp) (CREATE_UNARY_META_FUNC) */
int at_meta_exp(StructuredOp* op, const Tensor* self) { return unary_op_meta(op, self, UnaryOp_Exp); }
/* PyTorch 1.13: UnaryOps.cpp TORCH_IMPL_FUNC(exp_out) */
int at_impl_exp_out(StructuredOp* op, const Tensor* self, Tensor* out) {
  (void)self, (void)out; /* the iterator holds them */
  return unary_op_run(op, UnaryOp_Exp);
}

/* PyTorch 1.13: UnaryOps.cpp TORCH_META_FUNC(log1p) (CREATE_UNARY_META_FUNC) */
int at_meta_log1p(StructuredOp* op, const Tensor* self) { return unary_op_meta(op, self, UnaryOp_Log1p); }
/* PyTorch 1.13: UnaryOps.cpp TORCH_IMPL_FUNC(log1p_out) */
int at_impl_log1p_out(StructuredOp* op, const Tensor* self, Tensor* out) {
  (void)self, (void)out; /* the iterator holds them */
  return unary_op_run(op, UnaryOp_Log1p);
}

/* PyTorch 1.13: UnaryOps.cpp TORCH_META_FUNC(expm1) (CREATE_UNARY_META_FUNC) */
int at_meta_expm1(StructuredOp* op, const Tensor* self) { return unary_op_meta(op, self, UnaryOp_Expm1); }
/* PyTorch 1.13: UnaryOps.cpp TORCH_IMPL_FUNC(expm1_out) */
int at_impl_expm1_out(StructuredOp* op, const Tensor* self, Tensor* out) {
  (void)self, (void)out; /* the iterator holds them */
  return unary_op_run(op, UnaryOp_Expm1);
}

/* PyTorch 1.13: UnaryOps.cpp TORCH_META_FUNC(erf) (CREATE_UNARY_META_FUNC) */
int at_meta_erf(StructuredOp* op, const Tensor* self) { return unary_op_meta(op, self, UnaryOp_Erf); }
/* PyTorch 1.13: UnaryOps.cpp TORCH_IMPL_FUNC(erf_out) */
int at_impl_erf_out(StructuredOp* op, const Tensor* self, Tensor* out) {
  (void)self, (void)out; /* the iterator holds them */
  return unary_op_run(op, UnaryOp_Erf);
}

/* PyTorch 1.13: UnaryOps.cpp TORCH_META_FUNC(erfc) (CREATE_UNARY_META_FUNC) */
int at_meta_erfc(StructuredOp* op, const Tensor* self) { return unary_op_meta(op, self, UnaryOp_Erfc); }
/* PyTorch 1.13: UnaryOps.cpp TORCH_IMPL_FUNC(erfc_out) */
int at_impl_erfc_out(StructuredOp* op, const Tensor* self, Tensor* out) {
  (void)self, (void)out; /* the iterator holds them */
  return unary_op_run(op, UnaryOp_Erfc);
}

/* PyTorch 1.13: UnaryOps.cpp TORCH_META_FUNC(erfinv) (CREATE_UNARY_META_FUNC) */
int at_meta_erfinv(StructuredOp* op, const Tensor* self) { return unary_op_meta(op, self, UnaryOp_Erfinv); }
/* PyTorch 1.13: UnaryOps.cpp TORCH_IMPL_FUNC(erfinv_out) */
int at_impl_erfinv_out(StructuredOp* op, const Tensor* self, Tensor* out) {
  (void)self, (void)out; /* the iterator holds them */
  return unary_op_run(op, UnaryOp_Erfinv);
}

/* PyTorch 1.13: UnaryOps.cpp TORCH_META_FUNC(log) (CREATE_UNARY_META_FUNC) */
int at_meta_log(StructuredOp* op, const Tensor* self) { return unary_op_meta(op, self, UnaryOp_Log); }
/* PyTorch 1.13: UnaryOps.cpp TORCH_IMPL_FUNC(log_out) */
int at_impl_log_out(StructuredOp* op, const Tensor* self, Tensor* out) {
  (void)self, (void)out; /* the iterator holds them */
  return unary_op_run(op, UnaryOp_Log);
}

/* PyTorch 1.13: UnaryOps.cpp TORCH_META_FUNC(sqrt) (CREATE_UNARY_META_FUNC) */
int at_meta_sqrt(StructuredOp* op, const Tensor* self) { return unary_op_meta(op, self, UnaryOp_Sqrt); }
/* PyTorch 1.13: UnaryOps.cpp TORCH_IMPL_FUNC(sqrt_out) */
int at_impl_sqrt_out(StructuredOp* op, const Tensor* self, Tensor* out) {
  (void)self, (void)out; /* the iterator holds them */
  return unary_op_run(op, UnaryOp_Sqrt);
}

/* rsqrt in float and in double, as 1.13's CPU kernel computes it (1 / sqrt(x));
 * integers and bools compute in the default float type (no integer function).
 * PyTorch 1.13: aten/src/ATen/native/cpu/UnaryOpsKernel.cpp rsqrt_kernel */
static float rsqrt_float(float x) { return 1.0f / sqrtf(x); }
static double rsqrt_double(double x) { return 1.0 / sqrt(x); }
static const UnaryKernel rsqrt_kernel = {rsqrt_float, rsqrt_double, NULL, "rsqrt_cpu"};

/* PyTorch 1.13: UnaryOps.cpp TORCH_META_FUNC(rsqrt) (CREATE_UNARY_FLOAT_META_FUNC) */
int at_meta_rsqrt(StructuredOp* op, const Tensor* self) { return unary_kernel_meta(op, self, &rsqrt_kernel); }
/* PyTorch 1.13: UnaryOps.cpp TORCH_IMPL_FUNC(rsqrt_out) */
int at_impl_rsqrt_out(StructuredOp* op, const Tensor* self, Tensor* out) {
  (void)self, (void)out; /* the iterator holds them */
  return unary_kernel_run(op, &rsqrt_kernel);
}

/* PyTorch 1.13: Activation.cpp at::native::relu */
Tensor* at_native_relu(const Tensor* self) { return unary_op(NULL, self, UnaryOp_Relu); }
/* PyTorch 1.13: Activation.cpp at::native::relu (in place) */
Tensor* at_native_relu_(Tensor* self) { return unary_op(self, self, UnaryOp_Relu); }

/* PyTorch 1.13: UnaryOps.cpp TORCH_META_FUNC(sigmoid) (CREATE_UNARY_META_FUNC) */
int at_meta_sigmoid(StructuredOp* op, const Tensor* self) { return unary_op_meta(op, self, UnaryOp_Sigmoid); }
/* PyTorch 1.13: UnaryOps.cpp TORCH_IMPL_FUNC(sigmoid_out) */
int at_impl_sigmoid_out(StructuredOp* op, const Tensor* self, Tensor* out) {
  (void)self, (void)out; /* the iterator holds them */
  return unary_op_run(op, UnaryOp_Sigmoid);
}

/* PyTorch 1.13: UnaryOps.cpp TORCH_META_FUNC(tanh) (CREATE_UNARY_META_FUNC) */
int at_meta_tanh(StructuredOp* op, const Tensor* self) { return unary_op_meta(op, self, UnaryOp_Tanh); }
/* PyTorch 1.13: UnaryOps.cpp TORCH_IMPL_FUNC(tanh_out) */
int at_impl_tanh_out(StructuredOp* op, const Tensor* self, Tensor* out) {
  (void)self, (void)out; /* the iterator holds them */
  return unary_op_run(op, UnaryOp_Tanh);
}

/* ---- rounding, sign, sin, cos ----------------------------------------------
 * floor, ceil, round (half to even), trunc and sign keep the dtype (an
 * integer tensor is copied; bools are refused by the rounding four); sin and
 * cos compute integers and bools in the default float type.  The rounding
 * four and sign refuse an out= of another dtype than the input's
 * (check_out_same_dtype); sin and cos write into any dtype the result casts to. */

/* PyTorch 1.13: UnaryOps.cpp TORCH_META_FUNC(floor) */
int at_meta_floor(StructuredOp* op, const Tensor* self) { return unary_op_meta(op, self, UnaryOp_Floor); }
/* PyTorch 1.13: UnaryOps.cpp TORCH_IMPL_FUNC(floor_out) */
int at_impl_floor_out(StructuredOp* op, const Tensor* self, Tensor* out) {
  (void)self, (void)out; /* the iterator holds them */
  return unary_op_run(op, UnaryOp_Floor);
}

/* PyTorch 1.13: UnaryOps.cpp TORCH_META_FUNC(ceil) */
int at_meta_ceil(StructuredOp* op, const Tensor* self) { return unary_op_meta(op, self, UnaryOp_Ceil); }
/* PyTorch 1.13: UnaryOps.cpp TORCH_IMPL_FUNC(ceil_out) */
int at_impl_ceil_out(StructuredOp* op, const Tensor* self, Tensor* out) {
  (void)self, (void)out; /* the iterator holds them */
  return unary_op_run(op, UnaryOp_Ceil);
}

/* PyTorch 1.13: UnaryOps.cpp TORCH_META_FUNC(round) */
int at_meta_round(StructuredOp* op, const Tensor* self) { return unary_op_meta(op, self, UnaryOp_Round); }
/* PyTorch 1.13: UnaryOps.cpp TORCH_IMPL_FUNC(round_out) */
int at_impl_round_out(StructuredOp* op, const Tensor* self, Tensor* out) {
  (void)self, (void)out; /* the iterator holds them */
  return unary_op_run(op, UnaryOp_Round);
}

/* PyTorch 1.13: UnaryOps.cpp TORCH_META_FUNC(trunc) */
int at_meta_trunc(StructuredOp* op, const Tensor* self) { return unary_op_meta(op, self, UnaryOp_Trunc); }
/* PyTorch 1.13: UnaryOps.cpp TORCH_IMPL_FUNC(trunc_out) */
int at_impl_trunc_out(StructuredOp* op, const Tensor* self, Tensor* out) {
  (void)self, (void)out; /* the iterator holds them */
  return unary_op_run(op, UnaryOp_Trunc);
}

/* PyTorch 1.13: UnaryOps.cpp TORCH_META_FUNC(sign) */
int at_meta_sign(StructuredOp* op, const Tensor* self) { return unary_op_meta(op, self, UnaryOp_Sign); }
/* PyTorch 1.13: UnaryOps.cpp TORCH_IMPL_FUNC(sign_out) */
int at_impl_sign_out(StructuredOp* op, const Tensor* self, Tensor* out) {
  (void)self, (void)out; /* the iterator holds them */
  return unary_op_run(op, UnaryOp_Sign);
}

/* sgn runs sgn_stub for complex dtypes (z / |z|), sign_stub for the others. */
static UnaryOp sgn_op(const Tensor* self) { return ScalarType_isComplex(self->dtype) ? UnaryOp_Sgn : UnaryOp_Sign; }
/* PyTorch 1.13: UnaryOps.cpp TORCH_META_FUNC(sgn) */
int at_meta_sgn(StructuredOp* op, const Tensor* self) { return unary_op_meta(op, self, sgn_op(self)); }
/* PyTorch 1.13: UnaryOps.cpp TORCH_IMPL_FUNC(sgn_out) */
int at_impl_sgn_out(StructuredOp* op, const Tensor* self, Tensor* out) {
  (void)out; /* the iterator holds it */
  return unary_op_run(op, sgn_op(self));
}

/* PyTorch 1.13: UnaryOps.cpp TORCH_META_FUNC(sin) (CREATE_UNARY_META_FUNC) */
int at_meta_sin(StructuredOp* op, const Tensor* self) { return unary_op_meta(op, self, UnaryOp_Sin); }
/* PyTorch 1.13: UnaryOps.cpp TORCH_IMPL_FUNC(sin_out) */
int at_impl_sin_out(StructuredOp* op, const Tensor* self, Tensor* out) {
  (void)self, (void)out; /* the iterator holds them */
  return unary_op_run(op, UnaryOp_Sin);
}

/* PyTorch 1.13: UnaryOps.cpp TORCH_META_FUNC(cos) (CREATE_UNARY_META_FUNC) */
int at_meta_cos(StructuredOp* op, const Tensor* self) { return unary_op_meta(op, self, UnaryOp_Cos); }
/* PyTorch 1.13: UnaryOps.cpp TORCH_IMPL_FUNC(cos_out) */
int at_impl_cos_out(StructuredOp* op, const Tensor* self, Tensor* out) {
  (void)self, (void)out; /* the iterator holds them */
  return unary_op_run(op, UnaryOp_Cos);
}

/* sinh and cosh: cpu_kernel_vec kernels, as sigmoid's (Note [The inner loops
 * of a Sleef operator] in ops/cpu/UnaryOpsKernel.c); integers and bools
 * compute in the default float type, no Half ("cosh_cpu" not implemented).
 * NB(minaten): complex inputs are refused (1.13 computes them). */
/* PyTorch 1.13: UnaryOps.cpp TORCH_META_FUNC(sinh) (CREATE_UNARY_META_FUNC) */
int at_meta_sinh(StructuredOp* op, const Tensor* self) { return unary_op_meta(op, self, UnaryOp_Sinh); }
/* PyTorch 1.13: UnaryOps.cpp TORCH_IMPL_FUNC(sinh_out) */
int at_impl_sinh_out(StructuredOp* op, const Tensor* self, Tensor* out) {
  (void)self, (void)out; /* the iterator holds them */
  return unary_op_run(op, UnaryOp_Sinh);
}

/* PyTorch 1.13: UnaryOps.cpp TORCH_META_FUNC(cosh) (CREATE_UNARY_META_FUNC) */
int at_meta_cosh(StructuredOp* op, const Tensor* self) { return unary_op_meta(op, self, UnaryOp_Cosh); }
/* PyTorch 1.13: UnaryOps.cpp TORCH_IMPL_FUNC(cosh_out) */
int at_impl_cosh_out(StructuredOp* op, const Tensor* self, Tensor* out) {
  (void)self, (void)out; /* the iterator holds them */
  return unary_op_run(op, UnaryOp_Cosh);
}

/* ---- square: pow(self, 2) (CompositeImplicitAutograd: the trace shows pow) ---- */

/* PyTorch 1.13: UnaryOps.cpp at::native::square */
Tensor* at_native_square(const Tensor* self) { return at_pow_Tensor_Scalar(self, Scalar_fromLong(2)); }
/* PyTorch 1.13: UnaryOps.cpp at::native::square_ */
Tensor* at_native_square_(Tensor* self) { return at_pow__Scalar(self, Scalar_fromLong(2)); }
/* PyTorch 1.13: UnaryOps.cpp at::native::square_out */
Tensor* at_native_square_out(const Tensor* self, Tensor* out) {
  return at_pow_Tensor_Scalar_out(self, Scalar_fromLong(2), out);
}

/* ---- real, imag, conj and the conj and neg views --------------------------------
 * conj() of a complex tensor is a view with the conjugate bit flipped
 * (_conj), whose values read conjugated: the Conjugate key's fallback
 * resolves the bit (a clone) before a kernel that does not know it runs
 * (ops/ConjugateFallback.c).  real and imag are views of view_as_real's
 * last dimension; a conjugated tensor's imag is its stored imaginary part
 * with the negative bit (_neg_view).  A real tensor has no bits: conj,
 * resolve_conj, resolve_neg, real and conj_physical return self itself (the
 * same Python object), and imag refuses.  These are CompositeImplicitAutograd:
 * a trace shows the operators they call. */

/* PyTorch 1.13: UnaryOps.cpp at::native::real */
Tensor* at_native_real(const Tensor* self) {
  if (!ScalarType_isComplex(self->dtype)) return Tensor_retain(self); /* a real self is its own real part */
  Tensor* resolved = Tensor_isConj(self) ? at__conj(self) : Tensor_retain(self);
  Tensor* real_tensor = resolved ? at_view_as_real(resolved) : NULL;
  Tensor_release(resolved);
  Tensor* r = real_tensor ? at_select_int(real_tensor, real_tensor->dim - 1, 0) : NULL;
  Tensor_release(real_tensor);
  return r;
}

/* PyTorch 1.13: UnaryOps.cpp at::native::imag */
Tensor* at_native_imag(const Tensor* self) {
  TORCH_CHECK(ScalarType_isComplex(self->dtype), "imag is not implemented for tensors with non-complex dtypes.");
  Tensor* real_tensor = NULL;
  if (Tensor_isConj(self)) {
    /* conj(a + bi) = a - bi: b read with the negative bit set beforehand */
    Tensor* plain = at__conj(self);
    Tensor* viewed = plain ? at_view_as_real(plain) : NULL;
    Tensor_release(plain);
    real_tensor = viewed ? at__neg_view(viewed) : NULL;
    Tensor_release(viewed);
  } else {
    real_tensor = at_view_as_real(self);
  }
  Tensor* r = real_tensor ? at_select_int(real_tensor, real_tensor->dim - 1, 1) : NULL;
  Tensor_release(real_tensor);
  return r;
fail:
  return NULL;
}

/* self's alias with one math bit flipped.  PyTorch 1.13: UnaryOps.cpp
 * at::native::_conj, at::native::_neg_view (self.alias(), _set_conj / _set_neg) */
static Tensor* flip_bit(const Tensor* self, DispatchKey bit) {
  Tensor* r = at_alias(self);
  if (r == NULL) return NULL;
  if (bit == DispatchKey_Conjugate && !Tensor_isConj(self) && !ScalarType_isComplex(self->dtype)) {
    /* _set_conj(true)'s assert, which torch._conj of a real tensor reaches */
    Tensor_release(r);
    Error_set(ErrorType_RuntimeError, "isComplexType(typeMetaToScalarType(dtype())) INTERNAL ASSERT FAILED at "
                                      "\"./c10/core/TensorImpl.h\":1357, please report a bug to PyTorch. ");
    return NULL;
  }
  if (bit == DispatchKey_Conjugate) Tensor_setConj(r, !Tensor_isConj(self));
  else Tensor_setNeg(r, !Tensor_isNeg(self));
  return r;
}
/* PyTorch 1.13: UnaryOps.cpp at::native::_conj */
Tensor* at_native__conj(const Tensor* self) { return flip_bit(self, DispatchKey_Conjugate); }
/* PyTorch 1.13: UnaryOps.cpp at::native::_neg_view */
Tensor* at_native__neg_view(const Tensor* self) { return flip_bit(self, DispatchKey_Negative); }

/* PyTorch 1.13: UnaryOps.cpp at::native::conj (TensorBody.h Tensor::conj:
 * a real self is returned, a complex one is _conj's view) */
Tensor* at_native_conj(const Tensor* self) {
  return ScalarType_isComplex(self->dtype) ? at__conj(self) : Tensor_retain(self);
}

/* self.clone(self.suggest_memory_format()): clone's copy_ applies the bits.
 * PyTorch 1.13: UnaryOps.cpp resolve_conj, resolve_neg */
static Tensor* resolved_copy(const Tensor* self) {
  return at_clone(self, (OptionalMemoryFormat){true, Tensor_suggestMemoryFormat(self)});
}
/* PyTorch 1.13: UnaryOps.cpp at::native::resolve_conj */
Tensor* at_native_resolve_conj(const Tensor* self) {
  return Tensor_isConj(self) ? resolved_copy(self) : Tensor_retain(self);
}
/* PyTorch 1.13: UnaryOps.cpp at::native::resolve_neg */
Tensor* at_native_resolve_neg(const Tensor* self) {
  return Tensor_isNeg(self) ? resolved_copy(self) : Tensor_retain(self);
}

/* out = conj(self), elementwise, through the unary iterator (out == NULL:
 * allocated like self; else resized, and of self's dtype): a copy for real
 * dtypes.  PyTorch 1.13: UnaryOps.cpp unary_op_impl_out with
 * conj_physical_stub, cpu/UnaryOpsKernel.cpp conj_kernel (conj_impl;
 * direct_copy_kernel for real dtypes) */
static Tensor* conj_physical_copy(Tensor* out, const Tensor* self) {
  TensorIteratorBase iter;
  TRY(unary_build(&iter, unary_op_with_complex, out, out != NULL, self) == 0);
  if (!MetaMode_isEnabled() && self->numel > 0) {
    /* a copy that conjugates, as copy_ between tensors whose conjugate bits differ */
    CopyLoop c = CopyLoop_make(iter.common_dtype, iter.common_dtype, 2, false);
    c.conj = ScalarType_isComplex(iter.common_dtype);
    TensorIterator_for_each(&iter, copy_loop2d, &c, AT_GRAIN_SIZE);
  }
  return unary_result(&iter);
fail:
  return NULL;
}

/* An empty tensor of self's options, then conj_physical.out through the
 * dispatcher (so a lazy self reaches the Lazy backend's kernel, not this
 * file's CPU loop).
 * PyTorch 1.13: UnaryOps.cpp at::native::_conj_physical (unary_op_impl:
 * at::empty({0}, self.options()), at::conj_physical_out) */
Tensor* at_native__conj_physical(const Tensor* self) {
  if (Tensor_isConj(self)) { /* self.conj().clone(): a plain tensor of the stored values */
    Tensor* plain = at_conj(self);
    Tensor* r = plain ? at_clone(plain, kNoMemoryFormat) : NULL;
    Tensor_release(plain);
    return r;
  }
  const int64_t zero = 0;
  const OptionalScalarType dtype = {true, self->dtype};
  const OptionalDevice device = {true, self->device};
  const OptionalMemoryFormat none = {0};
  Tensor* out = at_empty_memory_format(IntArrayRef_make(&zero, 1), dtype, kNoLayout, device, kNoPinMemory, none);
  if (out == NULL) return NULL;
  Tensor* r = at_conj_physical_out(self, out);
  Tensor_release(out);
  return r;
}

/* PyTorch 1.13: UnaryOps.cpp at::native::conj_physical (a non-complex self is returned) */
Tensor* at_native_conj_physical(const Tensor* self) {
  return ScalarType_isComplex(self->dtype) ? at__conj_physical(self) : Tensor_retain(self);
}

/* PyTorch 1.13: UnaryOps.cpp at::native::conj_physical_out */
Tensor* at_native_conj_physical_out(const Tensor* self, Tensor* out) { return conj_physical_copy(out, self); }

/* PyTorch 1.13: UnaryOps.cpp at::native::conj_physical_ (a non-complex self is returned) */
Tensor* at_native_conj_physical_(Tensor* self) {
  return ScalarType_isComplex(self->dtype) ? at_conj_physical_out(self, self) : Tensor_retain(self);
}
