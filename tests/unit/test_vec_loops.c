/*
 * test_vec_loops.c - every capability's vector loops that this CPU can run:
 * the binary and unary kernels registered by each copy of
 * ops/cpu/BinaryOpsKernel.c and ops/cpu/UnaryOpsKernel.c (DispatchStub_forCapability),
 * run on dense rows, and the other stubs' vector loops (where, quantize,
 * the transposed copy, the extremes, any/all),
 * against the scalar element loops, bit for bit: the reference is the same
 * operation on strided views (stride 2), which the fast paths never take.  Lengths around the vector widths (the tails),
 * offsets that misalign the data, NaNs, -0.0, infinities, subnormals and
 * halfway cases for the roundings.  The transposed copy against a plain
 * double loop, on odd shapes.  The extremes (amax, argmax, ...) against
 * reduce_loop's scalar rule: NaNs, ties and zeros of both signs at every
 * position, the tail included; any/all against a plain loop.
 *
 * Not so the operators 1.13 computes with Sleef (exp, log, sin, cos, tanh,
 * sigmoid: Note [Sleef's unary functions] in ops/cpu/UnaryOpsKernel.c), whose
 * rule is 1.13's: DEFAULT computes them with libm's scalar functions; AVX2
 * and AVX512 compute exp ... tanh one vector at a time from the first
 * element, the tail zero-padded, so each element gets what its vector alone
 * gives (Sleef's sin and cos depend on the other lanes), within 1 ulp of the
 * exact value (Sleef's u10 bound); sigmoid's elements are 1 / (1 + exp(0 - x))
 * with that exp, except the last n % (2 * lanes), the scalar 1 / (1 + expf(-x)).
 */
#include <math.h>
#include <stdatomic.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "Functions.h"
#include "ops/BinaryOps.h"
#include "ops/TensorIterator.h"
#include "ops/UnaryOps.h"
#include "ops/cpu/CopyKernel.h"
#include "ops/cpu/ReduceOpsKernel.h"
#include "ops/cpu/TensorCompareKernel.h"
#include "ops/quantized/AffineQuantizer.h"
#include "ops/quantized/cpu/QuantizedOpKernels.h"
#include "runtime/Exception.h"
#include "test_util.h"

static const int64_t kLengths[] = {0, 1, 3, 7, 8, 9, 15, 16, 17, 31, 33, 64, 100, 257};
enum { kMaxLen = 257, kOffset = 1 };

/* Element i of test input `which`: inputs 0 and 1 pair every special value
 * with every other (0 runs through them, 1 steps once per round of 0), one
 * element in 5 a spread of ordinary values; input 2 (the unary tests)
 * alternates specials and ordinary values. */
static float value(int which, int64_t i) {
  static const float kSpecial[] = {0.0f, -0.0f, NAN, -NAN, INFINITY, -INFINITY, 1e-40f, -1e-40f, 2.5f,
                                   -2.5f, 0.5f, -0.5f, 1.5f, 3.5f, 1.0f, -1.0f, 16777217.0f, -7.25f};
  int64_t ns = (int64_t)(sizeof kSpecial / sizeof *kSpecial);
  float ordinary = (float)((i * 7919 + which * 104729) % 2001 - 1000) / 37.0f;
  switch (which) {
    case 0: return i % 5 == 4 ? ordinary : kSpecial[i % ns];
    case 1: return i % 5 == 4 ? ordinary : kSpecial[(i / ns) % ns];
    default: return i % 2 ? ordinary : kSpecial[(i / 2) % ns];
  }
}

/* A float tensor of 2 * n + kOffset elements holding the inputs at
 * kOffset, kOffset + 2, ..., and *dense, n of them contiguous from index
 * kOffset of a second tensor (misaligned by 4 bytes). */
static Tensor* strided_input(int which, int64_t n, Tensor** dense_base, const float** dense) {
  int64_t len = 2 * n + kOffset + 1;
  Tensor* base = at_full(IntArrayRef_make(&len, 1), Scalar_fromDouble(0), kFloat, kNoLayout, kNoDevice, kNoPinMemory);
  Tensor* dbase = at_full(IntArrayRef_make(&len, 1), Scalar_fromDouble(0), kFloat, kNoLayout, kNoDevice, kNoPinMemory);
  assert_non_null(base);
  assert_non_null(dbase);
  float* p = (float*)Tensor_data(base);
  float* q = (float*)Tensor_data(dbase);
  for (int64_t i = 0; i < n; i++) p[kOffset + 2 * i] = q[kOffset + i] = value(which, i);
  int64_t stride = 2;
  Tensor* view = at_as_strided(base, IntArrayRef_make(&n, 1), IntArrayRef_make(&stride, 1),
                               (OptionalInt){true, kOffset});
  assert_non_null(view);
  Tensor_release(base);
  *dense_base = dbase;
  *dense = q + kOffset;
  return view;
}

static void assert_same_bits(const void* expected, const void* actual, size_t bytes, const char* what,
                             CPUCapability c, int64_t n) {
  if (memcmp(expected, actual, bytes) != 0) {
    print_error("%s differs from the scalar loop (capability %s, n = %lld)\n", what, CPUCapability_name(c),
                (long long)n);
    fail();
  }
}

/* assert_same_bits for floats computed from two NaNs: which operand's NaN
 * such an operation returns is the compiler's choice in C (it may swap the
 * operands of + and *; x86 returns the first one's), so there a NaN of
 * either sign is accepted, and every other float must match bit for bit.
 * 1.13 prints any NaN as nan. */
static void assert_same_floats(const float* expected, const float* actual, int64_t n, const char* what,
                               CPUCapability c) {
  for (int64_t i = 0; i < n; i++) {
    if (isnan(expected[i]) && isnan(actual[i])) continue;
    assert_same_bits(&expected[i], &actual[i], sizeof(float), what, c, n);
  }
}

/* A dense view of the n floats dense_base holds from kOffset. */
static Tensor* dense_view(Tensor* dense_base, int64_t n) {
  int64_t stride = 1;
  Tensor* v = at_as_strided(dense_base, IntArrayRef_make(&n, 1), IntArrayRef_make(&stride, 1),
                            (OptionalInt){true, kOffset});
  assert_non_null(v);
  return v;
}

/* out = op(a, b) by the kernel capability c's copy of ops/cpu/BinaryOpsKernel.c
 * registered for op, all floats computed in float (out: floats, or bools for a
 * comparison), as binary_op calls it. */
static void run_binary_kernel(CPUCapability c, BinaryOp op, double alpha, Tensor* out, Tensor* a, Tensor* b) {
  atomic_bool zero_division = false;
  double a_d = op == BinaryOp_Sub ? -alpha : alpha;
  BinaryLoop L = {ScalarType_Float, out->dtype, ScalarType_Float, ScalarType_Float, a_d, (int64_t)a_d, &zero_division};
  TensorIteratorBase iter;
  Tensor* operands[3] = {out, a, b};
  TensorIterator_initElementwise(&iter, operands, 3, Tensor_sizes(out));
  ((binary_fn)DispatchStub_forCapability(binary_stub(op), c))(&iter, &L);
}

static void test_binary(void** state) {
  (void)state;
  static const BinaryOp kOps[] = {BinaryOp_Add,     BinaryOp_Sub,     BinaryOp_Mul,
                                  BinaryOp_Div,     BinaryOp_Maximum, BinaryOp_Minimum,
                                  BinaryOp_Max,     BinaryOp_Min,     BinaryOp_SigmoidBackward,
                                  BinaryOp_TanhBackward, BinaryOp_ThresholdBackward};
  static const BinaryOp kCompares[] = {BinaryOp_Lt, BinaryOp_Le, BinaryOp_Gt, BinaryOp_Ge, BinaryOp_Eq, BinaryOp_Ne};
  for (int c = 0; c <= (int)CPUCapability_hardware(); c++) {
    for (size_t li = 0; li < sizeof kLengths / sizeof *kLengths; li++) {
      int64_t n = kLengths[li];
      Tensor *da, *db;
      const float *a, *b;
      Tensor* sa = strided_input(0, n, &da, &a);
      Tensor* sb = strided_input(1, n, &db, &b);
      Tensor *va = dense_view(da, n), *vb = dense_view(db, n);
      Tensor* o = at_empty_memory_format(IntArrayRef_make(&n, 1), kFloat, kNoLayout, kNoDevice, kNoPinMemory, kNoMemoryFormat);
      Tensor* ob = at_empty_memory_format(IntArrayRef_make(&n, 1), (OptionalScalarType){true, ScalarType_Bool}, kNoLayout, kNoDevice, kNoPinMemory, kNoMemoryFormat);
      Tensor* one = at_full(IntArrayRef_make(NULL, 0), Scalar_fromDouble(-0.75), kFloat, kNoLayout, kNoDevice, kNoPinMemory);
      for (size_t k = 0; k < sizeof kOps / sizeof *kOps; k++) {
        double alpha = kOps[k] == BinaryOp_ThresholdBackward ? 0.5 : kOps[k] == BinaryOp_Sub ? -1.5 : 1.0;
        Tensor* ref = binary_op(NULL, sa, sb, kOps[k], Scalar_fromDouble(alpha));
        assert_non_null(ref);
        run_binary_kernel((CPUCapability)c, kOps[k], alpha, o, va, vb);
        assert_same_floats((const float*)Tensor_data(ref), (const float*)Tensor_data(o), n, "binary kernel",
                           (CPUCapability)c);
        Tensor_release(ref);
        /* b one number, the wrapped-scalar path */
        ref = binary_op(NULL, sa, one, kOps[k], Scalar_fromDouble(alpha));
        assert_non_null(ref);
        run_binary_kernel((CPUCapability)c, kOps[k], alpha, o, va, one);
        assert_same_floats((const float*)Tensor_data(ref), (const float*)Tensor_data(o), n, "binary kernel, scalar b",
                           (CPUCapability)c);
        Tensor_release(ref);
      }
      for (size_t k = 0; k < sizeof kCompares / sizeof *kCompares; k++) {
        Tensor* ref = binary_op(NULL, sa, sb, kCompares[k], Scalar_fromLong(1));
        assert_non_null(ref);
        assert_int_equal(ref->dtype, ScalarType_Bool);
        run_binary_kernel((CPUCapability)c, kCompares[k], 1.0, ob, va, vb);
        assert_same_bits(Tensor_data(ref), Tensor_data(ob), (size_t)n, "comparison kernel", (CPUCapability)c, n);
        Tensor_release(ref);
      }
      Tensor* all[] = {sa, sb, da, db, va, vb, o, ob, one};
      for (size_t k = 0; k < sizeof all / sizeof *all; k++) Tensor_release(all[k]);
    }
  }
}

/* o[0 .. n) = op(a[0 .. n)) by the kernel capability c's copy of
 * ops/cpu/UnaryOpsKernel.c registered for op, on contiguous tensors of
 * dtype (Float or Double) computed in it, as unary_op calls it. */
static void unary_kernel_raw(CPUCapability c, UnaryOp op, ScalarType dtype, void* o, const void* a, int64_t n) {
  OptionalScalarType dt = {true, dtype};
  Tensor* in = at_empty_memory_format(IntArrayRef_make(&n, 1), dt, kNoLayout, kNoDevice, kNoPinMemory, kNoMemoryFormat);
  Tensor* out = at_empty_memory_format(IntArrayRef_make(&n, 1), dt, kNoLayout, kNoDevice, kNoPinMemory, kNoMemoryFormat);
  assert_non_null(in);
  assert_non_null(out);
  size_t bytes = (size_t)n * ScalarType_elementSize(dtype);
  if (n > 0) memcpy(Tensor_data(in), a, bytes);
  UnaryLoop L = {dtype, dtype, dtype};
  TensorIteratorBase iter;
  Tensor* operands[2] = {out, in};
  TensorIterator_initElementwise(&iter, operands, 2, Tensor_sizes(in));
  ((unary_fn)DispatchStub_forCapability(unary_stub(op), c))(&iter, &L);
  if (n > 0) memcpy(o, Tensor_data(out), bytes);
  Tensor_release(in);
  Tensor_release(out);
}

static void test_unary(void** state) {
  (void)state;
  static const UnaryOp kOps[] = {UnaryOp_Abs, UnaryOp_Neg, UnaryOp_Relu, UnaryOp_Sign, UnaryOp_Sqrt,
                                 UnaryOp_Floor, UnaryOp_Ceil, UnaryOp_Trunc, UnaryOp_Round};
  for (int c = 0; c <= (int)CPUCapability_hardware(); c++) {
    for (size_t li = 0; li < sizeof kLengths / sizeof *kLengths; li++) {
      int64_t n = kLengths[li];
      Tensor* da;
      const float* a;
      Tensor* sa = strided_input(2, n, &da, &a);
      float o[kMaxLen + 1];
      for (size_t k = 0; k < sizeof kOps / sizeof *kOps; k++) {
        Tensor* ref = unary_op(NULL, sa, kOps[k]);
        assert_non_null(ref);
        unary_kernel_raw((CPUCapability)c, kOps[k], ScalarType_Float, o, a, n);
        assert_same_bits(Tensor_data(ref), o, (size_t)n * 4, "unary kernel", (CPUCapability)c, n);
        Tensor_release(ref);
      }
      Tensor_release(sa);
      Tensor_release(da);
    }
  }
}

/* How many floats (doubles) apart x and y are, 0 for two NaNs: the
 * distance of their bits read as sign-magnitude integers. */
static int64_t ulps_float(float x, float y) {
  if (isnan(x) || isnan(y)) return isnan(x) && isnan(y) ? 0 : INT64_MAX;
  int32_t i, j;
  memcpy(&i, &x, 4);
  memcpy(&j, &y, 4);
  int64_t a = i < 0 ? -(int64_t)(i & INT32_MAX) : i, b = j < 0 ? -(int64_t)(j & INT32_MAX) : j;
  return a > b ? a - b : b - a;
}
static uint64_t ulps_double(double x, double y) {
  if (isnan(x) || isnan(y)) return isnan(x) && isnan(y) ? 0 : UINT64_MAX;
  int64_t i, j;
  memcpy(&i, &x, 8);
  memcpy(&j, &y, 8);
  /* as offsets from -0.0 / +0.0 on one unsigned line */
  uint64_t a = i < 0 ? (uint64_t)INT64_MAX - (uint64_t)(i & INT64_MAX) : (uint64_t)INT64_MAX + (uint64_t)i;
  uint64_t b = j < 0 ? (uint64_t)INT64_MAX - (uint64_t)(j & INT64_MAX) : (uint64_t)INT64_MAX + (uint64_t)j;
  return a > b ? a - b : b - a;
}

static long double exact(UnaryOp op, long double x) {
  switch (op) {
    case UnaryOp_Exp: return expl(x);
    case UnaryOp_Log: return logl(x);
    case UnaryOp_Sin: return sinl(x);
    case UnaryOp_Cos: return cosl(x);
    default: return tanhl(x);
  }
}

static void test_sleef(void** state) {
  (void)state;
  static const UnaryOp kVml[] = {UnaryOp_Exp, UnaryOp_Log, UnaryOp_Sin, UnaryOp_Cos, UnaryOp_Tanh};
  for (int c = 0; c <= (int)CPUCapability_hardware(); c++) {
    int64_t lanes = c == CPUCapability_AVX512 ? 16 : 8; /* floats in one vector */
    for (size_t li = 0; li < sizeof kLengths / sizeof *kLengths; li++) {
      int64_t n = kLengths[li];
      float a[kMaxLen], o[kMaxLen], one;
      double ad[kMaxLen], od[kMaxLen], oned;
      for (int64_t i = 0; i < n; i++) ad[i] = a[i] = value(2, i);
      if (c == CPUCapability_DEFAULT) { /* libm's functions, element by element, as 1.13's DEFAULT build */
        for (size_t k = 0; k < sizeof kVml / sizeof *kVml; k++) {
          unary_kernel_raw((CPUCapability)c, kVml[k], ScalarType_Float, o, a, n);
          unary_kernel_raw((CPUCapability)c, kVml[k], ScalarType_Double, od, ad, n);
          for (int64_t i = 0; i < n; i++) {
            float f = kVml[k] == UnaryOp_Exp ? expf(a[i]) : kVml[k] == UnaryOp_Log ? logf(a[i])
                    : kVml[k] == UnaryOp_Sin ? sinf(a[i]) : kVml[k] == UnaryOp_Cos ? cosf(a[i]) : tanhf(a[i]);
            double d = kVml[k] == UnaryOp_Exp ? exp(ad[i]) : kVml[k] == UnaryOp_Log ? log(ad[i])
                     : kVml[k] == UnaryOp_Sin ? sin(ad[i]) : kVml[k] == UnaryOp_Cos ? cos(ad[i]) : tanh(ad[i]);
            assert_int_equal(ulps_float(f, o[i]), 0);
            assert_int_equal(ulps_double(d, od[i]), 0);
          }
        }
        unary_kernel_raw((CPUCapability)c, UnaryOp_Sigmoid, ScalarType_Float, o, a, n);
        for (int64_t i = 0; i < n; i++) assert_int_equal(ulps_float(1.0f / (1.0f + expf(-a[i])), o[i]), 0);
        continue;
      }
      for (size_t k = 0; k < sizeof kVml / sizeof *kVml; k++) {
        unary_kernel_raw((CPUCapability)c, kVml[k], ScalarType_Float, o, a, n);
        unary_kernel_raw((CPUCapability)c, kVml[k], ScalarType_Double, od, ad, n);
        /* the vectors: AVX2's for sin and cos in AVX512 (1.13 has no AVX512 kernel for them) */
        bool avx2_kernel = c == CPUCapability_AVX2 || kVml[k] == UnaryOp_Sin || kVml[k] == UnaryOp_Cos;
        int64_t width = avx2_kernel ? 8 : 16, widthd = width / 2;
        for (int64_t i = 0; i < n; i++) {
          int64_t g = i / width * width, gd = i / widthd * widthd; /* the first element of i's vector */
          float alone[16];
          double aloned[8];
          unary_kernel_raw((CPUCapability)c, kVml[k], ScalarType_Float, alone, a + g, n - g < width ? n - g : width);
          unary_kernel_raw((CPUCapability)c, kVml[k], ScalarType_Double, aloned, ad + gd,
                           n - gd < widthd ? n - gd : widthd);
          one = alone[i - g], oned = aloned[i - gd];
          if (memcmp(&one, o + i, 4) != 0 || memcmp(&oned, od + i, 8) != 0 ||
              ulps_float(o[i], (float)exact(kVml[k], a[i])) > 1 ||
              ulps_double(od[i], (double)exact(kVml[k], ad[i])) > 1) {
            print_error("op %d of %a (element %lld of %lld, capability %s): %a, alone %a; double %a, alone %a\n",
                        (int)kVml[k], (double)a[i], (long long)i, (long long)n, CPUCapability_name((CPUCapability)c),
                        (double)o[i], (double)one, od[i], oned);
            fail();
          }
        }
      }
      /* sigmoid: the vector lambda, then the scalar tail */
      unary_kernel_raw((CPUCapability)c, UnaryOp_Sigmoid, ScalarType_Float, o, a, n);
      unary_kernel_raw((CPUCapability)c, UnaryOp_Sigmoid, ScalarType_Double, od, ad, n);
      float e[kMaxLen], x[kMaxLen];
      double ed[kMaxLen], xd[kMaxLen];
      for (int64_t i = 0; i < n; i++) x[i] = 0.0f - a[i], xd[i] = 0.0 - ad[i];
      unary_kernel_raw((CPUCapability)c, UnaryOp_Exp, ScalarType_Float, e, x, n);
      unary_kernel_raw((CPUCapability)c, UnaryOp_Exp, ScalarType_Double, ed, xd, n);
      for (int64_t i = 0; i < n; i++) {
        float expect = i < n - n % (2 * lanes) ? 1.0f / (1.0f + e[i]) : 1.0f / (1.0f + expf(-a[i]));
        /* doubles: two vectors of lanes / 2 */
        double expectd = i < n - n % lanes ? 1.0 / (1.0 + ed[i]) : 1.0 / (1.0 + exp(-ad[i]));
        if (ulps_float(expect, o[i]) != 0 || ulps_double(expectd, od[i]) != 0) {
          print_error("sigmoid of %a (element %lld of %lld, capability %s): %a, expected %a; double %a, expected %a\n",
                      (double)a[i], (long long)i, (long long)n, CPUCapability_name((CPUCapability)c), (double)o[i],
                      (double)expect, od[i], expectd);
          fail();
        }
      }
    }
  }
}

/* where against its element loop (strided views), with a uint8 condition
 * whose true bytes are not all 1. */
static void test_where(void** state) {
  (void)state;
  for (int c = 0; c <= (int)CPUCapability_hardware(); c++) {
    CPUCapability cap = (CPUCapability)c;
    for (size_t li = 0; li < sizeof kLengths / sizeof *kLengths; li++) {
      int64_t n = kLengths[li], len = 2 * n + 1;
      Tensor *da, *db;
      const float *a, *b;
      Tensor* sa = strided_input(0, n, &da, &a);
      Tensor* sb = strided_input(1, n, &db, &b);
      OptionalScalarType u8 = {true, ScalarType_Byte};
      Tensor* cbase = at_full(IntArrayRef_make(&len, 1), Scalar_fromLong(0), u8, kNoLayout, kNoDevice, kNoPinMemory);
      assert_non_null(cbase);
      uint8_t* cb = (uint8_t*)Tensor_data(cbase);
      for (int64_t i = 0; i < n; i++) cb[2 * i] = (uint8_t)(i % 3 == 0 ? 0 : i * 37 % 256 | 1);
      int64_t two = 2;
      Tensor* cond = at_as_strided(cbase, IntArrayRef_make(&n, 1), IntArrayRef_make(&two, 1), (OptionalInt){true, 0});
      assert_non_null(cond);
      Tensor* ref = at_where_self(cond, sa, sb);
      assert_non_null(ref);
      uint8_t dense_cond[kMaxLen + 1];
      for (int64_t i = 0; i < n; i++) dense_cond[i] = cb[2 * i];
      float o[kMaxLen + 1];
      ((where_float_fn)DispatchStub_forCapability(&where_float_stub, cap))(o, dense_cond, a, b, n);
      assert_same_bits(Tensor_data(ref), o, (size_t)n * 4, "where_float", (CPUCapability)c, n);
      Tensor* all[] = {sa, sb, da, db, cbase, cond, ref};
      for (size_t k = 0; k < 7; k++) Tensor_release(all[k]);
    }
  }
}

/* quantize_8bit against quantize_val_inv (the scalar loops' element), and
 * dequantize_8bit against the scalar loop's formula, for a few scales (0:
 * an infinite inverse) and zero points. */
static void test_quantize(void** state) {
  (void)state;
  static const float kInvScales[] = {10.0f, 0.37f, 1e-30f, INFINITY};
  static const int64_t kZeroPoints[] = {0, 3, -7, 127};
  for (int c = 0; c <= (int)CPUCapability_hardware(); c++) {
    quantize_8bit_fn quantize_8bit = (quantize_8bit_fn)DispatchStub_forCapability(&quantize_8bit_stub, (CPUCapability)c);
    dequantize_8bit_fn dequantize_8bit =
        (dequantize_8bit_fn)DispatchStub_forCapability(&dequantize_8bit_stub, (CPUCapability)c);
    for (size_t li = 0; li < sizeof kLengths / sizeof *kLengths; li++) {
      int64_t n = kLengths[li];
      float x[kMaxLen + 1];
      for (int64_t i = 0; i < n; i++) x[i] = i % 7 == 6 ? value(0, i) * 1e20f : value(0, i) * 3.0f;
      for (int s = 0; s < 2; s++) {
        bool is_signed = s == 1;
        int64_t qmin = is_signed ? -128 : 0, qmax = is_signed ? 127 : 255;
        for (size_t k = 0; k < 4; k++)
          for (size_t z = 0; z < 4; z++) {
            uint8_t got[kMaxLen + 1], want[kMaxLen + 1];
            for (int64_t i = 0; i < n; i++)
              want[i] = (uint8_t)quantize_val_inv(kInvScales[k], kZeroPoints[z], x[i], qmin, qmax);
            quantize_8bit(got, is_signed, x, kInvScales[k], kZeroPoints[z], n);
            assert_same_bits(want, got, (size_t)n, "quantize_8bit", (CPUCapability)c, n);
            float fgot[kMaxLen + 1], fwant[kMaxLen + 1];
            uint32_t zp = (uint32_t)(uint64_t)kZeroPoints[z];
            float scale = 1.0f / kInvScales[k];
            for (int64_t i = 0; i < n; i++) {
              int64_t q = is_signed ? (int8_t)want[i] : want[i];
              fwant[i] = (float)(int32_t)((uint32_t)q - zp) * scale;
            }
            dequantize_8bit(fgot, want, is_signed, zp, scale, n);
            assert_same_bits(fwant, fgot, (size_t)n * 4, "dequantize_8bit", (CPUCapability)c, n);
          }
      }
    }
  }
}

/* Outputs of at least 16 MiB go through the streaming stores (Note
 * [Streaming stores] in ops/cpu/vec.h): a length that is not a
 * whole number of vectors, at an address 4 bytes past a boundary. */
static void test_streaming(void** state) {
  (void)state;
  int64_t n = (16 << 20) / 4 + 13;
  Tensor *da, *db;
  const float *a, *b;
  Tensor* sa = strided_input(0, n, &da, &a);
  Tensor* sb = strided_input(1, n, &db, &b);
  Tensor* ref_add = binary_op(NULL, sa, sb, BinaryOp_Add, Scalar_fromDouble(0.5));
  Tensor* ref_neg = unary_op(NULL, sa, UnaryOp_Neg);
  assert_non_null(ref_add);
  assert_non_null(ref_neg);
  float* o = test_malloc((size_t)(n + 1) * sizeof(float));
  Tensor *va = dense_view(da, n), *vb = dense_view(db, n);
  int64_t len = n + 1;
  Tensor* obase = at_empty_memory_format(IntArrayRef_make(&len, 1), kFloat, kNoLayout, kNoDevice, kNoPinMemory, kNoMemoryFormat);
  Tensor* oview = dense_view(obase, n); /* 4 bytes past the allocation's alignment */
  for (int c = 0; c <= (int)CPUCapability_hardware(); c++) {
    run_binary_kernel((CPUCapability)c, BinaryOp_Add, 0.5, oview, va, vb);
    assert_same_floats((const float*)Tensor_data(ref_add), (const float*)Tensor_data(oview), n, "streamed add",
                       (CPUCapability)c);
    memset(o, 0, (size_t)(n + 1) * sizeof(float));
    unary_kernel_raw((CPUCapability)c, UnaryOp_Neg, ScalarType_Float, o + 1, a, n);
    assert_same_bits(Tensor_data(ref_neg), o + 1, (size_t)n * 4, "streamed unary_float", (CPUCapability)c, n);
  }
  test_free(o);
  Tensor* all[] = {sa, sb, da, db, ref_add, ref_neg, va, vb, obase, oview};
  for (size_t k = 0; k < sizeof all / sizeof *all; k++) Tensor_release(all[k]);
}

/* transpose_4 on n0 x n1 blocks with padded row strides (odd sizes: the
 * edges), 4-byte aligned only. */
static void test_transpose(void** state) {
  (void)state;
  static const int64_t kShapes[][2] = {{8, 8}, {16, 16}, {9, 17}, {45, 300}, {300, 45}, {129, 44}, {7, 200}, {256, 256}};
  for (int c = 0; c <= (int)CPUCapability_hardware(); c++) {
    CPUCapability cap = (CPUCapability)c;
    for (size_t k = 0; k < sizeof kShapes / sizeof *kShapes; k++) {
      int64_t n0 = kShapes[k][0], n1 = kShapes[k][1];
      int64_t s1 = n0 + 1, d0 = n1 + 3; /* src: n1 rows of s1 elements; self: n0 rows of d0 */
      size_t src_bytes = (size_t)(n1 * s1 + 1) * 4, dst_bytes = (size_t)(n0 * d0 + 1) * 4;
      uint32_t* src = test_malloc(src_bytes);
      uint32_t* dst = test_malloc(dst_bytes);
      uint32_t* want = test_malloc(dst_bytes);
      for (int64_t e = 0; e < n1 * s1 + 1; e++) src[e] = (uint32_t)e * 2654435761u;
      memset(dst, 0xab, dst_bytes);
      memset(want, 0xab, dst_bytes);
      for (int64_t i = 0; i < n0; i++)
        for (int64_t j = 0; j < n1; j++) want[1 + i * d0 + j] = src[1 + i + j * s1];
      ((transpose_4_fn)DispatchStub_forCapability(&transpose_4_stub, cap))((char*)(dst + 1), d0 * 4,
                                                                         (const char*)(src + 1), s1 * 4, n0, n1);
      assert_same_bits(want, dst, dst_bytes, "transpose_4", (CPUCapability)c, n0 * n1);
      test_free(src);
      test_free(dst);
      test_free(want);
    }
  }
}

/* The scalar rule of reduce_loop (ops/ReduceOps.c) for amax/argmax (max)
 * and amin/argmin: in order, an element replaces the best so far if the
 * best is not a NaN and it is a NaN or strictly better.  The index of the
 * winner. */
static int64_t scalar_arg_extreme(const float* a, int64_t n, bool max) {
  int64_t best = 0;
  for (int64_t i = 1; i < n; i++)
    if (!isnan(a[best]) && (isnan(a[i]) || (max ? a[i] > a[best] : a[i] < a[best]))) best = i;
  return best;
}

enum { kExtremeLen = 1031 };
static const int64_t kExtremeLengths[] = {1, 2, 3, 7, 8, 9, 15, 16, 17, 31, 32, 33, 63, 64, 65, 100, 257, 1031};

/* Test case `pattern` of n floats: ordinary values, then NaNs (two with
 * different bits, so that the first one's are checked), ties of the
 * extreme, zeros of both signs as the extreme, at a position that walks
 * the head, middle and tail (the lanes of the last, partial vector). */
static void extreme_case(float* a, int64_t n, int pattern, int64_t at) {
  for (int64_t i = 0; i < n; i++) a[i] = (float)((i * 7919) % 2001 - 1000) / 37.0f;
  int64_t later = at + (n - at) / 2;
  switch (pattern) {
    case 0: break;
    case 1: a[at] = -NAN, a[later] = NAN; break;               /* NaNs: the first one's bits */
    case 2: a[at] = 100.0f, a[later] = 100.0f; a[n - 1] = -100.0f; break; /* ties at the top */
    case 3: a[at] = -100.0f, a[later] = -100.0f; break;        /* ties at the bottom */
    case 4:                                                     /* zeros of both signs are the greatest */
      for (int64_t i = 0; i < n; i++) a[i] = -fabsf(a[i]) - 1.0f;
      a[at] = -0.0f, a[later] = 0.0f;
      break;
    case 5:                                                     /* and the least, in the other order */
      for (int64_t i = 0; i < n; i++) a[i] = fabsf(a[i]) + 1.0f;
      a[at] = 0.0f, a[later] = -0.0f;
      break;
    case 6: for (int64_t i = 0; i < n; i++) a[i] = INFINITY; a[at] = NAN; break;
    case 7:                                                     /* zeros of both signs in many lanes, */
      for (int64_t i = 0; i < n; i++)                           /* the first one at `at` */
        a[i] = i < at || i % 3 != at % 3 ? -1.0f : ((i - at) / 3 % 4 == 1 ? -0.0f : 0.0f);
      break;
    case 8:                                                     /* and the same from a -0.0 */
      for (int64_t i = 0; i < n; i++)
        a[i] = i < at || i % 5 != at % 5 ? 1.0f : ((i - at) / 5 % 3 == 0 ? -0.0f : 0.0f);
      break;
    default: for (int64_t i = 0; i < n; i++) a[i] = -INFINITY; break; /* all equal */
  }
}

/* arg_extreme_float against the scalar rule:
 * every pattern at every position of the short lengths and a spread of
 * positions of the long ones, misaligned by 4 bytes. */
static void test_extreme(void** state) {
  (void)state;
  float buf[kExtremeLen + 1];
  float* a = buf + 1;
  for (int c = 0; c <= (int)CPUCapability_hardware(); c++) {
    CPUCapability cap = (CPUCapability)c;
    for (size_t li = 0; li < sizeof kExtremeLengths / sizeof *kExtremeLengths; li++) {
      int64_t n = kExtremeLengths[li];
      for (int pattern = 0; pattern < 10; pattern++)
        for (int64_t at = 0; at < n; at += n <= 70 ? 1 : 37) {
          extreme_case(a, n, pattern, at);
          for (int m = 0; m < 2; m++) {
            bool max = m == 0;
            int64_t want = scalar_arg_extreme(a, n, max);
            int64_t got = ((arg_extreme_float_fn)DispatchStub_forCapability(&arg_extreme_float_stub, cap))(a, n, max);
            if (got != want) print_error("pattern %d at %lld, %s\n", pattern, (long long)at, max ? "max" : "min");
            assert_int_equal(got, want);
          }
        }
    }
  }
}

/* has_float and has_byte (any, all) against a plain loop: one zero or one
 * nonzero element walking every position, over -0.0, NaN and 0x100-wide
 * bytes, for lengths around the blocks of vectors. */
static void test_has(void** state) {
  (void)state;
  static const int64_t kHasLengths[] = {0, 1, 7, 8, 31, 32, 33, 127, 128, 129, 300, 1031};
  float f[kExtremeLen + 1];
  uint8_t b[kExtremeLen + 1];
  for (int c = 0; c <= (int)CPUCapability_hardware(); c++) {
    CPUCapability cap = (CPUCapability)c;
    for (size_t li = 0; li < sizeof kHasLengths / sizeof *kHasLengths; li++) {
      int64_t n = kHasLengths[li];
      for (int zero = 0; zero < 2; zero++)
        for (int64_t at = -1; at < n; at++) {
          /* a background of the other kind, and one element of the kind sought at `at` (none for -1) */
          for (int64_t i = 0; i < n; i++) {
            f[1 + i] = zero ? (i % 3 == 0 ? NAN : (float)i + 0.5f) : -0.0f;
            b[1 + i] = zero ? (uint8_t)(i % 255 + 1) : 0;
          }
          if (at >= 0) f[1 + at] = zero ? -0.0f : (at % 2 ? NAN : 1e-40f), b[1 + at] = zero ? 0 : 0x80;
          bool want = at >= 0;
          assert_int_equal(((has_float_fn)DispatchStub_forCapability(&has_float_stub, cap))(f + 1, n, zero), want);
          assert_int_equal(((has_byte_fn)DispatchStub_forCapability(&has_byte_stub, cap))(b + 1, n, zero), want);
        }
    }
  }
}

/* A stub's choice follows CPUCapability_get (ATEN_CPU_CAPABILITY included). */
static void test_get(void** state) {
  (void)state;
  assert_true(DispatchStub_get(&where_float_stub) == DispatchStub_forCapability(&where_float_stub, CPUCapability_get()));
  assert_true(DispatchStub_get(binary_stub(BinaryOp_Add)) ==
              DispatchStub_forCapability(binary_stub(BinaryOp_Add), CPUCapability_get()));
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_binary),
      cmocka_unit_test(test_unary),
      cmocka_unit_test(test_sleef),
      cmocka_unit_test(test_where),
      cmocka_unit_test(test_quantize),
      cmocka_unit_test(test_streaming),
      cmocka_unit_test(test_transpose),
      cmocka_unit_test(test_extreme),
      cmocka_unit_test(test_has),
      cmocka_unit_test(test_get),
  };
  return cmocka_run_group_tests(tests, setup, teardown);
}
