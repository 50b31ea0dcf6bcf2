/*
 * TensorAdvancedIndexing.c - the selecting operators that are not `a[idx]`:
 * index_select, take and put_ / put (self seen as one flat row-major
 * sequence), masked_select and masked_scatter_ / masked_scatter (a mask
 * broadcast with self), nonzero (the coordinates of the nonzero elements).
 *
 * Each has 1.13's functional form and, where 1.13 has them, its in-place
 * and out= forms; the functional form of index_select, take and
 * masked_select is its out= kernel writing into a fresh tensor, as in 1.13,
 * so both report the same errors in the same order.  Indices are read
 * element by element and checked as they are used; an out-of-range index
 * raises 1.13's error for the path 1.13 takes (index_select has two: the
 * `dim == 1` path of a tensor of two or more dimensions checks every index
 * first, with caffe2's "INDICES element is out of DATA bounds", the others
 * as they copy, with "index out of range in self").  Results are
 * contiguous, but nonzero's, which 1.13 makes column-major (gh-46224) unless
 * out= already has the right shape.
 *
 * Where the data decide the output's shape (masked_select, nonzero), a
 * shape run (MetaMode) cannot work; the Lazy backend runs those eagerly.
 * index_select, the one of them 1.13 lowers for Lazy, skips its index
 * checks and its copy in MetaMode.
 *
 * PyTorch 1.13: aten/src/ATen/native/TensorAdvancedIndexing.cpp
 * (index_select_out_cpu_, take_out, put_, masked_select_out_impl_cpu,
 * masked_scatter__cpu, nonzero_out_cpu), native/cpu/IndexKernel.cpp
 * (take_kernel, put_kernel, masked_scatter_kernel)
 */
#include <stdio.h>
#include <string.h>

#include "Functions.h"
#include "NativeFunctions.h"
#include "ops/Copy.h"
#include "ops/EmptyTensor.h"
#include "ops/ExpandUtils.h"
#include "ops/MemoryOverlap.h"
#include "ops/MetaMode.h"
#include "ops/Resize.h"
#include "ops/TensorIterator.h"
#include "runtime/Exception.h"
#include "runtime/Parallel.h"
#include "runtime/TypeCast.h"

/* The address of t's element at row-major position linear. */
static char* element_at(const Tensor* t, int64_t linear) {
  int64_t off = 0;
  for (int64_t k = t->dim - 1; k >= 0; k--) {
    off += (linear % t->sizes[k]) * t->strides[k];
    linear /= t->sizes[k];
  }
  return Tensor_data(t) + off * (int64_t)Tensor_itemsize(t);
}

/* Whether the element of dtype t at p is nonzero (a mask's "true"): a
 * floating value compares with 0, as 1.13's nonzero does (-0.0 is zero,
 * NaN is not: its sign bit or payload is no test); an integer or bool one
 * is nonzero when one of its bytes is (a bool byte may hold any value,
 * ops/ReduceOps.c BOOL_OF_BYTE). */
static bool is_nonzero_at(ScalarType t, const char* p) {
  if (ScalarType_isFloating(t)) return load_double(t, p) != 0;
  for (size_t b = 0; b < ScalarType_elementSize(t); b++)
    if (p[b] != 0) return true;
  return false;
}

/* Whether t's element at row-major position linear is nonzero. */
static bool is_set(const Tensor* t, int64_t linear) { return is_nonzero_at(t->dtype, element_at(t, linear)); }

/* ---- index_select -------------------------------------------------------------- */

/* The index's j-th value (index has 0 or 1 dims, dtype int or long). */
static int64_t index_value(const Tensor* index, int64_t j) {
  return load_int(index->dtype, Tensor_data(index) + (index->dim ? j * index->strides[0] : 0) *
                                                         (int64_t)Tensor_itemsize(index));
}

/* Every index in [0, axis_dim), or caffe2's error.
 * PyTorch 1.13: TensorAdvancedIndexing.cpp check_indexarray_range */
static int check_indexarray_range(const Tensor* index, int64_t axis_dim) {
  for (int64_t j = 0; j < index->numel; j++) {
    int64_t v = index_value(index, j);
    TORCH_CHECK(v >= 0 && v < axis_dim, "INDICES element is out of DATA bounds, id=%lld axis_dim=%lld",
                (long long)v, (long long)axis_dim);
  }
  return 0;
fail:
  return -1;
}

/* PyTorch 1.13: TensorAdvancedIndexing.cpp at::native::index_select_out_cpu_ */
Tensor* at_native_index_select_out_cpu_(const Tensor* self, int64_t dim, const Tensor* index, Tensor* out) {
  int64_t d = maybe_wrap_dim(dim, self->dim, true);
  TRY(d >= 0);
  int64_t n = index->numel;
  TORCH_CHECK_INDEX(index->dim <= 1, "index_select(): Index is supposed to be a vector");
  TORCH_CHECK(index->dtype == ScalarType_Long || index->dtype == ScalarType_Int,
              "index_select(): Expected dtype int32 or int64 for index");
  TORCH_CHECK(self->dtype == out->dtype, "index_select(): self and result must have the same scalar type");
  TRY(assert_no_internal_overlap(out) == 0);
  TRY(assert_no_overlap(out, self) == 0);
  TRY(assert_no_overlap(out, index) == 0);
  int64_t sizes[MINATEN_MAX_DIM];
  for (int64_t k = 0; k < self->dim; k++) sizes[k] = k == d ? n : self->sizes[k];
  TRY(resize_output(out, IntArrayRef_make(sizes, (size_t)self->dim)) >= 0);
  /* A shape run (MetaMode) has no index data to check. */
  if (MetaMode_isEnabled()) return Tensor_retain(out);
  int64_t limit = self->dim ? self->sizes[d] : 1;
  if (self->dim > 1) {
    if (n == 0) return Tensor_retain(out);
    if (self->numel == 0) {
      TORCH_CHECK(limit > 0, "index_select(): self indexing axis dim should be positive");
      TRY(check_indexarray_range(index, limit) == 0);
      return Tensor_retain(out);
    }
    if (d == 1 && out->is_contiguous) TRY(check_indexarray_range(index, limit) == 0);
  }
  /* out[..., j, ...] = self[..., index[j], ...]: one TensorIterator over
   * the slices out.select(d, 0) and self.select(d, 0), whose pointers move
   * to each index's slices in turn (unsafe_replace_operand), each index
   * checked before its slice is copied (copy_stub: for_each).
   * NB(minaten): the indices go one after the other; 1.13 splits them
   * over its threads when a slice has fewer than AT_GRAIN_SIZE elements. */
  int64_t isize = (int64_t)Tensor_itemsize(self);
  int64_t shape[MINATEN_MAX_DIM], out_strides[MINATEN_MAX_DIM], self_strides[MINATEN_MAX_DIM], m = 0;
  for (int64_t k = 0; k < out->dim; k++)
    if (k != d) {
      shape[m] = out->sizes[k];
      out_strides[m] = out->strides[k] * isize;
      self_strides[m++] = self->strides[k] * isize;
    }
  int64_t out_dim_stride = out->dim ? out->strides[d] * isize : 0, self_dim_stride = self->dim ? self->strides[d] * isize : 0;
  TensorIteratorBase iter;
  char* data[2] = {Tensor_data(out), Tensor_data(self)};
  const int64_t* strides[2] = {out_strides, self_strides};
  TensorIterator_initStrided(&iter, data, strides, 2, shape, m);
  CopyLoop c = CopyLoop_make(self->dtype, self->dtype, 2, false);
  for (int64_t j = 0; j < n; j++) {
    int64_t v = index_value(index, j);
    TORCH_CHECK_INDEX(v >= 0 && v < limit, "index out of range in self");
    iter.data[0] = Tensor_data(out) + j * out_dim_stride;
    iter.data[1] = Tensor_data(self) + v * self_dim_stride;
    TensorIterator_for_each(&iter, copy_loop2d, &c, AT_GRAIN_SIZE);
  }
  return Tensor_retain(out);
fail:
  return NULL;
}

/* The functional forms' output: an empty tensor of self's dtype, which
 * the out= kernel resizes. */
static Tensor* fresh_like(const Tensor* self) {
  int64_t zero = 0;
  return empty_cpu(IntArrayRef_make(&zero, 1), self->dtype);
}

/* PyTorch 1.13: TensorAdvancedIndexing.cpp at::native::index_select_cpu_ */
Tensor* at_native_index_select_cpu_(const Tensor* self, int64_t dim, const Tensor* index) {
  Tensor* fresh = fresh_like(self);
  if (fresh == NULL) return NULL;
  Tensor* r = at_native_index_select_out_cpu_(self, dim, index, fresh);
  Tensor_release(fresh);
  return r;
}

/* ---- take, put_, put -------------------------------------------------------------
 * self as the flat sequence of its elements in row-major order; a negative
 * index counts from the end. */

/* index v wrapped into [0, numel), or -1 with 1.13's IndexError.
 * PyTorch 1.13: native/cpu/IndexKernel.cpp cpu_take_put_kernel */
static int64_t wrap_flat_index(int64_t v, int64_t numel) {
  TORCH_CHECK_INDEX(v >= -numel && v < numel, "out of range: tried to access index %lld on a tensor of %lld elements.",
                    (long long)v, (long long)numel);
  return v < 0 ? v + numel : v;
fail:
  return -1;
}

/* out resized to index's shape as TensorIterator resizes an output: when
 * the shape changes, strides in index's memory order.
 * PyTorch 1.13: aten/src/ATen/TensorIterator.cpp set_output_raw_strided (resize_output, as_strided_) */
static int resize_like_index(Tensor* out, const Tensor* index) {
  if (Tensor_hasSizes(out, Tensor_sizes(index))) return 0;
  TRY(resize_output(out, Tensor_sizes(index)) >= 0);
  if (index->is_contiguous) return 0;
  OptionalMemoryFormat preserve = {true, MemoryFormat_Preserve};
  Tensor* like = at_empty_like(index, kNoDtype, kNoLayout, kNoDevice, kNoPinMemory, preserve);
  TRY(like != NULL);
  int rc = Tensor_setSizesAndStrides(out, Tensor_sizes(like), Tensor_strides(like));
  Tensor_release(like);
  return rc;
fail:
  return -1;
}

/* PyTorch 1.13: TensorAdvancedIndexing.cpp at::native::take_out */
Tensor* at_native_take_out(const Tensor* self, const Tensor* index, Tensor* out) {
  TORCH_CHECK(index->dtype == ScalarType_Long, "take(): Expected a long tensor for index, but got %s",
              ScalarType_name(index->dtype));
  TORCH_CHECK(self->dtype == out->dtype,
              "take(): self and out expected to have the same dtype, but got self.dtype = %s and out.dtype = %s",
              ScalarType_name(self->dtype), ScalarType_name(out->dtype));
  TORCH_CHECK_INDEX(!(self->numel == 0 && index->numel != 0), "take(): tried to take from an empty tensor");
  TRY(assert_no_internal_overlap(out) == 0);
  TRY(assert_no_overlap(out, index) == 0);
  TRY(assert_no_overlap(out, self) == 0);
  TRY(resize_like_index(out, index) == 0);
  if (index->numel == 0 || MetaMode_isEnabled()) return Tensor_retain(out);
  size_t isize = Tensor_itemsize(self);
  for (int64_t j = 0; j < index->numel; j++) {
    int64_t v = wrap_flat_index(load_int(ScalarType_Long, element_at(index, j)), self->numel);
    TRY(v >= 0);
    memcpy(element_at(out, j), element_at(self, v), isize);
  }
  return Tensor_retain(out);
fail:
  return NULL;
}

/* PyTorch 1.13: TensorAdvancedIndexing.cpp at::native::take */
Tensor* at_native_take(const Tensor* self, const Tensor* index) {
  Tensor* out = empty_cpu(Tensor_sizes(index), self->dtype);
  if (out == NULL) return NULL;
  Tensor* r = at_native_take_out(self, index, out);
  Tensor_release(out);
  return r;
}

/* PyTorch 1.13: TensorAdvancedIndexing.cpp at::native::put_ */
Tensor* at_native_put_(Tensor* self, const Tensor* index, const Tensor* source, bool accumulate) {
  TORCH_CHECK(index->dtype == ScalarType_Long, "put_(): Expected a long tensor for index, but got %s",
              ScalarType_name(index->dtype));
  TORCH_CHECK(self->dtype == source->dtype,
              "put_(): self and source expected to have the same dtype, but got self.dtype = %s and "
              "source.dtype = %s", ScalarType_name(self->dtype), ScalarType_name(source->dtype));
  TORCH_CHECK_INDEX(source->numel == index->numel,
                    "put_(): Expected source and index to have the same number of elements, but got "
                    "source.numel() = %lld, index.numel() = %lld", (long long)source->numel, (long long)index->numel);
  TORCH_CHECK_INDEX(!(self->numel == 0 && index->numel != 0), "put_(): Tried to put elements into an empty tensor");
  TRY(assert_no_internal_overlap(self) == 0);
  TRY(assert_no_overlap(self, index) == 0);
  TRY(assert_no_overlap(self, source) == 0);
  if (index->numel == 0 || MetaMode_isEnabled()) return Tensor_retain(self);
  size_t isize = Tensor_itemsize(self);
  for (int64_t j = 0; j < index->numel; j++) {
    int64_t v = wrap_flat_index(load_int(ScalarType_Long, element_at(index, j)), self->numel);
    TRY(v >= 0);
    char* dst = element_at(self, v);
    const char* from = element_at(source, j);
    if (!accumulate) memcpy(dst, from, isize);
    else if (ScalarType_isFloating(self->dtype))
      store_from_double(self->dtype, dst, load_double(self->dtype, dst) + load_double(self->dtype, from));
    else
      store_from_int64(self->dtype, dst, (int64_t)((uint64_t)load_int(self->dtype, dst) +
                                                   (uint64_t)load_int(self->dtype, from)));
  }
  return Tensor_retain(self);
fail:
  return NULL;
}

/* PyTorch 1.13: TensorAdvancedIndexing.cpp at::native::put (a clone, then put_) */
Tensor* at_native_put(const Tensor* self, const Tensor* index, const Tensor* source, bool accumulate) {
  OptionalMemoryFormat preserve = {true, MemoryFormat_Preserve};
  Tensor* copy = at_clone(self, preserve);
  if (copy == NULL) return NULL;
  Tensor* r = at_put_(copy, index, source, accumulate);
  Tensor_release(copy);
  return r;
}

/* ---- masked_select, masked_scatter_, masked_scatter --------------------------------- */

/* mask and self expanded to their broadcast shape (mask first, as
 * expand_outplace(mask, self) names them a and b). */
static int expand_outplace(const Tensor* mask, const Tensor* self, Tensor** emask, Tensor** eself) {
  int64_t shape[MINATEN_MAX_DIM];
  size_t ndim;
  *emask = *eself = NULL;
  TRY(broadcast_shape(Tensor_sizes(mask), Tensor_sizes(self), shape, &ndim) == 0);
  TRY((*emask = at_expand(mask, IntArrayRef_make(shape, ndim), false)) != NULL);
  TRY((*eself = at_expand(self, IntArrayRef_make(shape, ndim), false)) != NULL);
  return 0;
fail:
  Tensor_release(*emask);
  *emask = NULL;
  return -1;
}

/* PyTorch 1.13: TensorAdvancedIndexing.cpp masked_select_out_impl_cpu */
Tensor* at_native_masked_select_out_cpu(const Tensor* self, const Tensor* mask, Tensor* out) {
  Tensor *m = NULL, *s = NULL;
  TORCH_CHECK(mask->dtype == ScalarType_Byte || mask->dtype == ScalarType_Bool,
              "masked_select: expected BoolTensor or ByteTensor for mask");
  TORCH_CHECK(self->dtype == out->dtype, "masked_select(): self and result must have the same scalar type");
  TRY(assert_no_internal_overlap(out) == 0);
  TRY(assert_no_overlap(out, self) == 0);
  TRY(assert_no_overlap(out, mask) == 0);
  if (mask->dtype == ScalarType_Byte)
    Warning_warn("masked_select received a mask with dtype torch.uint8, this behavior is now deprecated,"
                 "please use a mask with dtype torch.bool instead. (Triggered internally at  "
                 "./aten/src/ATen/native/TensorAdvancedIndexing.cpp:1729.)");
  TRY(expand_outplace(mask, self, &m, &s) == 0);
  int64_t count = 0;
  for (int64_t e = 0; e < m->numel; e++) count += is_set(m, e);
  TRY(resize_output(out, IntArrayRef_make(&count, 1)) >= 0);
  size_t isize = Tensor_itemsize(self);
  for (int64_t e = 0, j = 0; e < m->numel; e++)
    if (is_set(m, e)) memcpy(element_at(out, j++), element_at(s, e), isize);
  Tensor_release(m);
  Tensor_release(s);
  return Tensor_retain(out);
fail:
  Tensor_release(m);
  Tensor_release(s);
  return NULL;
}

/* PyTorch 1.13: TensorAdvancedIndexing.cpp at::native::masked_select_cpu */
Tensor* at_native_masked_select_cpu(const Tensor* self, const Tensor* mask) {
  Tensor* fresh = fresh_like(self);
  if (fresh == NULL) return NULL;
  Tensor* r = at_native_masked_select_out_cpu(self, mask, fresh);
  Tensor_release(fresh);
  return r;
}

/* The elements of self where mask (expanded to self's shape) is set take
 * source's elements in turn, in row-major order.  1.13 checks no mask
 * dtype: a bool mask is read as bool, any other as the unsigned byte at
 * each element's address (so the low byte of an int64, and a float 2.0
 * reads as 0), which must be 0 or 1.
 * PyTorch 1.13: TensorAdvancedIndexing.cpp masked_scatter__cpu, native/cpu/IndexKernel.cpp masked_scatter_kernel */
Tensor* at_native_masked_scatter__cpu(Tensor* self, const Tensor* mask, const Tensor* source) {
  Tensor *m = NULL, *src = NULL;
  TRY(assert_no_internal_overlap(self) == 0);
  TORCH_CHECK(self->dtype == source->dtype, "masked_scatter: expected self and source to have same dtypes but got%s and %s",
              ScalarType_name(self->dtype), ScalarType_name(source->dtype));
  TRY((m = at_expand(mask, Tensor_sizes(self), false)) != NULL);
  if (mask->dtype == ScalarType_Byte)
    Warning_warn("masked_scatter_ received a mask with dtype torch.uint8, this behavior is now deprecated,"
                 "please use a mask with dtype torch.bool instead. (Triggered internally at  "
                 "./aten/src/ATen/native/TensorAdvancedIndexing.cpp:2153.)");
  TRY((src = at_contiguous(source, MemoryFormat_Contiguous)) != NULL);
  if (!MetaMode_isEnabled()) {
    size_t isize = Tensor_itemsize(self);
    for (int64_t e = 0, j = 0; e < self->numel; e++) {
      if (m->dtype != ScalarType_Bool) {
        unsigned char byte = *(const unsigned char*)element_at(m, e);
        TORCH_CHECK(byte <= 1, "Mask tensor can take 0 and 1 values only");
        if (byte == 0) continue;
      } else if (!is_set(m, e)) {
        continue;
      }
      TORCH_CHECK(j < src->numel, "Number of elements of source < number of ones in mask");
      memcpy(element_at(self, e), element_at(src, j++), isize);
    }
  }
  Tensor_release(m);
  Tensor_release(src);
  return Tensor_retain(self);
fail:
  Tensor_release(m);
  Tensor_release(src);
  return NULL;
}

/* PyTorch 1.13: TensorAdvancedIndexing.cpp at::native::masked_scatter (expand_outplace, contiguous clone, masked_scatter_) */
Tensor* at_native_masked_scatter(const Tensor* self, const Tensor* mask, const Tensor* source) {
  Tensor *m = NULL, *s = NULL, *copy = NULL, *r = NULL;
  TRY(expand_outplace(mask, self, &m, &s) == 0);
  OptionalMemoryFormat contiguous = {true, MemoryFormat_Contiguous};
  TRY((copy = at_clone(s, contiguous)) != NULL);
  r = at_masked_scatter_(copy, m, source);
fail:
  Tensor_release(m);
  Tensor_release(s);
  Tensor_release(copy);
  return r;
}

/* ---- nonzero ------------------------------------------------------------------ */

/* nonzero's two walks over self: its elements counted, then the
 * coordinates of the nonzero ones written, one row of out each. */
typedef struct NonzeroLoop {
  ScalarType dtype;
  int64_t count;
  /* the second walk: the current element's coordinates, and out */
  int64_t ndim;
  const int64_t* sizes;
  int64_t idx[MINATEN_MAX_DIM];
  char* out;                   /* the next row */
  int64_t row_stride, col_stride; /* bytes */
} NonzeroLoop;

/* PyTorch 1.13: TensorAdvancedIndexing.cpp count_nonzero_impl */
static void count_nonzero_loop2d(void* ctx, char** data, const int64_t* strides, int64_t size0, int64_t size1) {
  NonzeroLoop* L = ctx;
  for (int64_t j = 0; j < size1; j++) {
    const char* p = data[0] + j * strides[1];
    for (int64_t i = 0; i < size0; i++, p += strides[0]) L->count += is_nonzero_at(L->dtype, p);
  }
}

/* Each element in turn (the walk is linear): its coordinates written to
 * out's next row when it is nonzero, then advanced to the next element's,
 * the last one carrying into the ones before, as 1.13's loop counts them.
 * PyTorch 1.13: TensorAdvancedIndexing.cpp nonzero_out_cpu (its loop) */
static void nonzero_loop2d(void* ctx, char** data, const int64_t* strides, int64_t size0, int64_t size1) {
  NonzeroLoop* L = ctx;
  for (int64_t j = 0; j < size1; j++) {
    const char* p = data[0] + j * strides[1];
    for (int64_t i = 0; i < size0; i++, p += strides[0]) {
      if (is_nonzero_at(L->dtype, p)) {
        for (int64_t k = 0; k < L->ndim; k++) store_from_int64(ScalarType_Long, L->out + k * L->col_stride, L->idx[k]);
        L->out += L->row_stride;
      }
      if (L->ndim == 0) continue;
      int64_t k = L->ndim - 1;
      L->idx[k]++;
      while (k > 0 && L->idx[k] == L->sizes[k]) {
        L->idx[k] = 0;
        k--;
        L->idx[k]++;
      }
    }
  }
}

/* Two walks of 1.13's iterator of self alone in C order
 * (enforce_linear_iteration): the count, then the coordinates.
 * NB(minaten): both on one thread (1.13 counts and writes each thread's
 * chunk on its thread, which changes no result).
 * PyTorch 1.13: TensorAdvancedIndexing.cpp at::native::nonzero_out_cpu */
Tensor* at_native_nonzero_out_cpu(const Tensor* self, Tensor* out) {
  TORCH_CHECK(out->dtype == ScalarType_Long, "nonzero: Expected out tensor to have scalar type Long but got scalar type%s",
              ScalarType_name(out->dtype));
  TRY(assert_no_internal_overlap(out) == 0);
  TRY(assert_no_overlap(out, self) == 0);
  int64_t ndim = self->dim, item = (int64_t)Tensor_itemsize(self);
  int64_t strides_bytes[MINATEN_MAX_DIM];
  for (int64_t d = 0; d < ndim; d++) strides_bytes[d] = self->strides[d] * item;
  TensorIteratorBase iter;
  char* data[1] = {Tensor_data(self)};
  const int64_t* strides[1] = {strides_bytes};
  TensorIterator_initLinear(&iter, data, strides, 1, self->sizes, ndim);
  NonzeroLoop L = {.dtype = self->dtype, .count = 0, .ndim = ndim, .sizes = self->sizes};
  TensorIterator_serial_for_each(&iter, count_nonzero_loop2d, &L, 0, self->numel);
  int64_t n = L.count;
  int64_t sizes[2] = {n, ndim};
  if (!Tensor_hasSizes(out, IntArrayRef_make(sizes, 2))) {
    /* Default to a column-major result (see gh-46224) */
    int64_t col_major[2] = {1, n};
    TRY(resize_output(out, IntArrayRef_make(sizes, 2)) >= 0);
    TRY(Tensor_setSizesAndStrides(out, IntArrayRef_make(sizes, 2), IntArrayRef_make(col_major, 2)) == 0);
  }
  if (n == 0) return Tensor_retain(out);
  L.out = Tensor_data(out);
  L.row_stride = out->strides[0] * 8;
  L.col_stride = out->strides[1] * 8;
  TensorIterator_serial_for_each(&iter, nonzero_loop2d, &L, 0, self->numel);
  return Tensor_retain(out);
fail:
  return NULL;
}

/* PyTorch 1.13: TensorAdvancedIndexing.cpp at::native::nonzero_cpu */
Tensor* at_native_nonzero_cpu(const Tensor* self) {
  int64_t zero = 0;
  Tensor* out = empty_cpu(IntArrayRef_make(&zero, 1), ScalarType_Long);
  if (out == NULL) return NULL;
  Tensor* r = at_native_nonzero_out_cpu(self, out);
  Tensor_release(out);
  return r;
}
