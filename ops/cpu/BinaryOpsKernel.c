/*
 * BinaryOpsKernel.c - the CPU kernels of the binary elementwise operators:
 * one named kernel per stub of ops/BinaryOps.h (add_kernel, mul_kernel,
 * ...), each running TensorIterator's tiles through its loop2d.
 *
 * This file is compiled once per CPU capability (Note [CPU capability
 * dispatch] in ops/DispatchStub.h); everything in it is static but the
 * registrations at the end.  A kernel's loop2d (binary_tile with the
 * operation a constant) takes each row of its tile:
 *  - floats of unit stride computed in float (b of unit stride, or one
 *    number: stride 0) go through the vector loops (binary_loop,
 *    binary_scalar_loop, compare_loop), which compute floating_element_float's
 *    operations on whole vectors and the tail as a zero-padded vector, so
 *    they give the same bits as the scalar loop;
 *  - rows of fmod and atan2 in float, double or BFloat16 at AVX2 and AVX512
 *    start with Sleef's vector functions, as 1.13's (sleef_binary_prefix,
 *    Note [fmod and atan2 in 1.13's vector loops] in BinaryOpsSleefLoops.h);
 *  - Half and BFloat16 rows of add (and sub) go through their own vector
 *    loop (reduced_add_row), computed in float lane by lane as 1.13 computes
 *    each element (Note [Half and BFloat16 rows]);
 *  - anything else element by element (compute_element): a and b read in
 *    the computation type (float, double, or int64 for integers and bools),
 *    as 1.13's common-dtype casts do, the arithmetic of one element one
 *    function per computation type: float and double from one body
 *    (floating_element_float, floating_element_double), as a kernel of
 *    PyTorch's is one lambda for every type AT_DISPATCH gives it, and
 *    integer_element for integers and bools.  A float computation uses float
 *    operations and functions (powf, truncf), so that its results are
 *    PyTorch's float kernels', bit for bit.
 * The vectors are 32 bytes (64 in the AVX512 copy: ops/cpu/vec.h); the
 * arithmetic is the scalar loop's operation for operation, with
 * -ffp-contract=off (no FMA), so every capability gives the same bits.
 *
 * PyTorch 1.13: aten/src/ATen/native/cpu/BinaryOpsKernel.cpp,
 * native/cpu/Loops.h (cpu_kernel_vec, VectorizedLoop2d, basic_loop,
 * vectorized_loop), native/cpu/PowKernel.cpp, native/cpu/TensorCompareKernel.cpp
 */
#include <math.h>
#include <stdatomic.h>
#include <string.h>

#include "ops/BinaryOps.h"
#include "ops/DispatchStub.h"
#include "ops/TensorIterator.h"
#include "ops/cpu/BinaryOpsSleefLoops.h"
#include "ops/cpu/Loops.h"
#include "ops/cpu/vec.h"
#include "ops/cpu/vec_reduced.h"
#include "runtime/Parallel.h"
#include "runtime/ScalarOps.h"
#include "runtime/TypeCast.h"

/* ---- the arithmetic of one element ---------------------------------------- */

/* A comparison's result: a bool, or 0/1 in an out= tensor's dtype. */
static inline void store_bool(const BinaryLoop* L, char* o, bool v) {
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
 * math functions (TRUNC, POW, ...).  R rounds an intermediate result to
 * the computation type: nothing for float and double; for Half and
 * BFloat16, which compute in float, to the 16-bit type and back, as each
 * operator of c10::Half returns a Half (see reduced_round).
 * PyTorch 1.13: native/cpu/BinaryOpsKernel.cpp (add_kernel, div_true_kernel,
 * div_trunc_kernel, div_floor_kernel, remainder_kernel, maximum_kernel,
 * minimum_kernel, lt_kernel, ...), native/cpu/PowKernel.cpp, TensorCompare clamp */
#define DEFINE_FLOATING_ELEMENT(name, T, TRUNC, POW, DIV_FLOOR, REMAINDER, FMOD, ATAN2, R) \
  static inline __attribute__((always_inline)) void name(const BinaryLoop* L, BinaryOp op, char* o, T x, T y) { \
    T alpha = R((T)L->alpha_d), r;                                                \
    switch (op) {                                                                 \
      case BinaryOp_Add: r = x + R(alpha * y); break;                             \
      case BinaryOp_Sub: r = x - R(alpha * y); break;                             \
      case BinaryOp_Mul: r = x * y; break;                                        \
      case BinaryOp_Div: r = x / y; break;                                        \
      case BinaryOp_DivTrunc: r = TRUNC(x / y); break;                            \
      case BinaryOp_DivFloor: r = DIV_FLOOR(x, y); break;                         \
      case BinaryOp_Remainder: r = REMAINDER(x, y); break;                        \
      case BinaryOp_Fmod: r = FMOD(x, y); break;                                  \
      case BinaryOp_Atan2: r = ATAN2(x, y); break;                                \
      case BinaryOp_Maximum: r = isnan(x) || isnan(y) ? NAN : x < y ? y : x; break; \
      case BinaryOp_Minimum: r = isnan(x) || isnan(y) ? NAN : y < x ? y : x; break; \
      case BinaryOp_Pow: r = POW(x, y); break;                                    \
      case BinaryOp_SigmoidBackward: r = R(x * R((T)1 - y)) * y; break;           \
      case BinaryOp_TanhBackward: r = x * R((T)1 - R(y * y)); break;              \
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
      case BinaryOp_LogicalXor: store_bool(L, o, (x != 0) != (y != 0)); return;   \
      default: store_bool(L, o, x != y); return;                                  \
    }                                                                             \
    store_from_double(L->out_type, o, R(r)); /* the result in the computation type */ \
  }
#define NO_ROUNDING(v) (v)
/* A float result as the Half or BFloat16 L->compute holds it. */
#define REDUCED_ROUND(v) reduced_round(L->compute, v)
DEFINE_FLOATING_ELEMENT(floating_element_float, float, truncf, powf, div_floor_float, remainder_float, fmodf, atan2f, NO_ROUNDING)
DEFINE_FLOATING_ELEMENT(floating_element_double, double, trunc, pow, div_floor_double, remainder_double, fmod, atan2, NO_ROUNDING)
/* NB(minaten): 1.13's Half and BFloat16 kernels are the same lambdas on
 * c10::Half, whose every operation rounds; minaten rounds the operations of
 * compound formulas (alpha * y, 1 - y) but computes floor division and
 * remainder in float, rounding once.  1.13's BFloat16 vector path (rows of
 * 32 or more contiguous elements) rounds once too: modelled for add only
 * (Note [Half and BFloat16 rows]); the other operators' BFloat16 vector
 * blocks narrow a NaN to 0xffff in 1.13, to 0x7fc0 here. */
DEFINE_FLOATING_ELEMENT(floating_element_reduced, float, truncf, powf, div_floor_float, remainder_float, fmodf, atan2f, REDUCED_ROUND)
#undef DEFINE_FLOATING_ELEMENT
#undef NO_ROUNDING
#undef REDUCED_ROUND

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

/* Note [Shift counts]
 * 1.13's CPU kernels shift with C++'s operators on the element type
 * (lshift_kernel: `static_cast<std::make_unsigned_t<scalar_t>>(a) << b`,
 * rshift_kernel: `a >> b`), whose operands are first promoted to int, or
 * stay 64-bit for int64; a count outside [0, width) is undefined in C++,
 * and x86's shift instructions, which 1.13's build runs, take the count
 * modulo the promoted width: 32 for uint8, int8, int16 and int32, 64 for
 * int64.  So int8's `1 << 8` is 0 (256 truncated), `1 << 33` is 2,
 * `1 << -1` is 0 (a count of 31), and int32's `-5 >> 32` is -5.  Measured
 * under 1.13 for every integer dtype, counts -3..70 and random ones, rows
 * of 3, 100 and 1000 elements (its vector loops give the same results);
 * tests/conformance/bitwise/shifts.py pins them.  Here the count is
 * reduced first (no undefined shift in C), the left shift done unsigned,
 * and the result cut to the element type, as the store to scalar_t does.
 * PyTorch 1.13: native/cpu/BinaryOpsKernel.cpp lshift_kernel, rshift_kernel */
static inline int64_t shift_element(ScalarType t, bool left, int64_t x, int64_t count) {
  unsigned width = ScalarType_elementSize(t) * 8;
  unsigned c = (unsigned)((uint64_t)count & (width <= 32 ? 31u : 63u));
  uint64_t mask = width == 64 ? UINT64_MAX : (UINT64_C(1) << width) - 1;
  int64_t r = left ? (int64_t)(((uint64_t)x & mask) << c) : x >> c; /* x >> c: arithmetic, as GCC defines it */
  return in_integer_type(t, r);
}

/* One element of an integer or bool computation (int64, two's complement
 * arithmetic done unsigned: no UB), stored at o in L->out_type; a zero
 * divisor sets *L->zero_division instead. */
static inline __attribute__((always_inline)) void integer_element(const BinaryLoop* L, BinaryOp op, char* o,
                                                                  int64_t x, int64_t y) {
  uint64_t ux = (uint64_t)x, uy = (uint64_t)y, ua = (uint64_t)L->alpha_i;
  int64_t r;
  switch (op) {
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
    case BinaryOp_Fmod: /* fmod_kernel: TORCH_CHECK(d != 0, "ZeroDivisionError"); x % d */
      if (y == 0) {
        *L->zero_division = true;
        return;
      }
      /* NB(minaten): 1.13 divides with the CPU's instruction, which faults
       * (SIGFPE, the process dies) for INT32_MIN % -1 and INT64_MIN % -1;
       * here the remainder is 0, as for the narrower types. */
      r = y == -1 ? 0 : x % y;
      break;
    case BinaryOp_DivTrunc:
    case BinaryOp_DivFloor:
      if (!int_div(x, y, op == BinaryOp_DivFloor, &r)) {
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
    case BinaryOp_LogicalXor: store_bool(L, o, (x != 0) != (y != 0)); return;
    case BinaryOp_ThresholdBackward: r = x <= L->alpha_i ? 0 : y; break;
    case BinaryOp_BitwiseAnd: r = x & y; break;
    case BinaryOp_BitwiseOr: r = x | y; break;
    case BinaryOp_BitwiseXor: r = x ^ y; break;
    case BinaryOp_Lshift:
    case BinaryOp_Rshift: r = shift_element(L->compute, op == BinaryOp_Lshift, x, y); break;
    default: r = 0; break; /* Div never computes in an integer type */
  }
  /* The result in the computation type first (1.13's loop returns a
   * scalar_t), then cast to the output's: uint8's 5 - 8 into a float64
   * out= is 253, not -3. */
  r = in_integer_type(L->compute, r);
  if (L->out_type == ScalarType_Bool)
    *(bool*)o = r != 0;
  else
    store_scalar(L->out_type, o, Scalar_fromLong(r));
}

/* One element: a and b read in the computation type (each cast to it,
 * PyTorch 1.13: TensorIterator's common_dtype casts), the operation, the
 * result stored at o. */
static inline __attribute__((always_inline)) void compute_element(const BinaryLoop* L, BinaryOp op, char* o,
                                                                  const char* pa, const char* pb) {
  if (L->compute == ScalarType_Float)
    floating_element_float(L, op, o, (float)load_double(L->a_type, pa), (float)load_double(L->b_type, pb));
  else if (ScalarType_isReducedFloating(L->compute)) /* each operand cast to Half, then widened */
    floating_element_reduced(L, op, o, reduced_round(L->compute, (float)load_double(L->a_type, pa)),
                             reduced_round(L->compute, (float)load_double(L->b_type, pb)));
  else if (ScalarType_isFloating(L->compute))
    floating_element_double(L, op, o, load_double(L->a_type, pa), load_double(L->b_type, pb));
  else
    integer_element(L, op, o, in_integer_type(L->compute, load_int(L->a_type, pa)),
                    in_integer_type(L->compute, load_int(L->b_type, pb)));
}

/* ---- vector loops ----------------------------------------------------------- */

/* The arithmetic of floating_element_float on vectors (the ops
 * has_binary_vec names); see the scalar forms above.  y may be a splat (the scalar-b loop). */
static inline __attribute__((always_inline)) fvec binary_vec(BinaryOp op, fvec x, fvec y, float alpha) {
  switch (op) {
    case BinaryOp_Add: return x + alpha * y;
    case BinaryOp_Sub: return x - alpha * y;
    case BinaryOp_Mul: return x * y;
    case BinaryOp_Div: return x / y;
    case BinaryOp_Maximum: return where((x != x) | (y != y), splat(NAN), where(x < y, y, x));
    case BinaryOp_Minimum: return where((x != x) | (y != y), splat(NAN), where(y < x, y, x));
    case BinaryOp_Max: return where(x < y, y, x);
    case BinaryOp_Min: return where(x > y, y, x);
    case BinaryOp_SigmoidBackward: return x * (1.0f - y) * y;
    case BinaryOp_TanhBackward: return x * (1.0f - y * y);
    default: return where(x <= alpha, splat(0.0f), y); /* ThresholdBackward */
  }
}

/* A row of n floats of unit stride, the operation a constant (each named
 * kernel below has its own copy, with no branch inside the body).
 * NB: loads before stores at each step, so o == a or o == b is safe. */
static inline __attribute__((always_inline)) void binary_loop(BinaryOp op, float* o, const float* a, const float* b,
                                                              float alpha, int64_t n) {
  int64_t i = 0, start = stream_start(o, n); /* Note [Streaming stores] */
  if (start < n) {
    if (start > 0) store_partial(o, binary_vec(op, load_partial(a, start), load_partial(b, start), alpha), start);
    for (i = start; i + kLanes <= n; i += kLanes) store_stream(o + i, binary_vec(op, load(a + i), load(b + i), alpha));
    stream_fence();
  }
  for (; i + kLanes <= n; i += kLanes) store(o + i, binary_vec(op, load(a + i), load(b + i), alpha));
  if (i < n) store_partial(o + i, binary_vec(op, load_partial(a + i, n - i), load_partial(b + i, n - i), alpha), n - i);
}

static inline __attribute__((always_inline)) void binary_scalar_loop(BinaryOp op, float* o, const float* a, float b,
                                                                     float alpha, int64_t n) {
  fvec y = splat(b);
  int64_t i = 0, start = stream_start(o, n);
  if (start < n) {
    if (start > 0) store_partial(o, binary_vec(op, load_partial(a, start), y, alpha), start);
    for (i = start; i + kLanes <= n; i += kLanes) store_stream(o + i, binary_vec(op, load(a + i), y, alpha));
    stream_fence();
  }
  for (; i + kLanes <= n; i += kLanes) store(o + i, binary_vec(op, load(a + i), y, alpha));
  if (i < n) store_partial(o + i, binary_vec(op, load_partial(a + i, n - i), y, alpha), n - i);
}

static inline __attribute__((always_inline)) ivec compare_vec(BinaryOp op, fvec x, fvec y) {
  switch (op) {
    case BinaryOp_Lt: return x < y;
    case BinaryOp_Le: return x <= y;
    case BinaryOp_Gt: return x > y;
    case BinaryOp_Ge: return x >= y;
    case BinaryOp_Eq: return x == y;
    default: return x != y; /* Ne */
  }
}

/* A mask's lanes as bools (bytes 0 or 1). */
static inline void store_bools(bool* o, ivec mask, int64_t m) {
  bvec bytes = __builtin_convertvector(mask, bvec) & 1;
  memcpy(o, &bytes, (size_t)m);
}

static inline __attribute__((always_inline)) void compare_loop(BinaryOp op, bool* o, const float* a, const float* b,
                                                               int64_t n) {
  int64_t i = 0;
  for (; i + kLanes <= n; i += kLanes) store_bools(o + i, compare_vec(op, load(a + i), load(b + i)), kLanes);
  if (i < n) store_bools(o + i, compare_vec(op, load_partial(a + i, n - i), load_partial(b + i, n - i)), n - i);
}

/*
 * Note [Half and BFloat16 rows]
 * add (and sub: add with alpha negated) of Half and BFloat16 rows computes
 * in float a whole vector at a time, each lane as 1.13 computes it:
 *  - Half: 1.13's Vectorized<Half> is the generic one in every build (no
 *    vec256 file of its own), whose fmadd is `a * b + c` on c10::Half, each
 *    operation rounded to Half, as the scalar lambda `self + alpha * other`:
 *    every element is round(x + round(alpha * y));
 *  - BFloat16: in the AVX2 and AVX512 builds, vectorized_loop runs the
 *    row's leading blocks of 2 * Vectorized<BFloat16>::size() elements (32 at
 *    AVX2, 64 at AVX512: VEC_BYTES) through Vectorized<BFloat16>::fmadd,
 *    which widens to float, does one fused multiply-add and narrows:
 *    round(fma(y, alpha, x)), a NaN narrowed to 0xffff; the rest of the row
 *    (basic_loop) through the scalar lambda, round(x + round(alpha * y)), a
 *    NaN to c10's 0x7fc0.  The DEFAULT build's Vectorized<BFloat16> is the
 *    generic one: the scalar formula everywhere.
 * With alpha = +-1, alpha * y is exact and both forms are round(x + alpha * y).
 * alpha is Scalar::to<scalar_t>: rounded to the dtype first.  An operand of
 * stride 0 (a wrapped number, a broadcast element: vectorized_loop's
 * opt_scalar) is read once, cast to the dtype as compute_element casts it.
 * The conversions are ops/cpu/vec_reduced.h's (Note [Half and BFloat16
 * lanes]); the floats' operations are the scalar loop's, with the FMA only
 * where 1.13 has it.
 * PyTorch 1.13: ufunc/add.h (add), native/cpu/Loops.h vectorized_loop,
 * ATen/cpu/vec/vec256/vec256_bfloat16.h (fmadd), vec_base.h (fmadd)
 */

/* The row of a Half or BFloat16 add that goes through reduced_add_row: out,
 * a and b of the computation's dtype, of unit stride, but a or b may be one
 * number (stride 0, of any dtype). */
static inline bool is_reduced_add_row(const BinaryLoop* L, const int64_t* strides) {
  return ScalarType_isReducedFloating(L->compute) && L->out_type == L->compute && strides[0] == 2 &&
         (strides[1] == 2 ? L->a_type == L->compute : strides[1] == 0) &&
         (strides[2] == 2 ? L->b_type == L->compute : strides[2] == 0) && (strides[1] != 0 || strides[2] != 0);
}

static inline __attribute__((always_inline)) fvec widen(hvec h, bool half) {
  return half ? half_to_float_vec(h) : bfloat16_to_float_vec(h);
}
static inline __attribute__((always_inline)) hvec narrow(fvec f, bool half, uint16_t bfloat16_nan) {
  return half ? float_to_half_vec(f) : float_to_bfloat16_vec(f, bfloat16_nan);
}

/* The operand of a row or of one number (stride 0), and its m (<= kLanes)
 * elements from element i, widened (the number splatted). */
typedef struct ReducedOperand {
  const uint16_t* p;
  fvec scalar;
} ReducedOperand;
static inline __attribute__((always_inline)) fvec operand(ReducedOperand v, bool scalar, int64_t i, int64_t m,
                                                          bool half) {
  if (scalar) return v.scalar;
  return widen(m == kLanes ? hload(v.p + i) : hload_partial(v.p + i, m), half);
}

/* y * alpha + x with one rounding (the AVX2 and AVX512 copies only). */
static inline fvec fused_multiply_add(fvec y, fvec alpha, fvec x) {
#if defined(__AVX512F__)
  return (fvec)_mm512_fmadd_ps((__m512)y, (__m512)alpha, (__m512)x);
#elif defined(__FMA__)
  return (fvec)_mm256_fmadd_ps((__m256)y, (__m256)alpha, (__m256)x);
#else
  return y * alpha + x; /* not reached: DEFAULT has no fused blocks */
#endif
}

/* m (<= kLanes) elements of the output from element i: fused (1.13's vector
 * blocks of BFloat16) or the scalar formula, exact when alpha is +-1. */
static inline __attribute__((always_inline)) void reduced_add_block(uint16_t* o, ReducedOperand a, bool a_scalar,
                                                                    ReducedOperand b, bool b_scalar, fvec alpha,
                                                                    int64_t i, int64_t m, bool half, bool exact,
                                                                    bool fused) {
  fvec x = operand(a, a_scalar, i, m, half), y = operand(b, b_scalar, i, m, half), r;
  if (exact)
    r = x + alpha * y;
  else if (fused)
    r = fused_multiply_add(y, alpha, x);
  else
    r = x + widen(narrow(alpha * y, half, 0x7fc0), half);
  hvec h = narrow(r, half, fused ? kBFloat16VectorNaN : 0x7fc0);
  if (m == kLanes)
    hstore(o + i, h);
  else
    hstore_partial(o + i, h, m);
}

/* 2 * kLanes BFloat16 outputs from element i, as reduced_add_block computes
 * them, through ops/cpu/vec_reduced.h's pair of vectors. */
static inline __attribute__((always_inline)) void reduced_add_pair(uint16_t* o, ReducedOperand a, bool a_scalar,
                                                                   ReducedOperand b, bool b_scalar, fvec alpha,
                                                                   int64_t i, bool exact, bool fused) {
  fvec x[2], y[2], r[2];
  if (a_scalar)
    x[0] = x[1] = a.scalar;
  else
    bfloat16_pair_widen(a.p + i, &x[0], &x[1]);
  if (b_scalar)
    y[0] = y[1] = b.scalar;
  else
    bfloat16_pair_widen(b.p + i, &y[0], &y[1]);
  for (int k = 0; k < 2; k++) {
    if (exact)
      r[k] = x[k] + alpha * y[k];
    else if (fused)
      r[k] = fused_multiply_add(y[k], alpha, x[k]);
    else
      r[k] = x[k] + widen(narrow(alpha * y[k], false, 0x7fc0), false);
  }
  bfloat16_pair_narrow(o + i, r[0], r[1], fused ? kBFloat16VectorNaN : 0x7fc0);
}

/* One row of a Half or BFloat16 add (Note [Half and BFloat16 rows]), the
 * kinds of operand and of arithmetic constants. */
static inline __attribute__((always_inline)) void reduced_add_row_of(uint16_t* o, const ReducedOperand* ap,
                                                                     bool a_scalar, const ReducedOperand* bp,
                                                                     bool b_scalar, float alpha, int64_t n,
                                                                     bool half, bool exact) {
  ReducedOperand a = *ap, b = *bp; /* locals: no reload after each store */
  fvec va = splat(alpha);
  int64_t i = 0, fused_end = 0;
#if !defined(CPU_CAPABILITY_DEFAULT)
  if (!half) fused_end = n - n % VEC_BYTES; /* 2 * Vectorized<BFloat16>::size() */
#endif
  for (; i < fused_end; i += 2 * kLanes) /* fused_end: a multiple of 2 * kLanes */
    reduced_add_pair(o, a, a_scalar, b, b_scalar, va, i, exact, true);
  if (!half)
    for (; i + 2 * kLanes <= n; i += 2 * kLanes) reduced_add_pair(o, a, a_scalar, b, b_scalar, va, i, exact, false);
  for (; i + kLanes <= n; i += kLanes)
    reduced_add_block(o, a, a_scalar, b, b_scalar, va, i, kLanes, half, exact, false);
  if (i < n) reduced_add_block(o, a, a_scalar, b, b_scalar, va, i, n - i, half, exact, false);
}

/* A row of each kind of operands: rows, or one of them a number. */
static inline __attribute__((always_inline)) void reduced_add_row_kinds(uint16_t* o, const ReducedOperand* a,
                                                                        const ReducedOperand* b, bool a_scalar,
                                                                        bool b_scalar, float alpha, int64_t n,
                                                                        bool half, bool exact) {
  if (b_scalar)
    reduced_add_row_of(o, a, false, b, true, alpha, n, half, exact);
  else if (a_scalar)
    reduced_add_row_of(o, a, true, b, false, alpha, n, half, exact);
  else
    reduced_add_row_of(o, a, false, b, false, alpha, n, half, exact);
}
typedef void (*ReducedAddRows)(uint16_t* o, const ReducedOperand* a, const ReducedOperand* b, bool a_scalar,
                               bool b_scalar, float alpha, int64_t n);
static void reduced_add_rows_half(uint16_t* o, const ReducedOperand* a, const ReducedOperand* b, bool a_scalar,
                                  bool b_scalar, float alpha, int64_t n) {
  reduced_add_row_kinds(o, a, b, a_scalar, b_scalar, alpha, n, true, false);
}
static void reduced_add_rows_half_exact(uint16_t* o, const ReducedOperand* a, const ReducedOperand* b,
                                        bool a_scalar, bool b_scalar, float alpha, int64_t n) {
  reduced_add_row_kinds(o, a, b, a_scalar, b_scalar, alpha, n, true, true);
}
static void reduced_add_rows_bfloat16(uint16_t* o, const ReducedOperand* a, const ReducedOperand* b, bool a_scalar,
                                      bool b_scalar, float alpha, int64_t n) {
  reduced_add_row_kinds(o, a, b, a_scalar, b_scalar, alpha, n, false, false);
}
static void reduced_add_rows_bfloat16_exact(uint16_t* o, const ReducedOperand* a, const ReducedOperand* b,
                                            bool a_scalar, bool b_scalar, float alpha, int64_t n) {
  reduced_add_row_kinds(o, a, b, a_scalar, b_scalar, alpha, n, false, true);
}

/* One row of a Half or BFloat16 add (is_reduced_add_row). */
static void reduced_add_row(const BinaryLoop* L, char* o, const char* x, const char* y, const int64_t* strides,
                            int64_t n) {
  ScalarType t = L->compute;
  float alpha = reduced_round(t, (float)L->alpha_d);
  bool a_scalar = strides[1] == 0, b_scalar = strides[2] == 0;
  ReducedOperand a = {(const uint16_t*)x, splat(0.0f)}, b = {(const uint16_t*)y, splat(0.0f)};
  if (a_scalar) a.scalar = splat(reduced_round(t, (float)load_double(L->a_type, x)));
  if (b_scalar) b.scalar = splat(reduced_round(t, (float)load_double(L->b_type, y)));
  bool exact = alpha == 1.0f || alpha == -1.0f;
  ReducedAddRows rows = t == ScalarType_Half ? (exact ? reduced_add_rows_half_exact : reduced_add_rows_half)
                                             : (exact ? reduced_add_rows_bfloat16_exact : reduced_add_rows_bfloat16);
  rows((uint16_t*)o, &a, &b, a_scalar, b_scalar, alpha, n);
}

/* ---- the loops ------------------------------------------------------------- */

/* Whether op has a vector form (binary_vec); the comparisons have theirs
 * (compare_vec). */
static inline bool has_binary_vec(BinaryOp op) {
  return op == BinaryOp_Add || op == BinaryOp_Sub || op == BinaryOp_Mul || op == BinaryOp_Div ||
         op == BinaryOp_Maximum || op == BinaryOp_Minimum || op == BinaryOp_Max || op == BinaryOp_Min ||
         op == BinaryOp_SigmoidBackward || op == BinaryOp_TanhBackward || op == BinaryOp_ThresholdBackward;
}
static inline bool has_compare_vec(BinaryOp op) { return op >= BinaryOp_Lt && op <= BinaryOp_Ne; }

/* One row of n elements (strides: out's, a's, b's). */
static inline __attribute__((always_inline)) void binary_row(const BinaryLoop* L, BinaryOp op, char* o,
                                                             const char* x, const char* y, const int64_t* strides,
                                                             int64_t n) {
  if (op == BinaryOp_Add && is_reduced_add_row(L, strides)) {
    reduced_add_row(L, o, x, y, strides, n);
    return;
  }
  if (op == BinaryOp_Fmod || op == BinaryOp_Atan2) { /* Note [fmod and atan2 in 1.13's vector loops] */
    int64_t done = sleef_binary_prefix(L, op, o, x, y, strides, n);
    o += done * strides[0], x += done * strides[1], y += done * strides[2], n -= done;
  }
  bool floats = L->compute == ScalarType_Float && L->a_type == ScalarType_Float && L->b_type == ScalarType_Float &&
                strides[1] == 4;
  if (floats && has_binary_vec(op) && L->out_type == ScalarType_Float && strides[0] == 4) {
    if (strides[2] == 4) {
      binary_loop(op, (float*)o, (const float*)x, (const float*)y, (float)L->alpha_d, n);
      return;
    }
    if (strides[2] == 0) { /* b one number (the wrapped-number form: the -1 of neg, the 2 of x * 2) */
      binary_scalar_loop(op, (float*)o, (const float*)x, *(const float*)y, (float)L->alpha_d, n);
      return;
    }
  }
  if (floats && has_compare_vec(op) && L->out_type == ScalarType_Bool && strides[0] == 1 && strides[2] == 4) {
    compare_loop(op, (bool*)o, (const float*)x, (const float*)y, n);
    return;
  }
  for (int64_t i = 0; i < n; i++, o += strides[0], x += strides[1], y += strides[2]) {
    compute_element(L, op, o, x, y);
    if (atomic_load_explicit(L->zero_division, memory_order_relaxed)) return;
  }
}

/* A tile (data = {out, a, b}), row by row.
 * PyTorch 1.13: native/cpu/Loops.h VectorizedLoop2d */
static inline __attribute__((always_inline)) void binary_tile(void* ctx, BinaryOp op, char** data,
                                                              const int64_t* strides, int64_t size0, int64_t size1) {
  const BinaryLoop* L = ctx;
  for (int64_t j = 0; j < size1; j++)
    binary_row(L, op, data[0] + j * strides[3], data[1] + j * strides[4], data[2] + j * strides[5], strides, size0);
}

/* ---- the kernels: each a loop2d with its operation, handed to cpu_kernel_vec
 * (Note [cpu_kernel and cpu_kernel_vec] in ops/cpu/Loops.h) ------------------ */

/* PyTorch 1.13: BinaryOpsKernel.cpp add_kernel */
static void add_loop2d(void* L, char** data, const int64_t* strides, int64_t size0, int64_t size1) {
  binary_tile(L, BinaryOp_Add, data, strides, size0, size1);
}
static void add_kernel(TensorIteratorBase* iter, const BinaryLoop* L) {
  cpu_kernel_vec(iter, add_loop2d, L);
}

/* PyTorch 1.13: BinaryOpsKernel.cpp mul_kernel */
static void mul_loop2d(void* L, char** data, const int64_t* strides, int64_t size0, int64_t size1) {
  binary_tile(L, BinaryOp_Mul, data, strides, size0, size1);
}
static void mul_kernel(TensorIteratorBase* iter, const BinaryLoop* L) {
  cpu_kernel_vec(iter, mul_loop2d, L);
}

/* PyTorch 1.13: BinaryOpsKernel.cpp div_true_kernel */
static void div_true_loop2d(void* L, char** data, const int64_t* strides, int64_t size0, int64_t size1) {
  binary_tile(L, BinaryOp_Div, data, strides, size0, size1);
}
static void div_true_kernel(TensorIteratorBase* iter, const BinaryLoop* L) {
  cpu_kernel_vec(iter, div_true_loop2d, L);
}

/* PyTorch 1.13: native/cpu/PowKernel.cpp pow_tensor_tensor_kernel */
static void pow_tensor_tensor_loop2d(void* L, char** data, const int64_t* strides, int64_t size0, int64_t size1) {
  binary_tile(L, BinaryOp_Pow, data, strides, size0, size1);
}
static void pow_tensor_tensor_kernel(TensorIteratorBase* iter, const BinaryLoop* L) {
  cpu_kernel_vec(iter, pow_tensor_tensor_loop2d, L);
}

/* PyTorch 1.13: native/cpu/TensorCompareKernel.cpp clamp_min (tensor bound) */
static void max_elementwise_loop2d(void* L, char** data, const int64_t* strides, int64_t size0, int64_t size1) {
  binary_tile(L, BinaryOp_Max, data, strides, size0, size1);
}
static void max_elementwise_kernel(TensorIteratorBase* iter, const BinaryLoop* L) {
  cpu_kernel_vec(iter, max_elementwise_loop2d, L);
}

/* PyTorch 1.13: native/cpu/TensorCompareKernel.cpp clamp_max (tensor bound) */
static void min_elementwise_loop2d(void* L, char** data, const int64_t* strides, int64_t size0, int64_t size1) {
  binary_tile(L, BinaryOp_Min, data, strides, size0, size1);
}
static void min_elementwise_kernel(TensorIteratorBase* iter, const BinaryLoop* L) {
  cpu_kernel_vec(iter, min_elementwise_loop2d, L);
}

/* PyTorch 1.13: BinaryOpsKernel.cpp div_trunc_kernel */
static void div_trunc_loop2d(void* L, char** data, const int64_t* strides, int64_t size0, int64_t size1) {
  binary_tile(L, BinaryOp_DivTrunc, data, strides, size0, size1);
}
static void div_trunc_kernel(TensorIteratorBase* iter, const BinaryLoop* L) {
  cpu_kernel_vec(iter, div_trunc_loop2d, L);
}

/* PyTorch 1.13: BinaryOpsKernel.cpp div_floor_kernel */
static void div_floor_loop2d(void* L, char** data, const int64_t* strides, int64_t size0, int64_t size1) {
  binary_tile(L, BinaryOp_DivFloor, data, strides, size0, size1);
}
static void div_floor_kernel(TensorIteratorBase* iter, const BinaryLoop* L) {
  cpu_kernel_vec(iter, div_floor_loop2d, L);
}

/* PyTorch 1.13: BinaryOpsKernel.cpp maximum_kernel */
static void maximum_loop2d(void* L, char** data, const int64_t* strides, int64_t size0, int64_t size1) {
  binary_tile(L, BinaryOp_Maximum, data, strides, size0, size1);
}
static void maximum_kernel(TensorIteratorBase* iter, const BinaryLoop* L) {
  cpu_kernel_vec(iter, maximum_loop2d, L);
}

/* PyTorch 1.13: BinaryOpsKernel.cpp minimum_kernel */
static void minimum_loop2d(void* L, char** data, const int64_t* strides, int64_t size0, int64_t size1) {
  binary_tile(L, BinaryOp_Minimum, data, strides, size0, size1);
}
static void minimum_kernel(TensorIteratorBase* iter, const BinaryLoop* L) {
  cpu_kernel_vec(iter, minimum_loop2d, L);
}

/* PyTorch 1.13: BinaryOpsKernel.cpp remainder_kernel */
static void remainder_loop2d(void* L, char** data, const int64_t* strides, int64_t size0, int64_t size1) {
  binary_tile(L, BinaryOp_Remainder, data, strides, size0, size1);
}
static void remainder_kernel(TensorIteratorBase* iter, const BinaryLoop* L) {
  cpu_kernel_vec(iter, remainder_loop2d, L);
}

/* PyTorch 1.13: BinaryOpsKernel.cpp fmod_kernel (Note [fmod and atan2 in 1.13's vector loops]) */
static void fmod_loop2d(void* L, char** data, const int64_t* strides, int64_t size0, int64_t size1) {
  binary_tile(L, BinaryOp_Fmod, data, strides, size0, size1);
}
static void fmod_kernel(TensorIteratorBase* iter, const BinaryLoop* L) {
  cpu_kernel_vec(iter, fmod_loop2d, L);
}

/* PyTorch 1.13: BinaryOpsKernel.cpp atan2_kernel (Note [fmod and atan2 in 1.13's vector loops]) */
static void atan2_loop2d(void* L, char** data, const int64_t* strides, int64_t size0, int64_t size1) {
  binary_tile(L, BinaryOp_Atan2, data, strides, size0, size1);
}
static void atan2_kernel(TensorIteratorBase* iter, const BinaryLoop* L) {
  cpu_kernel_vec(iter, atan2_loop2d, L);
}

/* PyTorch 1.13: BinaryOpsKernel.cpp sigmoid_backward_kernel */
static void sigmoid_backward_loop2d(void* L, char** data, const int64_t* strides, int64_t size0, int64_t size1) {
  binary_tile(L, BinaryOp_SigmoidBackward, data, strides, size0, size1);
}
static void sigmoid_backward_kernel(TensorIteratorBase* iter, const BinaryLoop* L) {
  cpu_kernel_vec(iter, sigmoid_backward_loop2d, L);
}

/* PyTorch 1.13: BinaryOpsKernel.cpp tanh_backward_kernel */
static void tanh_backward_loop2d(void* L, char** data, const int64_t* strides, int64_t size0, int64_t size1) {
  binary_tile(L, BinaryOp_TanhBackward, data, strides, size0, size1);
}
static void tanh_backward_kernel(TensorIteratorBase* iter, const BinaryLoop* L) {
  cpu_kernel_vec(iter, tanh_backward_loop2d, L);
}

/* PyTorch 1.13: native/cpu/Activation.cpp threshold_kernel */
static void threshold_loop2d(void* L, char** data, const int64_t* strides, int64_t size0, int64_t size1) {
  binary_tile(L, BinaryOp_ThresholdBackward, data, strides, size0, size1);
}
static void threshold_kernel(TensorIteratorBase* iter, const BinaryLoop* L) {
  cpu_kernel_vec(iter, threshold_loop2d, L);
}

/* PyTorch 1.13: BinaryOpsKernel.cpp lt_kernel */
static void lt_loop2d(void* L, char** data, const int64_t* strides, int64_t size0, int64_t size1) {
  binary_tile(L, BinaryOp_Lt, data, strides, size0, size1);
}
static void lt_kernel(TensorIteratorBase* iter, const BinaryLoop* L) {
  cpu_kernel_vec(iter, lt_loop2d, L);
}

/* PyTorch 1.13: BinaryOpsKernel.cpp le_kernel */
static void le_loop2d(void* L, char** data, const int64_t* strides, int64_t size0, int64_t size1) {
  binary_tile(L, BinaryOp_Le, data, strides, size0, size1);
}
static void le_kernel(TensorIteratorBase* iter, const BinaryLoop* L) {
  cpu_kernel_vec(iter, le_loop2d, L);
}

/* PyTorch 1.13: BinaryOpsKernel.cpp gt_kernel */
static void gt_loop2d(void* L, char** data, const int64_t* strides, int64_t size0, int64_t size1) {
  binary_tile(L, BinaryOp_Gt, data, strides, size0, size1);
}
static void gt_kernel(TensorIteratorBase* iter, const BinaryLoop* L) {
  cpu_kernel_vec(iter, gt_loop2d, L);
}

/* PyTorch 1.13: BinaryOpsKernel.cpp ge_kernel */
static void ge_loop2d(void* L, char** data, const int64_t* strides, int64_t size0, int64_t size1) {
  binary_tile(L, BinaryOp_Ge, data, strides, size0, size1);
}
static void ge_kernel(TensorIteratorBase* iter, const BinaryLoop* L) {
  cpu_kernel_vec(iter, ge_loop2d, L);
}

/* PyTorch 1.13: BinaryOpsKernel.cpp eq_kernel */
static void eq_loop2d(void* L, char** data, const int64_t* strides, int64_t size0, int64_t size1) {
  binary_tile(L, BinaryOp_Eq, data, strides, size0, size1);
}
static void eq_kernel(TensorIteratorBase* iter, const BinaryLoop* L) {
  cpu_kernel_vec(iter, eq_loop2d, L);
}

/* PyTorch 1.13: BinaryOpsKernel.cpp ne_kernel */
static void ne_loop2d(void* L, char** data, const int64_t* strides, int64_t size0, int64_t size1) {
  binary_tile(L, BinaryOp_Ne, data, strides, size0, size1);
}
static void ne_kernel(TensorIteratorBase* iter, const BinaryLoop* L) {
  cpu_kernel_vec(iter, ne_loop2d, L);
}

/* PyTorch 1.13: BinaryOpsKernel.cpp logical_and_kernel */
static void logical_and_loop2d(void* L, char** data, const int64_t* strides, int64_t size0, int64_t size1) {
  binary_tile(L, BinaryOp_LogicalAnd, data, strides, size0, size1);
}
static void logical_and_kernel(TensorIteratorBase* iter, const BinaryLoop* L) {
  cpu_kernel_vec(iter, logical_and_loop2d, L);
}

/* PyTorch 1.13: BinaryOpsKernel.cpp logical_or_kernel */
static void logical_or_loop2d(void* L, char** data, const int64_t* strides, int64_t size0, int64_t size1) {
  binary_tile(L, BinaryOp_LogicalOr, data, strides, size0, size1);
}
static void logical_or_kernel(TensorIteratorBase* iter, const BinaryLoop* L) {
  cpu_kernel_vec(iter, logical_or_loop2d, L);
}

/* PyTorch 1.13: BinaryOpsKernel.cpp logical_xor_kernel */
static void logical_xor_loop2d(void* L, char** data, const int64_t* strides, int64_t size0, int64_t size1) {
  binary_tile(L, BinaryOp_LogicalXor, data, strides, size0, size1);
}
static void logical_xor_kernel(TensorIteratorBase* iter, const BinaryLoop* L) {
  cpu_kernel_vec(iter, logical_xor_loop2d, L);
}

/* PyTorch 1.13: BinaryOpsKernel.cpp bitwise_and_kernel (bool: a && b) */
static void bitwise_and_loop2d(void* L, char** data, const int64_t* strides, int64_t size0, int64_t size1) {
  binary_tile(L, BinaryOp_BitwiseAnd, data, strides, size0, size1);
}
static void bitwise_and_kernel(TensorIteratorBase* iter, const BinaryLoop* L) {
  cpu_kernel_vec(iter, bitwise_and_loop2d, L);
}

/* PyTorch 1.13: BinaryOpsKernel.cpp bitwise_or_kernel (bool: a || b) */
static void bitwise_or_loop2d(void* L, char** data, const int64_t* strides, int64_t size0, int64_t size1) {
  binary_tile(L, BinaryOp_BitwiseOr, data, strides, size0, size1);
}
static void bitwise_or_kernel(TensorIteratorBase* iter, const BinaryLoop* L) {
  cpu_kernel_vec(iter, bitwise_or_loop2d, L);
}

/* PyTorch 1.13: BinaryOpsKernel.cpp bitwise_xor_kernel (bool: a != b) */
static void bitwise_xor_loop2d(void* L, char** data, const int64_t* strides, int64_t size0, int64_t size1) {
  binary_tile(L, BinaryOp_BitwiseXor, data, strides, size0, size1);
}
static void bitwise_xor_kernel(TensorIteratorBase* iter, const BinaryLoop* L) {
  cpu_kernel_vec(iter, bitwise_xor_loop2d, L);
}

/* PyTorch 1.13: BinaryOpsKernel.cpp lshift_kernel (Note [Shift counts]) */
static void lshift_loop2d(void* L, char** data, const int64_t* strides, int64_t size0, int64_t size1) {
  binary_tile(L, BinaryOp_Lshift, data, strides, size0, size1);
}
static void lshift_kernel(TensorIteratorBase* iter, const BinaryLoop* L) {
  cpu_kernel_vec(iter, lshift_loop2d, L);
}

/* PyTorch 1.13: BinaryOpsKernel.cpp rshift_kernel (Note [Shift counts]) */
static void rshift_loop2d(void* L, char** data, const int64_t* strides, int64_t size0, int64_t size1) {
  binary_tile(L, BinaryOp_Rshift, data, strides, size0, size1);
}
static void rshift_kernel(TensorIteratorBase* iter, const BinaryLoop* L) {
  cpu_kernel_vec(iter, rshift_loop2d, L);
}

REGISTER_DISPATCH(binary_fn, add_stub, add_kernel);
REGISTER_DISPATCH(binary_fn, mul_stub, mul_kernel);
REGISTER_DISPATCH(binary_fn, div_true_stub, div_true_kernel);
REGISTER_DISPATCH(binary_fn, pow_tensor_tensor_stub, pow_tensor_tensor_kernel);
REGISTER_DISPATCH(binary_fn, max_elementwise_stub, max_elementwise_kernel);
REGISTER_DISPATCH(binary_fn, min_elementwise_stub, min_elementwise_kernel);
REGISTER_DISPATCH(binary_fn, div_trunc_stub, div_trunc_kernel);
REGISTER_DISPATCH(binary_fn, div_floor_stub, div_floor_kernel);
REGISTER_DISPATCH(binary_fn, maximum_stub, maximum_kernel);
REGISTER_DISPATCH(binary_fn, minimum_stub, minimum_kernel);
REGISTER_DISPATCH(binary_fn, remainder_stub, remainder_kernel);
REGISTER_DISPATCH(binary_fn, fmod_stub, fmod_kernel);
REGISTER_DISPATCH(binary_fn, atan2_stub, atan2_kernel);
REGISTER_DISPATCH(binary_fn, sigmoid_backward_stub, sigmoid_backward_kernel);
REGISTER_DISPATCH(binary_fn, tanh_backward_stub, tanh_backward_kernel);
REGISTER_DISPATCH(binary_fn, threshold_stub, threshold_kernel);
REGISTER_DISPATCH(binary_fn, lt_stub, lt_kernel);
REGISTER_DISPATCH(binary_fn, le_stub, le_kernel);
REGISTER_DISPATCH(binary_fn, gt_stub, gt_kernel);
REGISTER_DISPATCH(binary_fn, ge_stub, ge_kernel);
REGISTER_DISPATCH(binary_fn, eq_stub, eq_kernel);
REGISTER_DISPATCH(binary_fn, ne_stub, ne_kernel);
REGISTER_DISPATCH(binary_fn, logical_and_stub, logical_and_kernel);
REGISTER_DISPATCH(binary_fn, logical_or_stub, logical_or_kernel);
REGISTER_DISPATCH(binary_fn, logical_xor_stub, logical_xor_kernel);
REGISTER_DISPATCH(binary_fn, bitwise_and_stub, bitwise_and_kernel);
REGISTER_DISPATCH(binary_fn, bitwise_or_stub, bitwise_or_kernel);
REGISTER_DISPATCH(binary_fn, bitwise_xor_stub, bitwise_xor_kernel);
REGISTER_DISPATCH(binary_fn, lshift_stub, lshift_kernel);
REGISTER_DISPATCH(binary_fn, rshift_stub, rshift_kernel);
