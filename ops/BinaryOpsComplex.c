/*
 * BinaryOpsComplex.c - add, sub, mul, div, eq and ne of complex64 and
 * complex128 tensors, and the refusals of the binary operators 1.13 has no
 * complex loop for.
 *
 * Note [Complex products in 1.13's loops]
 * (a + bi)(c + di) = (ac - bd) + (ad + bc)i and (a + bi) / (c + di) =
 * ((ac + bd) + (bc - ad)i) / (c^2 + d^2), but the bits depend on where
 * 1.13's cpu_kernel_vec computes an element.  Measured against 1.13 at
 * AVX2 (contiguous rows):
 *   - the elements of each full block of two vectors (8 complex64 or 4
 *     complex128 at AVX2, twice that at AVX512) go through Vectorized<c10::complex>,
 *     whose products are rounded one by one (plain);
 *   - the rest of the row, and every element of a row that is not
 *     contiguous, runs c10::complex's scalar operators, which the compiler
 *     fused: products with fma(a, c, -bd) and fma(a, d, bc) (complex64
 *     two elements at a time: an odd last one is plain), quotients with
 *     fma(a, c, bd), fma(b, c, -ad) over fma(c, c, dd).
 * At DEFAULT (no FMA) every element is plain.  NB(minaten): AVX512's
 * blocks are modelled as AVX2's, twice as long, which is not measured.
 * Sums are exact either way: a + alpha*b with alpha's complex product.
 *
 * PyTorch 1.13: native/cpu/BinaryOpsKernel.cpp (add_kernel, mul_kernel,
 * div_true_kernel, eq_kernel, ne_kernel), c10/util/complex.h (operator*=,
 * operator/=), ATen/cpu/vec/vec256/vec256_complex_float.h
 */
#include "ops/BinaryOpsComplex.h"

#include <math.h>

#include "runtime/CPUCapability.h"
#include "runtime/Exception.h"
#include "runtime/Parallel.h"
#include "runtime/TypeCast.h"

typedef struct ComplexLoop {
  BinaryOp op;
  ScalarType compute, out_type, a_type, b_type;
  ComplexDouble alpha;
  int64_t block; /* the elements a vectorized iteration takes (0: no fused tail) */
} ComplexLoop;

/* Rounds to the computation type: complex64's parts are floats. */
static inline ComplexDouble round_to(const ComplexLoop* L, ComplexDouble z) {
  if (L->compute == ScalarType_ComplexFloat) return (ComplexDouble){(float)z.real, (float)z.imag};
  return z;
}

static inline double rnd(const ComplexLoop* L, double v) { return L->compute == ScalarType_ComplexFloat ? (float)v : v; }
static inline double fused(const ComplexLoop* L, double a, double b, double c) {
  return L->compute == ScalarType_ComplexFloat ? (double)fmaf((float)a, (float)b, (float)c) : fma(a, b, c);
}

/* x * y, each product and sum rounded (plain), or fused as the scalar tail is. */
static ComplexDouble mul(const ComplexLoop* L, ComplexDouble x, ComplexDouble y, bool fuse) {
  if (fuse)
    return (ComplexDouble){fused(L, x.real, y.real, -rnd(L, x.imag * y.imag)),
                           fused(L, x.real, y.imag, rnd(L, x.imag * y.real))};
  return (ComplexDouble){rnd(L, rnd(L, x.real * y.real) - rnd(L, x.imag * y.imag)),
                         rnd(L, rnd(L, x.real * y.imag) + rnd(L, x.imag * y.real))};
}

static ComplexDouble divide(const ComplexLoop* L, ComplexDouble x, ComplexDouble y, bool fuse) {
  double a = x.real, b = x.imag, c = y.real, d = y.imag;
  if (fuse) {
    double den = fused(L, c, c, rnd(L, d * d));
    return (ComplexDouble){rnd(L, fused(L, a, c, rnd(L, b * d)) / den), rnd(L, fused(L, b, c, -rnd(L, a * d)) / den)};
  }
  double den = rnd(L, rnd(L, c * c) + rnd(L, d * d));
  return (ComplexDouble){rnd(L, rnd(L, rnd(L, a * c) + rnd(L, b * d)) / den),
                         rnd(L, rnd(L, rnd(L, b * c) - rnd(L, a * d)) / den)};
}

/* One row of n elements (data = {out, a, b}, byte strides s). */
static void complex_row(const ComplexLoop* L, char* o, const char* pa, const char* pb, const int64_t* s, int64_t n) {
  /* cpu_kernel_vec vectorizes a row whose operands are contiguous (or, for
   * an input, one broadcast value: stride 0); an operand of another dtype
   * is a contiguous temporary there (NB(minaten): for a dense one; minaten
   * converts in the loop, so takes it as contiguous) */
  bool contiguous = true;
  const ScalarType types[3] = {L->out_type, L->a_type, L->b_type};
  for (int k = 0; k < 3; k++) {
    int64_t size = (int64_t)ScalarType_elementSize(types[k]);
    contiguous = contiguous && (types[k] != L->compute || s[k] == size || (k > 0 && s[k] == 0));
  }
  int64_t vectorized = L->block == 0 ? n : contiguous ? n - n % L->block : 0;
  int64_t paired = L->block == 0                          ? n
                   : L->compute == ScalarType_ComplexDouble ? n /* every scalar product fused */
                                                            : vectorized + (n - vectorized) / 2 * 2;
  for (int64_t i = 0; i < n; i++, o += s[0], pa += s[1], pb += s[2]) {
    ComplexDouble x, y, r = {0, 0};
    convert_element(ScalarType_ComplexDouble, (char*)&x, L->a_type, pa);
    convert_element(ScalarType_ComplexDouble, (char*)&y, L->b_type, pb);
    x = round_to(L, x), y = round_to(L, y);
    bool tail = i >= vectorized;
    switch (L->op) {
      case BinaryOp_Add:
      case BinaryOp_Sub: { /* a + alpha * b (sub: alpha negated) */
        ComplexDouble ab = mul(L, round_to(L, L->alpha), y, false);
        r = (ComplexDouble){rnd(L, x.real + ab.real), rnd(L, x.imag + ab.imag)};
        break;
      }
      case BinaryOp_Mul: r = mul(L, x, y, tail && i < paired); break;
      case BinaryOp_Div: r = divide(L, x, y, tail); break;
      case BinaryOp_Eq:
      case BinaryOp_Ne: {
        bool eq = x.real == y.real && x.imag == y.imag;
        store_from_int64(L->out_type, o, L->op == BinaryOp_Eq ? eq : !eq);
        continue;
      }
      default: TORCH_INTERNAL_ASSERT(!"complex_row: no complex loop");
    }
    convert_element(L->out_type, o, ScalarType_ComplexDouble, (const char*)&r);
  }
}

static void complex_loop2d(void* ctx, char** data, const int64_t* strides, int64_t size0, int64_t size1) {
  const ComplexLoop* L = ctx;
  for (int64_t j = 0; j < size1; j++)
    complex_row(L, data[0] + j * strides[3], data[1] + j * strides[4], data[2] + j * strides[5], strides, size0);
}

int binary_op_complex_check(BinaryOp op, ScalarType compute) {
  static const char* const kNames[] = {
      [BinaryOp_DivTrunc] = "div_trunc_cpu", [BinaryOp_DivFloor] = "div_floor_cpu",
      [BinaryOp_Remainder] = "remainder_cpu", [BinaryOp_BitwiseAnd] = "bitwise_and_cpu",
      [BinaryOp_BitwiseOr] = "bitwise_or_cpu", [BinaryOp_BitwiseXor] = "bitwise_xor_cpu",
      [BinaryOp_Lshift] = "lshift_cpu", [BinaryOp_Rshift] = "rshift_cpu",
      [BinaryOp_Lt] = "lt_cpu", [BinaryOp_Le] = "le_cpu", [BinaryOp_Gt] = "gt_cpu", [BinaryOp_Ge] = "ge_cpu",
      [BinaryOp_ThresholdBackward] = "threshold_cpu", [BinaryOp_Fmod] = "fmod_cpu", [BinaryOp_Atan2] = "atan2_cpu"};
  if (!ScalarType_isComplex(compute)) return 0;
  TORCH_CHECK(op != BinaryOp_Max && op != BinaryOp_Min, "clamp is not supported for complex types");
  TORCH_CHECK((size_t)op >= sizeof kNames / sizeof kNames[0] || kNames[op] == NULL,
              "\"%s\" not implemented for '%s'", kNames[op], ScalarType_name(compute));
  TORCH_CHECK(op == BinaryOp_Add || op == BinaryOp_Sub || op == BinaryOp_Mul || op == BinaryOp_Div ||
                  op == BinaryOp_Eq || op == BinaryOp_Ne,
              "minaten: this operator has no kernel for '%s' yet", ScalarType_name(compute));
  return 0;
fail:
  return -1;
}

void binary_op_complex(TensorIteratorBase* iter, BinaryOp op, const BinaryLoop* B, Scalar alpha) {
  /* sub is add with -alpha, negated as a Scalar (a real one's imaginary part stays +0) */
  double sign = op == BinaryOp_Sub ? -1 : 1;
  ComplexLoop L = {op, B->compute, B->out_type, B->a_type, B->b_type, {sign * Scalar_toDouble(alpha), 0}, 0};
  if (alpha.tag == ScalarTag_ComplexDouble) L.alpha = (ComplexDouble){sign * alpha.v.z.real, sign * alpha.v.z.imag};
  CPUCapability cap = CPUCapability_get();
  int64_t lanes = L.compute == ScalarType_ComplexFloat ? 8 : 4; /* two AVX2 vectors */
  L.block = cap == CPUCapability_DEFAULT ? 0 : cap == CPUCapability_AVX512 ? 2 * lanes : lanes;
  TensorIterator_for_each(iter, complex_loop2d, &L, AT_GRAIN_SIZE);
}
