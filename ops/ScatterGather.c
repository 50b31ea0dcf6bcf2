/*
 * ScatterGather.c - scatter (.src, .value, .reduce, .value_reduce, their
 * in-place scatter_ and out= forms), scatter_add (functional, scatter_add_,
 * out=) and gather (functional, out=).
 *
 * All of them are one walk over index's elements: at coordinates i,
 * index[i] replaces dim's coordinate, in the output (scatter: out[..., index[i],
 * ...] = src[i], or combined with it by `reduce`) or in self (gather:
 * out[i] = self[..., index[i], ...]).  1.13 makes them structured kernels,
 * and the order of their checks is the order of the meta function: dim
 * wrapped, dtypes, shapes, the out= tensor (its dtype, then resize_output),
 * and only then scatter's `reduce` string (gather checks its out= tensor
 * before index's dtype and shape); the bounds of index are checked
 * by the loop, element by element, so an out= or in-place scatter with a
 * bad index has written the elements before it.  A functional result is a
 * new contiguous tensor (a structured output: Note [Structured kernels] in
 * ops/Structured.h, the checks the meta functions', the walk the impls');
 * scatter first copies self into it.  On a meta tensor, or in MetaMode (the
 * Lazy backend's shape run), every check but the bounds runs.
 *
 * PyTorch 1.13: aten/src/ATen/native/TensorAdvancedIndexing.cpp (scatter_meta_impl,
 * TORCH_META_FUNC(gather), scatter_impl), ScatterGatherChecks.h,
 * native/cpu/ScatterGatherKernel.cpp (cpu_scatter_gather_base_kernel)
 */
#include <stdalign.h>
#include <string.h>

#include "Functions.h"
#include "NativeFunctions.h"
#include "ops/MemoryOverlap.h"
#include "ops/MetaMode.h"
#include "ops/Structured.h"
#include "ops/TensorIterator.h"
#include "ops/TensorUtils.h"
#include "runtime/Exception.h"
#include "runtime/TypeCast.h"

/* What the walk does with each element (ReductionType's SUM and MUL are
 * reduce="add" and "multiply"). */
typedef enum ScatterKind {
  Scatter_Assign, /* scatter.src, scatter.value */
  Scatter_Add,    /* scatter_add, reduce="add" */
  Scatter_Mul,    /* reduce="multiply" */
  Scatter_Gather,
} ScatterKind;

static int64_t size_or_one(const Tensor* t, int64_t d) { return t->dim ? t->sizes[d] : 1; }

/* scatter's dtype checks (src NULL for the .value forms).
 * PyTorch 1.13: ScatterGatherChecks.h scatter_gather_dtype_check */
static int scatter_dtype_check(const Tensor* self, const Tensor* index, const Tensor* src) {
  if (index->numel != 0)
    TORCH_CHECK(index->dtype == ScalarType_Long, "scatter(): Expected dtype int64 for index");
  if (src != NULL)
    TORCH_CHECK(self->dtype == src->dtype, "scatter(): Expected self.dtype to be equal to src.dtype");
  return 0;
fail:
  return -1;
}

/* PyTorch 1.13: ScatterGatherChecks.h scatter_shape_check */
static int scatter_shape_check(const Tensor* self, int64_t d, const Tensor* index, const Tensor* src) {
  char b1[128], b2[128], b3[128];
  if (index->numel == 0) return 0;
  int64_t self_dims = self->dim ? self->dim : 1;
  TORCH_CHECK(self_dims == (index->dim ? index->dim : 1),
              "Index tensor must have the same number of dimensions as self tensor");
  bool wrong = false;
  for (int64_t k = 0; k < self_dims && !wrong; k++)
    wrong = k != d && size_or_one(index, k) > size_or_one(self, k);
  for (int64_t k = 0; src != NULL && k < self_dims && !wrong; k++) {
    if (src->dim != 0) TRY(maybe_wrap_dim(k, src->dim, false) >= 0); /* src.size(k) */
    wrong = size_or_one(index, k) > size_or_one(src, k);
  }
  IntArrayRef_format(Tensor_sizes(index), b1, sizeof b1);
  IntArrayRef_format(Tensor_sizes(self), b2, sizeof b2);
  if (src != NULL) {
    TORCH_CHECK((src->dim ? src->dim : 1) == (index->dim ? index->dim : 1),
                "Index tensor must have the same number of dimensions as src tensor");
    TORCH_CHECK(!wrong, "Expected index %s to be smaller than self %s apart from dimension %lld and to be smaller "
                "size than src %s", b1, b2, (long long)d, IntArrayRef_format(Tensor_sizes(src), b3, sizeof b3));
  } else {
    TORCH_CHECK(!wrong, "Expected index %s to be smaller than self %s apart from dimension %lld", b1, b2,
                (long long)d);
  }
  return 0;
fail:
  return -1;
}

/* PyTorch 1.13: ScatterGatherChecks.h gather_shape_check */
static int gather_shape_check(const Tensor* self, int64_t d, const Tensor* index) {
  char b1[128], b2[128];
  int64_t self_dims = self->dim ? self->dim : 1;
  TORCH_CHECK(self_dims == (index->dim ? index->dim : 1),
              "Index tensor must have the same number of dimensions as input tensor");
  for (int64_t k = 0; k < self_dims; k++)
    TORCH_CHECK(k == d || size_or_one(index, k) <= size_or_one(self, k),
                "Size does not match at dimension %lld expected index %s to be smaller than self %s apart from "
                "dimension %lld", (long long)k, IntArrayRef_format(Tensor_sizes(index), b1, sizeof b1),
                IntArrayRef_format(Tensor_sizes(self), b2, sizeof b2), (long long)d);
  return 0;
fail:
  return -1;
}

/* The kind a `reduce` string names, or -1 with 1.13's error.
 * PyTorch 1.13: aten/src/ATen/native/ReductionType.h get_operator_enum (use_new_options=false) */
static int reduce_kind(const char* reduce) {
  if (strcmp(reduce, "add") == 0) return Scatter_Add;
  if (strcmp(reduce, "multiply") == 0) return Scatter_Mul;
  TORCH_CHECK(false, "reduce argument must be either add or multiply.");
fail:
  return -1;
}

/* dst op= from, both of t's dtype: floating types compute in double (one
 * rounding, as float's own operation rounds), the others in int64. */
static void combine(ScatterKind kind, ScalarType t, char* dst, const char* from) {
  if (ScalarType_isFloating(t)) {
    double a = load_double(t, dst), b = load_double(t, from);
    store_from_double(t, dst, kind == Scatter_Add ? a + b : a * b);
  } else {
    int64_t a = load_int(t, dst), b = load_int(t, from);
    store_from_int64(t, dst, kind == Scatter_Add ? (int64_t)((uint64_t)a + (uint64_t)b)
                                                 : (int64_t)((uint64_t)a * (uint64_t)b));
  }
}

/* The walk's parameters: the operands' strides along dim (bytes; 1
 * element for a 0-dim tensor, ensure_nonempty_stride), index's size there,
 * the bound of its values, and where the operands are in the iterator. */
typedef struct ScatterGatherLoop {
  ScatterKind kind;
  ScalarType dtype;
  int64_t dim;
  bool dim_is_last; /* dim is the output's last dimension */
  int ntensors, src_arg, index_arg; /* src_arg -1: the .value forms */
  int64_t index_dim_size, index_upper_bound;
  int64_t self_dim_stride, src_dim_stride, index_dim_stride;
  size_t isize;
  alignas(8) char value[16]; /* the value stored as its dtype */
  bool failed; /* the bounds error is set: the rest of the walk does nothing */
} ScatterGatherLoop;

/* One element of index, the i-th along dim: its value checked against the
 * bound, then the element it names written (scatter: self's at that
 * position along dim from src's i-th, or value; gather: self's i-th, the
 * output, from src's at that position).  False with the error set.
 * PyTorch 1.13: native/cpu/ScatterGatherKernel.cpp (the loop's body,
 * _cpu_scatter_gather_dim_loop) */
static bool scatter_gather_element(ScatterGatherLoop* L, char* self, const char* index, const char* src, int64_t i) {
  int64_t idx_dim = load_int(ScalarType_Long, index);
  if (!(idx_dim >= 0 && idx_dim < L->index_upper_bound)) {
    Error_set(ErrorType_RuntimeError, "index %lld is out of bounds for dimension %lld with size %lld",
              (long long)idx_dim, (long long)L->dim, (long long)L->index_upper_bound);
    L->failed = true;
    return false;
  }
  if (L->kind == Scatter_Gather) {
    memcpy(self + i * L->self_dim_stride, src + idx_dim * L->src_dim_stride, L->isize);
    return true;
  }
  char* dst = self + idx_dim * L->self_dim_stride;
  const char* from = L->src_arg < 0 ? L->value : src + i * L->src_dim_stride;
  if (L->kind == Scatter_Assign) memcpy(dst, from, L->isize);
  else combine(L->kind, L->dtype, dst, from);
  return true;
}

/* The loop over a tile of index's elements with dim squashed: along dim
 * inside each element when dim is the output's last dimension, else
 * outside each row (1.13's two orders, which decide the elements written
 * before an index out of bounds).
 * PyTorch 1.13: native/cpu/ScatterGatherKernel.cpp cpu_scatter_gather_base_kernel (its loop) */
static void scatter_gather_loop2d(void* ctx, char** data, const int64_t* strides, int64_t size0, int64_t size1) {
  ScatterGatherLoop* L = ctx;
  int nt = L->ntensors;
  int64_t s_self = strides[0], s_src = L->src_arg < 0 ? 0 : strides[L->src_arg], s_index = strides[L->index_arg];
  for (int64_t j = 0; j < size1 && !L->failed; j++) {
    char* self = data[0] + j * strides[nt];
    const char* src = L->src_arg < 0 ? NULL : data[L->src_arg] + j * strides[nt + L->src_arg];
    const char* index = data[L->index_arg] + j * strides[nt + L->index_arg];
    if (L->dim_is_last) {
      for (int64_t e = 0; e < size0; e++)
        for (int64_t i = 0; i < L->index_dim_size; i++)
          if (!scatter_gather_element(L, self + e * s_self, index + e * s_index + i * L->index_dim_stride,
                                      src == NULL ? NULL : src + e * s_src, i))
            return;
    } else {
      for (int64_t i = 0; i < L->index_dim_size; i++)
        for (int64_t e = 0; e < size0; e++)
          if (!scatter_gather_element(L, self + e * s_self, index + i * L->index_dim_stride + e * s_index,
                                      src == NULL ? NULL : src + e * s_src, i))
            return;
    }
  }
}

/* t's stride along d in bytes; one element for a 0-dim t.
 * PyTorch 1.13: native/ScatterGatherChecks.h ensure_nonempty_stride */
static int64_t dim_stride_bytes(const Tensor* t, int64_t d) {
  return (t->dim ? t->strides[d] : 1) * (int64_t)Tensor_itemsize(t);
}

/* The walk over index.  For scatter, `out` already holds self's values and
 * src's elements (or value, src NULL) go into it; for gather, out has
 * index's shape and takes self's elements.  1.13's iterator: out, src (or
 * self for gather) and index over index's shape with dim squashed to size
 * 1 (declare_static_shape's squash_dim; a 0-dim index has shape [1]), the
 * loop walking dim.  NB(minaten): on one thread, the loop raising its
 * bounds error (1.13 runs the elements over its threads above
 * AT_GRAIN_SIZE / index.size(dim) elements, which changes only which are
 * written before the error).  0, or -1 with the bounds error.
 * PyTorch 1.13: native/cpu/ScatterGatherKernel.cpp cpu_scatter_gather_base_kernel */
static int scatter_gather_loop(Tensor* out, const Tensor* self, int64_t d, const Tensor* index, const Tensor* src,
                               Scalar value, ScatterKind kind) {
  if (index->numel == 0 || MetaMode_isEnabled()) return 0;
  const Tensor* from = kind == Scatter_Gather ? self : src; /* the iterator's input, or NULL */
  ScatterGatherLoop L = {.kind = kind,
                         .dtype = out->dtype,
                         .dim = d,
                         .dim_is_last = d == out->dim - 1,
                         .ntensors = from != NULL ? 3 : 2,
                         .src_arg = from != NULL ? 1 : -1,
                         .index_arg = from != NULL ? 2 : 1,
                         .index_dim_size = size_or_one(index, d),
                         .index_upper_bound = size_or_one(kind == Scatter_Gather ? self : out, d),
                         .self_dim_stride = dim_stride_bytes(out, d),
                         .src_dim_stride = from != NULL ? dim_stride_bytes(from, d) : 0,
                         .index_dim_stride = dim_stride_bytes(index, d),
                         .isize = Tensor_itemsize(out),
                         .failed = false};
  if (from == NULL) store_scalar(out->dtype, L.value, value);
  int64_t ndim = index->dim ? index->dim : 1;
  int64_t shape[MINATEN_MAX_DIM], st[3][MINATEN_MAX_DIM];
  for (int64_t k = 0; k < ndim; k++) shape[k] = k == d ? 1 : size_or_one(index, k);
  const Tensor* operands[3] = {out, from != NULL ? from : index, index};
  char* data[3];
  const int64_t* strides[3];
  for (int arg = 0; arg < L.ntensors; arg++) {
    operand_strides(operands[arg], shape, ndim, st[arg]);
    data[arg] = Tensor_data(operands[arg]);
    strides[arg] = st[arg];
  }
  TensorIteratorBase iter;
  TensorIterator_initStrided(&iter, data, strides, L.ntensors, shape, ndim);
  TensorIterator_serial_for_each(&iter, scatter_gather_loop2d, &L, 0, iter.numel);
  return L.failed ? -1 : 0;
}

/* The meta function of every scatter, in 1.13's order: dim wrapped, the
 * dtypes, the shapes, the overlaps of a given output (self in place, out),
 * the output (self's sizes and dtype), then `reduce` (NULL without it).
 * src NULL for the .value forms.  0, or -1 with the error set.
 * PyTorch 1.13: TensorAdvancedIndexing.cpp scatter_meta_impl */
static int scatter_meta(StructuredOp* op, const Tensor* self, int64_t dim, const Tensor* index, const Tensor* src,
                        const char* reduce) {
  int64_t d = maybe_wrap_dim(dim, self->dim, true);
  TRY(d >= 0);
  TRY(scatter_dtype_check(self, index, src) == 0);
  TRY(scatter_shape_check(self, d, index, src) == 0);
  const Tensor* out = StructuredOp_maybeGetOutput(op, 0);
  if (out != NULL) {
    TRY(assert_no_internal_overlap(out) == 0);
    TRY(assert_no_overlap(out, index) == 0);
    if (src != NULL) TRY(assert_no_overlap(out, src) == 0);
  }
  TRY(StructuredOp_setOutputRawStrided(op, 0, Tensor_sizes(self), kNoStrides, self->dtype) == 0);
  if (reduce != NULL) TRY(reduce_kind(reduce) >= 0);
  return 0;
fail:
  return -1;
}

/* The impl of every scatter: self copied into out unless it is out, then
 * the walk (kind, or reduce's when given).  0, or -1 with the error set.
 * PyTorch 1.13: TensorAdvancedIndexing.cpp scatter_impl */
static int scatter_run(const Tensor* self, int64_t dim, const Tensor* index, const Tensor* src, Scalar value,
                       const char* reduce, ScatterKind kind, Tensor* out) {
  int64_t d = maybe_wrap_dim(dim, self->dim, true);
  if (d < 0) return -1;
  if (reduce != NULL) kind = (ScatterKind)reduce_kind(reduce);
  if (out != self && done_in_place(at_copy_(out, self, false)) < 0) return -1; /* result.copy_(self) */
  return scatter_gather_loop(out, self, d, index, src, value, kind);
}

static const Scalar kNoValue = {ScalarTag_Long, {.i = 0}};

/* PyTorch 1.13: TensorAdvancedIndexing.cpp TORCH_META_FUNC2(scatter, src) */
int at_meta_scatter_src(StructuredOp* op, const Tensor* self, int64_t dim, const Tensor* index, const Tensor* src) {
  return scatter_meta(op, self, dim, index, src, NULL);
}
/* PyTorch 1.13: TensorAdvancedIndexing.cpp TORCH_IMPL_FUNC(scatter_src_out) */
int at_impl_scatter_src_out(StructuredOp* op, const Tensor* self, int64_t dim, const Tensor* index, const Tensor* src,
                            Tensor* out) {
  (void)op;
  return scatter_run(self, dim, index, src, kNoValue, NULL, Scatter_Assign, out);
}

/* PyTorch 1.13: TensorAdvancedIndexing.cpp TORCH_META_FUNC2(scatter, value) */
int at_meta_scatter_value(StructuredOp* op, const Tensor* self, int64_t dim, const Tensor* index, Scalar value) {
  (void)value;
  return scatter_meta(op, self, dim, index, NULL, NULL);
}
/* PyTorch 1.13: TensorAdvancedIndexing.cpp TORCH_IMPL_FUNC(scatter_value_out) */
int at_impl_scatter_value_out(StructuredOp* op, const Tensor* self, int64_t dim, const Tensor* index, Scalar value,
                              Tensor* out) {
  (void)op;
  return scatter_run(self, dim, index, NULL, value, NULL, Scatter_Assign, out);
}

/* PyTorch 1.13: TensorAdvancedIndexing.cpp TORCH_META_FUNC2(scatter, reduce) */
int at_meta_scatter_reduce(StructuredOp* op, const Tensor* self, int64_t dim, const Tensor* index, const Tensor* src,
                           const char* reduce) {
  return scatter_meta(op, self, dim, index, src, reduce);
}
/* PyTorch 1.13: TensorAdvancedIndexing.cpp TORCH_IMPL_FUNC(scatter_reduce_out) */
int at_impl_scatter_reduce_out(StructuredOp* op, const Tensor* self, int64_t dim, const Tensor* index,
                               const Tensor* src, const char* reduce, Tensor* out) {
  (void)op;
  return scatter_run(self, dim, index, src, kNoValue, reduce, Scatter_Assign, out);
}

/* PyTorch 1.13: TensorAdvancedIndexing.cpp TORCH_META_FUNC2(scatter, value_reduce) */
int at_meta_scatter_value_reduce(StructuredOp* op, const Tensor* self, int64_t dim, const Tensor* index, Scalar value,
                                 const char* reduce) {
  (void)value;
  return scatter_meta(op, self, dim, index, NULL, reduce);
}
/* PyTorch 1.13: TensorAdvancedIndexing.cpp TORCH_IMPL_FUNC(scatter_value_reduce_out) */
int at_impl_scatter_value_reduce_out(StructuredOp* op, const Tensor* self, int64_t dim, const Tensor* index,
                                     Scalar value, const char* reduce, Tensor* out) {
  (void)op;
  return scatter_run(self, dim, index, NULL, value, reduce, Scatter_Assign, out);
}

/* PyTorch 1.13: TensorAdvancedIndexing.cpp TORCH_META_FUNC(scatter_add) */
int at_meta_scatter_add(StructuredOp* op, const Tensor* self, int64_t dim, const Tensor* index, const Tensor* src) {
  return scatter_meta(op, self, dim, index, src, NULL);
}
/* PyTorch 1.13: TensorAdvancedIndexing.cpp TORCH_IMPL_FUNC(scatter_add) */
int at_impl_scatter_add(StructuredOp* op, const Tensor* self, int64_t dim, const Tensor* index, const Tensor* src,
                        Tensor* out) {
  (void)op;
  return scatter_run(self, dim, index, src, kNoValue, NULL, Scatter_Add, out);
}

/* PyTorch 1.13: TensorAdvancedIndexing.cpp TORCH_META_FUNC(gather): the output
 * (index's sizes, self's dtype), the overlaps of a given one, index's dtype
 * and the shapes */
int at_meta_gather(StructuredOp* op, const Tensor* self, int64_t dim, const Tensor* index, bool sparse_grad) {
  (void)sparse_grad; /* only the backward reads it */
  const Tensor* given = StructuredOp_maybeGetOutput(op, 0);
  int64_t d = maybe_wrap_dim(dim, self->dim, true);
  TRY(d >= 0);
  TRY(StructuredOp_setOutputRawStrided(op, 0, Tensor_sizes(index), kNoStrides, self->dtype) == 0);
  if (given != NULL) {
    TRY(assert_no_internal_overlap(given) == 0);
    TRY(assert_no_overlap(given, self) == 0);
    TRY(assert_no_partial_overlap(given, index) == 0);
  }
  if (index->numel == 0) return 0;
  TORCH_CHECK(index->dtype == ScalarType_Long, "gather(): Expected dtype int64 for index");
  return gather_shape_check(self, d, index);
fail:
  return -1;
}
/* PyTorch 1.13: TensorAdvancedIndexing.cpp TORCH_IMPL_FUNC(gather_out) */
int at_impl_gather_out(StructuredOp* op, const Tensor* self, int64_t dim, const Tensor* index, bool sparse_grad,
                       Tensor* out) {
  (void)op, (void)sparse_grad;
  int64_t d = maybe_wrap_dim(dim, self->dim, true);
  if (d < 0) return -1;
  return scatter_gather_loop(out, self, d, index, NULL, kNoValue, Scatter_Gather);
}
