/*
 * TensorCompare.c - clamp (with number and with tensor bounds), clamp_min,
 * clamp_max and where.
 *
 * clamp is structured: its meta functions pick the dtype and build the
 * iterator, its impls run their loops (Note [clamp's kernels]).  It applies
 * its lower bound, then its upper one (so min > max gives max
 * everywhere).  where has its
 * own loop over three operands; its overloads with Python numbers are
 * CompositeImplicitAutograd and end in where.self.
 *
 * PyTorch 1.13: aten/src/ATen/native/TensorCompare.cpp,
 * native/cpu/TensorCompareKernel.cpp (where_kernel)
 */
#include <math.h>

#include "Functions.h"
#include "NativeFunctions.h"
#include "ops/BinaryOps.h"
#include "ops/Copy.h"
#include "ops/ExpandUtils.h"
#include "ops/MemoryOverlap.h"
#include "ops/MetaMode.h"
#include "ops/Resize.h"
#include "ops/Structured.h"
#include "ops/TensorUtils.h"
#include "ops/TensorIterator.h"
#include "ops/TensorIteratorConfig.h"
#include "ops/cpu/Loops.h"
#include "ops/TypeProperties.h"
#include "ops/cpu/TensorCompareKernel.h"
#include "runtime/Exception.h"
#include "runtime/Parallel.h"
#include "runtime/ScalarOps.h"
#include "runtime/TypeCast.h"

/*
 * Note [clamp's kernels]
 * clamp with number bounds converts self to the dtype it computes in (a
 * non-floating self takes result_type with the bounds as wrapped numbers,
 * so an integer tensor clamped to 0.5 becomes float; in place, that is
 * refused) and runs a unary loop: each bound converted to that dtype
 * (Scalar::to, so uint8 refuses -1000), then `a < min ? min : a` and
 * `max < a ? max : a` (std::max, std::min; the vector loops pick the same,
 * so a NaN element stays NaN and -0. against a bound of 0. stays -0.).  A
 * NaN bound is handled before the loop: clamp with both bounds and
 * clamp_min/clamp_max fill the result with NaN; clamp with one bound only
 * runs the loop, whose comparisons with NaN keep every element.
 * clamp with tensor bounds is a TensorIterator over self and the bounds,
 * promoted to their common dtype and cast into the output when that is
 * safe; one bound runs maximum's or minimum's loop, two run
 * minimum(maximum(a, min), max) in one loop.  clamp_min.Tensor and
 * clamp_max.Tensor are maximum and minimum under their own names.
 */

/* A bound converted to the dtype clamp computes in, into `slot`; -1 with
 * Scalar::to's overflow error. */
static int clamp_bound(OptionalScalar s, ScalarType t, double* slot, int64_t* islot) {
  char buf[16];
  if (!s.has_value) return 0;
  TRY(store_scalar_checked(t, buf, s.value) == 0);
  if (ScalarType_isFloating(t)) *slot = load_double(t, buf);
  else *islot = load_int(t, buf);
  return 0;
fail:
  return -1;
}

/* clamp's loop state: the dtype and the bounds given. */
typedef struct ClampLoop {
  ScalarType dtype;
  bool has_min, has_max;
  double min, max;
  int64_t imin, imax;
} ClampLoop;

/* One tile: data = {result, self}.
 * PyTorch 1.13: native/cpu/TensorCompareKernel.cpp clamp_scalar_kernel_impl,
 * clamp_min_scalar_kernel_impl, clamp_max_scalar_kernel_impl */
static void clamp_scalar_loop2d(void* ctx, char** data, const int64_t* strides, int64_t size0, int64_t size1) {
  const ClampLoop* L = ctx;
  bool floating = ScalarType_isFloating(L->dtype);
  for (int64_t j = 0; j < size1; j++) {
    char* po = data[0] + j * strides[2];
    const char* pa = data[1] + j * strides[3];
    for (int64_t i = 0; i < size0; i++, po += strides[0], pa += strides[1]) {
      if (floating) {
        double a = load_double(L->dtype, pa);
        if (L->has_min) a = a < L->min ? L->min : a;
        if (L->has_max) a = L->max < a ? L->max : a;
        store_from_double(L->dtype, po, a);
      } else {
        int64_t a = load_int(L->dtype, pa);
        if (L->has_min) a = a < L->imin ? L->imin : a;
        if (L->has_max) a = L->imax < a ? L->imax : a;
        store_from_int64(L->dtype, po, a);
      }
    }
  }
}

/* maximum's and minimum's alpha (unused: they have none) */
static const Scalar kOne = {ScalarTag_Long, {.i = 1}};

static bool is_nan(OptionalScalar s) { return s.has_value && s.value.tag == ScalarTag_Double && isnan(s.value.v.d); }

/* The meta function of clamp, clamp_min and clamp_max with number bounds
 * (see the Note): the dtype, the in-place refusal, a unary iterator over
 * self converted to it.
 * PyTorch 1.13: TensorCompare.cpp TORCH_META_FUNC(clamp), TORCH_META_FUNC(clamp_min), TORCH_META_FUNC(clamp_max) */
static int clamp_meta(StructuredOp* op, const Tensor* self, OptionalScalar min, OptionalScalar max) {
  ScalarType t = self->dtype;
  TORCH_CHECK(!ScalarType_isComplex(t), "clamp is not supported for complex types");
  if (!ScalarType_isFloating(t)) {
    Tensor* operands[3] = {(Tensor*)self, NULL, NULL};
    size_t n = 1;
    if (min.has_value) operands[n++] = wrapped_scalar_tensor(min.value);
    if (max.has_value) operands[n++] = wrapped_scalar_tensor(max.value);
    bool made = operands[n - 1] != NULL && operands[1] != NULL;
    if (made) t = result_type_list((TensorList){operands, n});
    for (size_t i = 1; i < n; i++) Tensor_release(operands[i]);
    if (!made) return -1; /* wrapped_scalar_tensor's error */
    TORCH_CHECK(t == self->dtype || op->kind != StructuredKind_Inplace,
                "result type %s can't be cast to the desired output type %s", ScalarType_name(t),
                ScalarType_typeMetaName(self->dtype));
    /* a complex bound; a floating self's is refused by the loop's
     * conversion of it (Scalar::to) */
    TORCH_CHECK(!ScalarType_isComplex(t), "clamp is not supported for complex types");
  }
  const Tensor* input = self;
  if (t != self->dtype) TRY((input = StructuredOp_ownInput(op, at_to_dtype(self, t, false, false, kNoMemoryFormat))) != NULL);
  TensorIteratorConfig config;
  TensorIteratorConfig_unary_op(&config);
  TensorIteratorConfig_add_output(&config, StructuredOp_maybeGetOutput(op, 0));
  TensorIteratorConfig_add_input(&config, input);
  return StructuredOp_build(op, &config);
fail:
  return -1;
}

/* The impl: a NaN bound fills (`nan_fills`: clamp's with both bounds,
 * clamp_min's and clamp_max's), else the loop, named `name` in the error
 * of the dtypes it lacks (Half, Bool).
 * PyTorch 1.13: TensorCompare.cpp TORCH_IMPL_FUNC(clamp_out, clamp_min_out, clamp_max_out) */
static int clamp_run(StructuredOp* op, OptionalScalar min, OptionalScalar max, bool nan_fills, const char* name) {
  TensorIteratorBase* iter = &op->iter;
  if (nan_fills && (is_nan(min) || is_nan(max)))
    return done_in_place(at_fill__Scalar(op->outputs[0], Scalar_fromDouble(NAN)));
  ScalarType t = iter->common_dtype;
  TORCH_CHECK(t != ScalarType_Half && t != ScalarType_Bool, "\"%s\" not implemented for '%s'", name,
              ScalarType_name(t));
  ClampLoop L = {.dtype = t, .has_min = min.has_value, .has_max = max.has_value};
  TRY(clamp_bound(min, t, &L.min, &L.imin) == 0 && clamp_bound(max, t, &L.max, &L.imax) == 0);
  if (MetaMode_isEnabled() || iter->numel == 0) return 0;
  cpu_kernel_vec(iter, clamp_scalar_loop2d, &L);
  return 0;
fail:
  return -1;
}

/* PyTorch 1.13: TensorCompare.cpp TORCH_META_FUNC(clamp) */
int at_meta_clamp(StructuredOp* op, const Tensor* self, OptionalScalar min, OptionalScalar max) {
  TORCH_CHECK(min.has_value || max.has_value, "torch.clamp: At least one of 'min' or 'max' must not be None");
  return clamp_meta(op, self, min, max);
fail:
  return -1;
}
/* PyTorch 1.13: TensorCompare.cpp TORCH_IMPL_FUNC(clamp_out) */
int at_impl_clamp_out(StructuredOp* op, const Tensor* self, OptionalScalar min, OptionalScalar max, Tensor* out) {
  (void)self, (void)out;
  const char* name = !max.has_value ? "clamp_min_cpu" : !min.has_value ? "clamp_max_scalar_cpu" : "clamp_scalar_cpu";
  return clamp_run(op, min, max, min.has_value && max.has_value, name);
}

static const OptionalScalar kNoBound = {false, {ScalarTag_Long, {.i = 0}}};
static OptionalScalar bound(Scalar s) { return (OptionalScalar){true, s}; }

/* PyTorch 1.13: TensorCompare.cpp TORCH_META_FUNC(clamp_min) */
int at_meta_clamp_min(StructuredOp* op, const Tensor* self, Scalar min) {
  TORCH_CHECK(!ScalarType_isComplex(self->dtype) && !Scalar_isComplex(min), "clamp is not supported for complex types");
  return clamp_meta(op, self, bound(min), kNoBound);
fail:
  return -1;
}
/* PyTorch 1.13: TensorCompare.cpp TORCH_IMPL_FUNC(clamp_min_out) */
int at_impl_clamp_min_out(StructuredOp* op, const Tensor* self, Scalar min, Tensor* out) {
  (void)self, (void)out;
  return clamp_run(op, bound(min), kNoBound, true, "clamp_min_cpu");
}
/* PyTorch 1.13: TensorCompare.cpp TORCH_META_FUNC(clamp_max) */
int at_meta_clamp_max(StructuredOp* op, const Tensor* self, Scalar max) {
  TORCH_CHECK(!ScalarType_isComplex(self->dtype) && !Scalar_isComplex(max), "clamp is not supported for complex types");
  return clamp_meta(op, self, kNoBound, bound(max));
fail:
  return -1;
}
/* PyTorch 1.13: TensorCompare.cpp TORCH_IMPL_FUNC(clamp_max_out) */
int at_impl_clamp_max_out(StructuredOp* op, const Tensor* self, Scalar max, Tensor* out) {
  (void)self, (void)out;
  return clamp_run(op, kNoBound, bound(max), true, "clamp_max_scalar_cpu");
}

/* ---- clamp with tensor bounds ------------------------------------------------ */

/* clamp.Tensor's loop state: the common dtype and each operand's. */
typedef struct ClampTensorLoop {
  ScalarType common, types[4]; /* result, self, min, max */
} ClampTensorLoop;

/* The element at p (of dtype t) converted to the common dtype, as a double
 * (floating) or an int64 (integral). */
static double as_common_double(ScalarType common, ScalarType t, const char* p) {
  char buf[16];
  convert_element(common, buf, t, p);
  return load_double(common, buf);
}
static int64_t as_common_int(ScalarType common, ScalarType t, const char* p) {
  char buf[16];
  convert_element(common, buf, t, p);
  return load_int(common, buf);
}

/* clamp.Tensor's loop with both bounds: data = {result, self, min, max},
 * each operand promoted to the common dtype, the result cast to the
 * output's; maximum's then minimum's comparison (NaN from any operand
 * propagates).
 * PyTorch 1.13: native/cpu/TensorCompareKernel.cpp clamp_kernel_impl */
static void clamp_tensor_loop2d(void* ctx, char** data, const int64_t* strides, int64_t size0, int64_t size1) {
  const ClampTensorLoop* L = ctx;
  ScalarType t = L->common;
  bool floating = ScalarType_isFloating(t);
  for (int64_t j = 0; j < size1; j++) {
    char* po = data[0] + j * strides[4];
    const char *pa = data[1] + j * strides[5], *pl = data[2] + j * strides[6], *ph = data[3] + j * strides[7];
    for (int64_t i = 0; i < size0; i++) {
      char r[16];
      if (floating) {
        double a = as_common_double(t, L->types[1], pa), lo = as_common_double(t, L->types[2], pl),
               hi = as_common_double(t, L->types[3], ph);
        a = isnan(a) || isnan(lo) ? NAN : a < lo ? lo : a;
        store_from_double(t, r, isnan(a) || isnan(hi) ? NAN : hi < a ? hi : a);
      } else {
        int64_t a = as_common_int(t, L->types[1], pa), lo = as_common_int(t, L->types[2], pl),
                hi = as_common_int(t, L->types[3], ph);
        a = a < lo ? lo : a;
        store_from_int64(t, r, hi < a ? hi : a);
      }
      convert_element(L->types[0], po, t, r);
      po += strides[0], pa += strides[1], pl += strides[2], ph += strides[3];
    }
  }
}

/* PyTorch 1.13: TensorCompare.cpp TORCH_META_FUNC2(clamp, Tensor) (CLAMP_CONFIG) */
int at_meta_clamp_Tensor(StructuredOp* op, const Tensor* self, const Tensor* min, const Tensor* max) {
  TORCH_CHECK(min != NULL || max != NULL, "torch.clamp: At least one of 'min' or 'max' must not be None");
  TORCH_CHECK(!ScalarType_isComplex(self->dtype), "clamp is not supported for complex types");
  TensorIteratorConfig config;
  TensorIteratorConfig_binary_op(&config);
  config.allow_cpu_scalars = false;
  TensorIteratorConfig_add_output(&config, StructuredOp_maybeGetOutput(op, 0));
  TensorIteratorConfig_add_input(&config, self);
  if (min != NULL) TensorIteratorConfig_add_input(&config, min);
  if (max != NULL) TensorIteratorConfig_add_input(&config, max);
  return StructuredOp_build(op, &config);
fail:
  return -1;
}
/* PyTorch 1.13: TensorCompare.cpp TORCH_IMPL_FUNC(clamp_Tensor_out) */
int at_impl_clamp_Tensor_out(StructuredOp* op, const Tensor* self, const Tensor* min, const Tensor* max, Tensor* out) {
  (void)self, (void)out;
  if (min == NULL || max == NULL) return binary_op_run(op, min != NULL ? BinaryOp_Maximum : BinaryOp_Minimum, kOne);
  ScalarType t = op->iter.common_dtype;
  TORCH_CHECK(t != ScalarType_Half && t != ScalarType_Bool && !ScalarType_isComplex(t),
              "\"clamp_cpu\" not implemented for '%s'", ScalarType_name(t));
  if (MetaMode_isEnabled() || op->iter.numel == 0) return 0;
  ClampTensorLoop L = {t, {op->iter.tensors[0]->dtype, op->iter.tensors[1]->dtype, op->iter.tensors[2]->dtype,
                           op->iter.tensors[3]->dtype}};
  cpu_kernel_vec(&op->iter, clamp_tensor_loop2d, &L);
  return 0;
fail:
  return -1;
}

/* The meta function of clamp_min.Tensor and clamp_max.Tensor: maximum's
 * and minimum's binary iterator, complex refused.
 * PyTorch 1.13: TensorCompare.cpp TORCH_META_FUNC2(clamp_min, Tensor), TORCH_META_FUNC2(clamp_max, Tensor) */
static int clamp_bound_tensor_meta(StructuredOp* op, const Tensor* self, const Tensor* bound, BinaryOp bop) {
  TORCH_CHECK(!ScalarType_isComplex(self->dtype) && !ScalarType_isComplex(bound->dtype),
              "clamp is not supported for complex types");
  return binary_op_meta(op, self, bound, bop, kOne);
fail:
  return -1;
}
/* PyTorch 1.13: TensorCompare.cpp TORCH_META_FUNC2(clamp_min, Tensor) */
int at_meta_clamp_min_Tensor(StructuredOp* op, const Tensor* self, const Tensor* min) {
  return clamp_bound_tensor_meta(op, self, min, BinaryOp_Maximum);
}
/* PyTorch 1.13: TensorCompare.cpp TORCH_IMPL_FUNC(clamp_min_Tensor_out) (maximum_stub) */
int at_impl_clamp_min_Tensor_out(StructuredOp* op, const Tensor* self, const Tensor* min, Tensor* out) {
  (void)self, (void)min, (void)out;
  return binary_op_run(op, BinaryOp_Maximum, kOne);
}
/* PyTorch 1.13: TensorCompare.cpp TORCH_META_FUNC2(clamp_max, Tensor) */
int at_meta_clamp_max_Tensor(StructuredOp* op, const Tensor* self, const Tensor* max) {
  return clamp_bound_tensor_meta(op, self, max, BinaryOp_Minimum);
}
/* PyTorch 1.13: TensorCompare.cpp TORCH_IMPL_FUNC(clamp_max_Tensor_out) (minimum_stub) */
int at_impl_clamp_max_Tensor_out(StructuredOp* op, const Tensor* self, const Tensor* max, Tensor* out) {
  (void)self, (void)max, (void)out;
  return binary_op_run(op, BinaryOp_Minimum, kOne);
}

/* ---- where ---------------------------------------------------------------- */

/* The dtypes of where's loop: its result's, self's and other's. */
typedef struct WhereLoop {
  ScalarType dtype, a_type, b_type;
} WhereLoop;

/* where's loop over one tile: data = {result, condition, self, other}, the
 * chosen element converted to the result's dtype.
 * PyTorch 1.13: native/cpu/TensorCompareKernel.cpp where_kernel_impl (cpu_kernel_vec) */
static void where_loop2d(void* ctx, char** data, const int64_t* strides, int64_t size0, int64_t size1) {
  const WhereLoop* L = ctx;
  for (int64_t j = 0; j < size1; j++) {
    char* po = data[0] + j * strides[4];
    const char *pc = data[1] + j * strides[5], *pa = data[2] + j * strides[6], *pb = data[3] + j * strides[7];
    for (int64_t i = 0; i < size0; i++, po += strides[0], pc += strides[1], pa += strides[2], pb += strides[3]) {
      bool take_a = *(const uint8_t*)pc != 0;
      ScalarType src_type = take_a ? L->a_type : L->b_type;
      const char* ps = take_a ? pa : pb;
      if (ScalarType_isComplex(L->dtype))
        convert_element(L->dtype, po, src_type, ps);
      else if (ScalarType_isFloating(src_type))
        store_from_double(L->dtype, po, load_double(src_type, ps));
      else
        store_scalar(L->dtype, po, Scalar_fromLong(load_int(src_type, ps)));
    }
  }
}

/* where's kernel on its iterator (output, condition, self, other): float
 * operands and result, all contiguous, none broadcast, run the vector loop
 * of the capability in use (where_float_stub), which copies the chosen
 * float's bits as 1.13's where_kernel does; anything else where_loop2d.
 * PyTorch 1.13: native/cpu/TensorCompareKernel.cpp where_kernel_impl */
static void where_kernel(TensorIteratorBase* iter, const Tensor* condition, const Tensor* a, const Tensor* b) {
  const Tensor* result = iter->tensors[0];
  ScalarType dtype = result->dtype;
  IntArrayRef shape = Tensor_sizes(result);
  if (result->numel == 0) return;
  if (dtype == ScalarType_Float && a->dtype == ScalarType_Float && b->dtype == ScalarType_Float &&
      a->is_contiguous && b->is_contiguous && condition->is_contiguous && result->is_contiguous &&
      Tensor_hasSizes(a, shape) && Tensor_hasSizes(b, shape) && Tensor_hasSizes(condition, shape)) {
    where_float_fn where_float = (where_float_fn)DispatchStub_get(&where_float_stub);
    where_float((float*)Tensor_data(result), (const uint8_t*)Tensor_data(condition), (const float*)Tensor_data(a),
                (const float*)Tensor_data(b), result->numel);
    return;
  }
  WhereLoop L = {dtype, a->dtype, b->dtype};
  cpu_kernel(iter, where_loop2d, &L);
}

/* where(condition, self, other): condition, self and other broadcast to one
 * shape, the dtype result_type(self, other), the output laid out like the
 * three operands (as TensorIterator lays it out).  The element loop is
 * where's own, so it skips itself in MetaMode.
 * PyTorch 1.13: TensorCompare.cpp where_self_out, native/cpu/TensorCompareKernel.cpp where_kernel_impl */
Tensor* at_native_where(const Tensor* condition, const Tensor* a, const Tensor* b) {
  TORCH_CHECK(condition->dtype == ScalarType_Bool || condition->dtype == ScalarType_Byte,
              "where expected condition to be a boolean tensor, but got a tensor with dtype %s",
              ScalarType_name(condition->dtype));
  TensorIteratorConfig config;
  TensorIteratorConfig_init(&config);
  config.check_all_same_dtype = false;
  config.static_dtype = result_type(a, b);
  config.complex_kernels = true; /* where_loop2d converts any element */
  TensorIteratorConfig_add_output(&config, NULL);
  TensorIteratorConfig_add_input(&config, condition);
  TensorIteratorConfig_add_input(&config, a);
  TensorIteratorConfig_add_input(&config, b);
  TensorIteratorBase iter;
  TRY(TensorIterator_build(&iter, &config) == 0);
  if (!MetaMode_isEnabled()) where_kernel(&iter, condition, a, b);
  Tensor* result = TensorIterator_output(&iter, 0);
  TensorIterator_release(&iter);
  return result;
fail:
  return NULL;
}

/* ---- where with Python numbers --------------------------------------------------
 * CompositeImplicitAutograd: the numbers become scalar_tensor()s and the tensor
 * is converted (to()) to the result type of the two, then where.self runs;
 * a trace shows scalar_tensor, _to_copy when a conversion copies, and
 * where.self.  PyTorch 1.13: TensorCompare.cpp at::native::where (Scalar overloads) */

/* result_type of a tensor and a number, or of two numbers (wrapped numbers:
 * a float one means the default dtype). */
static ScalarType result_type_with_scalar(const Tensor* t, Scalar s) {
  Tensor* w = wrapped_scalar_tensor(s);
  if (w == NULL) return ScalarType_Undefined;
  ScalarType r = result_type(t, w);
  Tensor_release(w);
  return r;
}

/* at::scalar_tensor(s, like.options().dtype(dtype)): like's layout and
 * device passed on too, as a TensorOptions unpacks. */
static Tensor* scalar_tensor_of(Scalar s, ScalarType dtype, const Tensor* like) {
  OptionalScalarType dt = {true, dtype};
  OptionalLayout layout = {true, Layout_Strided};
  OptionalDevice device = {true, like->device};
  return at_scalar_tensor(s, dt, layout, device, kNoPinMemory);
}

static Tensor* to_dtype(const Tensor* t, ScalarType dtype) {
  return at_to_dtype(t, dtype, false, false, kNoMemoryFormat);
}

/* The where of a number and a tensor, in either order. */
static Tensor* where_scalar_tensor(const Tensor* condition, Scalar s, const Tensor* t, bool scalar_first) {
  Tensor *st = NULL, *tc = NULL, *r = NULL;
  ScalarType dtype = result_type_with_scalar(t, s);
  if (dtype == ScalarType_Undefined) return NULL;
  st = scalar_tensor_of(s, dtype, t);
  if (st == NULL) return NULL;
  tc = to_dtype(t, dtype);
  if (tc != NULL) r = scalar_first ? at_where_self(condition, st, tc) : at_where_self(condition, tc, st);
  Tensor_release(st);
  Tensor_release(tc);
  return r;
}

/* PyTorch 1.13: TensorCompare.cpp at::native::where (Tensor, Scalar, Tensor) */
Tensor* at_native_where_ScalarSelf(const Tensor* condition, Scalar self, const Tensor* other) {
  return where_scalar_tensor(condition, self, other, true);
}

/* PyTorch 1.13: TensorCompare.cpp at::native::where (Tensor, Tensor, Scalar) */
Tensor* at_native_where_ScalarOther(const Tensor* condition, const Tensor* self, Scalar other) {
  return where_scalar_tensor(condition, other, self, false);
}

/* PyTorch 1.13: TensorCompare.cpp at::native::where (Tensor, Scalar, Scalar) */
Tensor* at_native_where_Scalar(const Tensor* condition, Scalar self, Scalar other) {
  Tensor* ws = wrapped_scalar_tensor(self);
  if (ws == NULL) return NULL;
  ScalarType dtype = result_type_with_scalar(ws, other);
  Tensor_release(ws);
  if (dtype == ScalarType_Undefined) return NULL;
  Tensor* ot = scalar_tensor_of(other, dtype, condition);
  if (ot == NULL) return NULL;
  Tensor* st = scalar_tensor_of(self, dtype, condition);
  Tensor* r = st ? at_where_self(condition, st, ot) : NULL;
  Tensor_release(st);
  Tensor_release(ot);
  return r;
}

/* isnan: x != x, element by element (a bool tensor; never true for integers).
 * PyTorch 1.13: TensorCompare.cpp at::native::isnan */
Tensor* at_native_isnan(const Tensor* self) { return at_ne_Tensor(self, self); }

/* PyTorch 1.13: TensorCompare.cpp DEFINE_DISPATCH(where_kernel) */
DEFINE_DISPATCH(where_float_stub);

/* ---- clip: clamp under another name ------------------------------------------- */

/* PyTorch 1.13: TensorCompare.cpp clip (Scalar bounds): at::clamp */
Tensor* at_native_clip(const Tensor* self, OptionalScalar min, OptionalScalar max) {
  return at_clamp(self, min, max);
}

/* PyTorch 1.13: TensorCompare.cpp clip (Tensor bounds): at::clamp */
Tensor* at_native_clip_Tensor(const Tensor* self, const Tensor* min, const Tensor* max) {
  return at_clamp_Tensor(self, min, max);
}

/* PyTorch 1.13: TensorCompare.cpp clip_ (Scalar bounds): at::clamp_ */
Tensor* at_native_clip_(Tensor* self, OptionalScalar min, OptionalScalar max) { return at_clamp_(self, min, max); }

/* PyTorch 1.13: TensorCompare.cpp clip_ (Tensor bounds): at::clamp_ */
Tensor* at_native_clip__Tensor(Tensor* self, const Tensor* min, const Tensor* max) {
  return at_clamp__Tensor(self, min, max);
}

/* PyTorch 1.13: TensorCompare.cpp clip_out (Scalar bounds): at::clamp_outf */
Tensor* at_native_clip_out(const Tensor* self, OptionalScalar min, OptionalScalar max, Tensor* out) {
  return at_clamp_out(self, min, max, out);
}

/* PyTorch 1.13: TensorCompare.cpp clip_out (Tensor bounds): at::clamp_outf */
Tensor* at_native_clip_Tensor_out(const Tensor* self, const Tensor* min, const Tensor* max, Tensor* out) {
  return at_clamp_Tensor_out(self, min, max, out);
}
