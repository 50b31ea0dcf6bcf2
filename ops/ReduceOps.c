/*
 * ReduceOps.c - sum, mean, prod, amax, amin, argmax, argmin, max, min.
 *
 * One loop serves them all: the output has the input's shape with the
 * reduced dimensions removed (or kept as size 1 with keepdim); for every
 * output element the reduced sub-space is walked and accumulated, floating
 * values in double, integers in int64 (sum and prod of integers and bools
 * are int64, as in PyTorch).  An empty or absent dim list reduces every
 * dimension.  amax/amin propagate NaN; argmax/argmin return the first index
 * of the extreme (a NaN counts as the extreme), over the flattened tensor
 * when no dim is given.
 *
 * argmax/argmin and any/all of a contiguous tensor reduced along its last
 * dimensions skip that loop: each row goes to one typed loop, vectorised
 * for Float (Note [The contiguous rows of a reduction]).  amax/amin take
 * 1.13's binary_kernel_reduce_vec (max_values_stub, Note [amax in 1.13's
 * order] in ops/cpu/ReduceOpsKernel.c), max.dim/min.dim its
 * compare_base_kernel; max()/min() live in ops/ReduceAllOps.c.
 *
 * sum, mean and prod into Float and Double are the exception: they compute
 * in that dtype, in PyTorch's order (sum and mean: ops/cpu/SumKernel.c, Note
 * [Cascade sum]; prod: ops/cpu/ReduceOpsKernel.c, Note [Vectorized
 * reduction order]), so that the bits are 1.13's; so are sum and mean into
 * Half and BFloat16, summed in float (Note [Summing Half and BFloat16]).
 *
 * PyTorch 1.13: aten/src/ATen/native/ReduceOps.cpp, TensorCompare.cpp (argmax)
 */
#include <math.h>
#include <string.h>

#include "Functions.h"
#include "NativeFunctions.h"
#include "ops/Copy.h"
#include "ops/EmptyTensor.h"
#include "ops/MetaMode.h"
#include "ops/ReduceOpsUtils.h"
#include "ops/Resize.h"
#include "ops/Structured.h"
#include "ops/TensorIterator.h"
#include "ops/TensorUtils.h"
#include "ops/cpu/ReduceOpsKernel.h"
#include "ops/cpu/SumKernel.h"
#include "ops/quantized/AffineQuantizer.h"
#include "runtime/CPUCapability.h"
#include "runtime/Exception.h"
#include "runtime/Parallel.h"
#include "runtime/TypeCast.h"
#include "runtime/safe_numerics.h"

typedef enum ReduceKind {
  Reduce_Sum,
  Reduce_Mean,
  Reduce_Prod,
  Reduce_Amax,
  Reduce_Amin,
  Reduce_Argmax,
  Reduce_Argmin,
  Reduce_Any, /* true if some element is nonzero (NaN counts) */
  Reduce_All, /* true if every element is nonzero */
} ReduceKind;

/* Marks the reduced dimensions; all of them for an absent or empty list.
 * PyTorch 1.13: aten/src/ATen/WrapDimUtilsMulti.h dim_list_to_bitset */
static int reduced_mask(const Tensor* self, const OptionalIntArrayRef dims, bool* mask) {
  bool all = !dims.has_value || dims.value.size == 0;
  for (int64_t d = 0; d < self->dim; d++) mask[d] = all;
  if (all) return 0;
  bool scalar_seen = false; /* a 0-dim tensor reduces over "dim 0" to itself, once */
  for (size_t i = 0; i < dims.value.size; i++) {
    int64_t d = maybe_wrap_dim(dims.value.data[i], self->dim, true);
    if (d < 0) return -1;
    bool* seen = self->dim == 0 ? &scalar_seen : &mask[d];
    if (*seen) {
      Error_set(ErrorType_RuntimeError, "dim %lld appears multiple times in the list of dims", (long long)d);
      return -1;
    }
    *seen = true;
  }
  return 0;
}

/* Which dimensions a reduction keeps and which it walks, and the output's
 * sizes.  PyTorch 1.13: ReduceOps.cpp make_reduction (the TensorIterator of
 * a reduction: reduced dimensions with output stride 0) */
typedef struct ReduceGeometry {
  int64_t out_sizes[MINATEN_MAX_DIM], kept[MINATEN_MAX_DIM], red[MINATEN_MAX_DIM];
  int64_t nout, nkept, nred;
  int64_t count; /* elements reduced into each output element */
} ReduceGeometry;

static void reduce_geometry(const Tensor* self, const bool* mask, bool keepdim, ReduceGeometry* g) {
  g->nout = g->nkept = g->nred = 0;
  g->count = 1;
  for (int64_t d = 0; d < self->dim; d++) {
    if (mask[d]) {
      g->red[g->nred++] = d;
      g->count = mul_wrap(g->count, self->sizes[d]); /* wraps past a size-0 dim, as PyTorch's */
      if (keepdim) g->out_sizes[g->nout++] = 1;
    } else {
      g->kept[g->nkept++] = d;
      g->out_sizes[g->nout++] = self->sizes[d];
    }
  }
}

/* The running state of one output element: a sum or product (in double
 * for floating values, int64 wrapping for integers and bools), or the
 * extreme so far and its index.  PyTorch 1.13: native/SharedReduceOps.h
 * (SumOps, ProdOps, MaxOps, ArgMaxOps, ...) */
typedef struct ReduceAcc {
  double acc_d;
  uint64_t acc_i;
  double best_d;
  int64_t best_i, best_index;
} ReduceAcc;

static inline void acc_init(ReduceAcc* a, ReduceKind kind) {
  a->acc_d = kind == Reduce_Prod ? 1.0 : 0.0;
  a->acc_i = kind == Reduce_Prod || kind == Reduce_All ? 1 : 0;
  a->best_d = 0;
  a->best_i = 0;
  a->best_index = 0;
}

static inline bool is_max(ReduceKind kind) { return kind == Reduce_Amax || kind == Reduce_Argmax; }

/* Element r of the reduced sub-space, a floating value. */
static inline void acc_floating(ReduceAcc* a, ReduceKind kind, double v, int64_t r) {
  switch (kind) {
    case Reduce_Any: a->acc_i |= v != 0; break;
    case Reduce_All: a->acc_i &= v != 0; break;
    case Reduce_Sum:
    case Reduce_Mean: a->acc_d += v; break;
    case Reduce_Prod: a->acc_d *= v; break;
    default: {
      bool better = r == 0 || (!isnan(a->best_d) && (isnan(v) || (is_max(kind) ? v > a->best_d : v < a->best_d)));
      if (better) a->best_d = v, a->best_index = r;
    }
  }
}

/* Element r of the reduced sub-space, an integer or bool. */
static inline void acc_integer(ReduceAcc* a, ReduceKind kind, int64_t v, int64_t r) {
  switch (kind) {
    case Reduce_Any: a->acc_i |= v != 0; break;
    case Reduce_All: a->acc_i &= v != 0; break;
    case Reduce_Sum:
    case Reduce_Mean: a->acc_i += (uint64_t)v; break;
    case Reduce_Prod: a->acc_i *= (uint64_t)v; break;
    default:
      if (r == 0 || (is_max(kind) ? v > a->best_i : v < a->best_i)) a->best_i = v, a->best_index = r;
  }
}

/* The result of one output element, stored at o in out_dtype. */
static inline void acc_store(const ReduceAcc* a, ReduceKind kind, bool floating, int64_t count, ScalarType out_dtype,
                             char* o) {
  switch (kind) {
    case Reduce_Sum:
    case Reduce_Prod:
      if (floating) store_from_double(out_dtype, o, a->acc_d);
      else store_scalar(out_dtype, o, Scalar_fromLong((int64_t)a->acc_i));
      break;
    case Reduce_Mean:
      if (ScalarType_isReducedFloating(out_dtype)) {
        /* 1.13's mean is sum_out(result).div_(count): the sum rounded to
         * Half, divided by the count as a Half, rounded again. */
        float sum = reduced_round(out_dtype, (float)a->acc_d), divisor = reduced_round(out_dtype, (float)count);
        store_from_double(out_dtype, o, sum / divisor);
      } else {
        store_from_double(out_dtype, o, a->acc_d / (double)count);
      }
      break;
    case Reduce_Argmax:
    case Reduce_Argmin: *(int64_t*)o = a->best_index; break;
    case Reduce_Any:
    case Reduce_All: store_scalar(out_dtype, o, Scalar_fromLong(a->acc_i != 0)); break;
    default:
      if (floating) store_from_double(out_dtype, o, a->best_d);
      else store_scalar(out_dtype, o, Scalar_fromLong(a->best_i));
  }
}

/*
 * Note [The contiguous rows of a reduction]
 * When self is contiguous and the reduced dimensions are its last ones
 * (all of them for max(), argmax() without dim, any()), each output
 * element reduces one row of `count` consecutive elements, the rows in the
 * output's order.  reduce_rows hands each row to one typed loop instead of
 * reduce_loop's walk element by element with index arithmetic and a switch
 * on the dtype for each: argmax/argmin and any/all (max.dim/min.dim's
 * contiguous lines take the same loops, compare_line).  Float rows, and any/all of 1-byte dtypes
 * (bool, uint8, int8), go to the vector loops of ops/cpu/ReduceOpsKernel.c,
 * compiled for the CPU's capability (Note [Extremes in two passes] in
 * ops/cpu/ReduceOpsKernel.c); the other dtypes to the plain loops of
 * RowLoops below, the scalar rule without reduce_loop's overhead.  The
 * results are reduce_loop's: the first NaN, else the first extreme (ties
 * and -0.0 == 0.0 to the first index).
 * Every other geometry stays on reduce_loop.
 * PyTorch 1.13: native/cpu/Reduce.h binary_kernel_reduce_vec (its inner
 * reduction: the reduced dimension contiguous), TensorIterator's coalescing
 * of dimensions
 */

/* The plain row loops of one dtype: the index of the first NaN, else of the
 * first greatest (least) of n >= 1 elements (as reduce_loop's acc_floating
 * and acc_integer pick it; `v != v` is false for integers); and whether one
 * of n >= 0 elements is zero (zero true) or nonzero, stopping at the first. */
typedef struct RowLoops {
  int64_t (*arg_extreme)(const void* a, int64_t n, bool max);
  bool (*has)(const void* a, int64_t n, bool zero);
} RowLoops;

#define DEFINE_ROW_LOOPS(T, name, LOAD)                                               \
  static inline __attribute__((always_inline)) int64_t arg_extreme_##name##_loop(     \
      const T* a, int64_t n, bool max) {                                              \
    T best = LOAD(a[0]);                                                              \
    int64_t index = 0;                                                                \
    if (best != best) return 0;                                                       \
    for (int64_t i = 1; i < n; i++) {                                                 \
      T v = LOAD(a[i]);                                                               \
      if (max ? v > best : v < best)                                                  \
        best = v, index = i;                                                          \
      else if (v != v) /* the first NaN: it stays */                                  \
        return i;                                                                     \
    }                                                                                 \
    return index;                                                                     \
  }                                                                                   \
  static int64_t arg_extreme_##name(const void* p, int64_t n, bool max) {             \
    return max ? arg_extreme_##name##_loop(p, n, true) : arg_extreme_##name##_loop(p, n, false); \
  }                                                                                   \
  static bool has_##name(const void* p, int64_t n, bool zero) {                       \
    const T* a = p;                                                                   \
    for (int64_t i = 0; i < n; i++)                                                   \
      if ((LOAD(a[i]) == 0) == zero) return true;                                     \
    return false;                                                                     \
  }                                                                                   \
  static const RowLoops kRowLoops_##name = {arg_extreme_##name, has_##name};
#define AS_STORED(x) (x)
/* A bool element is read as its byte, nonzero being true: storage another
 * dtype wrote, or never wrote (torch.empty), may hold any byte, and loading
 * a byte other than 0 or 1 as a C bool is undefined behaviour. */
#define BOOL_OF_BYTE(x) ((uint8_t)((x) != 0))
DEFINE_ROW_LOOPS(uint8_t, Byte, AS_STORED)
DEFINE_ROW_LOOPS(int8_t, Char, AS_STORED)
DEFINE_ROW_LOOPS(int16_t, Short, AS_STORED)
DEFINE_ROW_LOOPS(int32_t, Int, AS_STORED)
DEFINE_ROW_LOOPS(int64_t, Long, AS_STORED)
DEFINE_ROW_LOOPS(double, Double, AS_STORED)
DEFINE_ROW_LOOPS(uint8_t, Bool, BOOL_OF_BYTE)
#undef DEFINE_ROW_LOOPS
#undef AS_STORED
#undef BOOL_OF_BYTE

/* The plain loops of dtype t; NULL for Float (the vector loops) and the
 * quantized dtypes. */
static const RowLoops* row_loops(ScalarType t) {
  switch (t) {
    case ScalarType_Byte: return &kRowLoops_Byte;
    case ScalarType_Char: return &kRowLoops_Char;
    case ScalarType_Short: return &kRowLoops_Short;
    case ScalarType_Int: return &kRowLoops_Int;
    case ScalarType_Long: return &kRowLoops_Long;
    case ScalarType_Double: return &kRowLoops_Double;
    case ScalarType_Bool: return &kRowLoops_Bool;
    default: return NULL;
  }
}

/* Whether the reduced dimensions of g are contiguous rows of self (see the
 * Note) of a dtype with row loops. */
static bool has_rows(const Tensor* self, const ReduceGeometry* g) {
  if (!self->is_contiguous || g->nred == 0) return false;
  for (int64_t i = 0; i < g->nred; i++)
    if (g->red[i] != self->dim - g->nred + i) return false; /* not the last dimensions */
  return self->dtype == ScalarType_Float || row_loops(self->dtype) != NULL;
}

/* The index of the extreme of one row (n >= 1), vector or plain loop. */
static inline int64_t row_arg_extreme(arg_extreme_float_fn arg_extreme_float, const RowLoops* loops, const char* row,
                                      int64_t n, bool max) {
  return loops == NULL ? arg_extreme_float((const float*)row, n, max) : loops->arg_extreme(row, n, max);
}

/* reduce_rows' work: the rows of out, each count elements of self. */
typedef struct RowsWork {
  ReduceKind kind; /* argmax/argmin, any/all */
  ScalarType dtype;      /* self's */
  const RowLoops* loops; /* NULL: Float */
  bool bytes;            /* bool, uint8, int8: a nonzero byte is a nonzero element */
  int64_t item, count;
  const char* in;
  char* out;
  arg_extreme_float_fn arg_extreme_float;
  has_float_fn has_float;
  has_byte_fn has_byte;
} RowsWork;

/* any (zero false) or all (zero true) of one row part: whether one of
 * its n elements is nonzero (zero). */
static bool row_has(const RowsWork* w, const char* row, int64_t n, bool zero) {
  return w->loops == NULL ? w->has_float((const float*)row, n, zero)
         : w->bytes       ? w->has_byte((const uint8_t*)row, n, zero)
                          : w->loops->has(row, n, zero);
}

/* Rows [begin, end) of out (a ParallelForBody). */
static void rows_range(void* ctx, int64_t begin, int64_t end) {
  const RowsWork* w = ctx;
  bool arg = w->kind == Reduce_Argmax || w->kind == Reduce_Argmin, zero = w->kind == Reduce_All;
  for (int64_t r = begin; r < end; r++) {
    const char* row = w->in + r * w->count * w->item;
    if (arg)
      ((int64_t*)w->out)[r] = row_arg_extreme(w->arg_extreme_float, w->loops, row, w->count, w->kind == Reduce_Argmax);
    else
      w->out[r] = (char)(row_has(w, row, w->count, zero) != zero);
  }
}

enum { kMaxThreads = 256 };

/* One row split over the threads: each chunk's first extreme (index) or
 * whether it has a hit, in its thread's slot. */
typedef struct RowSplit {
  const RowsWork* w;
  int64_t index[kMaxThreads];
  bool hit[kMaxThreads], used[kMaxThreads];
} RowSplit;

static void row_split_chunk(void* ctx, int64_t begin, int64_t end) {
  RowSplit* s = ctx;
  const RowsWork* w = s->w;
  int t = at_get_thread_num();
  const char* part = w->in + begin * w->item;
  s->used[t] = true;
  if (w->kind == Reduce_Argmax || w->kind == Reduce_Argmin)
    s->index[t] = begin + row_arg_extreme(w->arg_extreme_float, w->loops, part, end - begin, w->kind == Reduce_Argmax);
  else
    s->hit[t] = row_has(w, part, end - begin, w->kind == Reduce_All);
}

/* Whether the element at b beats the one at a, a coming first: the
 * combine of GreaterOrNan (LessOrNan) for two chunks in order. */
static bool arg_beats(ScalarType t, bool max, const char* a, const char* b) {
  if (!ScalarType_isFloating(t)) {
    int64_t x = load_int(t, a), y = load_int(t, b);
    return max ? y > x : y < x;
  }
  double x = load_double(t, a), y = load_double(t, b);
  return !isnan(x) && (isnan(y) || (max ? y > x : y < x));
}

/* The one row of out split over the threads, each thread's chunk into its
 * own accumulator, the accumulators combined in thread order: the first
 * NaN, else the first extreme, whatever the split.
 * PyTorch 1.13: native/cpu/Reduce.h binary_kernel_reduce (one output: the
 * buffer of max_threads accumulators), TensorIteratorReduce.cpp two_pass_reduction (any/all) */
static void reduce_one_row(const RowsWork* w) {
  RowSplit s = {.w = w};
  int n = at_get_num_threads();
  TORCH_INTERNAL_ASSERT(n <= kMaxThreads);
  at_parallel_for(0, w->count, AT_GRAIN_SIZE, row_split_chunk, &s);
  bool arg = w->kind == Reduce_Argmax || w->kind == Reduce_Argmin;
  int64_t best = -1;
  bool hit = false;
  for (int t = 0; t < n; t++) {
    if (!s.used[t]) continue;
    hit |= s.hit[t];
    if (arg && (best < 0 || arg_beats(w->dtype, w->kind == Reduce_Argmax, w->in + best * w->item,
                                      w->in + s.index[t] * w->item)))
      best = s.index[t];
  }
  if (arg)
    *(int64_t*)w->out = best;
  else
    w->out[0] = (char)(hit != (w->kind == Reduce_All));
}

/* Every row of out through the row loops; false, touching nothing, when
 * the geometry, dtypes or kind have none.  See the Note.  Above
 * AT_GRAIN_SIZE elements the rows run on the intra-op threads: several
 * outputs split output by output, one output split along its row (NB: the
 * results never depend on the split).
 * PyTorch 1.13: TensorIteratorReduce.cpp foreach_reduced_elt (argmax,
 * argmin), parallel_reduce (any, all) */
static bool reduce_rows(const Tensor* self, Tensor* out, const ReduceGeometry* g, ReduceKind kind) {
  if (!has_rows(self, g)) return false;
  switch (kind) {
    case Reduce_Argmax:
    case Reduce_Argmin:
      if (out->dtype != ScalarType_Long) return false;
      break;
    case Reduce_Any:
    case Reduce_All:
      if (Tensor_itemsize(out) != 1) return false; /* bool or uint8 */
      break;
    default: return false;
  }
  RowsWork w = {.kind = kind,
                .dtype = self->dtype,
                .loops = row_loops(self->dtype),
                .bytes = Tensor_itemsize(self) == 1,
                .item = (int64_t)Tensor_itemsize(self),
                .count = g->count,
                .in = Tensor_data(self),
                .out = Tensor_data(out),
                .arg_extreme_float = (arg_extreme_float_fn)DispatchStub_get(&arg_extreme_float_stub),
                .has_float = (has_float_fn)DispatchStub_get(&has_float_stub),
                .has_byte = (has_byte_fn)DispatchStub_get(&has_byte_stub)};
  if (out->numel == 1 && g->count > 0)
    reduce_one_row(&w);
  else if (self->numel < AT_GRAIN_SIZE) /* foreach_reduced_elt: numel() < GRAIN_SIZE, on this thread */
    rows_range(&w, 0, out->numel);
  else
    at_parallel_for(0, out->numel, 1, rows_range, &w);
  return true;
}

/* reduce_loop's state along its walk: the output element being reduced
 * (out is contiguous), the index of the next element in its reduced
 * sub-space, the accumulator. */
typedef struct ReduceLoop {
  ReduceKind kind;
  bool floating;
  ScalarType in_type, out_type;
  int64_t count; /* elements reduced into each output element (> 0) */
  int64_t r;
  char* o;
  int64_t out_item;
  ReduceAcc acc;
} ReduceLoop;

/* reduce_loop's loop over a tile of self: each element accumulated; the
 * first of an output element's sub-space starts its accumulator, the last
 * stores it.
 * PyTorch 1.13: native/cpu/Reduce.h binary_kernel_reduce (its reduction_body) */
static void reduce_loop2d(void* ctx, char** data, const int64_t* strides, int64_t size0, int64_t size1) {
  ReduceLoop* L = ctx;
  for (int64_t j = 0; j < size1; j++) {
    const char* p = data[0] + j * strides[1];
    for (int64_t i = 0; i < size0; i++, p += strides[0]) {
      if (L->r == 0) acc_init(&L->acc, L->kind);
      if (L->floating)
        acc_floating(&L->acc, L->kind, load_double(L->in_type, p), L->r);
      else
        acc_integer(&L->acc, L->kind, load_int(L->in_type, p), L->r);
      L->r++;
      if (L->r == L->count) {
        acc_store(&L->acc, L->kind, L->floating, L->count, L->out_type, L->o);
        L->o += L->out_item;
        L->r = 0;
      }
    }
  }
}

/* reduce_loop's work: the walk over self's rows, and the loop state an
 * output range starts from. */
typedef struct ReduceLoopWork {
  const TensorIteratorBase* iter;
  const ReduceLoop* start; /* at output element 0 */
} ReduceLoopWork;

/* Output elements [begin, end): their rows, count elements each (a
 * ParallelForBody). */
static void reduce_loop_range(void* ctx, int64_t begin, int64_t end) {
  const ReduceLoopWork* w = ctx;
  ReduceLoop L = *w->start;
  L.o += begin * L.out_item;
  TensorIterator_serial_for_each(w->iter, reduce_loop2d, &L, begin * L.count, end * L.count);
}

/* The reduction loop: for every element of out (contiguous), the reduced
 * sub-space of self walked in order and accumulated; contiguous rows go to
 * reduce_rows.  NB(minaten): the walk is TensorIterator's in C order over
 * self's dimensions rearranged as [kept..., reduced...] (initLinear), so
 * that each output's elements come in row-major order, which decides
 * argmax's index and which of equal extremes (or NaNs) is kept; 1.13's
 * binary_kernel_reduce walks each output's sub-iterator in memory order.
 * Several outputs of AT_GRAIN_SIZE elements or more are split over the
 * threads output by output, as foreach_reduced_elt splits them (no result
 * depends on it); NB(minaten): one output is walked on one thread, where
 * 1.13 splits its elements (argmax of a strided tensor, the same index).
 * Skipped in a shape run (MetaMode).
 * PyTorch 1.13: native/cpu/Reduce.h binary_kernel_reduce */
static void reduce_loop(const Tensor* self, Tensor* out, const ReduceGeometry* g, ReduceKind kind) {
  if (MetaMode_isEnabled() || reduce_rows(self, out, g, kind)) return;
  ReduceLoop L = {.kind = kind,
                  .floating = ScalarType_isFloating(self->dtype) || ScalarType_isFloating(out->dtype),
                  .in_type = self->dtype,
                  .out_type = out->dtype,
                  .count = g->count,
                  .r = 0,
                  .o = Tensor_data(out),
                  .out_item = (int64_t)Tensor_itemsize(out)};
  if (g->count == 0) { /* nothing to walk: every output element is the identity */
    for (int64_t n = 0; n < out->numel; n++, L.o += L.out_item) {
      acc_init(&L.acc, kind);
      acc_store(&L.acc, kind, L.floating, 0, L.out_type, L.o);
    }
    return;
  }
  TensorIteratorBase iter;
  reduction_rows_iterator(&iter, self, g->kept, g->nkept, g->red, g->nred);
  ReduceLoopWork w = {&iter, &L};
  if (out->numel > 1 && self->numel >= AT_GRAIN_SIZE) /* several outputs: split output by output */
    at_parallel_for(0, out->numel, 1, reduce_loop_range, &w);
  else
    reduce_loop_range(&w, 0, out->numel);
}

/* mean's divisor: the number of elements reduced, in the sum's dtype. */
typedef struct MeanDiv {
  ScalarType dtype; /* Float, Double, Half or BFloat16 */
  int64_t count;
  int64_t nan_block; /* BFloat16 at AVX2 (AVX512): 32 (64), else 0; see mean_div_loop2d */
} MeanDiv;

/* mean's division of a tile of out (the sum) by the count, in its dtype: a
 * Half (BFloat16) sum divided by the count as a Half, one division in float
 * rounded to Half.  1.13's div_ runs Vectorized<BFloat16> at AVX2 and
 * AVX512 on a row's leading blocks of 2 * Vectorized::size() elements, which
 * narrows a NaN to 0xffff instead of c10's 0x7fc0 (Note [Half and BFloat16
 * lanes] in ops/cpu/vec_reduced.h): so does this loop there.
 * PyTorch 1.13: ReduceOps.cpp TORCH_IMPL_FUNC(mean_out) (div_ of the sum),
 * native/cpu/BinaryOpsKernel.cpp div_true_kernel */
static void mean_div_loop2d(void* ctx, char** data, const int64_t* strides, int64_t size0, int64_t size1) {
  const MeanDiv* m = ctx;
  int64_t vector_end = m->nan_block > 0 ? size0 - size0 % m->nan_block : 0;
  for (int64_t j = 0; j < size1; j++) {
    char* p = data[0] + j * strides[1];
    for (int64_t i = 0; i < size0; i++, p += strides[0]) {
      if (m->dtype == ScalarType_Float) {
        *(float*)p /= (float)m->count;
      } else if (m->dtype == ScalarType_Double) {
        *(double*)p /= (double)m->count;
      } else {
        float q = (float)load_double(m->dtype, p) / reduced_round(m->dtype, (float)m->count);
        if (q != q && i < vector_end)
          *(uint16_t*)p = 0xffff;
        else
          store_from_double(m->dtype, p, q);
      }
    }
  }
}

/*
 * sum, mean and prod into Float or Double, and sum and mean into Half or
 * BFloat16 (summed in float: Note [Summing Half and BFloat16] in
 * ops/cpu/SumKernel.c): the input converted to that
 * dtype first (make_reduction's self.to(in_dtype), which keeps a dense
 * input's strides), summed in 1.13's cascade order (ops/cpu/SumKernel.c) or
 * multiplied in its vector loop's order (ops/cpu/ReduceOpsKernel.c), and
 * for mean divided in that dtype by the number of elements reduced
 * (mean_out's at::sum_out(...).div_(dim_prod) on CPU).  kind: Reduce_Sum,
 * Reduce_Mean or Reduce_Prod.
 * PyTorch 1.13: ReduceOps.cpp TORCH_IMPL_FUNC(sum_out), TORCH_IMPL_FUNC(mean_out),
 * TORCH_IMPL_FUNC(prod_out), make_reduction
 */
static Tensor* cascade_reduce(const Tensor* self, const bool* mask, bool keepdim, const ReduceGeometry* g,
                              ScalarType out_dtype, ReduceKind kind, Tensor* into) {
  bool mean = kind == Reduce_Mean;
  Tensor* converted = NULL;
  if (self->dtype != out_dtype) {
    converted = Tensor_isNonOverlappingAndDense(self)
                    ? empty_strided_cpu(Tensor_sizes(self), Tensor_strides(self), out_dtype)
                    : empty_cpu(Tensor_sizes(self), out_dtype);
    if (converted == NULL) return NULL;
    if (!MetaMode_isEnabled() && copy_into(converted, self) < 0) {
      Tensor_release(converted);
      return NULL;
    }
    self = converted;
  }
  Tensor* out = into != NULL ? Tensor_retain(into) : empty_cpu(IntArrayRef_make(g->out_sizes, (size_t)g->nout), out_dtype);
  if (out != NULL && kind == Reduce_Prod)
    prod_kernel(self, out, mask, keepdim);
  else if (out != NULL)
    cascade_sum(self, out, mask, keepdim);
  if (out != NULL && mean && !MetaMode_isEnabled() && out->numel > 0 && ScalarType_isComplex(out_dtype)) {
    /* a complex sum divides as div_'s complex loops do (Note [Complex
     * products in 1.13's loops], ops/BinaryOpsComplex.c) */
    Tensor* divided = at_native_div__Scalar(out, Scalar_fromLong(g->count));
    if (divided == NULL) Tensor_release(out);
    Tensor_release(divided);
    if (divided == NULL) out = NULL;
  } else if (out != NULL && mean && !MetaMode_isEnabled() && out->numel > 0) {
    CPUCapability capability = CPUCapability_get();
    int64_t nan_block = out_dtype != ScalarType_BFloat16 || capability == CPUCapability_DEFAULT ? 0
                        : capability == CPUCapability_AVX512                                     ? 64
                                                                                                 : 32;
    MeanDiv m = {out_dtype, g->count, nan_block};
    TensorIteratorBase iter;
    TensorIterator_initElementwise(&iter, &out, 1, Tensor_sizes(out));
    TensorIterator_for_each(&iter, mean_div_loop2d, &m, AT_GRAIN_SIZE);
  }
  Tensor_release(converted);
  return out;
}

/* make_reduction's self.to(in_dtype) for a quantized in_dtype: 1.13's
 * `to` (_to_copy) allocates the copy with empty_strided, or empty_like,
 * whose QuantizedCPU kernels refuse a quantized dtype.  Returns NULL with
 * that error set.
 * PyTorch 1.13: aten/src/ATen/native/ReduceOpsUtils.h make_reduction */
static Tensor* reduce_to_quantized(const Tensor* self, ScalarType dtype) {
  Tensor* converted = at_to_dtype(self, dtype, false, false, kNoMemoryFormat);
  TORCH_INTERNAL_ASSERT(converted == NULL); /* `to` makes no quantized tensor without a quantizer */
  return NULL;
}

/* A result computed beside `into` moved into it (when into is given and
 * the loops could not write it directly); returns a new reference to the
 * result, or NULL with the error set. */
static Tensor* into_result(Tensor* into, Tensor* out) {
  if (into == NULL || out == NULL || out == into) return out;
  int copied = copy_into(into, out);
  Tensor_release(out);
  return copied < 0 ? NULL : Tensor_retain(into);
}

/* The reduction itself, into `into` when given (a structured output: the
 * reduced shape, of out_dtype) or into a new tensor; `name` is for error
 * messages.  Returns a new reference to the result.  The TensorIterator
 * kernels (cascade_sum, prod_kernel, max_values_stub) write into any
 * strides, as 1.13's impls write into theirs; reduce_loop and reduce_rows
 * write a contiguous output, so a strided `into` gets the result copied. */
static Tensor* reduce(const Tensor* self, const bool* mask, bool keepdim, ScalarType out_dtype, ReduceKind kind,
                      const char* name, Tensor* into) {
  ReduceGeometry g;
  TORCH_INTERNAL_ASSERT(into == NULL || into->dtype == out_dtype);
  TORCH_CHECK(self->device.type == DeviceType_CPU && !ScalarType_isQuantized(self->dtype),
              "minaten: reductions run on non-quantized CPU tensors only");
  TORCH_CHECK(kind != Reduce_Prod || !ScalarType_isReducedFloating(out_dtype), "\"prod_cpu\" not implemented for '%s'",
              ScalarType_name(out_dtype));
  if (ScalarType_isComplex(self->dtype) || ScalarType_isComplex(out_dtype)) {
    /* the extremes have no complex loop in 1.13 either */
    static const char* const kNoComplex[] = {[Reduce_Amax] = "max_values_cpu", [Reduce_Amin] = "min_values_cpu",
                                             [Reduce_Argmax] = "argmax_cpu", [Reduce_Argmin] = "argmin_cpu"};
    ScalarType t = ScalarType_isComplex(self->dtype) ? self->dtype : out_dtype;
    TORCH_CHECK(kind > Reduce_Argmin || kind < Reduce_Amax, "\"%s\" not implemented for '%s'", kNoComplex[kind],
                ScalarType_name(t));
    /* NB(minaten): 1.13 multiplies and tests complex elements too; minaten
     * only sums and averages them so far (into a real dtype, sum, mean and
     * prod convert them first, below) */
    bool converts = kind == Reduce_Sum || kind == Reduce_Mean || kind == Reduce_Prod;
    TORCH_CHECK(ScalarType_isComplex(out_dtype) ? kind == Reduce_Sum || kind == Reduce_Mean : converts,
                "minaten: %s() has no kernel for '%s' yet", name, ScalarType_name(t));
  }
  reduce_geometry(self, mask, keepdim, &g);
  /* (an extreme over an empty dim was refused by its meta function) */
  /* sum/prod/mean into an integer dtype read the input converted to it
   * (make_reduction's self.to(in_dtype)): sum([0.5, 1.5], dtype=long) is 1.
   * Into a quantized dtype (sum(dtype=torch.quint8)) that dispatched `to`
   * fails ("empty_strided not supported on quantized tensors yet ..."); a
   * shape run, 1.13's meta function, makes the output and stops before. */
  if ((kind == Reduce_Sum || kind == Reduce_Prod || kind == Reduce_Mean) && ScalarType_isQuantized(out_dtype))
    return !MetaMode_isEnabled() ? reduce_to_quantized(self, out_dtype)
           : into != NULL        ? Tensor_retain(into)
                                 : empty_cpu(IntArrayRef_make(g.out_sizes, (size_t)g.nout), out_dtype);
  Tensor* converted = NULL;
  if ((kind == Reduce_Sum || kind == Reduce_Prod || kind == Reduce_Mean) && self->dtype != out_dtype &&
      !ScalarType_isFloating(out_dtype) && (ScalarType_isFloating(self->dtype) || ScalarType_isComplex(self->dtype)) &&
      !ScalarType_isComplex(out_dtype)) {
    converted = empty_cpu(Tensor_sizes(self), out_dtype);
    TRY(converted != NULL);
    if (copy_into(converted, self) < 0) {
      Tensor_release(converted);
      return NULL;
    }
    self = converted;
  }
  if (((kind == Reduce_Sum || kind == Reduce_Mean || kind == Reduce_Prod) &&
       (out_dtype == ScalarType_Float || out_dtype == ScalarType_Double || ScalarType_isComplex(out_dtype))) ||
      ((kind == Reduce_Sum || kind == Reduce_Mean) && ScalarType_isReducedFloating(out_dtype))) {
    Tensor* r = cascade_reduce(self, mask, keepdim, &g, out_dtype, kind, into);
    Tensor_release(converted);
    return r;
  }
  bool values = kind == Reduce_Amax || kind == Reduce_Amin; /* 1.13's max_values_stub / min_values_stub */
  Tensor* out = into != NULL && (values || into->is_contiguous)
                    ? Tensor_retain(into)
                    : empty_cpu(IntArrayRef_make(g.out_sizes, (size_t)g.nout), out_dtype);
  if (out != NULL && values)
    ((extreme_values_fn)DispatchStub_get(kind == Reduce_Amax ? &max_values_stub : &min_values_stub))(self, out, mask,
                                                                                                    keepdim);
  else if (out != NULL)
    reduce_loop(self, out, &g, kind);
  Tensor_release(converted);
  return into_result(into, out);
fail:
  return NULL;
}

/* sum/prod of integers and bools is int64 unless a dtype is given.
 * PyTorch 1.13: ReduceOps.cpp get_dtype_from_self */
static ScalarType sum_dtype(const Tensor* self, OptionalScalarType dtype) {
  if (dtype.has_value) return dtype.value;
  return ScalarType_isIntegral(self->dtype, true) ? ScalarType_Long : self->dtype;
}

static Tensor* reduce_dims(const Tensor* self, OptionalIntArrayRef dims, bool keepdim, ScalarType out, ReduceKind k,
                           const char* name, Tensor* into) {
  bool mask[MINATEN_MAX_DIM];
  if (reduced_mask(self, dims, mask) < 0) return NULL;
  return reduce(self, mask, keepdim, out, k, name, into);
}

/* The reduced shape of self over mask (resize_reduction's
 * get_reduction_shape), said to op as output i of dtype.
 * PyTorch 1.13: ReduceOpsUtils.h resize_reduction */
static int set_reduction_output(StructuredOp* op, int i, const Tensor* self, const bool* mask, bool keepdim,
                                ScalarType dtype) {
  ReduceGeometry g;
  reduce_geometry(self, mask, keepdim, &g);
  return StructuredOp_setOutputRawStrided(op, i, IntArrayRef_make(g.out_sizes, (size_t)g.nout), kNoStrides, dtype);
}

/* sum's, mean's and prod's output dtype: dtype when given, else out='s,
 * else self's (int64 for integers and bools).
 * PyTorch 1.13: ReduceOps.cpp infer_dtype_from_optional */
static ScalarType infer_dtype_from_optional(const Tensor* self, OptionalScalarType dtype, const Tensor* result) {
  if (dtype.has_value) return dtype.value;
  return result != NULL ? result->dtype : sum_dtype(self, dtype);
}

/* The meta function of sum, and of prod (one dim): the dims checked, the
 * output reduced, of the dtype asked for (out='s when none is; an out=
 * of another dtype than the one asked for is refused by set_output).
 * PyTorch 1.13: ReduceOps.cpp TORCH_META_FUNC2(sum, dim_IntList), TORCH_META_FUNC2(prod, dim_int) */
static int sum_prod_meta(StructuredOp* op, const Tensor* self, OptionalIntArrayRef dim, bool keepdim,
                         OptionalScalarType dtype) {
  bool mask[MINATEN_MAX_DIM];
  if (reduced_mask(self, dim, mask) < 0) return -1;
  ScalarType out_dtype = infer_dtype_from_optional(self, dtype, StructuredOp_maybeGetOutput(op, 0));
  return set_reduction_output(op, 0, self, mask, keepdim, out_dtype);
}

/* sum over every dimension: sum.dim_IntList with an empty list, through the
 * dispatcher, so that a quantized tensor reaches sum.dim_IntList's default
 * kernel and fails in aten::sum.IntList_out as in 1.13.
 * PyTorch 1.13: ReduceOps.cpp at::native::sum */
Tensor* at_native_sum(const Tensor* self, OptionalScalarType dtype) {
  OptionalIntArrayRef all = {true, IntArrayRef_make(NULL, 0)};
  return at_sum_dim_IntList(self, all, false, dtype);
}
/* PyTorch 1.13: ReduceOps.cpp TORCH_META_FUNC2(sum, dim_IntList) */
int at_meta_sum_dim_IntList(StructuredOp* op, const Tensor* self, OptionalIntArrayRef dim, bool keepdim,
                            OptionalScalarType dtype) {
  return sum_prod_meta(op, self, dim, keepdim, dtype);
}
/* The input converted to out's dtype first, so that
 * sum([0.5, 1.5], dtype=torch.long) is 0 + 1.
 * PyTorch 1.13: ReduceOps.cpp TORCH_IMPL_FUNC(sum_out) */
int at_impl_sum_out(StructuredOp* op, const Tensor* self, OptionalIntArrayRef dim, bool keepdim,
                    OptionalScalarType dtype, Tensor* out) {
  (void)op, (void)dtype; /* out has the dtype */
  return done_in_place(reduce_dims(self, dim, keepdim, out->dtype, Reduce_Sum, "sum", out));
}

/* PyTorch 1.13: ReduceOps.cpp TORCH_META_FUNC2(mean, dim) (its dtype check) */
static int check_mean_dtype(const Tensor* self, OptionalScalarType dtype) {
  ScalarType t = dtype.has_value ? dtype.value : self->dtype;
  TORCH_CHECK(ScalarType_isFloating(t) || ScalarType_isComplex(t),
              "mean(): could not infer output dtype. %s dtype must be either a floating point or complex dtype. "
              "Got: %s",
              dtype.has_value ? "Optional" : "Input", ScalarType_name(t));
  return 0;
fail:
  return -1;
}
/* mean over every dimension: mean.dim with an empty list.
 * PyTorch 1.13: ReduceOps.cpp at::native::mean */
Tensor* at_native_mean(const Tensor* self, OptionalScalarType dtype) {
  OptionalIntArrayRef all = {true, {NULL, 0}};
  return at_mean_dim(self, all, false, dtype);
}
/* PyTorch 1.13: ReduceOps.cpp TORCH_META_FUNC2(mean, dim) */
int at_meta_mean_dim(StructuredOp* op, const Tensor* self, OptionalIntArrayRef dim, bool keepdim,
                     OptionalScalarType dtype) {
  if (check_mean_dtype(self, dtype) < 0) return -1;
  return sum_prod_meta(op, self, dim, keepdim, dtype);
}
/*
 * mean is a sum divided by the number of elements reduced (1.13's CPU
 * impl: at::sum_out(result, ...).div_(dim_prod)), in out's dtype.  So an
 * integral out first takes the sum, then refuses the Float quotient
 * ("result type Float can't be cast to the desired output type Long").
 * NB(minaten): a complex mean is computed in its own dtype and copied into
 * out.
 * PyTorch 1.13: ReduceOps.cpp TORCH_IMPL_FUNC(mean_out)
 */
int at_impl_mean_out(StructuredOp* op, const Tensor* self, OptionalIntArrayRef dim, bool keepdim,
                     OptionalScalarType dtype, Tensor* out) {
  (void)op;
  ScalarType in_dtype = dtype.has_value ? dtype.value : self->dtype;
  if (ScalarType_isComplex(in_dtype)) {
    Tensor* into = out->dtype == in_dtype ? out : NULL;
    return done_in_place(into_result(out, reduce_dims(self, dim, keepdim, in_dtype, Reduce_Mean, "mean", into)));
  }
  if (ScalarType_isIntegral(out->dtype, true)) {
    TRY(done_in_place(at_sum_IntList_out(self, dim, keepdim, dtype, out)) == 0);
    TORCH_CHECK(false, "result type Float can't be cast to the desired output type %s", ScalarType_name(out->dtype));
  }
  return done_in_place(reduce_dims(self, dim, keepdim, out->dtype, Reduce_Mean, "mean", out));
fail:
  return -1;
}

/* prod of every element.  1.13 allocates the result with at::empty, which
 * for a quantized dtype (prod(dtype=torch.quint8)) is a quantized tensor
 * with an unknown quantizer, then views it with as_strided
 * (make_reduction's review_reduce_result), whose QuantizedCPU kernel asks
 * that quantizer for its qscheme: 1.13's own internal assert, a
 * RuntimeError ("cannot call qscheme on UnknownQuantizer").
 * PyTorch 1.13: ReduceOps.cpp at::native::prod, impl_func_prod */
Tensor* at_native_prod(const Tensor* self, OptionalScalarType dtype) {
  ScalarType out_dtype = sum_dtype(self, dtype);
  if (ScalarType_isQuantized(out_dtype)) {
    OptionalScalarType q = {true, out_dtype};
    Tensor* result = at_empty_memory_format(IntArrayRef_make(NULL, 0), q, kNoLayout, kNoDevice, kNoPinMemory,
                                            kNoMemoryFormat);
    if (result == NULL) return NULL;
    int known = Quantizer_checkKnown(result->quantizer, "qscheme");
    Tensor_release(result);
    TORCH_INTERNAL_ASSERT(known < 0); /* empty's quantizer is an unknown one */
    return NULL;
  }
  return reduce_dims(self, kNoIntArrayRef, false, out_dtype, Reduce_Prod, "prod", NULL);
}
/* PyTorch 1.13: ReduceOps.cpp TORCH_META_FUNC2(prod, dim_int) */
int at_meta_prod_dim_int(StructuredOp* op, const Tensor* self, int64_t dim, bool keepdim, OptionalScalarType dtype) {
  OptionalIntArrayRef d = {true, {&dim, 1}};
  return sum_prod_meta(op, self, d, keepdim, dtype);
}
/* PyTorch 1.13: ReduceOps.cpp TORCH_IMPL_FUNC(prod_out) (impl_func_prod) */
int at_impl_prod_out(StructuredOp* op, const Tensor* self, int64_t dim, bool keepdim, OptionalScalarType dtype,
                     Tensor* out) {
  (void)op, (void)dtype; /* out has the dtype */
  OptionalIntArrayRef d = {true, {&dim, 1}};
  return done_in_place(reduce_dims(self, d, keepdim, out->dtype, Reduce_Prod, "prod", out));
}

/* PyTorch 1.13: ReduceOps.cpp TORCH_META_FUNC(amax) */
static int check_same_out_dtype(const Tensor* self, const Tensor* out) {
  TORCH_CHECK(self->dtype == out->dtype,
              "Expected the dtype for input and out to match, but got %s for input's dtype and %s for out's dtype.",
              ScalarType_name(self->dtype), ScalarType_name(out->dtype));
  return 0;
fail:
  return -1;
}

/* The dims of an empty input must be named and non-empty.
 * PyTorch 1.13: ReduceOpsUtils.h zero_numel_check_dims */
static int zero_numel_check_dims(const Tensor* self, const bool* mask, bool named, const char* name) {
  if (self->numel != 0) return 0;
  TORCH_CHECK(named,
              "%s(): Expected reduction dim to be specified for input.numel() == 0. Specify the reduction dim with "
              "the 'dim' argument.",
              name);
  for (int64_t d = 0; d < self->dim; d++)
    TORCH_CHECK_INDEX(!mask[d] || self->sizes[d] != 0, "%s(): Expected reduction dim %lld to have non-zero size.",
                      name, (long long)d);
  return 0;
fail:
  return -1;
}

/* amax's and amin's meta function: out='s dtype must be self's, the dims
 * checked, the output reduced.  PyTorch 1.13: ReduceOps.cpp TORCH_META_FUNC(amax) */
static int amax_amin_meta(StructuredOp* op, const Tensor* self, IntArrayRef dim, bool keepdim, const char* name) {
  bool mask[MINATEN_MAX_DIM];
  const Tensor* given = StructuredOp_maybeGetOutput(op, 0);
  if (given != NULL && check_same_out_dtype(self, given) < 0) return -1;
  OptionalIntArrayRef d = {true, dim};
  if (reduced_mask(self, d, mask) < 0 || zero_numel_check_dims(self, mask, dim.size != 0, name) < 0) return -1;
  return set_reduction_output(op, 0, self, mask, keepdim, self->dtype);
}

/* PyTorch 1.13: ReduceOps.cpp TORCH_META_FUNC(amax) */
int at_meta_amax(StructuredOp* op, const Tensor* self, IntArrayRef dim, bool keepdim) {
  return amax_amin_meta(op, self, dim, keepdim, "amax");
}
/* PyTorch 1.13: ReduceOps.cpp TORCH_IMPL_FUNC(amax_out) */
int at_impl_amax_out(StructuredOp* op, const Tensor* self, IntArrayRef dim, bool keepdim, Tensor* out) {
  (void)op;
  OptionalIntArrayRef d = {true, dim};
  return done_in_place(reduce_dims(self, d, keepdim, self->dtype, Reduce_Amax, "amax", out));
}
/* PyTorch 1.13: ReduceOps.cpp TORCH_META_FUNC(amin) */
int at_meta_amin(StructuredOp* op, const Tensor* self, IntArrayRef dim, bool keepdim) {
  return amax_amin_meta(op, self, dim, keepdim, "amin");
}
/* PyTorch 1.13: ReduceOps.cpp TORCH_IMPL_FUNC(amin_out) */
int at_impl_amin_out(StructuredOp* op, const Tensor* self, IntArrayRef dim, bool keepdim, Tensor* out) {
  (void)op;
  OptionalIntArrayRef d = {true, dim};
  return done_in_place(reduce_dims(self, d, keepdim, self->dtype, Reduce_Amin, "amin", out));
}

/* argmax/argmin into `into`: over one dim, or the flattened tensor when
 * dim is None.
 * PyTorch 1.13: TensorCompare.cpp / ReduceOps.cpp argmax_argmin_impl */
static Tensor* arg_extreme(const Tensor* self, OptionalInt dim, bool keepdim, ReduceKind kind, const char* name,
                           Tensor* into) {
  /* 1.13 has no Bool kernel ("argmax_cpu" is dispatched over all types but
   * Bool); a reduced dim of size 1 is filled with 0 before any kernel runs,
   * and an empty result runs none. */
  if (self->dtype == ScalarType_Bool && self->numel != 0) {
    int64_t d = dim.has_value ? maybe_wrap_dim(dim.value, self->dim, true) : -1;
    TRY(!dim.has_value || d >= 0);
    TORCH_CHECK(d >= 0 && self->dim > 0 && self->sizes[d] == 1, "\"%s_cpu\" not implemented for 'Bool'", name);
  }
  /* no dim: every dim reduced (and kept as 1 for keepdim) */
  OptionalIntArrayRef d = {dim.has_value, {&dim.value, dim.has_value ? 1 : 0}};
  return reduce_dims(self, d, keepdim, ScalarType_Long, kind, name, into);
fail:
  return NULL;
}

/* argmax's and argmin's meta function: the dims checked, the output
 * reduced to int64 (every dim kept as 1 for keepdim without a dim).
 * PyTorch 1.13: ReduceOps.cpp TORCH_META_FUNC(argmax) (check_argmax_argmin, resize_reduction) */
static int arg_extreme_meta(StructuredOp* op, const Tensor* self, OptionalInt dim, bool keepdim, const char* name) {
  bool mask[MINATEN_MAX_DIM];
  OptionalIntArrayRef d = {dim.has_value, {&dim.value, dim.has_value ? 1 : 0}};
  if (reduced_mask(self, d, mask) < 0) return -1;
  if (!dim.has_value) {
    TORCH_CHECK_INDEX(self->numel != 0, "%s(): Expected reduction dim to be specified for input.numel() == 0.",
                      name);
  } else if (zero_numel_check_dims(self, mask, true, name) < 0) {
    return -1;
  }
  return set_reduction_output(op, 0, self, mask, keepdim, ScalarType_Long);
fail:
  return -1;
}

/* PyTorch 1.13: ReduceOps.cpp TORCH_META_FUNC(argmax) */
int at_meta_argmax(StructuredOp* op, const Tensor* self, OptionalInt dim, bool keepdim) {
  return arg_extreme_meta(op, self, dim, keepdim, "argmax");
}
/* PyTorch 1.13: ReduceOps.cpp TORCH_IMPL_FUNC(argmax_out) */
int at_impl_argmax_out(StructuredOp* op, const Tensor* self, OptionalInt dim, bool keepdim, Tensor* out) {
  (void)op;
  return done_in_place(arg_extreme(self, dim, keepdim, Reduce_Argmax, "argmax", out));
}
/* PyTorch 1.13: ReduceOps.cpp TORCH_META_FUNC(argmin) */
int at_meta_argmin(StructuredOp* op, const Tensor* self, OptionalInt dim, bool keepdim) {
  return arg_extreme_meta(op, self, dim, keepdim, "argmin");
}
/* PyTorch 1.13: ReduceOps.cpp TORCH_IMPL_FUNC(argmin_out) */
int at_impl_argmin_out(StructuredOp* op, const Tensor* self, OptionalInt dim, bool keepdim, Tensor* out) {
  (void)op;
  return done_in_place(arg_extreme(self, dim, keepdim, Reduce_Argmin, "argmin", out));
}

/* compare_base_kernel's loop state: the line along dim of each output
 * element (len elements, stride bytes apart). */
typedef struct CompareLoop {
  ReduceKind kind; /* Reduce_Argmax or Reduce_Argmin */
  ScalarType dtype;
  int64_t item, len, stride;
  arg_extreme_float_fn arg_extreme_float;
  const RowLoops* loops; /* NULL: Float, or a dtype without row loops */
} CompareLoop;

/* The index of the first NaN, else of the first greatest (least), of the
 * line at p: a contiguous line through the row loops, else element by
 * element (`!(value <= max_number)`, stopping at a NaN, picks the same).
 * PyTorch 1.13: native/cpu/TensorCompareKernel.cpp max_kernel_impl, min_kernel_impl (their loop) */
static int64_t compare_line(const CompareLoop* L, const char* p) {
  if (L->stride == L->item && (L->dtype == ScalarType_Float || L->loops != NULL))
    return row_arg_extreme(L->arg_extreme_float, L->loops, p, L->len, L->kind == Reduce_Argmax);
  bool floating = ScalarType_isFloating(L->dtype);
  ReduceAcc acc;
  acc_init(&acc, L->kind);
  for (int64_t i = 0; i < L->len; i++, p += L->stride) {
    if (floating)
      acc_floating(&acc, L->kind, load_double(L->dtype, p), i);
    else
      acc_integer(&acc, L->kind, load_int(L->dtype, p), i);
  }
  return acc.best_index;
}

/* The loop over a tile of lines: data = {values, indices, self} at each
 * line's first element; the value stored is the element at the index.
 * PyTorch 1.13: native/cpu/TensorCompareKernel.cpp compare_base_kernel (its loop) */
static void compare_loop2d(void* ctx, char** data, const int64_t* strides, int64_t size0, int64_t size1) {
  const CompareLoop* L = ctx;
  for (int64_t b = 0; b < size1; b++)
    for (int64_t a = 0; a < size0; a++) {
      const char* p = data[2] + b * strides[5] + a * strides[2];
      int64_t index = compare_line(L, p);
      memcpy(data[0] + b * strides[3] + a * strides[0], p + index * L->stride, (size_t)L->item);
      *(int64_t*)(data[1] + b * strides[4] + a * strides[1]) = index;
    }
}

/* values and indices (of self's shape without dim d, or with it as size 1
 * for keepdim; any strides) of the extremes along d: TensorIterator over
 * self's shape with d squashed to size 1, each element one line, split
 * over the threads output by output (for_each with grain size 1).
 * PyTorch 1.13: native/cpu/TensorCompareKernel.cpp compare_base_kernel_core, minmax_out_impl */
static void compare_base_kernel(const Tensor* self, int64_t d, bool keepdim, bool max, Tensor* values,
                                Tensor* indices) {
  int64_t item = (int64_t)Tensor_itemsize(self);
  if (self->dim == 0) { /* values.fill_(self), indices.fill_(0) */
    memcpy(Tensor_data(values), Tensor_data(self), (size_t)item);
    *(int64_t*)Tensor_data(indices) = 0;
    return;
  }
  CompareLoop L = {max ? Reduce_Argmax : Reduce_Argmin, self->dtype, item, self->sizes[d], self->strides[d] * item,
                   (arg_extreme_float_fn)DispatchStub_get(&arg_extreme_float_stub), row_loops(self->dtype)};
  compare_base_for_each(self, d, keepdim, values, indices, compare_loop2d, &L);
}

/* max.dim's and min.dim's meta function: dim checked (of non-zero size,
 * even for a non-empty input), then values of self's dtype and int64
 * indices, the reduced shape, in that order (an out= values is checked and
 * resized before indices are checked).
 * PyTorch 1.13: TensorCompare.cpp TORCH_PRECOMPUTE_META_FUNC2(max, dim) (zero_numel_check_dims,
 * check_unsupported_complex, resize_reduction_with_indices) */
static int extreme_dim_meta(StructuredOp* op, const Tensor* self, int64_t dim, bool keepdim, const char* name) {
  bool mask[MINATEN_MAX_DIM];
  OptionalIntArrayRef dims = {true, {&dim, 1}};
  if (reduced_mask(self, dims, mask) < 0) return -1;
  int64_t d = maybe_wrap_dim(dim, self->dim, true);
  TORCH_CHECK_INDEX(self->dim == 0 || self->sizes[d] != 0, "%s(): Expected reduction dim %lld to have non-zero size.",
                    name, (long long)d);
  TORCH_CHECK(!ScalarType_isComplex(self->dtype), "%s(): does not support complex input", name);
  if (set_reduction_output(op, 0, self, mask, keepdim, self->dtype) < 0) return -1;
  return set_reduction_output(op, 1, self, mask, keepdim, ScalarType_Long);
fail:
  return -1;
}

/* The extreme values along dim and their first indices (a NaN is the
 * extreme, at its first position).
 * PyTorch 1.13: TensorCompare.cpp minmax_out_impl */
static int minmax_out_impl(const Tensor* self, int64_t dim, bool keepdim, bool max, Tensor* values, Tensor* indices) {
  TORCH_CHECK(self->device.type == DeviceType_CPU && !ScalarType_isQuantized(self->dtype),
              "minaten: reductions run on non-quantized CPU tensors only");
  if (self->numel > 0 && !MetaMode_isEnabled())
    compare_base_kernel(self, maybe_wrap_dim(dim, self->dim, true), keepdim, max, values, indices);
  return 0;
fail:
  return -1;
}

/* PyTorch 1.13: TensorCompare.cpp TORCH_PRECOMPUTE_META_FUNC2(max, dim) */
int at_meta_max_dim(StructuredOp* op, const Tensor* self, int64_t dim, bool keepdim) {
  return extreme_dim_meta(op, self, dim, keepdim, "max");
}
/* PyTorch 1.13: TensorCompare.cpp TORCH_IMPL_FUNC(max_out) */
int at_impl_max_out(StructuredOp* op, const Tensor* self, int64_t dim, bool keepdim, Tensor* max, Tensor* max_values) {
  (void)op;
  return minmax_out_impl(self, dim, keepdim, true, max, max_values);
}
/* PyTorch 1.13: TensorCompare.cpp TORCH_PRECOMPUTE_META_FUNC2(min, dim) */
int at_meta_min_dim(StructuredOp* op, const Tensor* self, int64_t dim, bool keepdim) {
  return extreme_dim_meta(op, self, dim, keepdim, "min");
}
/* PyTorch 1.13: TensorCompare.cpp TORCH_IMPL_FUNC(min_out) */
int at_impl_min_out(StructuredOp* op, const Tensor* self, int64_t dim, bool keepdim, Tensor* min, Tensor* min_indices) {
  (void)op;
  return minmax_out_impl(self, dim, keepdim, false, min, min_indices);
}

/* ---- any, all ------------------------------------------------------------------
 * Note [all, any : uint8 compatibility]: a bool result, except for uint8
 * inputs, which keep uint8 (1.13's legacy behaviour); an out= may be
 * either.  Structured: the meta function checks out's dtype and sets the
 * reduced output; the impl reduces into it.
 * PyTorch 1.13: ReduceOps.cpp allany_meta, TORCH_IMPL_FUNC(any_out), ... */
static ScalarType any_all_dtype(const Tensor* self) {
  return self->dtype == ScalarType_Byte ? ScalarType_Byte : ScalarType_Bool;
}

/* PyTorch 1.13: ReduceOps.cpp allany_meta (check_result_is_bytebool,
 * get_result_or_bytebool_dtype, resize_reduction) */
static int allany_meta(StructuredOp* op, const Tensor* self, OptionalIntArrayRef dims, bool keepdim,
                       const char* name) {
  const Tensor* result = StructuredOp_maybeGetOutput(op, 0);
  TORCH_CHECK(result == NULL || result->dtype == ScalarType_Bool || result->dtype == ScalarType_Byte,
              "%s only supports bool tensor for result, got: %s", name, ScalarType_name(result->dtype));
  bool mask[MINATEN_MAX_DIM];
  TRY(reduced_mask(self, dims, mask) == 0);
  return set_reduction_output(op, 0, self, mask, keepdim, result != NULL ? result->dtype : any_all_dtype(self));
fail:
  return -1;
}

/* The reduction into out.  NB(minaten): a complex self is reduced as
 * self != 0 (1.13's loops test each complex element themselves). */
static int allany_impl(const Tensor* self, OptionalIntArrayRef dims, bool keepdim, ReduceKind kind, const char* name,
                       Tensor* out) {
  Tensor* nonzero = NULL;
  if (ScalarType_isComplex(self->dtype)) {
    TRY((nonzero = at_ne_Scalar(self, Scalar_fromLong(0))) != NULL);
    self = nonzero;
  }
  int r = done_in_place(reduce_dims(self, dims, keepdim, out->dtype, kind, name, out));
  Tensor_release(nonzero);
  return r;
fail:
  return -1;
}

/* PyTorch 1.13: ReduceOps.cpp TORCH_META_FUNC(any) */
int at_meta_any(StructuredOp* op, const Tensor* self) { return allany_meta(op, self, kNoIntArrayRef, false, "any"); }
/* PyTorch 1.13: ReduceOps.cpp TORCH_IMPL_FUNC(any_all_out) */
int at_impl_any_all_out(StructuredOp* op, const Tensor* self, Tensor* out) {
  (void)op;
  return allany_impl(self, kNoIntArrayRef, false, Reduce_Any, "any", out);
}
/* PyTorch 1.13: ReduceOps.cpp TORCH_PRECOMPUTE_META_FUNC2(any, dim) */
int at_meta_any_dim(StructuredOp* op, const Tensor* self, int64_t dim, bool keepdim) {
  OptionalIntArrayRef d = {true, {&dim, 1}};
  return allany_meta(op, self, d, keepdim, "any");
}
/* PyTorch 1.13: ReduceOps.cpp TORCH_IMPL_FUNC(any_out) */
int at_impl_any_out(StructuredOp* op, const Tensor* self, int64_t dim, bool keepdim, Tensor* out) {
  (void)op;
  OptionalIntArrayRef d = {true, {&dim, 1}};
  return allany_impl(self, d, keepdim, Reduce_Any, "any", out);
}
/* PyTorch 1.13: ReduceOps.cpp TORCH_META_FUNC(all) */
int at_meta_all(StructuredOp* op, const Tensor* self) { return allany_meta(op, self, kNoIntArrayRef, false, "all"); }
/* PyTorch 1.13: ReduceOps.cpp TORCH_IMPL_FUNC(all_all_out) */
int at_impl_all_all_out(StructuredOp* op, const Tensor* self, Tensor* out) {
  (void)op;
  return allany_impl(self, kNoIntArrayRef, false, Reduce_All, "all", out);
}
/* PyTorch 1.13: ReduceOps.cpp TORCH_PRECOMPUTE_META_FUNC2(all, dim) */
int at_meta_all_dim(StructuredOp* op, const Tensor* self, int64_t dim, bool keepdim) {
  OptionalIntArrayRef d = {true, {&dim, 1}};
  return allany_meta(op, self, d, keepdim, "all");
}
/* PyTorch 1.13: ReduceOps.cpp TORCH_IMPL_FUNC(all_out) */
int at_impl_all_out(StructuredOp* op, const Tensor* self, int64_t dim, bool keepdim, Tensor* out) {
  (void)op;
  OptionalIntArrayRef d = {true, {&dim, 1}};
  return allany_impl(self, d, keepdim, Reduce_All, "all", out);
}

/* ---- cumsum, cumprod -------------------------------------------------------------
 * Structured: running sums (products) along dim of self converted to the
 * result's dtype (the given one, else out='s, else int64 for integers and
 * bools, else self's), accumulated as PyTorch's CPU kernels do (double for
 * floating types, int64 for integers).
 * PyTorch 1.13: ReduceOps.cpp TORCH_META_FUNC(cumsum), TORCH_META_FUNC(cumprod),
 * cpu/ReduceOpsKernel.cpp cumsum_cpu_kernel, cumprod_cpu_kernel */
/* A line's parameters: its length along dim and the byte strides there. */
typedef struct CumLoop {
  bool floating, complex, product;
  ScalarType in_type, out_type;
  int64_t len, in_stride, out_stride;
} CumLoop;

/* The loop over a tile of lines: data = {out, self} at each line's first
 * element; each line's running sum (product) stored element by element.
 * PyTorch 1.13: cpu/ReduceOpsKernel.cpp cpu_cum_base_kernel (its loop),
 * cumsum_cpu_kernel, cumprod_cpu_kernel */
static void cum_loop2d(void* ctx, char** data, const int64_t* strides, int64_t size0, int64_t size1) {
  const CumLoop* L = ctx;
  for (int64_t b = 0; b < size1; b++)
    for (int64_t a = 0; a < size0; a++) {
      char* o = data[0] + b * strides[2] + a * strides[0];
      const char* p = data[1] + b * strides[3] + a * strides[1];
      double acc_d = L->product ? 1 : 0;
      uint64_t acc_i = L->product ? 1 : 0;
      ComplexDouble acc_z = {L->product ? 1 : 0, 0}; /* acc_type<complex<float>> is complex<double> */
      for (int64_t j = 0; j < L->len; j++, p += L->in_stride, o += L->out_stride) {
        if (L->complex) {
          ComplexDouble v;
          convert_element(ScalarType_ComplexDouble, (char*)&v, L->in_type, p);
          acc_z = L->product ? ComplexDouble_mul(acc_z, v)
                             : (ComplexDouble){acc_z.real + v.real, acc_z.imag + v.imag};
          convert_element(L->out_type, o, ScalarType_ComplexDouble, (const char*)&acc_z);
        } else if (L->floating) {
          double v = load_double(L->in_type, p);
          acc_d = L->product ? acc_d * v : acc_d + v;
          store_from_double(L->out_type, o, acc_d);
        } else {
          uint64_t v = (uint64_t)load_int(L->in_type, p);
          acc_i = L->product ? acc_i * v : acc_i + v;
          store_scalar(L->out_type, o, Scalar_fromLong((int64_t)acc_i));
        }
      }
    }
}

/* The running sums (products) of self, already of result's dtype, along
 * dim d into result.
 * PyTorch 1.13: cpu/ReduceOpsKernel.cpp cumsum_cpu_kernel, cumprod_cpu_kernel */
static int cum_kernel(Tensor* result, const Tensor* self, int64_t d, bool product) {
  /* the CPU kernels' dtype switch has no Bool and no Half */
  TORCH_CHECK(self->dtype != ScalarType_Bool && self->dtype != ScalarType_Half,
              "\"%s_out_cpu\" not implemented for '%s'", product ? "cumprod" : "cumsum", ScalarType_name(self->dtype));
  /* 1.13's iterator: result and self over self's shape with dim squashed
   * to size 1 (declare_static_shape's squash_dim), each element one line */
  int64_t isize = (int64_t)Tensor_itemsize(self), osize = (int64_t)Tensor_itemsize(result);
  CumLoop L = {ScalarType_isFloating(result->dtype), ScalarType_isComplex(result->dtype), product, self->dtype,
               result->dtype, self->sizes[d], self->strides[d] * isize, result->strides[d] * osize};
  int64_t shape[MINATEN_MAX_DIM], out_strides[MINATEN_MAX_DIM], self_strides[MINATEN_MAX_DIM];
  for (int64_t k = 0; k < self->dim; k++) {
    shape[k] = k == d ? 1 : self->sizes[k];
    out_strides[k] = result->strides[k] * osize;
    self_strides[k] = self->strides[k] * isize;
  }
  TensorIteratorBase iter;
  char* data[2] = {Tensor_data(result), Tensor_data(self)};
  const int64_t* strides[2] = {out_strides, self_strides};
  TensorIterator_initStrided(&iter, data, strides, 2, shape, self->dim);
  TensorIterator_for_each(&iter, cum_loop2d, &L, AT_GRAIN_SIZE / (L.len > 1 ? L.len : 1));
  return 0;
fail:
  return -1;
}

/* dim checked; the output has self's sizes, in the dtype asked for, else
 * out='s (self's, in place), else self's (int64 for integers and bools).
 * PyTorch 1.13: ReduceOps.cpp meta_func_cum_ops */
static int cum_ops_meta(StructuredOp* op, const Tensor* self, int64_t dim, OptionalScalarType dtype) {
  if (maybe_wrap_dim(dim, self->dim, true) < 0) return -1;
  ScalarType out_dtype = infer_dtype_from_optional(self, dtype, StructuredOp_maybeGetOutput(op, 0));
  return StructuredOp_setOutputRawStrided(op, 0, Tensor_sizes(self), kNoStrides, out_dtype);
}

/* A 0-dim self fills the result (the value converted as a Scalar, with its
 * overflow check: cumsum(tensor(300.), 0, dtype=torch.int8) fails), an
 * empty one zeroes it; else the kernel runs over self converted to the
 * result's dtype first.
 * PyTorch 1.13: ReduceOps.cpp impl_func_cum_ops */
static int cum_ops_impl(const Tensor* self, int64_t dim, Tensor* result, bool product) {
  if (MetaMode_isEnabled()) return 0;
  if (self->dim == 0) return done_in_place(at_fill__Tensor(result, self));
  if (self->numel == 0) return done_in_place(at_zero_(result));
  int64_t d = maybe_wrap_dim(dim, self->dim, true);
  Tensor* converted = at_to_dtype(self, result->dtype, false, false, kNoMemoryFormat);
  if (converted == NULL) return -1;
  int r = cum_kernel(result, converted, d, product);
  Tensor_release(converted);
  return r;
}

/* PyTorch 1.13: ReduceOps.cpp TORCH_META_FUNC(cumsum) */
int at_meta_cumsum(StructuredOp* op, const Tensor* self, int64_t dim, OptionalScalarType dtype) {
  return cum_ops_meta(op, self, dim, dtype);
}
/* PyTorch 1.13: ReduceOps.cpp TORCH_IMPL_FUNC(cumsum_out) */
int at_impl_cumsum_out(StructuredOp* op, const Tensor* self, int64_t dim, OptionalScalarType dtype, Tensor* out) {
  (void)op, (void)dtype; /* out has the dtype */
  return cum_ops_impl(self, dim, out, false);
}

/* PyTorch 1.13: ReduceOps.cpp TORCH_META_FUNC(cumprod) */
int at_meta_cumprod(StructuredOp* op, const Tensor* self, int64_t dim, OptionalScalarType dtype) {
  return cum_ops_meta(op, self, dim, dtype);
}
/* PyTorch 1.13: ReduceOps.cpp TORCH_IMPL_FUNC(cumprod_out) */
int at_impl_cumprod_out(StructuredOp* op, const Tensor* self, int64_t dim, OptionalScalarType dtype, Tensor* out) {
  (void)op, (void)dtype;
  return cum_ops_impl(self, dim, out, true);
}

/* ---- the CPU kernels' stubs (Note [CPU capability dispatch] in ops/DispatchStub.h) */

/* PyTorch 1.13: ReduceOps.cpp DEFINE_DISPATCH(sum_stub), DEFINE_DISPATCH(prod_stub), DEFINE_DISPATCH(norm_stub) */
DEFINE_DISPATCH(sum_stub);
DEFINE_DISPATCH(prod_stub);
DEFINE_DISPATCH(max_values_stub);
DEFINE_DISPATCH(min_values_stub);
DEFINE_DISPATCH(norm_two_lastdim_stub);
DEFINE_DISPATCH(arg_extreme_float_stub);
DEFINE_DISPATCH(has_float_stub);
DEFINE_DISPATCH(has_byte_stub);

void cascade_sum(const Tensor* self, Tensor* result, const bool* mask, bool keepdim) {
  ((sum_fn)DispatchStub_get(&sum_stub))(self, result, mask, keepdim);
}

void cascade_sum_capability(CPUCapability capability, const Tensor* self, Tensor* result, const bool* mask,
                            bool keepdim) {
  ((sum_fn)DispatchStub_forCapability(&sum_stub, capability))(self, result, mask, keepdim);
}

void prod_kernel(const Tensor* self, Tensor* result, const bool* mask, bool keepdim) {
  ((prod_fn)DispatchStub_get(&prod_stub))(self, result, mask, keepdim);
}

void norm_two_lastdim_kernel(const Tensor* self, Tensor* result, const bool* mask, bool keepdim) {
  ((norm_two_lastdim_fn)DispatchStub_get(&norm_two_lastdim_stub))(self, result, mask, keepdim);
}
