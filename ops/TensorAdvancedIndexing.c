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
 * masked_scatter__cpu, nonzero_out_cpu, count_nonzero_cpu, count_nonzero,
 * argwhere), native/cpu/IndexKernel.cpp
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
#include "ops/TensorIteratorConfig.h"
#include "runtime/Exception.h"
#include "runtime/Parallel.h"
#include "runtime/TypeCast.h"

/* The address of t's element at row-major position linear: self's element
 * for a flat index of take and put_ (their loops walk the index, not self).
 * PyTorch 1.13: native/cpu/IndexKernel.cpp cpu_take_put_kernel (IndexToOffset) */
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

/*
 * Note [take and put_'s TensorIterator]
 * take and put_ walk a TensorIterator over the index, not over self: take's
 * over {out, index} (out resized to index's shape as the iterator resizes
 * an out=, laid out like index), put_'s over the inputs {source, index
 * reshaped to source's shape}.  For each element the loop reads the flat
 * index, checks it against self's numel (a negative one counting from the
 * end) and finds self's element by its row-major position (IndexToOffset),
 * then copies it out (take), or in (put_), or adds it in (put_ with
 * accumulate).  The order is the iterator's (the operands' memory order):
 * it decides which duplicate index is written last, the order of an
 * accumulation, and which out-of-range index is reported, with what was
 * written before it.  NB(minaten): on one thread, as the loop raises (1.13
 * splits take and put_ over its threads above 3000 elements, and a float
 * accumulation then adds atomically in an order that varies from run to
 * run).
 * PyTorch 1.13: TensorAdvancedIndexing.cpp take_out, put_;
 * native/cpu/IndexKernel.cpp cpu_take_put_kernel, take_kernel, put_kernel
 */
typedef struct TakePutLoop {
  const Tensor* indexed; /* self */
  int64_t numel;
  size_t size;
  ScalarType dtype;
  bool put, accumulate;
  bool failed; /* the IndexError is set: the rest of the walk does nothing */
} TakePutLoop;

/* The tile's loop: data[0] the iterated operand (take's out, put_'s
 * source), data[1] the index (see the Note).
 * PyTorch 1.13: native/cpu/IndexKernel.cpp cpu_take_put_kernel (its loop) */
static void take_put_loop2d(void* ctx, char** data, const int64_t* strides, int64_t size0, int64_t size1) {
  TakePutLoop* L = ctx;
  for (int64_t j = 0; j < size1 && !L->failed; j++)
    for (int64_t i = 0; i < size0; i++) {
      char* iterated = data[0] + j * strides[2] + i * strides[0];
      int64_t idx = load_int(ScalarType_Long, data[1] + j * strides[3] + i * strides[1]);
      if (idx < -L->numel || idx >= L->numel) {
        Error_set(ErrorType_IndexError, "out of range: tried to access index %lld on a tensor of %lld elements.",
                  (long long)idx, (long long)L->numel);
        L->failed = true;
        return;
      }
      char* elem = element_at(L->indexed, idx < 0 ? idx + L->numel : idx);
      if (!L->put) memcpy(iterated, elem, L->size);
      else if (!L->accumulate) memcpy(elem, iterated, L->size);
      else if (ScalarType_isFloating(L->dtype))
        store_from_double(L->dtype, elem, load_double(L->dtype, elem) + load_double(L->dtype, iterated));
      else
        store_from_int64(L->dtype, elem, (int64_t)((uint64_t)load_int(L->dtype, elem) +
                                                   (uint64_t)load_int(L->dtype, iterated)));
    }
}

/* The iterator's walk with take_put_loop2d: 0, or -1 with the IndexError set.
 * PyTorch 1.13: native/cpu/IndexKernel.cpp take_kernel, put_kernel (cpu_take_put_kernel) */
static int take_put_walk(const TensorIteratorBase* iter, const Tensor* self, bool put, bool accumulate) {
  TakePutLoop L = {.indexed = self, .numel = self->numel, .size = Tensor_itemsize(self), .dtype = self->dtype,
                   .put = put, .accumulate = accumulate};
  TensorIterator_serial_for_each(iter, take_put_loop2d, &L, 0, iter->numel);
  return L.failed ? -1 : 0;
}

/* PyTorch 1.13: TensorAdvancedIndexing.cpp at::native::take_out */
Tensor* at_native_take_out(const Tensor* self, const Tensor* index, Tensor* out) {
  TensorIteratorBase iter;
  TORCH_CHECK(index->dtype == ScalarType_Long, "take(): Expected a long tensor for index, but got %s",
              ScalarType_name(index->dtype));
  TORCH_CHECK(self->dtype == out->dtype,
              "take(): self and out expected to have the same dtype, but got self.dtype = %s and out.dtype = %s",
              ScalarType_name(self->dtype), ScalarType_name(out->dtype));
  TORCH_CHECK_INDEX(!(self->numel == 0 && index->numel != 0), "take(): tried to take from an empty tensor");
  TRY(assert_no_internal_overlap(out) == 0);
  TRY(assert_no_overlap(out, index) == 0);
  TRY(assert_no_overlap(out, self) == 0);
  /* "Do not iterate over self, we will compute the offsets manually" */
  TensorIteratorConfig config;
  TensorIteratorConfig_init(&config);
  config.check_mem_overlap = false;
  config.check_all_same_dtype = false;
  TensorIteratorConfig_add_output(&config, out);
  TensorIteratorConfig_add_input(&config, index);
  TRY(TensorIterator_build(&iter, &config) == 0); /* out resized */
  int rc = index->numel == 0 || MetaMode_isEnabled() ? 0 : take_put_walk(&iter, self, false, false);
  TensorIterator_release(&iter);
  return rc == 0 ? Tensor_retain(out) : NULL;
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
  Tensor* index_reshaped = NULL;
  TensorIteratorBase iter;
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
  /* a view where index allows one, else a contiguous copy */
  TRY((index_reshaped = at_reshape(index, Tensor_sizes(source))) != NULL);
  TensorIteratorConfig config;
  TensorIteratorConfig_init(&config);
  config.check_mem_overlap = false;
  config.check_all_same_dtype = false;
  TensorIteratorConfig_add_input(&config, source);
  TensorIteratorConfig_add_input(&config, index_reshaped);
  TRY(TensorIterator_build(&iter, &config) == 0); /* no output: nothing to refuse */
  TRY(take_put_walk(&iter, self, true, accumulate) == 0);
  Tensor_release(index_reshaped);
  return Tensor_retain(self);
fail:
  Tensor_release(index_reshaped);
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

/*
 * Note [masked_select's TensorIterator]
 * The result has as many elements as the mask's sum (a uint8 mask's bytes
 * added up, so a 2 counts twice), resized before anything is copied; then
 * one of two walks copies self's selected elements into it in row-major
 * order, each raising "Mask tensor can take 0 and 1 values only" at a
 * uint8 mask byte above 1 (after resizing, and after the elements walked
 * before it were copied):
 *  - the serial kernel, when self has fewer than AT_GRAIN_SIZE elements or
 *    one thread is set, and the expanded self and mask are both
 *    contiguous (their memory order is then row-major): a TensorIterator
 *    over {self, mask} with a running count of the elements written;
 *  - otherwise the mask's inclusive prefix sum in row-major order (the mask
 *    as int64, so a uint8 2 adds 2) gives each selected element its place,
 *    whatever order the iterator over {self, mask, prefix sum} walks in.
 * (1.13's iterators also hold the result viewed with stride 0 over the
 * shape, which changes neither walk; the loop writes result[count].)
 * NB(minaten): the second walk runs on one thread, as the loop raises
 * (1.13's for_each splits it over its threads above AT_GRAIN_SIZE
 * elements).
 * PyTorch 1.13: TensorAdvancedIndexing.cpp masked_select_out_impl_cpu;
 * native/cpu/IndexKernel.cpp cpu_masked_select_serial_kernel,
 * cpu_masked_select_kernel
 */
typedef struct MaskedSelectLoop {
  bool byte_mask;
  size_t size;
  char* result;
  int64_t result_stride; /* bytes */
  int64_t offset;        /* the serial kernel's count of elements written */
  bool failed;           /* the RuntimeError is set: the rest of the walk does nothing */
} MaskedSelectLoop;

/* The mask's element at p: 0 or 1 for a bool mask (any nonzero byte is
 * true), the byte itself for a uint8 one. */
static int64_t mask_value_at(bool byte_mask, const char* p) {
  return byte_mask ? *(const unsigned char*)p : is_nonzero_at(ScalarType_Bool, p);
}

/* The mask's sum (the number of elements masked_select returns): a walk
 * over {mask}.  PyTorch 1.13: TensorAdvancedIndexing.cpp masked_select_out_impl_cpu
 * (_mask->sum().item()) */
static void mask_sum_loop2d(void* ctx, char** data, const int64_t* strides, int64_t size0, int64_t size1) {
  MaskedSelectLoop* L = ctx;
  for (int64_t j = 0; j < size1; j++)
    for (int64_t i = 0; i < size0; i++) L->offset += mask_value_at(L->byte_mask, data[0] + j * strides[1] + i * strides[0]);
}

/* One mask element checked: false, with the RuntimeError set, for a uint8
 * byte above 1. */
static bool mask_value_ok(MaskedSelectLoop* L, int64_t v) {
  if (!L->byte_mask || v <= 1) return true;
  Error_set(ErrorType_RuntimeError, "Mask tensor can take 0 and 1 values only");
  L->failed = true;
  return false;
}

/* The mask's running sum, written in walk order (row-major: the walk is
 * linear) to sums.  PyTorch 1.13: TensorAdvancedIndexing.cpp
 * masked_select_out_impl_cpu (mask_long, std::partial_sum) */
typedef struct PrefixSumLoop {
  bool byte_mask;
  int64_t running;
  int64_t* sums;
} PrefixSumLoop;

static void prefix_sum_loop2d(void* ctx, char** data, const int64_t* strides, int64_t size0, int64_t size1) {
  PrefixSumLoop* P = ctx;
  for (int64_t j = 0; j < size1; j++)
    for (int64_t i = 0; i < size0; i++) {
      P->running += mask_value_at(P->byte_mask, data[0] + j * strides[1] + i * strides[0]);
      *P->sums++ = P->running;
    }
}

/* The serial kernel's loop over a tile of {self, mask}.
 * PyTorch 1.13: native/cpu/IndexKernel.cpp cpu_masked_select_serial_kernel */
static void masked_select_serial_loop2d(void* ctx, char** data, const int64_t* strides, int64_t size0, int64_t size1) {
  MaskedSelectLoop* L = ctx;
  for (int64_t j = 0; j < size1 && !L->failed; j++)
    for (int64_t i = 0; i < size0; i++) {
      int64_t v = mask_value_at(L->byte_mask, data[1] + j * strides[3] + i * strides[1]);
      if (!mask_value_ok(L, v)) return;
      if (v) memcpy(L->result + L->offset++ * L->result_stride, data[0] + j * strides[2] + i * strides[0], L->size);
    }
}

/* The prefix-sum kernel's loop over a tile of {self, mask, prefix sum}.
 * PyTorch 1.13: native/cpu/IndexKernel.cpp cpu_masked_select_kernel */
static void masked_select_loop2d(void* ctx, char** data, const int64_t* strides, int64_t size0, int64_t size1) {
  MaskedSelectLoop* L = ctx;
  for (int64_t j = 0; j < size1 && !L->failed; j++)
    for (int64_t i = 0; i < size0; i++) {
      int64_t v = mask_value_at(L->byte_mask, data[1] + j * strides[4] + i * strides[1]);
      if (!mask_value_ok(L, v)) return;
      if (!v) continue;
      int64_t place = load_int(ScalarType_Long, data[2] + j * strides[5] + i * strides[2]);
      memcpy(L->result + (place - 1) * L->result_stride, data[0] + j * strides[3] + i * strides[0], L->size);
    }
}

/* The copy of Note [masked_select's TensorIterator] into result (already
 * resized), from s and m (self and mask expanded); 0, or -1 with the error set.
 * PyTorch 1.13: TensorAdvancedIndexing.cpp masked_select_out_impl_cpu (use_serial_kernel,
 * masked_select_serial_stub, masked_select_stub) */
static int masked_select_walk(const Tensor* self, const Tensor* s, const Tensor* m, Tensor* result) {
  MaskedSelectLoop L = {.byte_mask = m->dtype == ScalarType_Byte, .size = Tensor_itemsize(s),
                        .result = Tensor_data(result), .result_stride = result->strides[0] * (int64_t)Tensor_itemsize(s)};
  TensorIteratorBase iter;
  if ((self->numel < AT_GRAIN_SIZE || at_get_num_threads() == 1) && s->is_contiguous && m->is_contiguous) {
    Tensor* operands[2] = {(Tensor*)s, (Tensor*)m};
    TensorIterator_initElementwise(&iter, operands, 2, Tensor_sizes(s));
    TensorIterator_serial_for_each(&iter, masked_select_serial_loop2d, &L, 0, iter.numel);
    return L.failed ? -1 : 0;
  }
  Tensor* prefix_sum = empty_cpu(Tensor_sizes(s), ScalarType_Long);
  if (prefix_sum == NULL) return -1;
  /* std::partial_sum of the mask as int64, in row-major order: a walk
   * over {mask} in C order (TensorIterator_initLinear) */
  int64_t mask_strides[MINATEN_MAX_DIM];
  for (int64_t d = 0; d < m->dim; d++) mask_strides[d] = m->strides[d] * (int64_t)Tensor_itemsize(m);
  char* mask_data[1] = {Tensor_data(m)};
  const int64_t* mask_rows[1] = {mask_strides};
  TensorIterator_initLinear(&iter, mask_data, mask_rows, 1, m->sizes, m->dim);
  PrefixSumLoop P = {.byte_mask = L.byte_mask, .sums = (int64_t*)Tensor_data(prefix_sum)};
  TensorIterator_serial_for_each(&iter, prefix_sum_loop2d, &P, 0, iter.numel);
  Tensor* operands[3] = {(Tensor*)s, (Tensor*)m, prefix_sum};
  TensorIterator_initElementwise(&iter, operands, 3, Tensor_sizes(s));
  TensorIterator_serial_for_each(&iter, masked_select_loop2d, &L, 0, iter.numel);
  Tensor_release(prefix_sum);
  return L.failed ? -1 : 0;
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
  MaskedSelectLoop sum = {.byte_mask = m->dtype == ScalarType_Byte};
  TensorIteratorBase iter;
  TensorIterator_initElementwise(&iter, &m, 1, Tensor_sizes(m));
  TensorIterator_serial_for_each(&iter, mask_sum_loop2d, &sum, 0, iter.numel);
  int64_t count = sum.offset;
  TRY(resize_output(out, IntArrayRef_make(&count, 1)) >= 0);
  if (count > 0) TRY(masked_select_walk(self, s, m, out) == 0);
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

/*
 * Note [masked_scatter_'s walk]
 * Each set mask element takes the next source element, in the order of
 * 1.13's TensorIterator over {self, mask}: the operands' memory order (self's
 * first), not row-major, so `x.t().masked_scatter_(m, src)` fills x's rows
 * in turn.  (Later PyTorch versions enforce linear iteration there; 1.13's
 * config does not.)  Serial, as 1.13's loop is: the source pointer moves on.
 * PyTorch 1.13: TensorAdvancedIndexing.cpp masked_scatter__cpu (its
 * TensorIterator), native/cpu/IndexKernel.cpp cpu_masked_scatter_kernel
 */
typedef struct MaskedScatterLoop {
  bool byte_mask;
  size_t size;
  const char* source; /* the next element (source is contiguous) */
  int64_t source_cntr, numel;
  bool failed; /* the RuntimeError is set: the rest of the walk does nothing */
} MaskedScatterLoop;

/* The loop over a tile of {self, mask}.
 * PyTorch 1.13: native/cpu/IndexKernel.cpp cpu_masked_scatter_kernel */
static void masked_scatter_loop2d(void* ctx, char** data, const int64_t* strides, int64_t size0, int64_t size1) {
  MaskedScatterLoop* L = ctx;
  for (int64_t j = 0; j < size1 && !L->failed; j++)
    for (int64_t i = 0; i < size0; i++) {
      const char* mask = data[1] + j * strides[3] + i * strides[1];
      if (L->byte_mask && *(const unsigned char*)mask > 1) {
        Error_set(ErrorType_RuntimeError, "Mask tensor can take 0 and 1 values only");
        L->failed = true;
        return;
      }
      if (!(L->byte_mask ? *(const unsigned char*)mask != 0 : is_nonzero_at(ScalarType_Bool, mask))) continue;
      if (L->source_cntr >= L->numel) {
        Error_set(ErrorType_RuntimeError, "Number of elements of source < number of ones in mask");
        L->failed = true;
        return;
      }
      memcpy(data[0] + j * strides[2] + i * strides[0], L->source, L->size);
      L->source += L->size;
      L->source_cntr++;
    }
}

/* The walk of the Note over self and mask (expanded to self's shape),
 * source contiguous; 0, or -1 with the error set.
 * PyTorch 1.13: native/cpu/IndexKernel.cpp masked_scatter_kernel */
static int masked_scatter_walk(Tensor* self, const Tensor* mask, const Tensor* source) {
  MaskedScatterLoop L = {.byte_mask = mask->dtype != ScalarType_Bool, .size = Tensor_itemsize(self),
                         .source = Tensor_data(source), .numel = source->numel};
  Tensor* operands[2] = {self, (Tensor*)mask};
  TensorIteratorBase iter;
  TensorIterator_initElementwise(&iter, operands, 2, Tensor_sizes(self));
  TensorIterator_serial_for_each(&iter, masked_scatter_loop2d, &L, 0, iter.numel);
  return L.failed ? -1 : 0;
}

/* The elements of self where mask (expanded to self's shape) is set take
 * source's elements in turn, in the order of Note [masked_scatter_'s
 * walk].  1.13 checks no mask
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
  if (!MetaMode_isEnabled()) TRY(masked_scatter_walk(self, m, src) == 0);
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

/* ---- count_nonzero, argwhere --------------------------------------------------- */

/* The number of nonzero elements of self over dims: with dims, the sum of
 * `self != 0` over them (a Long tensor, their sizes removed; sum's errors
 * for a bad or repeated dim); with none, every element counted by one walk
 * of self (count_nonzero_impl, the loop nonzero counts with), into a new
 * 0-dim Long tensor.
 * NB(minaten): the walk is one thread's (1.13 adds up one count per thread,
 * which changes no result).
 * PyTorch 1.13: TensorAdvancedIndexing.cpp at::native::count_nonzero_cpu */
Tensor* at_native_count_nonzero_cpu(const Tensor* self, IntArrayRef dims) {
  if (dims.size > 0) {
    Tensor* mask = at_ne_Scalar(self, Scalar_fromLong(0));
    if (mask == NULL) return NULL;
    Tensor* r = at_sum_dim_IntList(mask, (OptionalIntArrayRef){true, dims}, false, kNoDtype);
    Tensor_release(mask);
    return r;
  }
  Tensor* out = empty_cpu(IntArrayRef_make(NULL, 0), ScalarType_Long);
  if (out == NULL || MetaMode_isEnabled()) return out;
  int64_t item = (int64_t)Tensor_itemsize(self), strides_bytes[MINATEN_MAX_DIM];
  for (int64_t d = 0; d < self->dim; d++) strides_bytes[d] = self->strides[d] * item;
  TensorIteratorBase iter;
  char* data[1] = {Tensor_data(self)};
  const int64_t* strides[1] = {strides_bytes};
  TensorIterator_initStrided(&iter, data, strides, 1, self->sizes, self->dim);
  NonzeroLoop L = {.dtype = self->dtype, .count = 0};
  TensorIterator_serial_for_each(&iter, count_nonzero_loop2d, &L, 0, self->numel);
  store_from_int64(ScalarType_Long, Tensor_data(out), L.count);
  return out;
}

/* count_nonzero.dim_IntList over the one dim given, or over none (every
 * element), through the dispatcher.
 * PyTorch 1.13: TensorAdvancedIndexing.cpp at::native::count_nonzero */
Tensor* at_native_count_nonzero(const Tensor* self, OptionalInt dim) {
  return at_count_nonzero_dim_IntList(self, IntArrayRef_make(dim.has_value ? &dim.value : NULL, dim.has_value ? 1 : 0));
}

/* self.nonzero(): a trace shows nonzero.
 * PyTorch 1.13: TensorAdvancedIndexing.cpp at::native::argwhere */
Tensor* at_native_argwhere(const Tensor* self) { return at_nonzero(self); }

/* ============================ take_along_dim ============================= */

/* self and indices broadcast against each other except along dim (where
 * each keeps its own size), for gather; dim wrapped.  0, or -1 with 1.13's
 * error.
 * PyTorch 1.13: TensorAdvancedIndexing.cpp _take_along_dim_helper */
static int take_along_dim_helper(const Tensor* self, const Tensor* indices, int64_t* dim, Tensor** self_b,
                                 Tensor** indices_b) {
  TORCH_CHECK(self->dim == indices->dim,
              "torch.take_along_dim(): input and indices should have the same number of dimensions, but got %lld "
              "dimensions for input, and %lld dimensions for indices",
              (long long)self->dim, (long long)indices->dim);
  TORCH_CHECK(indices->dtype == ScalarType_Long, "torch.take_along_dim(): dtype of indices should be Long but got %s",
              ScalarType_name(indices->dtype));
  TRY((*dim = maybe_wrap_dim(*dim, self->dim, true)) >= 0);
  int64_t sizes[MINATEN_MAX_DIM], shape[MINATEN_MAX_DIM];
  size_t ndim;
  memcpy(sizes, self->sizes, sizeof(int64_t) * (size_t)self->dim);
  sizes[*dim] = indices->sizes[*dim]; /* self's sizes, indices' along dim */
  TRY(broadcast_shape(IntArrayRef_make(sizes, (size_t)self->dim), Tensor_sizes(indices), shape, &ndim) == 0);
  TRY((*indices_b = at_broadcast_to(indices, IntArrayRef_make(shape, ndim))) != NULL);
  memcpy(sizes, indices->sizes, sizeof(int64_t) * (size_t)indices->dim);
  sizes[*dim] = self->sizes[*dim]; /* indices' sizes, self's along dim */
  TRY(broadcast_shape(IntArrayRef_make(sizes, (size_t)indices->dim), Tensor_sizes(self), shape, &ndim) == 0);
  TRY((*self_b = at_broadcast_to(self, IntArrayRef_make(shape, ndim))) != NULL);
  return 0;
fail:
  return -1;
}

/* gather along dim of the two broadcast, or of both flattened (dim None),
 * into out (NULL: a new tensor).
 * PyTorch 1.13: TensorAdvancedIndexing.cpp take_along_dim, take_along_dim_out */
static Tensor* take_along_dim_impl(const Tensor* self, const Tensor* indices, OptionalInt opt_dim, Tensor* out) {
  Tensor *a = NULL, *b = NULL, *result = NULL;
  int64_t dim = 0, flat = -1;
  if (opt_dim.has_value) {
    dim = opt_dim.value;
    TRY(take_along_dim_helper(self, indices, &dim, &a, &b) == 0);
  } else {
    TRY((a = at_view(self, IntArrayRef_make(&flat, 1))) != NULL);
    TRY((b = at_view(indices, IntArrayRef_make(&flat, 1))) != NULL);
  }
  result = out != NULL ? at_gather_out(a, dim, b, false, out) : at_gather(a, dim, b, false);
fail:
  Tensor_release(a);
  Tensor_release(b);
  return result;
}

/* PyTorch 1.13: TensorAdvancedIndexing.cpp take_along_dim */
Tensor* at_native_take_along_dim(const Tensor* self, const Tensor* indices, OptionalInt dim) {
  return take_along_dim_impl(self, indices, dim, NULL);
}

/* PyTorch 1.13: TensorAdvancedIndexing.cpp take_along_dim_out */
Tensor* at_native_take_along_dim_out(const Tensor* self, const Tensor* indices, OptionalInt dim, Tensor* out) {
  return take_along_dim_impl(self, indices, dim, out);
}
