/*
 * TensorIterator.c - elementwise loops with broadcasting and type promotion;
 * see TensorIterator.h.
 * PyTorch 1.13: aten/src/ATen/TensorIterator.cpp, native/TypeProperties.cpp
 */
#include "ops/TensorIterator.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "ops/EmptyTensor.h"
#include "ops/MemoryOverlap.h"
#include "ops/MetaMode.h"
#include "ops/Resize.h"
#include "runtime/Exception.h"
#include "runtime/TypeCast.h"
#include "runtime/safe_numerics.h"

/* ---- result_type (promoteTypes and canCast are in runtime/ScalarType.c) */

typedef struct ResultTypeState {
  ScalarType dimResult, zeroResult, wrappedResult;
} ResultTypeState;

/* PyTorch 1.13: TypeProperties.cpp update_result_type_state */
static void update_result_type_state(ResultTypeState* s, const Tensor* t) {
  ScalarType current = t->dtype;
  if (t->is_wrapped_number) {
    /* A Python float counts as the default dtype, not as double. */
    if (ScalarType_isFloating(current)) current = ScalarType_Float;
    s->wrappedResult = promoteTypes(s->wrappedResult, current);
  } else if (t->dim == 0) {
    s->zeroResult = promoteTypes(s->zeroResult, current);
  } else {
    s->dimResult = promoteTypes(s->dimResult, current);
  }
}

/* PyTorch 1.13: TypeProperties.cpp combine_categories */
static ScalarType combine_categories(ScalarType higher, ScalarType lower) {
  if (higher != ScalarType_Undefined && ScalarType_isFloating(higher)) return higher;
  if (higher == ScalarType_Bool || (lower != ScalarType_Undefined && ScalarType_isFloating(lower)))
    return promoteTypes(higher, lower);
  return higher != ScalarType_Undefined ? higher : lower;
}

ScalarType result_type(const Tensor* a, const Tensor* b) {
  ResultTypeState s = {ScalarType_Undefined, ScalarType_Undefined, ScalarType_Undefined};
  update_result_type_state(&s, a);
  update_result_type_state(&s, b);
  return combine_categories(s.dimResult, combine_categories(s.zeroResult, s.wrappedResult));
}

ScalarType result_type_list(TensorList tensors) {
  ResultTypeState s = {ScalarType_Undefined, ScalarType_Undefined, ScalarType_Undefined};
  for (size_t i = 0; i < tensors.size; i++) update_result_type_state(&s, tensors.data[i]);
  return combine_categories(s.dimResult, combine_categories(s.zeroResult, s.wrappedResult));
}

/* ---- geometry ------------------------------------------------------------ */

/* PyTorch 1.13: aten/src/ATen/ExpandUtils.cpp infer_size (shape_ so far vs the next operand) */
int broadcast_shape(IntArrayRef a, IntArrayRef b, int64_t* out, size_t* ndim) {
  size_t n = a.size > b.size ? a.size : b.size;
  /* from the last dimension back, so the first mismatch named is the rightmost */
  for (size_t i = n; i-- > 0;) {
    ptrdiff_t da = (ptrdiff_t)a.size - 1 - (ptrdiff_t)(n - 1 - i);
    ptrdiff_t db = (ptrdiff_t)b.size - 1 - (ptrdiff_t)(n - 1 - i);
    int64_t sa = da >= 0 ? a.data[da] : 1, sb = db >= 0 ? b.data[db] : 1;
    if (sa != sb && sa != 1 && sb != 1) {
      Error_set(ErrorType_RuntimeError,
                "The size of tensor a (%lld) must match the size of tensor b (%lld) at non-singleton dimension %zu",
                (long long)sa, (long long)sb, i);
      return -1;
    }
    out[i] = sa == 1 ? sb : sa;
  }
  *ndim = n;
  return 0;
}

/* An operand's byte strides over the broadcast shape (0 where broadcast).
 * PyTorch 1.13: TensorIterator.cpp compute_strides */
static void operand_strides(const Tensor* t, const int64_t* shape, int64_t ndim, int64_t* strides) {
  int64_t offset = ndim - t->dim;
  for (int64_t i = 0; i < ndim; i++) {
    int64_t d = i - offset;
    if (d < 0 || (t->sizes[d] == 1 && shape[i] != 1))
      strides[i] = 0;
    else
      strides[i] = t->strides[d] * (int64_t)Tensor_itemsize(t);
  }
}

/*
 * The output's dimension order follows the inputs' memory order, so that
 * `a.t() + 1` is laid out like `a.t()`: dims are sorted by the inputs'
 * strides (broadcast dims ignored, ties broken by size), innermost first.
 * PyTorch 1.13: TensorIterator.cpp reorder_dimensions
 */
static void output_strides_n(int64_t ndim, const int64_t* shape, const int64_t* const* ops, int nops,
                             int64_t* out_strides) {
  int64_t perm[MINATEN_MAX_DIM];
  for (int64_t i = 0; i < ndim; i++) perm[i] = ndim - 1 - i;
  for (int64_t i = 1; i < ndim; i++) {
    int64_t dim1 = i;
    for (int64_t dim0 = i - 1; dim0 >= 0; dim0--) {
      int cmp = 0;
      for (int arg = 0; arg < nops && cmp == 0; arg++) {
        int64_t s0 = ops[arg][perm[dim0]], s1 = ops[arg][perm[dim1]];
        if (s0 == 0 || s1 == 0) continue;
        if (s0 < s1) cmp = -1;
        else if (s0 > s1) cmp = 1;
        else if (shape[perm[dim0]] > shape[perm[dim1]]) cmp = 1;
      }
      if (cmp > 0) {
        int64_t tmp = perm[dim0];
        perm[dim0] = perm[dim1];
        perm[dim1] = tmp;
        dim1 = dim0;
      } else if (cmp < 0) {
        break;
      }
    }
  }
  int64_t stride = 1;
  for (int64_t i = 0; i < ndim; i++) {
    out_strides[perm[i]] = stride;
    stride = mul_wrap(stride, shape[perm[i]] > 1 ? shape[perm[i]] : 1); /* wraps past a size-0 dim */
  }
}

static void output_strides(int64_t ndim, const int64_t* shape, const int64_t* sa, const int64_t* sb,
                           int64_t* out_strides) {
  const int64_t* ops[2] = {sa, sb};
  output_strides_n(ndim, shape, ops, 2, out_strides);
}

/* ---- the loop -------------------------------------------------------------- */

typedef struct Loop {
  BinaryOp op;
  ScalarType compute;   /* the type the operation runs in */
  ScalarType out_type;
  ScalarType a_type, b_type;
  double alpha_d;
  int64_t alpha_i;
  bool* zero_division; /* set by an integer division by zero; the loop stops there */
} Loop;

static bool is_comparison(BinaryOp op) { return op >= BinaryOp_Lt; }

/* A comparison's result: a bool, or 0/1 in an out= tensor's dtype. */
static inline void store_bool(const Loop* L, char* o, bool v) {
  if (L->out_type == ScalarType_Bool)
    *(bool*)o = v;
  else
    store_scalar(L->out_type, o, Scalar_fromLong(v));
}

/* Integer power by squaring, wrapping like the integer type.
 * PyTorch 1.13: aten/src/ATen/native/Pow.h powi */
static int64_t int_pow(int64_t base, int64_t exp) {
  if (exp < 0) return base == 1 ? 1 : base == -1 ? (exp % 2 == 0 ? 1 : -1) : 0;
  uint64_t result = 1, b = (uint64_t)base;
  while (exp) {
    if (exp & 1) result *= b;
    b *= b;
    exp >>= 1;
  }
  return (int64_t)result;
}

/* Floor division of floating values, as c10::div_floor_floating: from fmod,
 * so that the quotient is exact where it can be, and IEEE's results for a
 * zero divisor.  PyTorch 1.13: c10/util/generic_math.h */
#define DEFINE_DIV_FLOOR(name, T, FMOD, FLOOR, COPYSIGN)           \
  static T name(T a, T b) {                                      \
    if (b == 0) return a / b;                                    \
    T mod = FMOD(a, b);                                          \
    T div = (a - mod) / b;                                       \
    if (mod != 0 && (b < 0) != (mod < 0)) div -= (T)1;           \
    if (div == 0) return COPYSIGN((T)0, a / b);                  \
    T floordiv = FLOOR(div);                                     \
    if (div - floordiv > (T)0.5) floordiv += (T)1;               \
    return floordiv;                                             \
  }
DEFINE_DIV_FLOOR(div_floor_float, float, fmodf, floorf, copysignf)
DEFINE_DIV_FLOOR(div_floor_double, double, fmod, floor, copysign)
#undef DEFINE_DIV_FLOOR

/* Truncating and flooring division of integers, wrapping where C would
 * overflow (INT64_MIN / -1); false for a zero divisor.
 * PyTorch 1.13: native/cpu/BinaryOpsKernel.cpp div_trunc_kernel, c10::div_floor_integer */
/* Python's modulo: fmod, moved by one divisor when the signs differ (a
 * zero divisor gives NaN).  PyTorch 1.13: native/cpu/BinaryOpsKernel.cpp
 * remainder_kernel */
static float remainder_float(float a, float b) {
  float mod = fmodf(a, b);
  if (mod != 0 && (b < 0) != (mod < 0)) mod += b;
  return mod;
}
static double remainder_double(double a, double b) {
  double mod = fmod(a, b);
  if (mod != 0 && (b < 0) != (mod < 0)) mod += b;
  return mod;
}
/* The integer form; false for a zero divisor ("ZeroDivisionError"). */
static bool int_remainder(int64_t a, int64_t b, int64_t* out) {
  if (b == 0) return false;
  int64_t r = b == -1 ? 0 : a % b; /* INT64_MIN % -1 overflows in C */
  if (r != 0 && (r < 0) != (b < 0)) r += b;
  *out = r;
  return true;
}

static bool int_div(int64_t x, int64_t y, bool floor, int64_t* r) {
  if (y == 0) return false;
  if (y == -1) {
    *r = (int64_t)(0 - (uint64_t)x);
    return true;
  }
  int64_t q = x / y;
  if (floor && (x < 0) != (y < 0) && x % y != 0) q -= 1;
  *r = q;
  return true;
}

static void compute_element(const Loop* L, char* o, const char* pa, const char* pb) {
  if (L->compute == ScalarType_Float) {
    /* float arithmetic, as PyTorch's float kernels */
    float x = (float)load_double(L->a_type, pa), y = (float)load_double(L->b_type, pb), r;
    float alpha = (float)L->alpha_d;
    switch (L->op) {
      case BinaryOp_Add: r = x + alpha * y; break;
      case BinaryOp_Sub: r = x - alpha * y; break;
      case BinaryOp_Mul: r = x * y; break;
      case BinaryOp_Div: r = x / y; break;
      case BinaryOp_DivTrunc: r = truncf(x / y); break;
      case BinaryOp_DivFloor: r = div_floor_float(x, y); break;
      case BinaryOp_Remainder: r = remainder_float(x, y); break;
      case BinaryOp_Maximum: r = isnan(x) || isnan(y) ? NAN : x < y ? y : x; break;
      case BinaryOp_Minimum: r = isnan(x) || isnan(y) ? NAN : y < x ? y : x; break;
      case BinaryOp_Pow: r = powf(x, y); break;
      case BinaryOp_Max: r = x < y ? y : x; break;
      case BinaryOp_Min: r = x > y ? y : x; break;
      case BinaryOp_Lt: store_bool(L, o, x < y); return;
      case BinaryOp_Le: store_bool(L, o, x <= y); return;
      case BinaryOp_Gt: store_bool(L, o, x > y); return;
      case BinaryOp_Ge: store_bool(L, o, x >= y); return;
      case BinaryOp_Eq: store_bool(L, o, x == y); return;
      default: store_bool(L, o, x != y); return;
    }
    store_from_double(L->out_type, o, r);
  } else if (ScalarType_isFloating(L->compute)) {
    double x = load_double(L->a_type, pa), y = load_double(L->b_type, pb), r;
    switch (L->op) {
      case BinaryOp_Add: r = x + L->alpha_d * y; break;
      case BinaryOp_Sub: r = x - L->alpha_d * y; break;
      case BinaryOp_Mul: r = x * y; break;
      case BinaryOp_Div: r = x / y; break;
      case BinaryOp_DivTrunc: r = trunc(x / y); break;
      case BinaryOp_DivFloor: r = div_floor_double(x, y); break;
      case BinaryOp_Remainder: r = remainder_double(x, y); break;
      case BinaryOp_Maximum: r = isnan(x) || isnan(y) ? NAN : x < y ? y : x; break;
      case BinaryOp_Minimum: r = isnan(x) || isnan(y) ? NAN : y < x ? y : x; break;
      case BinaryOp_Pow: r = pow(x, y); break;
      case BinaryOp_Max: r = x < y ? y : x; break;
      case BinaryOp_Min: r = x > y ? y : x; break;
      case BinaryOp_Lt: store_bool(L, o, x < y); return;
      case BinaryOp_Le: store_bool(L, o, x <= y); return;
      case BinaryOp_Gt: store_bool(L, o, x > y); return;
      case BinaryOp_Ge: store_bool(L, o, x >= y); return;
      case BinaryOp_Eq: store_bool(L, o, x == y); return;
      default: store_bool(L, o, x != y); return;
    }
    store_from_double(L->out_type, o, r);
  } else {
    /* Integers and bools: two's complement arithmetic (unsigned: no UB). */
    int64_t x = load_int(L->a_type, pa), y = load_int(L->b_type, pb);
    uint64_t ux = (uint64_t)x, uy = (uint64_t)y, ua = (uint64_t)L->alpha_i;
    int64_t r;
    switch (L->op) {
      case BinaryOp_Add: r = (int64_t)(ux + ua * uy); break;
      case BinaryOp_Sub: r = (int64_t)(ux - ua * uy); break;
      case BinaryOp_Mul: r = (int64_t)(ux * uy); break;
      case BinaryOp_Pow: r = int_pow(x, y); break;
      case BinaryOp_Remainder:
        if (!int_remainder(x, y, &r)) {
          *L->zero_division = true;
          return;
        }
        break;
      case BinaryOp_DivTrunc:
      case BinaryOp_DivFloor:
        if (!int_div(x, y, L->op == BinaryOp_DivFloor, &r)) {
          *L->zero_division = true;
          return;
        }
        break;
      case BinaryOp_Max:
      case BinaryOp_Maximum: r = x < y ? y : x; break;
      case BinaryOp_Min:
      case BinaryOp_Minimum: r = x > y ? y : x; break;
      case BinaryOp_Lt: store_bool(L, o, x < y); return;
      case BinaryOp_Le: store_bool(L, o, x <= y); return;
      case BinaryOp_Gt: store_bool(L, o, x > y); return;
      case BinaryOp_Ge: store_bool(L, o, x >= y); return;
      case BinaryOp_Eq: store_bool(L, o, x == y); return;
      case BinaryOp_Ne: store_bool(L, o, x != y); return;
      default: r = 0; break; /* Div never computes in an integer type */
    }
    if (L->out_type == ScalarType_Bool)
      *(bool*)o = r != 0;
    else
      store_scalar(L->out_type, o, Scalar_fromLong(r));
  }
}

/* The contiguous, same-dtype float fast path (what `a + b` usually is):
 * eight lanes at a time with GCC's vector extensions (the same float
 * operations as the scalar loop, so the same results), the rest one by one.
 * o may be a (in place). */
#if defined(__GNUC__)
typedef float f32x8 __attribute__((vector_size(32)));
#define VECTOR_LOOP(expr)                                  \
  do {                                                     \
    for (; i + 8 <= n; i += 8) {                           \
      f32x8 x, y, r;                                       \
      memcpy(&x, a + i, sizeof x);                         \
      memcpy(&y, b + i, sizeof y);                         \
      r = (expr);                                          \
      memcpy(o + i, &r, sizeof r);                         \
    }                                                      \
  } while (0)
/* The same with y one float, broadcast by the vector operations. */
#define VECTOR_LOOP_SCALAR(expr)                           \
  do {                                                     \
    for (; i + 8 <= n; i += 8) {                           \
      f32x8 x, r;                                          \
      memcpy(&x, a + i, sizeof x);                         \
      r = (expr);                                          \
      memcpy(o + i, &r, sizeof r);                         \
    }                                                      \
  } while (0)
#else
#define VECTOR_LOOP(expr) ((void)0)
#define VECTOR_LOOP_SCALAR(expr) ((void)0)
#endif
static bool fast_float_loop(const Loop* L, float* o, const float* a, const float* b, int64_t n) {
  float alpha = (float)L->alpha_d;
  int64_t i = 0;
  switch (L->op) {
    case BinaryOp_Add: VECTOR_LOOP(x + alpha * y); break;
    case BinaryOp_Sub: VECTOR_LOOP(x - alpha * y); break;
    case BinaryOp_Mul: VECTOR_LOOP(x * y); break;
    case BinaryOp_Div: VECTOR_LOOP(x / y); break;
    default: return false;
  }
  a += i, b += i, o += i, n -= i;
  switch (L->op) {
    case BinaryOp_Add: for (int64_t i = 0; i < n; i++) o[i] = a[i] + alpha * b[i]; return true;
    case BinaryOp_Sub: for (int64_t i = 0; i < n; i++) o[i] = a[i] - alpha * b[i]; return true;
    case BinaryOp_Mul: for (int64_t i = 0; i < n; i++) o[i] = a[i] * b[i]; return true;
    case BinaryOp_Div: for (int64_t i = 0; i < n; i++) o[i] = a[i] / b[i]; return true;
    default: return false;
  }
}

/* The same with b one number (a 0-dim or one-element operand, such as the
 * wrapped -1 of neg), read once in the computation type: the same float
 * operations as the element loop. */
static bool fast_float_scalar_loop(const Loop* L, float* o, const float* a, float y, int64_t n) {
  float alpha = (float)L->alpha_d;
  int64_t i = 0;
  switch (L->op) {
    case BinaryOp_Add: VECTOR_LOOP_SCALAR(x + alpha * y); break;
    case BinaryOp_Sub: VECTOR_LOOP_SCALAR(x - alpha * y); break;
    case BinaryOp_Mul: VECTOR_LOOP_SCALAR(x * y); break;
    case BinaryOp_Div: VECTOR_LOOP_SCALAR(x / y); break;
    default: return false;
  }
  a += i, o += i, n -= i;
  switch (L->op) {
    case BinaryOp_Add: for (int64_t i = 0; i < n; i++) o[i] = a[i] + alpha * y; return true;
    case BinaryOp_Sub: for (int64_t i = 0; i < n; i++) o[i] = a[i] - alpha * y; return true;
    case BinaryOp_Mul: for (int64_t i = 0; i < n; i++) o[i] = a[i] * y; return true;
    case BinaryOp_Div: for (int64_t i = 0; i < n; i++) o[i] = a[i] / y; return true;
    default: return false;
  }
}

static void run_loop(const Loop* L, Tensor* out, const Tensor* a, const Tensor* b, int64_t ndim,
                     const int64_t* shape, const int64_t* so, const int64_t* sa, const int64_t* sb) {
  int64_t numel = out->numel;
  if (numel == 0 || MetaMode_isEnabled()) return;
  bool same = a->dim == out->dim && b->dim == out->dim && a->is_contiguous && b->is_contiguous &&
              out->is_contiguous && a->numel == numel && b->numel == numel;
  if (same && L->compute == ScalarType_Float && a->dtype == ScalarType_Float && b->dtype == ScalarType_Float &&
      out->dtype == ScalarType_Float &&
      fast_float_loop(L, (float*)Tensor_data(out), (const float*)Tensor_data(a), (const float*)Tensor_data(b), numel))
    return;
  bool scalar_b = b->numel == 1 && a->dim == out->dim && a->is_contiguous && out->is_contiguous && a->numel == numel;
  if (scalar_b && L->compute == ScalarType_Float && a->dtype == ScalarType_Float && out->dtype == ScalarType_Float &&
      fast_float_scalar_loop(L, (float*)Tensor_data(out), (const float*)Tensor_data(a),
                             (float)load_double(b->dtype, Tensor_data(b)), numel))
    return;
  int64_t idx[MINATEN_MAX_DIM] = {0};
  char* po = Tensor_data(out);
  const char* pa = Tensor_data(a);
  const char* pb = Tensor_data(b);
  int64_t inner = ndim ? shape[ndim - 1] : 1;
  int64_t io = ndim ? so[ndim - 1] : 0, ia = ndim ? sa[ndim - 1] : 0, ib = ndim ? sb[ndim - 1] : 0;
  for (int64_t done = 0; done < numel; done += inner) {
    char* o = po;
    const char *x = pa, *y = pb;
    for (int64_t i = 0; i < inner; i++, o += io, x += ia, y += ib) {
      compute_element(L, o, x, y);
      if (*L->zero_division) return;
    }
    for (int64_t k = ndim - 2; k >= 0; k--) {
      po += so[k], pa += sa[k], pb += sb[k];
      if (++idx[k] < shape[k]) break;
      po -= so[k] * shape[k], pa -= sa[k] * shape[k], pb -= sb[k] * shape[k];
      idx[k] = 0;
    }
  }
}

/*
 * The output checks of TensorIteratorBase::build, in its order: memory
 * overlap (compute_mem_overlaps), then the shape (compute_shape: an in-place
 * output is never resized), then the type (compute_types: the result type
 * must cast to the output's dtype), then resize_output for out=.
 */
static Tensor* binary_op_impl(Tensor* out, bool resize_out, const Tensor* a, const Tensor* b, BinaryOp op,
                              Scalar alpha) {
  int64_t shape[MINATEN_MAX_DIM], sa[MINATEN_MAX_DIM], sb[MINATEN_MAX_DIM], so[MINATEN_MAX_DIM];
  size_t ndim;
  Tensor* result = NULL;
  TORCH_CHECK(a->device.type == DeviceType_CPU && b->device.type == DeviceType_CPU &&
                  !ScalarType_isQuantized(a->dtype) && !ScalarType_isQuantized(b->dtype),
              "minaten: elementwise operators run on non-quantized CPU tensors only");
  if (out != NULL) {
    TRY(assert_no_internal_overlap(out) == 0);
    TRY(assert_no_partial_overlap(out, a) == 0);
    TRY(assert_no_partial_overlap(out, b) == 0);
  }
  ScalarType common = result_type(a, b);
  bool zero_division = false;
  Loop L;
  L.zero_division = &zero_division;
  L.op = op;
  L.a_type = a->dtype;
  L.b_type = b->dtype;
  L.compute = common;
  /* True division of integers computes in the default float type. */
  if (op == BinaryOp_Div && !ScalarType_isFloating(common)) L.compute = ScalarType_Float;
  L.out_type = is_comparison(op) ? ScalarType_Bool : L.compute;
  if (op == BinaryOp_Add || op == BinaryOp_Sub) {
    /* PyTorch 1.13: BinaryOps.h alpha_check */
    TORCH_CHECK(alpha.tag != ScalarTag_Bool || L.compute == ScalarType_Bool,
                "Boolean alpha only supported for Boolean results.");
    TORCH_CHECK(ScalarType_isFloating(L.compute) || alpha.tag != ScalarTag_Double,
                "For integral input tensors, argument alpha must not be a floating point number.");
  }
  L.alpha_d = Scalar_toDouble(alpha);
  L.alpha_i = Scalar_toLong(alpha);
  TRY(broadcast_shape(Tensor_sizes(a), Tensor_sizes(b), shape, &ndim) == 0);
  TORCH_CHECK(ndim <= MINATEN_MAX_DIM, "too many dimensions");
  operand_strides(a, shape, (int64_t)ndim, sa);
  operand_strides(b, shape, (int64_t)ndim, sb);
  IntArrayRef shape_ref = IntArrayRef_make(shape, ndim);
  if (out != NULL) {
    bool same_shape = Tensor_hasSizes(out, shape_ref);
    char b1[256], b2[256];
    TORCH_CHECK(same_shape || resize_out, "output with shape %s doesn't match the broadcast shape %s",
                IntArrayRef_format(Tensor_sizes(out), b1, sizeof b1), IntArrayRef_format(shape_ref, b2, sizeof b2));
    TORCH_CHECK(canCast(L.out_type, out->dtype), "result type %s can't be cast to the desired output type %s",
                ScalarType_name(L.out_type), ScalarType_name(out->dtype));
    TRY(resize_output(out, shape_ref) == 0);
    L.out_type = out->dtype;
    result = Tensor_retain(out);
  } else {
    int64_t strides[MINATEN_MAX_DIM];
    output_strides((int64_t)ndim, shape, sa, sb, strides);
    result = empty_strided_cpu(shape_ref, IntArrayRef_make(strides, ndim), L.out_type);
    TRY(result != NULL);
  }
  operand_strides(result, shape, (int64_t)ndim, so);
  /* AT_DISPATCH_ALL_TYPES of div_trunc_cpu / div_floor_cpu / remainder_cpu has no Bool */
  TORCH_CHECK(!((op == BinaryOp_DivTrunc || op == BinaryOp_DivFloor || op == BinaryOp_Remainder) &&
                L.compute == ScalarType_Bool),
              "\"%s\" not implemented for 'Bool'",
              op == BinaryOp_DivTrunc ? "div_trunc_cpu" : op == BinaryOp_DivFloor ? "div_floor_cpu" : "remainder_cpu");
  run_loop(&L, result, a, b, (int64_t)ndim, shape, so, sa, sb);
  TORCH_CHECK(!zero_division, "ZeroDivisionError");
  return result;
fail:
  Tensor_release(result);
  return NULL;
}

Tensor* binary_op(Tensor* out, const Tensor* a, const Tensor* b, BinaryOp op, Scalar alpha) {
  return binary_op_impl(out, false, a, b, op, alpha);
}

Tensor* binary_op_out(Tensor* out, const Tensor* a, const Tensor* b, BinaryOp op, Scalar alpha) {
  return binary_op_impl(out, true, a, b, op, alpha);
}

/* ---- unary operators ----------------------------------------------------- */

/* The geometry and output checks every unary operator shares: the result
 * type `compute`, a's strides, and the output (allocated in a's memory
 * layout, or out checked and, for out=, resized) with its strides.  The
 * checks are TensorIteratorBase::build's, in its order (see binary_op_impl).
 * Returns a new reference, or NULL with the error set. */
static Tensor* unary_output(Tensor* out, bool resize_out, const Tensor* a, ScalarType compute) {
  int64_t sa[MINATEN_MAX_DIM];
  Tensor* result = NULL;
  int64_t ndim = a->dim;
  operand_strides(a, a->sizes, ndim, sa);
  if (out != NULL) {
    TRY(assert_no_internal_overlap(out) == 0);
    TRY(assert_no_partial_overlap(out, a) == 0);
    bool same_shape = Tensor_hasSizes(out, Tensor_sizes(a));
    char b1[256], b2[256];
    TORCH_CHECK(same_shape || resize_out, "output with shape %s doesn't match the broadcast shape %s",
                IntArrayRef_format(Tensor_sizes(out), b1, sizeof b1), IntArrayRef_format(Tensor_sizes(a), b2, sizeof b2));
    TORCH_CHECK(canCast(compute, out->dtype), "result type %s can't be cast to the desired output type %s",
                ScalarType_name(compute), ScalarType_name(out->dtype));
    TRY(resize_output(out, Tensor_sizes(a)) == 0);
    result = Tensor_retain(out);
  } else {
    int64_t strides[MINATEN_MAX_DIM];
    output_strides(ndim, a->sizes, sa, sa, strides);
    result = empty_strided_cpu(Tensor_sizes(a), IntArrayRef_make(strides, (size_t)ndim), compute);
    TRY(result != NULL);
  }
  return result;
fail:
  Tensor_release(result);
  return NULL;
}

/* One element of a unary operator: read p in in_type, compute in compute
 * (float, double or int64 for integers and bools), store at o in out_type.
 * The operator is k or op, whichever the function reads (unary_walk's
 * caller passes both; op by value, so that it stays in a register). */
typedef void (*UnaryElementFn)(const UnaryKernel* k, UnaryOp op, ScalarType compute, ScalarType in_type,
                               ScalarType out_type, char* o, const char* p);

/* Calls element on every element of a and the matching one of result (a's
 * shape, any strides), innermost dimension first, as run_loop walks with
 * one operand fewer.  Always inlined, so that each of its two callers gets
 * a copy in which element is a direct call the compiler can inline.
 * PyTorch 1.13: aten/src/ATen/native/cpu/Loops.h cpu_kernel (basic_loop) */
static inline __attribute__((always_inline)) void unary_walk(UnaryElementFn element, const UnaryKernel* k,
                                                            UnaryOp op, ScalarType compute, Tensor* result,
                                                            const Tensor* a) {
  int64_t ndim = a->dim;
  int64_t sa[MINATEN_MAX_DIM], so[MINATEN_MAX_DIM];
  operand_strides(a, a->sizes, ndim, sa);
  operand_strides(result, a->sizes, ndim, so);
  int64_t idx[MINATEN_MAX_DIM] = {0};
  char* po = Tensor_data(result);
  const char* pa = Tensor_data(a);
  int64_t inner = ndim ? a->sizes[ndim - 1] : 1;
  int64_t io = ndim ? so[ndim - 1] : 0, ia = ndim ? sa[ndim - 1] : 0;
  ScalarType in_type = a->dtype, out_type = result->dtype; /* read once: stores through o may alias */
  for (int64_t done = 0; done < a->numel; done += inner) {
    char* o = po;
    const char* x = pa;
    for (int64_t i = 0; i < inner; i++, o += io, x += ia) element(k, op, compute, in_type, out_type, o, x);
    for (int64_t k = ndim - 2; k >= 0; k--) {
      po += so[k], pa += sa[k];
      if (++idx[k] < a->sizes[k]) break;
      po -= so[k] * a->sizes[k], pa -= sa[k] * a->sizes[k];
      idx[k] = 0;
    }
  }
}

static void kernel_element(const UnaryKernel* k, UnaryOp op, ScalarType compute, ScalarType in_type,
                           ScalarType out_type, char* o, const char* p) {
  (void)op;
  if (compute == ScalarType_Float)
    store_from_double(out_type, o, k->on_float((float)load_double(in_type, p)));
  else if (compute == ScalarType_Double)
    store_from_double(out_type, o, k->on_double(load_double(in_type, p)));
  else
    store_scalar(out_type, o, Scalar_fromLong(k->on_int(load_int(in_type, p))));
}

static Tensor* unary_kernel_impl(Tensor* out, bool resize_out, const Tensor* a, const UnaryKernel* k) {
  TORCH_CHECK(a->device.type == DeviceType_CPU && !ScalarType_isQuantized(a->dtype),
              "minaten: elementwise operators run on non-quantized CPU tensors only");
  /* without an integer function, integers and bools compute in the default float type */
  ScalarType compute = k->on_int != NULL || ScalarType_isFloating(a->dtype) ? a->dtype : ScalarType_Float;
  Tensor* result = unary_output(out, resize_out, a, compute);
  if (result == NULL || MetaMode_isEnabled() || a->numel == 0) return result;
  if (compute == ScalarType_Float && a->dtype == ScalarType_Float && result->dtype == ScalarType_Float &&
      a->is_contiguous && result->is_contiguous) {
    float* o = (float*)Tensor_data(result);
    const float* x = (const float*)Tensor_data(a);
    for (int64_t i = 0; i < a->numel; i++) o[i] = k->on_float(x[i]);
  } else {
    unary_walk(kernel_element, k, UnaryOp_Abs /* unused */, compute, result, a);
  }
  return result;
fail:
  return NULL;
}

Tensor* unary_kernel_op(Tensor* out, const Tensor* a, const UnaryKernel* k) {
  return unary_kernel_impl(out, false, a, k);
}

Tensor* unary_kernel_op_out(Tensor* out, const Tensor* a, const UnaryKernel* k) {
  return unary_kernel_impl(out, true, a, k);
}

/* ---- the UnaryOp operators -------------------------------------------------
 * They share unary_output and unary_walk with UnaryKernel operators but keep
 * their arithmetic in switches the compiler inlines: through a function
 * pointer, abs of a strided float or an int64 tensor took 25-35% longer. */

static double unary_double(UnaryOp op, double x) {
  switch (op) {
    case UnaryOp_Abs: return fabs(x);
    case UnaryOp_Relu: return x < 0 ? 0 : x; /* NaN stays NaN, as clamp_min */
    case UnaryOp_Exp: return exp(x);
    case UnaryOp_Log: return log(x);
    case UnaryOp_Sqrt: return sqrt(x);
    case UnaryOp_Sigmoid: return 1.0 / (1.0 + exp(-x));
    case UnaryOp_Sin: return sin(x);
    case UnaryOp_Cos: return cos(x);
    case UnaryOp_Floor: return floor(x);
    case UnaryOp_Ceil: return ceil(x);
    case UnaryOp_Round: return nearbyint(x);
    case UnaryOp_Trunc: return trunc(x);
    case UnaryOp_Sign: return (double)((0 < x) - (x < 0));
    default: return tanh(x);
  }
}

static float unary_float(UnaryOp op, float x) {
  switch (op) {
    case UnaryOp_Abs: return fabsf(x);
    case UnaryOp_Relu: return x < 0 ? 0.0f : x;
    case UnaryOp_Exp: return expf(x);
    case UnaryOp_Log: return logf(x);
    case UnaryOp_Sqrt: return sqrtf(x);
    case UnaryOp_Sigmoid: return 1.0f / (1.0f + expf(-x));
    case UnaryOp_Sin: return sinf(x);
    case UnaryOp_Cos: return cosf(x);
    case UnaryOp_Floor: return floorf(x);
    case UnaryOp_Ceil: return ceilf(x);
    case UnaryOp_Round: return nearbyintf(x);
    case UnaryOp_Trunc: return truncf(x);
    case UnaryOp_Sign: return (float)((0 < x) - (x < 0));
    default: return tanhf(x);
  }
}

/* Contiguous float in and out: one loop per operation, the same float
 * functions as unary_float. */
static void fast_unary_float(UnaryOp op, float* o, const float* a, int64_t n) {
#define UNARY_LOOP(expr)                                   \
  for (int64_t i = 0; i < n; i++) {                        \
    float x = a[i];                                        \
    o[i] = (expr);                                         \
  }                                                        \
  break
  switch (op) {
    case UnaryOp_Abs: UNARY_LOOP(fabsf(x));
    case UnaryOp_Relu: UNARY_LOOP(x < 0 ? 0.0f : x);
    case UnaryOp_Exp: UNARY_LOOP(expf(x));
    case UnaryOp_Log: UNARY_LOOP(logf(x));
    case UnaryOp_Sqrt: UNARY_LOOP(sqrtf(x));
    case UnaryOp_Sigmoid: UNARY_LOOP(1.0f / (1.0f + expf(-x)));
    case UnaryOp_Sin: UNARY_LOOP(sinf(x));
    case UnaryOp_Cos: UNARY_LOOP(cosf(x));
    case UnaryOp_Floor: UNARY_LOOP(floorf(x));
    case UnaryOp_Ceil: UNARY_LOOP(ceilf(x));
    case UnaryOp_Round: UNARY_LOOP(nearbyintf(x));
    case UnaryOp_Trunc: UNARY_LOOP(truncf(x));
    case UnaryOp_Sign: UNARY_LOOP((float)((0 < x) - (x < 0)));
    default: UNARY_LOOP(tanhf(x));
  }
#undef UNARY_LOOP
}

static void op_element(const UnaryKernel* k, UnaryOp op, ScalarType compute, ScalarType in_type,
                       ScalarType out_type, char* o, const char* p) {
  (void)k;
  if (compute == ScalarType_Float) {
    store_from_double(out_type, o, unary_float(op, (float)load_double(in_type, p)));
  } else if (compute == ScalarType_Double) {
    store_from_double(out_type, o, unary_double(op, load_double(in_type, p)));
  } else {
    int64_t x = load_int(in_type, p);
    int64_t r;
    switch (op) {
      case UnaryOp_Abs: r = x < 0 ? (int64_t)(0 - (uint64_t)x) : x; break;
      case UnaryOp_Relu: r = x < 0 ? 0 : x; break;
      case UnaryOp_Sign: r = (0 < x) - (x < 0); break;
      default: r = x; break; /* floor, ceil, round, trunc of an integer */
    }
    store_scalar(out_type, o, Scalar_fromLong(r));
  }
}

static Tensor* unary_op_impl(Tensor* out, bool resize_out, const Tensor* a, UnaryOp op) {
  TORCH_CHECK(a->device.type == DeviceType_CPU && !ScalarType_isQuantized(a->dtype),
              "minaten: elementwise operators run on non-quantized CPU tensors only");
  bool rounding = op == UnaryOp_Floor || op == UnaryOp_Ceil || op == UnaryOp_Round || op == UnaryOp_Trunc;
  bool keeps_dtype = op == UnaryOp_Abs || op == UnaryOp_Relu || op == UnaryOp_Sign || rounding;
  if (a->dtype == ScalarType_Bool) {
    TORCH_CHECK(op != UnaryOp_Abs, "\"abs_cpu\" not implemented for 'Bool'");
    TORCH_CHECK(op != UnaryOp_Relu, "Boolean inputs not supported for relu");
    /* AT_DISPATCH of the rounding kernels has no Bool */
    static const char* const kRoundingKernels[] = {"floor_vml_cpu", "ceil_vml_cpu", "round_vml_cpu", "trunc_vml_cpu"};
    TORCH_CHECK(!rounding, "\"%s\" not implemented for 'Bool'", kRoundingKernels[rounding ? op - UnaryOp_Floor : 0]);
  }
  /* unary_float_op: integers and bools compute in the default float type. */
  ScalarType compute = keeps_dtype || ScalarType_isFloating(a->dtype) ? a->dtype : ScalarType_Float;
  Tensor* result = unary_output(out, resize_out, a, compute);
  if (result == NULL || MetaMode_isEnabled() || a->numel == 0) return result;
  if (compute == ScalarType_Float && a->dtype == ScalarType_Float && result->dtype == ScalarType_Float &&
      a->is_contiguous && result->is_contiguous)
    fast_unary_float(op, (float*)Tensor_data(result), (const float*)Tensor_data(a), a->numel);
  else
    unary_walk(op_element, NULL, op, compute, result, a);
  return result;
fail:
  return NULL;
}

Tensor* unary_op(Tensor* out, const Tensor* a, UnaryOp op) { return unary_op_impl(out, false, a, op); }

Tensor* unary_op_out(Tensor* out, const Tensor* a, UnaryOp op) { return unary_op_impl(out, true, a, op); }

/* ---- where ---------------------------------------------------------------- */

Tensor* where_op(const Tensor* condition, const Tensor* a, const Tensor* b) {
  int64_t ab[MINATEN_MAX_DIM], shape[MINATEN_MAX_DIM];
  int64_t sc[MINATEN_MAX_DIM], sa[MINATEN_MAX_DIM], sb[MINATEN_MAX_DIM], so[MINATEN_MAX_DIM];
  size_t nab, ndim;
  Tensor* result = NULL;
  TORCH_CHECK(condition->dtype == ScalarType_Bool || condition->dtype == ScalarType_Byte,
              "where expected condition to be a boolean tensor, but got a tensor with dtype %s",
              ScalarType_name(condition->dtype));
  ScalarType dtype = result_type(a, b);
  TRY(broadcast_shape(Tensor_sizes(a), Tensor_sizes(b), ab, &nab) == 0);
  TRY(broadcast_shape(Tensor_sizes(condition), IntArrayRef_make(ab, nab), shape, &ndim) == 0);
  operand_strides(condition, shape, (int64_t)ndim, sc);
  operand_strides(a, shape, (int64_t)ndim, sa);
  operand_strides(b, shape, (int64_t)ndim, sb);
  {
    /* laid out like the operands (condition, self, other), as TensorIterator does */
    int64_t strides[MINATEN_MAX_DIM];
    const int64_t* ops[3] = {sc, sa, sb};
    output_strides_n((int64_t)ndim, shape, ops, 3, strides);
    result = empty_strided_cpu(IntArrayRef_make(shape, ndim), IntArrayRef_make(strides, ndim), dtype);
  }
  TRY(result != NULL);
  operand_strides(result, shape, (int64_t)ndim, so);
  if (MetaMode_isEnabled()) return result;
  int64_t idx[MINATEN_MAX_DIM] = {0};
  const char *pc = Tensor_data(condition), *pa = Tensor_data(a), *pb = Tensor_data(b);
  char* po = Tensor_data(result);
  for (int64_t n = 0; n < result->numel; n++) {
    bool take_a = *(const uint8_t*)pc != 0;
    const Tensor* src = take_a ? a : b;
    const char* ps = take_a ? pa : pb;
    if (ScalarType_isFloating(src->dtype))
      store_from_double(dtype, po, load_double(src->dtype, ps));
    else
      store_scalar(dtype, po, Scalar_fromLong(load_int(src->dtype, ps)));
    for (int64_t k = (int64_t)ndim - 1; k >= 0; k--) {
      pc += sc[k], pa += sa[k], pb += sb[k], po += so[k];
      if (++idx[k] < shape[k]) break;
      pc -= sc[k] * shape[k], pa -= sa[k] * shape[k], pb -= sb[k] * shape[k], po -= so[k] * shape[k];
      idx[k] = 0;
    }
  }
  return result;
fail:
  Tensor_release(result);
  return NULL;
}
