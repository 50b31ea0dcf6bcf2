/*
 * BinaryOpsSleefLoops.h - the vector part of fmod's and atan2's rows, which
 * 1.13 computes with Sleef at AVX2 and AVX512 (Note [fmod and atan2 in
 * 1.13's vector loops] below).  Included by ops/cpu/BinaryOpsKernel.c only,
 * so compiled once per CPU capability like it; everything here is static.
 * binary_row calls sleef_binary_prefix on each row of fmod and atan2, then
 * runs the scalar loop (glibc's fmodf, atan2f, ...) over what it left.
 *
 * PyTorch 1.13: aten/src/ATen/native/cpu/BinaryOpsKernel.cpp (fmod_kernel,
 * atan2_kernel), native/cpu/Loops.h (vectorized_loop)
 */
#ifndef MINATEN_OPS_CPU_BINARYOPSSLEEFLOOPS_H
#define MINATEN_OPS_CPU_BINARYOPSSLEEFLOOPS_H

#include <string.h>

#include "ops/BinaryOps.h"
#include "ops/cpu/vec.h"
#include "ops/cpu/vec_reduced.h"
#include "runtime/BFloat16.h"
#include "runtime/TypeCast.h"

/*
 * Note [fmod and atan2 in 1.13's vector loops]
 * 1.13's fmod_kernel (floating types) and atan2_kernel are cpu_kernel_vec
 * kernels whose vector lambdas are Vectorized<T>::fmod and ::atan2: Sleef's
 * Sleef_fmodf8 and Sleef_atan2f8_u10 for floats at AVX2 (Sleef_fmodd4,
 * Sleef_atan2d4_u10 for doubles; the 16- and 8-lane forms at AVX512), and
 * whose scalar lambdas are std::fmod and std::atan2 (glibc).  Both Sleef
 * functions compute lane by lane, but not always as glibc does: atan2's
 * last bit differs for 184 of 1000 random pairs, and fmod by zero gives
 * +NaN (0x7fc00000) where glibc's fmodf gives -NaN (0xffc00000).  Which
 * elements take which path is vectorized_loop's: a row whose operands are
 * all contiguous, or one input a broadcast number (stride 0), runs two
 * vectors at a time while 2 * Vectorized<T>::size() elements remain, the
 * other n % (2 * size) through the scalar lambda; any other row is scalar
 * throughout (VectorizedLoop2d).  BFloat16's Vectorized (16 lanes at AVX2)
 * widens to float, calls the float Sleef function and narrows (a NaN to
 * 0xffff); Half's is the generic one (std:: lane by lane, as the scalar
 * lambda), and so is every type's at DEFAULT: no Sleef there.
 * NB(minaten): 1.13 first copies an operand of another dtype than the
 * common one into a temporary (the same strides for a dense input; a
 * contiguous output); here each operand is read in its own dtype, and a
 * stride of one element of that dtype counts as contiguous.  A non-dense
 * input of another dtype (an int64 slice a[::2] into atan2) is contiguous
 * in 1.13's temporary and strided here: that row is scalar here, vector there.
 * PyTorch 1.13: native/cpu/BinaryOpsKernel.cpp fmod_kernel, atan2_kernel;
 * native/cpu/Loops.h vectorized_loop; vec256_float.h, vec256_double.h,
 * vec256_bfloat16.h (fmod, atan2)
 */
#if defined(VEC_HAVE_SLEEF) /* AVX2 and AVX512 (ops/cpu/vec.h) */

/* Vectorized<float>::fmod, ::atan2 at this capability. */
static inline __attribute__((always_inline)) fvec sleef_fmod_atan2_float(BinaryOp op, fvec x, fvec y) {
#if defined(__AVX512F__)
  return op == BinaryOp_Fmod ? (fvec)Sleef_fmodf16((__m512)x, (__m512)y) : (fvec)Sleef_atan2f16_u10((__m512)x, (__m512)y);
#else
  return op == BinaryOp_Fmod ? (fvec)Sleef_fmodf8((__m256)x, (__m256)y) : (fvec)Sleef_atan2f8_u10((__m256)x, (__m256)y);
#endif
}
/* Vectorized<double>::fmod, ::atan2 at this capability. */
static inline __attribute__((always_inline)) dvec sleef_fmod_atan2_double(BinaryOp op, dvec x, dvec y) {
#if defined(__AVX512F__)
  return op == BinaryOp_Fmod ? (dvec)Sleef_fmodd8((__m512d)x, (__m512d)y) : (dvec)Sleef_atan2d8_u10((__m512d)x, (__m512d)y);
#else
  return op == BinaryOp_Fmod ? (dvec)Sleef_fmodd4((__m256d)x, (__m256d)y) : (dvec)Sleef_atan2d4_u10((__m256d)x, (__m256d)y);
#endif
}

static inline bool unit_or_zero(int64_t stride, ScalarType t) {
  return stride == 0 || stride == (int64_t)ScalarType_elementSize(t);
}

/* How many leading elements of a row of n vectorized_loop gives the vector
 * lambda: a multiple of 2 * Vectorized<T>::size(), or 0 for a scalar row
 * (and for Half and the integers, which have no Sleef lambda). */
static int64_t sleef_vector_end(const BinaryLoop* L, const int64_t* strides, int64_t n) {
  int64_t size = L->compute == ScalarType_Float ? VEC_BYTES / 4
                 : L->compute == ScalarType_Double ? VEC_BYTES / 8
                 : L->compute == ScalarType_BFloat16 ? VEC_BYTES / 2 : 0;
  bool rows = strides[0] == (int64_t)ScalarType_elementSize(L->out_type) && unit_or_zero(strides[1], L->a_type) &&
              unit_or_zero(strides[2], L->b_type) && (strides[1] != 0 || strides[2] != 0);
  return size > 0 && rows ? n - n % (2 * size) : 0;
}

/* kLanes elements of a float or BFloat16 computation through Sleef's float
 * function: each operand cast to the computation type, a BFloat16 result
 * narrowed as Vectorized<BFloat16> narrows it, then stored in out's dtype. */
static void sleef_block_float(const BinaryLoop* L, BinaryOp op, char* o, const char* x, const char* y,
                              const int64_t* s) {
  bool bf16 = L->compute == ScalarType_BFloat16;
  fvec a, b;
  for (int l = 0; l < kLanes; l++) {
    a[l] = (float)load_double(L->a_type, x + l * s[1]);
    b[l] = (float)load_double(L->b_type, y + l * s[2]);
    if (bf16) a[l] = reduced_round(ScalarType_BFloat16, a[l]), b[l] = reduced_round(ScalarType_BFloat16, b[l]);
  }
  fvec r = sleef_fmod_atan2_float(op, a, b);
  for (int l = 0; l < kLanes; l++) {
    char* p = o + l * s[0];
    if (!bf16) {
      store_from_double(L->out_type, p, r[l]);
      continue;
    }
    BFloat16 h = r[l] != r[l] ? (BFloat16){kBFloat16VectorNaN} : BFloat16_fromFloat(r[l]);
    if (L->out_type == ScalarType_BFloat16)
      memcpy(p, &h, sizeof h);
    else
      store_from_double(L->out_type, p, BFloat16_toFloat(h));
  }
}

/* kDoubleLanes elements of a double computation through Sleef's double function. */
static void sleef_block_double(const BinaryLoop* L, BinaryOp op, char* o, const char* x, const char* y,
                               const int64_t* s) {
  dvec a, b;
  for (int l = 0; l < kDoubleLanes; l++) {
    a[l] = load_double(L->a_type, x + l * s[1]);
    b[l] = load_double(L->b_type, y + l * s[2]);
  }
  dvec r = sleef_fmod_atan2_double(op, a, b);
  for (int l = 0; l < kDoubleLanes; l++) store_from_double(L->out_type, o + l * s[0], r[l]);
}

/* The vector part of a row of fmod or atan2 (see the Note above); returns
 * how many leading elements it computed, the rest being the scalar loop's. */
static int64_t sleef_binary_prefix(const BinaryLoop* L, BinaryOp op, char* o, const char* x, const char* y,
                                   const int64_t* s, int64_t n) {
  int64_t end = sleef_vector_end(L, s, n);
  bool dbl = L->compute == ScalarType_Double;
  int64_t lanes = dbl ? kDoubleLanes : kLanes; /* end is a multiple of both */
  for (int64_t i = 0; i < end; i += lanes) {
    if (dbl)
      sleef_block_double(L, op, o + i * s[0], x + i * s[1], y + i * s[2], s);
    else
      sleef_block_float(L, op, o + i * s[0], x + i * s[1], y + i * s[2], s);
  }
  return end;
}
#else
/* DEFAULT: the generic Vectorized, std::fmod and std::atan2 lane by lane. */
static int64_t sleef_binary_prefix(const BinaryLoop* L, BinaryOp op, char* o, const char* x, const char* y,
                                   const int64_t* s, int64_t n) {
  (void)L, (void)op, (void)o, (void)x, (void)y, (void)s, (void)n;
  return 0;
}
#endif /* VEC_HAVE_SLEEF */

#endif
