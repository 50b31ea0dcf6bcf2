/*
 * BinaryOpsKernel.c - the binary elementwise loop and its arithmetic; see
 * ops/BinaryOps.h.
 *
 * binary_op_impl is TensorIterator's build of a binary operation (the
 * overlap, shape and dtype checks in TensorIteratorBase::build's order, the
 * output from ops/TensorIterator.h); run_loop hands TensorIterator's tiles
 * to binary_loop2d, on the intra-op threads above the grain; the
 * arithmetic of one element is one function per computation type: float
 * and double from one body (floating_element_float, floating_element_double),
 * as a kernel of PyTorch's is one lambda for every type AT_DISPATCH gives it,
 * and integer_element for integers and bools.  A float computation uses
 * float operations and functions (powf, truncf), so that its results are
 * PyTorch's float kernels', bit for bit.  In MetaMode (ops/MetaMode.h) the
 * loop is skipped: the checks and the output are the same.
 *
 * PyTorch 1.13: aten/src/ATen/native/cpu/BinaryOpsKernel.cpp,
 * native/cpu/Loops.h (cpu_kernel, basic_loop), TensorIterator.cpp
 * (build_borrowing_binary_op)
 */
#include <math.h>
#include <stdatomic.h>
#include <string.h>

#include "ops/BinaryOps.h"
#include "ops/ExpandUtils.h"
#include "ops/MemoryOverlap.h"
#include "ops/MetaMode.h"
#include "ops/TensorIterator.h"
#include "ops/TypeProperties.h"
#include "runtime/DefaultDtype.h"
#include "ops/cpu/VecLoops.h"
#include "runtime/Exception.h"
#include "runtime/Parallel.h"
#include "runtime/ScalarOps.h"
#include "runtime/TypeCast.h"

/* ---- the arithmetic of one element ---------------------------------------- */

typedef struct Loop {
  BinaryOp op;
  ScalarType compute;   /* the type the operation runs in */
  ScalarType out_type;
  ScalarType a_type, b_type;
  double alpha_d;
  int64_t alpha_i;
  atomic_bool* zero_division; /* set by an integer division by zero; the loops stop there */
  const VecLoops* vec;        /* the capability's vector loops */
  bool float_inputs;          /* computed in float from two float operands */
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

/* Python's modulo: fmod, moved by one divisor when the signs differ (a
 * zero divisor gives NaN).  PyTorch 1.13: native/cpu/BinaryOpsKernel.cpp
 * remainder_kernel */
#define DEFINE_REMAINDER(name, T, FMOD)                  \
  static T name(T a, T b) {                              \
    T mod = FMOD(a, b);                                  \
    if (mod != 0 && (b < 0) != (mod < 0)) mod += b;      \
    return mod;                                          \
  }
DEFINE_REMAINDER(remainder_float, float, fmodf)
DEFINE_REMAINDER(remainder_double, double, fmod)
#undef DEFINE_REMAINDER

/* The integer form; false for a zero divisor ("ZeroDivisionError"). */
static bool int_remainder(int64_t a, int64_t b, int64_t* out) {
  if (b == 0) return false;
  int64_t r = b == -1 ? 0 : a % b; /* INT64_MIN % -1 overflows in C */
  if (r != 0 && (r < 0) != (b < 0)) r += b;
  *out = r;
  return true;
}

/* Truncating and flooring division of integers, wrapping where C would
 * overflow (INT64_MIN / -1); false for a zero divisor.
 * PyTorch 1.13: native/cpu/BinaryOpsKernel.cpp div_trunc_kernel, c10::div_floor_integer */
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

/* One element of a floating computation in T (float or double), stored at o
 * in L->out_type: one body for both types, with T's own operations and
 * math functions (TRUNC, POW, ...).
 * PyTorch 1.13: native/cpu/BinaryOpsKernel.cpp (add_kernel, div_true_kernel,
 * div_trunc_kernel, div_floor_kernel, remainder_kernel, maximum_kernel,
 * minimum_kernel, lt_kernel, ...), native/cpu/PowKernel.cpp, TensorCompare clamp */
#define DEFINE_FLOATING_ELEMENT(name, T, TRUNC, POW, DIV_FLOOR, REMAINDER)         \
  static inline void name(const Loop* L, char* o, T x, T y) {                    \
    T alpha = (T)L->alpha_d, r;                                                   \
    switch (L->op) {                                                              \
      case BinaryOp_Add: r = x + alpha * y; break;                                \
      case BinaryOp_Sub: r = x - alpha * y; break;                                \
      case BinaryOp_Mul: r = x * y; break;                                        \
      case BinaryOp_Div: r = x / y; break;                                        \
      case BinaryOp_DivTrunc: r = TRUNC(x / y); break;                            \
      case BinaryOp_DivFloor: r = DIV_FLOOR(x, y); break;                         \
      case BinaryOp_Remainder: r = REMAINDER(x, y); break;                        \
      case BinaryOp_Maximum: r = isnan(x) || isnan(y) ? NAN : x < y ? y : x; break; \
      case BinaryOp_Minimum: r = isnan(x) || isnan(y) ? NAN : y < x ? y : x; break; \
      case BinaryOp_Pow: r = POW(x, y); break;                                    \
      case BinaryOp_SigmoidBackward: r = x * ((T)1 - y) * y; break;               \
      case BinaryOp_TanhBackward: r = x * ((T)1 - y * y); break;                  \
      case BinaryOp_ThresholdBackward: r = x <= alpha ? (T)0 : y; break;          \
      case BinaryOp_Max: r = x < y ? y : x; break;                                \
      case BinaryOp_Min: r = x > y ? y : x; break;                                \
      case BinaryOp_Lt: store_bool(L, o, x < y); return;                          \
      case BinaryOp_Le: store_bool(L, o, x <= y); return;                         \
      case BinaryOp_Gt: store_bool(L, o, x > y); return;                          \
      case BinaryOp_Ge: store_bool(L, o, x >= y); return;                         \
      case BinaryOp_Eq: store_bool(L, o, x == y); return;                         \
      case BinaryOp_LogicalAnd: store_bool(L, o, x != 0 && y != 0); return;       \
      case BinaryOp_LogicalOr: store_bool(L, o, x != 0 || y != 0); return;        \
      default: store_bool(L, o, x != y); return;                                  \
    }                                                                             \
    store_from_double(L->out_type, o, r);                                         \
  }
DEFINE_FLOATING_ELEMENT(floating_element_float, float, truncf, powf, div_floor_float, remainder_float)
DEFINE_FLOATING_ELEMENT(floating_element_double, double, trunc, pow, div_floor_double, remainder_double)
#undef DEFINE_FLOATING_ELEMENT

/* One element of an integer or bool computation (int64, two's complement
 * arithmetic done unsigned: no UB), stored at o in L->out_type; a zero
 * divisor sets *L->zero_division instead. */
static inline void integer_element(const Loop* L, char* o, int64_t x, int64_t y) {
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
    case BinaryOp_LogicalAnd: store_bool(L, o, x != 0 && y != 0); return;
    case BinaryOp_LogicalOr: store_bool(L, o, x != 0 || y != 0); return;
    case BinaryOp_ThresholdBackward: r = x <= L->alpha_i ? 0 : y; break;
    default: r = 0; break; /* Div never computes in an integer type */
  }
  if (L->out_type == ScalarType_Bool)
    *(bool*)o = r != 0;
  else
    store_scalar(L->out_type, o, Scalar_fromLong(r));
}

/* An operand read in the integer computation type t: the value cast to t,
 * as TensorIterator's casts do, so a wrapped number out of t's range wraps
 * first (uint8 > -1 compares with 255, `== 256` with 0) and a narrow type
 * compares and divides within its range. */
static inline int64_t in_integer_type(ScalarType t, int64_t v) {
  switch (t) {
    case ScalarType_Byte: return (uint8_t)v;
    case ScalarType_Char: return (int8_t)(uint8_t)v;
    case ScalarType_Short: return (int16_t)(uint16_t)v;
    case ScalarType_Int: return (int32_t)(uint32_t)v;
    case ScalarType_Bool: return v != 0;
    default: return v;
  }
}

/* One element: a and b read in the computation type (each cast to it,
 * PyTorch 1.13: TensorIterator's common_dtype casts), the operation, the
 * result stored at o. */
static void compute_element(const Loop* L, char* o, const char* pa, const char* pb) {
  if (L->compute == ScalarType_Float)
    floating_element_float(L, o, (float)load_double(L->a_type, pa), (float)load_double(L->b_type, pb));
  else if (ScalarType_isFloating(L->compute))
    floating_element_double(L, o, load_double(L->a_type, pa), load_double(L->b_type, pb));
  else
    integer_element(L, o, in_integer_type(L->compute, load_int(L->a_type, pa)),
                    in_integer_type(L->compute, load_int(L->b_type, pb)));
}

/* ---- the loop ------------------------------------------------------------- */


/* One row of n elements: the vector loops of ops/cpu/VecLoops.h when every
 * operand is a float of unit stride (b may be one number, stride 0), the
 * same float operations as floating_element_float, so the same results;
 * else element by element.  The wrapped-number form reads b once in the
 * computation type (the -1 of neg, the 2 of x * 2). */
static void binary_row(const Loop* L, char* o, const char* x, const char* y, const int64_t* strides, int64_t n) {
  if (L->float_inputs && strides[1] == 4) {
    if (strides[2] == 4 && strides[0] == 4 && L->out_type == ScalarType_Float &&
        L->vec->binary_float(L->op, (float*)o, (const float*)x, (const float*)y, (float)L->alpha_d, n))
      return;
    if (strides[2] == 4 && strides[0] == 1 && L->out_type == ScalarType_Bool &&
        L->vec->compare_float(L->op, (bool*)o, (const float*)x, (const float*)y, n))
      return;
    if (strides[2] == 0 && strides[0] == 4 && L->out_type == ScalarType_Float &&
        L->vec->binary_float_scalar(L->op, (float*)o, (const float*)x, *(const float*)y, (float)L->alpha_d, n))
      return;
  }
  for (int64_t i = 0; i < n; i++, o += strides[0], x += strides[1], y += strides[2]) {
    compute_element(L, o, x, y);
    if (atomic_load_explicit(L->zero_division, memory_order_relaxed)) return;
  }
}

/* The loop2d of every binary operator: data = {out, a, b}.
 * PyTorch 1.13: native/cpu/Loops.h cpu_kernel_vec (VectorizedLoop2d) */
static void binary_loop2d(void* ctx, char** data, const int64_t* strides, int64_t size0, int64_t size1) {
  const Loop* L = ctx;
  for (int64_t j = 0; j < size1; j++)
    binary_row(L, data[0] + j * strides[3], data[1] + j * strides[4], data[2] + j * strides[5], strides, size0);
}

/* out = a op b over TensorIterator's tiles (Note [TensorIterator's walk]
 * in ops/TensorIterator.h), on the intra-op threads above the grain. */
static void run_loop(Loop* L, Tensor* out, const Tensor* a, const Tensor* b, IntArrayRef shape) {
  if (out->numel == 0 || MetaMode_isEnabled()) return;
  L->vec = VecLoops_get();
  L->float_inputs = L->compute == ScalarType_Float && a->dtype == ScalarType_Float && b->dtype == ScalarType_Float;
  TensorIteratorBase iter;
  Tensor* operands[3] = {out, (Tensor*)a, (Tensor*)b};
  TensorIterator_initElementwise(&iter, operands, 3, shape);
  TensorIterator_for_each(&iter, binary_loop2d, L, AT_GRAIN_SIZE);
}

/*
 * The output checks of TensorIteratorBase::build, in its order: memory
 * overlap (compute_mem_overlaps), then the shape (compute_shape: an in-place
 * output is never resized), then the type (compute_types: the result type
 * must cast to the output's dtype), then resize_output for out=.
 */
static Tensor* binary_op_impl(Tensor* out, bool resize_out, const Tensor* a, const Tensor* b, BinaryOp op,
                              Scalar alpha) {
  int64_t shape[MINATEN_MAX_DIM], sa[MINATEN_MAX_DIM], sb[MINATEN_MAX_DIM];
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
  atomic_bool zero_division = false;
  Loop L;
  L.zero_division = &zero_division;
  L.op = op;
  L.a_type = a->dtype;
  L.b_type = b->dtype;
  L.compute = common;
  /* True division of integers computes in the default float type. */
  if (op == BinaryOp_Div && !ScalarType_isFloating(common)) L.compute = get_default_dtype_as_scalartype();
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
  {
    const Tensor* operands[2] = {a, b};
    int64_t* strides[2] = {sa, sb};
    fast_setup_strides(operands, 2, shape_ref, strides);
  }
  const int64_t* in_strides[2] = {sa, sb};
  /* An out= tensor that is also an input (logical_and_ is logical_and_out(self, self, other))
   * is read and written: never resized (TensorIteratorBase::mark_outputs' is_read_write). */
  if (out == a || out == b) resize_out = false;
  result = allocate_or_resize_output(out, resize_out, shape_ref, in_strides, 2, L.out_type);
  TRY(result != NULL);
  L.out_type = result->dtype;
  /* AT_DISPATCH_ALL_TYPES of div_trunc_cpu / div_floor_cpu / remainder_cpu has no Bool */
  TORCH_CHECK(!((op == BinaryOp_DivTrunc || op == BinaryOp_DivFloor || op == BinaryOp_Remainder) &&
                L.compute == ScalarType_Bool),
              "\"%s\" not implemented for 'Bool'",
              op == BinaryOp_DivTrunc ? "div_trunc_cpu" : op == BinaryOp_DivFloor ? "div_floor_cpu" : "remainder_cpu");
  /* AT_DISPATCH_FLOATING_AND_COMPLEX_TYPES... of sigmoid_backward_cpu / tanh_backward_cpu */
  TORCH_CHECK(!((op == BinaryOp_SigmoidBackward || op == BinaryOp_TanhBackward) && !ScalarType_isFloating(L.compute)),
              "\"%s\" not implemented for '%s'",
              op == BinaryOp_SigmoidBackward ? "sigmoid_backward_cpu" : "tanh_backward_cpu", ScalarType_name(L.compute));
  run_loop(&L, result, a, b, shape_ref);
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

Tensor* binary_op_scalar(Tensor* out, bool resize_out, const Tensor* a, Scalar b, BinaryOp op) {
  Tensor* w = wrapped_scalar_tensor(b);
  if (w == NULL) return NULL;
  Tensor* r = binary_op_impl(out, resize_out, a, w, op, Scalar_fromLong(1));
  Tensor_release(w);
  return r;
}
