/*
 * UnaryOpsKernel.c - the unary elementwise loop and its arithmetic; see
 * ops/UnaryOps.h.
 *
 * unary_output is TensorIterator's build of a unary operation (overlap,
 * shape and dtype checks, the output from ops/TensorIterator.h);
 * TensorIterator's for_each hands the tiles to a loop2d, which calls one
 * element function: the UnaryKernel's function for the computation type
 * (kernel_element), or the UnaryOp switches (op_element).  A contiguous
 * float row takes a plain loop instead (ops/cpu/VecLoops.h's vector loops,
 * for the operators that have one).  In MetaMode (ops/MetaMode.h) the loop
 * is skipped.
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
#include "runtime/Parallel.h"
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
 * The operator is k or op, whichever the function reads (unary_tile passes
 * both; op by value, so that it stays in a register). */
typedef void (*UnaryElementFn)(const UnaryKernel* k, UnaryOp op, ScalarType compute, ScalarType in_type,
                               ScalarType out_type, char* o, const char* p);

/* What a unary loop2d needs besides the tile. */
typedef struct UnaryLoop {
  const UnaryKernel* k;
  UnaryOp op;
  ScalarType compute, in_type, out_type; /* read once: stores through the output may alias */
  const VecLoops* vec;                   /* the Sleef loops (sleef_loop2d) */
} UnaryLoop;

/* Calls element on every element of a tile (data = {output, input}), row
 * by row.  Always inlined, so that each of its callers gets a copy in which
 * element is a direct call the compiler can inline.
 * PyTorch 1.13: aten/src/ATen/native/cpu/Loops.h cpu_kernel (basic_loop) */
static inline __attribute__((always_inline)) void unary_tile(UnaryElementFn element, const UnaryLoop* L,
                                                            char** data, const int64_t* strides, int64_t size0,
                                                            int64_t size1) {
  for (int64_t j = 0; j < size1; j++) {
    char* o = data[0] + j * strides[2];
    const char* x = data[1] + j * strides[3];
    for (int64_t i = 0; i < size0; i++, o += strides[0], x += strides[1])
      element(L->k, L->op, L->compute, L->in_type, L->out_type, o, x);
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

/* The loop2d of a UnaryKernel operator: a contiguous float row through
 * its float function, any other element by element. */
static void kernel_loop2d(void* ctx, char** data, const int64_t* strides, int64_t size0, int64_t size1) {
  const UnaryLoop* L = ctx;
  if (L->compute == ScalarType_Float && L->in_type == ScalarType_Float && L->out_type == ScalarType_Float &&
      strides[0] == 4 && strides[1] == 4) {
    for (int64_t j = 0; j < size1; j++) {
      float* o = (float*)(data[0] + j * strides[2]);
      const float* x = (const float*)(data[1] + j * strides[3]);
      for (int64_t i = 0; i < size0; i++) o[i] = L->k->on_float(x[i]);
    }
    return;
  }
  unary_tile(kernel_element, L, data, strides, size0, size1);
}

/* result = op(a) over TensorIterator's tiles (Note [TensorIterator's walk]
 * in ops/TensorIterator.h). */
static void unary_for_each(Tensor* result, const Tensor* a, loop2d_t loop, const UnaryLoop* L, int64_t grain_size) {
  TensorIteratorBase iter;
  Tensor* operands[2] = {result, (Tensor*)a};
  TensorIterator_initElementwise(&iter, operands, 2, Tensor_sizes(a));
  TensorIterator_for_each(&iter, loop, (void*)L, grain_size);
}

static Tensor* unary_kernel_impl(Tensor* out, bool resize_out, const Tensor* a, const UnaryKernel* k) {
  TORCH_CHECK(a->device.type == DeviceType_CPU && !ScalarType_isQuantized(a->dtype),
              "minaten: elementwise operators run on non-quantized CPU tensors only");
  /* without an integer function, integers and bools compute in the default float type */
  ScalarType compute = k->on_int != NULL || ScalarType_isFloating(a->dtype) ? a->dtype : get_default_dtype_as_scalartype();
  Tensor* result = unary_output(out, resize_out, a, compute);
  if (result == NULL || MetaMode_isEnabled() || a->numel == 0) return result;
  UnaryLoop L = {k, UnaryOp_Abs /* unused */, compute, a->dtype, result->dtype, NULL};
  unary_for_each(result, a, kernel_loop2d, &L, AT_GRAIN_SIZE);
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
 * They share unary_output and unary_tile with UnaryKernel operators but keep
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
 * element.  The loops are TensorIterator's rows (Note [TensorIterator's
 * walk] in ops/TensorIterator.h): the dimensions reordered by stride and
 * coalesced, so two dense operands laid out alike are one row; each thread
 * of a parallel for_each (above 2048 elements for the vml kernels, above
 * 32768 for sigmoid's cpu_kernel_vec) starts its chunk with a new row.  A
 * row is vectorized when both operands have unit stride (sigmoid's is
 * scalar otherwise: make_vectorized_loop2d).
 * sleef_loop2d runs each row through the table's loop: in place when both
 * operands are floats (doubles) of unit stride, else through a buffer,
 * kSleefChunk elements at a time (a multiple of 2 * lanes, so that the cut
 * inside a row falls where 1.13's does), as 1.13's vml kernels copy strided
 * operands through a buffer.
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

/* The loop2d of a Sleef operator: each row of the tile is one inner loop
 * (Note [The inner loops of a Sleef operator]); a sigmoid row whose
 * operands are not both of unit stride is scalar, as 1.13's
 * make_vectorized_loop2d falls back to basic_loop. */
static void sleef_loop2d(void* ctx, char** data, const int64_t* strides, int64_t size0, int64_t size1) {
  const UnaryLoop* L = ctx;
  int64_t in_size = ScalarType_elementSize(L->in_type), out_size = ScalarType_elementSize(L->out_type);
  if (L->op == UnaryOp_Sigmoid && (strides[0] != out_size || strides[1] != in_size)) {
    unary_tile(op_element, L, data, strides, size0, size1);
    return;
  }
  for (int64_t j = 0; j < size1; j++)
    sleef_inner_loop(L->vec, L->op, L->compute, data[0] + j * strides[2], strides[0], L->out_type,
                     data[1] + j * strides[3], strides[1], L->in_type, size0);
}

/* The loop2d of the other UnaryOp operators: a contiguous float row
 * through fast_unary_float, any other element by element. */
static void op_loop2d(void* ctx, char** data, const int64_t* strides, int64_t size0, int64_t size1) {
  const UnaryLoop* L = ctx;
  if (L->compute == ScalarType_Float && L->in_type == ScalarType_Float && L->out_type == ScalarType_Float &&
      strides[0] == 4 && strides[1] == 4) {
    for (int64_t j = 0; j < size1; j++)
      fast_unary_float(L->op, (float*)(data[0] + j * strides[2]), (const float*)(data[1] + j * strides[3]), size0);
    return;
  }
  unary_tile(op_element, L, data, strides, size0, size1);
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
  UnaryLoop L = {NULL, op, compute, a->dtype, result->dtype, VecLoops_get()};
  bool sleef = is_sleef_op(op) && (compute == ScalarType_Float ? L.vec->unary_float(op, NULL, NULL, 0)
                                   : compute == ScalarType_Double && L.vec->unary_double(op, NULL, NULL, 0));
  /* 1.13's grains: 2048 for the vml kernels (exp ... tanh), TensorIterator's for cpu_kernel_vec (sigmoid) */
  if (sleef)
    unary_for_each(result, a, sleef_loop2d, &L, op == UnaryOp_Sigmoid ? AT_GRAIN_SIZE : 2048);
  else
    unary_for_each(result, a, op_loop2d, &L, AT_GRAIN_SIZE);
  return result;
fail:
  return NULL;
}

Tensor* unary_op(Tensor* out, const Tensor* a, UnaryOp op) { return unary_op_impl(out, false, a, op); }

Tensor* unary_op_out(Tensor* out, const Tensor* a, UnaryOp op) { return unary_op_impl(out, true, a, op); }
