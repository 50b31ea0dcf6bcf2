/*
 * UnaryOpsKernel.c - the unary elementwise loop and its arithmetic; see
 * ops/UnaryOps.h.
 *
 * unary_output is TensorIterator's build of a unary operation (overlap,
 * shape and dtype checks, the output from ops/TensorIterator.h);
 * unary_walk walks the elements and calls one element function: the
 * UnaryKernel's function for the computation type (kernel_element), or the
 * UnaryOp switches (op_element).  A contiguous float tensor takes a plain
 * loop instead (ops/cpu/VecLoops.h's vector loops, for the operators
 * that have one).  In MetaMode (ops/MetaMode.h) the loop is skipped.
 *
 * PyTorch 1.13: aten/src/ATen/native/cpu/UnaryOpsKernel.cpp,
 * native/cpu/Loops.h (cpu_kernel, basic_loop), TensorIterator.cpp
 * (build_borrowing_unary_op, build_borrowing_unary_float_op)
 */
#include <math.h>

#include "ops/MemoryOverlap.h"
#include "ops/MetaMode.h"
#include "ops/TensorIterator.h"
#include "ops/TensorUtils.h"
#include "ops/UnaryOps.h"
#include "ops/cpu/VecLoops.h"
#include "runtime/DefaultDtype.h"
#include "runtime/Exception.h"
#include "runtime/TypeCast.h"

/* The output every unary operator shares, of result type `compute`:
 * allocated in a's memory layout, or out checked and, for out=, resized.
 * The checks are TensorIteratorBase::build's, in its order (see
 * binary_op_impl in BinaryOpsKernel.c).  Returns a new reference, or NULL
 * with the error set. */
static Tensor* unary_output(Tensor* out, bool resize_out, const Tensor* a, ScalarType compute) {
  int64_t sa[MINATEN_MAX_DIM];
  operand_strides(a, a->sizes, a->dim, sa);
  const Tensor* operands[1] = {a};
  int64_t* strides[1] = {sa};
  fast_setup_strides(operands, 1, Tensor_sizes(a), strides);
  if (out != NULL) {
    if (assert_no_internal_overlap(out) < 0 || assert_no_partial_overlap(out, a) < 0) return NULL;
  }
  const int64_t* in_strides[1] = {sa};
  return allocate_or_resize_output(out, resize_out, Tensor_sizes(a), in_strides, 1, compute);
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
  ScalarType compute = k->on_int != NULL || ScalarType_isFloating(a->dtype) ? a->dtype : get_default_dtype_as_scalartype();
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
    case UnaryOp_Neg: return -x;
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
    case UnaryOp_Neg: return -x;
    default: return tanhf(x);
  }
}

/* Contiguous float in and out: the vector loops of ops/cpu/VecLoops.h for
 * the capability in use, or one loop per operation, the same float
 * functions as unary_float. */
static void fast_unary_float(UnaryOp op, float* o, const float* a, int64_t n) {
  if (VecLoops_get()->unary_float(op, o, a, n)) return;
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
    case UnaryOp_Neg: UNARY_LOOP(-x);
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
      case UnaryOp_Neg: r = (int64_t)(0u - (uint64_t)x); break; /* wraps: neg of the minimum is itself */
      default: r = x; break; /* floor, ceil, round, trunc of an integer */
    }
    store_scalar(out_type, o, Scalar_fromLong(r));
  }
}

/*
 * Note [The inner loops of a Sleef operator]
 * At AVX2 and AVX512, exp, log, sin, cos, tanh and sigmoid compute as 1.13's
 * kernels do (Note [Sleef's unary functions] in ops/cpu/VecLoops.h), and
 * their last bits depend on where the elements are cut into inner loops:
 * sigmoid's last n % 16 of each (n % 32 in AVX512) take libm's expf, the
 * others Sleef's; sin's and cos's vectors of 8 start at each loop's first
 * element.  On one thread, 1.13's TensorIterator hands its loop
 *  - all the elements at once when the two operands are dense and laid out
 *    alike (contiguous, a transpose of contiguous...: it allocates the
 *    output in the input's layout, and the dimensions coalesce into one);
 *  - else one inner loop per row of the innermost dimension, merged with the
 *    next dimensions while both operands are contiguous across them
 *    (coalesce_dimensions); such a loop is vectorized only when both
 *    operands have unit stride (make_vectorized_loop2d), else scalar.
 * unary_sleef_walk cuts the same loops and runs each through the table's
 * loop: in place when both operands are floats (doubles) of unit stride,
 * else through a buffer, kSleefChunk elements at a time (a multiple of
 * 2 * lanes, so that the cut inside a loop falls where 1.13's does), as
 * 1.13's vml kernels copy strided operands through a buffer.
 * NB: with several threads 1.13 also cuts at the threads' boundaries
 * (parallel_for above the grain size: 2048 elements for the vml kernels,
 * 32768 for cpu_kernel_vec), so larger tensors can differ in last bits from
 * a multi-threaded PyTorch (the benchmarks' libtorch runs one thread, the
 * conformance scripts stay below 2048).  1.13 also reorders dimensions by
 * stride before coalescing: an input both permuted and sliced may be cut
 * differently from it.
 */
enum { kSleefChunk = 1024 };

/* One inner loop of n elements at x (in_type, byte stride sx) into o
 * (out_type, so), computed in compute (float or double). */
static void sleef_inner_loop(const VecLoops* v, UnaryOp op, ScalarType compute, char* o, int64_t so,
                             ScalarType out_type, const char* x, int64_t sx, ScalarType in_type, int64_t n) {
  if (compute == ScalarType_Float) {
    if (in_type == ScalarType_Float && out_type == ScalarType_Float && sx == 4 && so == 4) {
      v->unary_float(op, (float*)o, (const float*)x, n);
      return;
    }
    float buf[kSleefChunk];
    for (int64_t i = 0; i < n; i += kSleefChunk) {
      int64_t m = n - i < kSleefChunk ? n - i : kSleefChunk;
      for (int64_t j = 0; j < m; j++) buf[j] = (float)load_double(in_type, x + (i + j) * sx);
      v->unary_float(op, buf, buf, m);
      for (int64_t j = 0; j < m; j++) store_from_double(out_type, o + (i + j) * so, buf[j]);
    }
  } else {
    if (in_type == ScalarType_Double && out_type == ScalarType_Double && sx == 8 && so == 8) {
      v->unary_double(op, (double*)o, (const double*)x, n);
      return;
    }
    double buf[kSleefChunk];
    for (int64_t i = 0; i < n; i += kSleefChunk) {
      int64_t m = n - i < kSleefChunk ? n - i : kSleefChunk;
      for (int64_t j = 0; j < m; j++) buf[j] = load_double(in_type, x + (i + j) * sx);
      v->unary_double(op, buf, buf, m);
      for (int64_t j = 0; j < m; j++) store_from_double(out_type, o + (i + j) * so, buf[j]);
    }
  }
}

/* result = op(a) for a Sleef operator at a capability whose table has its
 * loop, cut into inner loops as Note [The inner loops of a Sleef operator]
 * says.  Returns false, touching nothing, when the table has no loop (DEFAULT)
 * or 1.13's loops would be scalar (sigmoid of strided operands): the caller
 * walks the elements then. */
static bool unary_sleef_walk(UnaryOp op, ScalarType compute, Tensor* result, const Tensor* a) {
  const VecLoops* v = VecLoops_get();
  if (compute == ScalarType_Float ? !v->unary_float(op, NULL, NULL, 0) : !v->unary_double(op, NULL, NULL, 0))
    return false;
  int64_t ndim = a->dim, in_size = ScalarType_elementSize(a->dtype), out_size = ScalarType_elementSize(result->dtype);
  int64_t sa[MINATEN_MAX_DIM], so[MINATEN_MAX_DIM];
  operand_strides(a, a->sizes, ndim, sa);
  operand_strides(result, a->sizes, ndim, so);
  char* po = Tensor_data(result);
  const char* pa = Tensor_data(a);
  /* laid out alike (the strides of every dimension longer than 1 equal, in
   * elements) and dense: one loop over memory */
  bool alike = Tensor_isNonOverlappingAndDense(result);
  for (int64_t k = 0; k < ndim && alike; k++)
    alike = a->sizes[k] == 1 || sa[k] / in_size * out_size == so[k];
  if (alike) {
    sleef_inner_loop(v, op, compute, po, out_size, result->dtype, pa, in_size, a->dtype, a->numel);
    return true;
  }
  /* the innermost dimension, merged with the next ones while both operands
   * are contiguous across them: its length n, strides ia, io; dims: how many */
  int64_t n = 1, ia = 0, io = 0, dims = 0;
  for (int64_t k = ndim - 1; k >= 0; k--, dims++) {
    if (a->sizes[k] == 1) continue;
    if (n == 1) {
      n = a->sizes[k], ia = sa[k], io = so[k];
    } else if (sa[k] == n * ia && so[k] == n * io) {
      n *= a->sizes[k];
    } else {
      break;
    }
  }
  if (op == UnaryOp_Sigmoid && (ia != in_size || io != out_size)) return false; /* 1.13's basic_loop */
  int64_t idx[MINATEN_MAX_DIM] = {0};
  int64_t outer = ndim - dims; /* dimensions 0 .. outer-1 are walked */
  for (int64_t done = 0; done < a->numel; done += n) {
    sleef_inner_loop(v, op, compute, po, io, result->dtype, pa, ia, a->dtype, n);
    for (int64_t k = outer - 1; k >= 0; k--) {
      po += so[k], pa += sa[k];
      if (++idx[k] < a->sizes[k]) break;
      po -= so[k] * a->sizes[k], pa -= sa[k] * a->sizes[k];
      idx[k] = 0;
    }
  }
  return true;
}

static bool is_sleef_op(UnaryOp op) {
  return op == UnaryOp_Exp || op == UnaryOp_Log || op == UnaryOp_Sin || op == UnaryOp_Cos || op == UnaryOp_Tanh ||
         op == UnaryOp_Sigmoid;
}

static Tensor* unary_op_impl(Tensor* out, bool resize_out, const Tensor* a, UnaryOp op) {
  TORCH_CHECK(a->device.type == DeviceType_CPU && !ScalarType_isQuantized(a->dtype),
              "minaten: elementwise operators run on non-quantized CPU tensors only");
  bool rounding = op == UnaryOp_Floor || op == UnaryOp_Ceil || op == UnaryOp_Round || op == UnaryOp_Trunc;
  bool keeps_dtype = op == UnaryOp_Abs || op == UnaryOp_Relu || op == UnaryOp_Sign || op == UnaryOp_Neg || rounding;
  if (a->dtype == ScalarType_Bool) {
    TORCH_CHECK(op != UnaryOp_Abs, "\"abs_cpu\" not implemented for 'Bool'");
    TORCH_CHECK(op != UnaryOp_Relu, "Boolean inputs not supported for relu");
    /* AT_DISPATCH of the rounding kernels has no Bool */
    static const char* const kRoundingKernels[] = {"floor_vml_cpu", "ceil_vml_cpu", "round_vml_cpu", "trunc_vml_cpu"};
    TORCH_CHECK(!rounding, "\"%s\" not implemented for 'Bool'", kRoundingKernels[rounding ? op - UnaryOp_Floor : 0]);
  }
  /* unary_float_op: integers and bools compute in the default float type. */
  ScalarType compute = keeps_dtype || ScalarType_isFloating(a->dtype) ? a->dtype : get_default_dtype_as_scalartype();
  Tensor* result = unary_output(out, resize_out, a, compute);
  if (result == NULL || MetaMode_isEnabled() || a->numel == 0) return result;
  if (compute == ScalarType_Float && a->dtype == ScalarType_Float && result->dtype == ScalarType_Float &&
      a->is_contiguous && result->is_contiguous)
    fast_unary_float(op, (float*)Tensor_data(result), (const float*)Tensor_data(a), a->numel);
  else if (!(is_sleef_op(op) && (compute == ScalarType_Float || compute == ScalarType_Double) &&
             unary_sleef_walk(op, compute, result, a)))
    unary_walk(op_element, NULL, op, compute, result, a);
  return result;
fail:
  return NULL;
}

Tensor* unary_op(Tensor* out, const Tensor* a, UnaryOp op) { return unary_op_impl(out, false, a, op); }

Tensor* unary_op_out(Tensor* out, const Tensor* a, UnaryOp op) { return unary_op_impl(out, true, a, op); }
