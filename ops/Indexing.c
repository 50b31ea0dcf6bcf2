/*
 * Indexing.c - advanced indexing: index.Tensor (`a[idx]`), index_put_
 * (`a[idx] = v`) and index_put, masked_fill.  The operators along one
 * dimension are in ScatterGather.c (scatter, scatter_add, gather),
 * TensorAdvancedIndexing.c (index_select, take, put, masked_select,
 * masked_scatter, nonzero) and IndexAdd.c (index_add).
 *
 * The indices are one optional tensor per leading dimension of self (NULL:
 * the whole dimension, as a `:` left by the basic indexing in front).  Bool
 * and uint8 masks are first replaced by the long coordinates of their true
 * elements (one index tensor per mask dimension); the index tensors are then
 * broadcast together.  The result has the broadcast shape where the indexed
 * dimensions were when they are adjacent, or in front of the remaining
 * dimensions when they are not (NumPy's rule).
 *
 * PyTorch 1.13: aten/src/ATen/native/TensorAdvancedIndexing.cpp (index,
 * index_put_), IndexingUtils.h (expandTensors), TensorIterator-based
 * index kernels
 */
#include <stdalign.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "Functions.h"
#include "NativeFunctions.h"
#include "ops/EmptyTensor.h"
#include "ops/MetaMode.h"
#include "ops/ExpandUtils.h"
#include "ops/IndexKernel.h"
#include "ops/MemoryOverlap.h"
#include "ops/Structured.h"
#include "ops/TensorIterator.h"
#include "ops/TensorUtils.h"
#include "runtime/Exception.h"
#include "runtime/TypeCast.h"

typedef struct IndexPlan {
  int64_t ndim;                       /* dims of self */
  Tensor* idx[MINATEN_MAX_DIM];       /* long index per dim of self, or NULL (owned) */
  int64_t bshape[MINATEN_MAX_DIM];    /* broadcast shape of the index tensors */
  int64_t bdim;
  int64_t bstrides[MINATEN_MAX_DIM][MINATEN_MAX_DIM]; /* each index's strides over bshape */
  bool adjacent;
  int64_t first;                      /* first indexed dim */
  int64_t rshape[MINATEN_MAX_DIM];    /* result shape */
  int64_t rdim;
} IndexPlan;

static void plan_free(IndexPlan* p) {
  for (int64_t d = 0; d < p->ndim; d++) Tensor_release(p->idx[d]);
}

/* The coordinates of a mask's true elements, one long tensor per mask dim.
 * PyTorch 1.13: IndexingUtils.h expandTensors (via nonzero) */
/* A mask index covers self's dims d0, d0 + 1, ...: each of its sizes must
 * be self's there.  0, or -1 with PyTorch's IndexError.
 * PyTorch 1.13: IndexingUtils.h expandTensors, TensorAdvancedIndexing.cpp canDispatchToMaskedFill */
static int check_mask_shape(const Tensor* self, const Tensor* mask, int64_t d0) {
  char b1[256], b2[256];
  for (int64_t j = 0; j < mask->dim; j++) {
    if (d0 + j >= self->dim || mask->sizes[j] != self->sizes[d0 + j]) {
      Error_set(ErrorType_IndexError,
                "The shape of the mask %s at index %lld does not match the shape of the indexed tensor %s at index %lld",
                IntArrayRef_format(Tensor_sizes(mask), b1, sizeof b1), (long long)j,
                IntArrayRef_format(Tensor_sizes(self), b2, sizeof b2), (long long)(d0 + j));
      return -1;
    }
  }
  return 0;
}

/* The long coordinates of mask's set elements, one index tensor per mask
 * dimension (covering self's dimensions d0, d0 + 1, ...): the columns of
 * nonzero(mask).  0, or -1 with the error set.
 * PyTorch 1.13: IndexingUtils.h expandTensors (index.nonzero(), select(1, j)) */
static int expand_mask(const Tensor* self, const Tensor* mask, int64_t d0, IndexPlan* p) {
  if (check_mask_shape(self, mask, d0) < 0) return -1;
  Tensor* nz = at_native_nonzero_cpu(mask); /* [nnz, mask->dim], column-major */
  if (nz == NULL) return -1;
  int64_t nnz = nz->sizes[0];
  for (int64_t j = 0; j < mask->dim; j++) {
    p->idx[d0 + j] = empty_cpu(IntArrayRef_make(&nnz, 1), ScalarType_Long);
    if (p->idx[d0 + j] == NULL) {
      Tensor_release(nz);
      return -1;
    }
    const int64_t* column = (const int64_t*)Tensor_data(nz) + j * nz->strides[1];
    int64_t* to = (int64_t*)Tensor_data(p->idx[d0 + j]);
    for (int64_t r = 0; r < nnz; r++) to[r] = column[r * nz->strides[0]];
  }
  Tensor_release(nz);
  return 0;
}

/* The shape the index tensors p->idx[positions[0..npos)] broadcast to,
 * into p->bshape (p->bdim dims).  0, or -1 with 1.13's IndexError "shape
 * mismatch: indexing tensors could not be broadcast together with shapes
 * ...".
 * PyTorch 1.13: aten/src/ATen/ExpandUtils.h expand_outplace, as
 * TensorAdvancedIndexing.cpp's AdvancedIndex broadcasts the indices */
static int broadcast_index_shapes(IndexPlan* p, const int64_t* positions, int64_t npos) {
  char b1[512];
  p->bdim = 0;
  for (int64_t a = 0; a < npos; a++) {
    const Tensor* t = p->idx[positions[a]];
    int64_t n = p->bdim > t->dim ? p->bdim : t->dim;
    int64_t out[MINATEN_MAX_DIM];
    bool ok = true;
    for (int64_t i = 0; i < n; i++) {
      int64_t x = i - (n - p->bdim) >= 0 ? p->bshape[i - (n - p->bdim)] : 1;
      int64_t y = i - (n - t->dim) >= 0 ? t->sizes[i - (n - t->dim)] : 1;
      if (x != y && x != 1 && y != 1) ok = false;
      out[i] = x == 1 ? y : x;
    }
    if (!ok) {
      size_t len = 0;
      b1[0] = '\0';
      for (int64_t c = 0; c < npos; c++) {
        char s[128];
        len += (size_t)snprintf(b1 + len, sizeof b1 - len, "%s%s", c ? ", " : "",
                                IntArrayRef_format(Tensor_sizes(p->idx[positions[c]]), s, sizeof s));
      }
      Error_set(ErrorType_IndexError, "shape mismatch: indexing tensors could not be broadcast together with shapes %s", b1);
      return -1;
    }
    memcpy(p->bshape, out, (size_t)n * sizeof(int64_t));
    p->bdim = n;
  }
  return 0;
}

/* The plan of self[indices] (masks become long indices).  0, or -1 with
 * 1.13's IndexError.  PyTorch 1.13: TensorAdvancedIndexing.cpp make_info */
static int make_plan(const Tensor* self, TensorList indices, IndexPlan* p) {
  memset(p, 0, sizeof *p);
  p->ndim = self->dim;
  TORCH_CHECK_INDEX((int64_t)indices.size <= self->dim, "too many indices for tensor of dimension %lld (got %zu)",
                    (long long)self->dim, indices.size);
  int64_t d = 0;
  for (size_t i = 0; i < indices.size; i++) {
    const Tensor* t = indices.data[i];
    if (t == NULL) {
      d++;
      continue;
    }
    if (t->dtype == ScalarType_Bool || t->dtype == ScalarType_Byte) {
      /* PyTorch 1.13: IndexingUtils.h expandTensors (its TORCH_WARN for a byte mask) */
      if (t->dtype == ScalarType_Byte && !MetaMode_isEnabled())
        Warning_warn("indexing with dtype torch.uint8 is now deprecated, please use a dtype torch.bool instead. "
                     "(Triggered internally at  ./aten/src/ATen/native/IndexingUtils.h:27.)");
      TRY(expand_mask(self, t, d, p) == 0);
      d += t->dim;
    } else {
      TORCH_CHECK_INDEX(t->dtype == ScalarType_Long, "tensors used as indices must be long, byte or bool tensors");
      TORCH_CHECK_INDEX(d < self->dim, "too many indices for tensor of dimension %lld", (long long)self->dim);
      p->idx[d++] = Tensor_retain(t);
    }
  }
  /* Broadcast the index tensors together. */
  int64_t positions[MINATEN_MAX_DIM], npos = 0;
  for (int64_t k = 0; k < p->ndim; k++)
    if (p->idx[k]) positions[npos++] = k;
  TORCH_CHECK_INDEX(npos > 0, "minaten: index needs at least one index tensor");
  TRY(broadcast_index_shapes(p, positions, npos) == 0);
  /* An indexed dimension of size 0 with an index of no zero size: any index
   * is out of bounds (1.13 says so here, before the kernel could).
   * PyTorch 1.13: TensorAdvancedIndexing.cpp AdvancedIndex::AdvancedIndex */
  bool indexed_empty = false, replacement_empty = false;
  for (int64_t a = 0; a < npos; a++) indexed_empty |= self->sizes[positions[a]] == 0;
  for (int64_t i = 0; i < p->bdim; i++) replacement_empty |= p->bshape[i] == 0;
  TORCH_CHECK_INDEX(!indexed_empty || replacement_empty, "index is out of bounds for dimension with size 0");
  for (int64_t a = 0; a < npos; a++) {
    const Tensor* t = p->idx[positions[a]];
    for (int64_t i = 0; i < p->bdim; i++) {
      int64_t j = i - (p->bdim - t->dim);
      p->bstrides[positions[a]][i] = (j < 0 || t->sizes[j] == 1) ? 0 : t->strides[j];
    }
  }
  p->first = positions[0];
  p->adjacent = positions[npos - 1] - positions[0] == npos - 1;
  p->rdim = 0;
  if (p->adjacent) {
    for (int64_t k = 0; k < p->first; k++) p->rshape[p->rdim++] = self->sizes[k];
    for (int64_t i = 0; i < p->bdim; i++) p->rshape[p->rdim++] = p->bshape[i];
    for (int64_t k = positions[npos - 1] + 1; k < self->dim; k++) p->rshape[p->rdim++] = self->sizes[k];
  } else {
    for (int64_t i = 0; i < p->bdim; i++) p->rshape[p->rdim++] = p->bshape[i];
    for (int64_t k = 0; k < self->dim; k++)
      if (!p->idx[k]) p->rshape[p->rdim++] = self->sizes[k];
  }
  return 0;
fail:
  plan_free(p);
  return -1;
}

/*
 * Note [index's TensorIterator]
 * index and index_put_ walk one TensorIterator over the indexing result's
 * shape: operand 0 the output (index: the new result; index_put_: self
 * restrided, stride 0 along the dimensions the index tensors replace),
 * operand 1 the input (index: self restrided so; index_put_: the values
 * broadcast to the result's shape), then one operand per index tensor,
 * broadcast and reshaped to the result's shape.  For each element the
 * loop reads every index (checked against its dimension's size, negative
 * ones counting from the end), adds up its offset into self, and copies
 * (or, accumulating, adds) the element.  Its order is TensorIterator's
 * (the operands' memory order), which decides the element written last
 * for duplicate indices, an accumulation's order, and which out-of-range
 * index is reported and what was written before it.  NB(minaten): on one
 * thread, as the loop raises (1.13 splits a walk that does not accumulate
 * over its threads above 3000 elements, and a float accumulation above
 * AT_GRAIN_SIZE elements, whose atomic additions then come in an order that
 * varies from run to run).
 * PyTorch 1.13: TensorAdvancedIndexing.cpp AdvancedIndex, make_index_iterator,
 * make_index_put_iterator; IndexingUtils.h restride_src, reshape_indexer;
 * native/cpu/IndexKernel.cpp cpu_index_kernel (Indexer), index_kernel,
 * index_put_kernel
 */
typedef struct IndexLoop {
  int nindices;
  int64_t indexed_sizes[MINATEN_MAX_DIM], indexed_strides[MINATEN_MAX_DIM]; /* strides in bytes */
  bool put, accumulate;
  ScalarType dtype;
  size_t size;
  bool failed; /* the IndexError is set: the rest of the walk does nothing */
} IndexLoop;

/* dst += src, both of dtype t: floating types in double (one rounding, as
 * float's own addition), the others in int64, wrapping. */
static void accumulate_element(ScalarType t, char* dst, const char* src) {
  if (ScalarType_isFloating(t)) {
    store_from_double(t, dst, load_double(t, dst) + load_double(t, src));
  } else {
    int64_t a = 0, b = 0;
    memcpy(&a, dst, ScalarType_elementSize(t));
    memcpy(&b, src, ScalarType_elementSize(t));
    store_scalar(t, dst, Scalar_fromLong((int64_t)((uint64_t)a + (uint64_t)b)));
  }
}

/* The loop over a tile of the result's shape (see the Note). */
static void index_loop2d(void* ctx, char** data, const int64_t* strides, int64_t size0, int64_t size1) {
  IndexLoop* L = ctx;
  int nt = 2 + L->nindices;
  for (int64_t j = 0; j < size1 && !L->failed; j++)
    for (int64_t i = 0; i < size0; i++) {
      char* dst = data[0] + j * strides[nt] + i * strides[0];
      char* src = data[1] + j * strides[nt + 1] + i * strides[1];
      int64_t offset = 0;
      for (int k = 0; k < L->nindices; k++) {
        int64_t value = load_int(ScalarType_Long, data[2 + k] + j * strides[nt + 2 + k] + i * strides[2 + k]);
        int64_t size = L->indexed_sizes[k];
        if (value < -size || value >= size) {
          Error_set(ErrorType_IndexError, "index %lld is out of bounds for dimension %lld with size %lld",
                    (long long)value, (long long)k, (long long)size);
          L->failed = true;
          return;
        }
        if (value < 0) value += size;
        offset += value * L->indexed_strides[k];
      }
      if (!L->put) memcpy(dst, src + offset, L->size);
      else if (!L->accumulate) memcpy(dst + offset, src, L->size);
      else accumulate_element(L->dtype, dst + offset, src);
    }
}

/*
 * The strides (in elements) over the result's shape of index's inputs,
 * written to ops: ops[0] self restrided (stride 0 along the dimensions the
 * index tensors replace; the indexed dimensions moved to the front first
 * when they are not adjacent), then each index tensor expanded to the
 * broadcast shape (expand_outplace: stride 0 where it is broadcast) and
 * reshaped with size-1 dimensions around it (reshape_indexer: a view, whose
 * size-1 dimensions get computeStride's strides); a size-1 dimension
 * against a larger result dimension counts as broadcast (compute_strides).
 * Returns the number of operands (1 + the index tensors).
 * PyTorch 1.13: IndexingUtils.h restride_src, reshape_indexer; TensorIterator.cpp compute_strides
 */
static int index_operand_strides(const Tensor* self, const IndexPlan* p, int64_t (*ops)[MINATEN_MAX_DIM]) {
  int nops = 0;
  int64_t at = p->adjacent ? p->first : 0; /* where the broadcast index dims sit in the result */
  int64_t* src = ops[nops++];
  int64_t r = 0;
  if (p->adjacent) {
    for (int64_t k = 0; k < p->first; k++) src[r++] = self->strides[k];
    for (int64_t i = 0; i < p->bdim; i++) src[r++] = 0;
    int64_t last = p->first;
    for (int64_t k = 0; k < p->ndim; k++)
      if (p->idx[k]) last = k;
    for (int64_t k = last + 1; k < self->dim; k++) src[r++] = self->strides[k];
  } else {
    for (int64_t i = 0; i < p->bdim; i++) src[r++] = 0;
    for (int64_t k = 0; k < self->dim; k++)
      if (!p->idx[k]) src[r++] = self->strides[k];
  }
  int64_t reshaped[MINATEN_MAX_DIM];
  for (int64_t i = 0; i < p->rdim; i++) reshaped[i] = i >= at && i < at + p->bdim ? p->bshape[i - at] : 1;
  IntArrayRef bshape = IntArrayRef_make(p->bshape, (size_t)p->bdim);
  for (int64_t k = 0; k < p->ndim; k++) {
    const Tensor* t = p->idx[k];
    if (!t) continue;
    int64_t ex[MINATEN_MAX_DIM], ns[MINATEN_MAX_DIM];
    for (int64_t i = p->bdim - 1; i >= 0; i--) {
      int64_t j = i - (p->bdim - t->dim);
      int64_t size = j >= 0 ? t->sizes[j] : 1;
      int64_t st = j >= 0 ? t->strides[j] : (i == p->bdim - 1 ? 1 : p->bshape[i + 1] * ex[i + 1]);
      ex[i] = size != p->bshape[i] ? 0 : st;
    }
    /* adding size-1 dimensions is always a view */
    TORCH_INTERNAL_ASSERT(computeStride(bshape, IntArrayRef_make(ex, (size_t)p->bdim),
                                        IntArrayRef_make(reshaped, (size_t)p->rdim), ns));
    int64_t* s = ops[nops++];
    for (int64_t i = 0; i < p->rdim; i++) s[i] = reshaped[i] == 1 && p->rshape[i] != 1 ? 0 : ns[i];
  }
  return nops;
}

/* Runs index's walk (see the Note): out and in are operand 0 and 1 (data
 * pointers and strides in elements over the result's shape), ops the index
 * tensors' strides from index_operand_strides.  0, or -1 with the
 * IndexError set. */
static int index_walk(const Tensor* self, const IndexPlan* p, char* out, const int64_t* out_strides, char* in,
                      const int64_t* in_strides, int64_t (*ops)[MINATEN_MAX_DIM], bool put, bool accumulate) {
  IndexLoop L = {.put = put, .accumulate = accumulate, .dtype = self->dtype, .size = Tensor_itemsize(self)};
  int64_t item = (int64_t)L.size;
  int64_t bytes[TensorIterator_MAX_OPERANDS][MINATEN_MAX_DIM];
  char* data[TensorIterator_MAX_OPERANDS];
  const int64_t* strides[TensorIterator_MAX_OPERANDS];
  int nt = 2;
  data[0] = out;
  data[1] = in;
  for (int64_t i = 0; i < p->rdim; i++) {
    bytes[0][i] = out_strides[i] * item;
    bytes[1][i] = in_strides[i] * item;
  }
  /* the index tensors in self's order of dimensions (transposeToFront keeps it) */
  for (int64_t k = 0; k < p->ndim; k++) {
    if (!p->idx[k]) continue;
    L.indexed_sizes[L.nindices] = self->sizes[k];
    L.indexed_strides[L.nindices++] = self->strides[k] * item;
    data[nt] = Tensor_data(p->idx[k]);
    for (int64_t i = 0; i < p->rdim; i++) bytes[nt][i] = ops[nt - 2][i] * 8;
    nt++;
  }
  for (int arg = 0; arg < nt; arg++) strides[arg] = bytes[arg];
  TensorIteratorBase iter;
  TensorIterator_initStrided(&iter, data, strides, nt, p->rshape, p->rdim);
  TensorIterator_serial_for_each(&iter, index_loop2d, &L, 0, iter.numel);
  return L.failed ? -1 : 0;
}

/*
 * The strides of index's new result, laid out as 1.13's TensorIterator lays
 * out an output it allocates (reorder_dimensions over its inputs, whose
 * strides index_operand_strides writes to ops).  So `x.permute(2, 0,
 * 1)[:, idx]` keeps x's memory order, where a contiguous result would not.
 * PyTorch 1.13: TensorAdvancedIndexing.cpp build_index_op, IndexingUtils.h
 * restride_src, reshape_indexer; TensorIterator.cpp reorder_dimensions
 */
static void index_result_strides(const Tensor* self, const IndexPlan* p, int64_t (*ops)[MINATEN_MAX_DIM],
                                 int64_t* out_strides) {
  const int64_t* rows[MINATEN_MAX_DIM + 1];
  int nops = index_operand_strides(self, p, ops);
  for (int i = 0; i < nops; i++) rows[i] = ops[i];
  output_strides(p->rdim, p->rshape, rows, nops, out_strides);
}

/* What index's meta function hands its impl (1.13's precomputed indexed
 * sizes and strides): the plan, and the operands' strides over the result. */
typedef struct IndexPrecomputed {
  IndexPlan plan;
  int64_t ops[MINATEN_MAX_DIM + 1][MINATEN_MAX_DIM];
} IndexPrecomputed;

static void index_precomputed_free(void* p) {
  plan_free(&((IndexPrecomputed*)p)->plan);
  free(p);
}

/*
 * index's meta function: the indices checked and planned (a mask becomes
 * the long indices of its true elements: nonzero, which a meta mask cannot
 * give, as in 1.13), and the output: the planned shape, laid out as
 * TensorIterator would lay it out (index_result_strides).  An out= tensor
 * must have self's dtype and device and overlap neither self nor an index.
 * The plan goes to the impl (StructuredOp_setPrecomputed), as 1.13 hands
 * its impl the indexed sizes and strides (`precomputed:`).
 * NB(minaten): 1.13 builds its TensorIterator here (`structured_inherits:
 * TensorIteratorBase`); minaten walks its own plan (index_walk).  1.13 takes an out= tensor of another dtype and writes
 * self's bytes into it unconverted; minaten refuses it with the message
 * 1.13's successors give.
 * PyTorch 1.13: TensorAdvancedIndexing.cpp TORCH_PRECOMPUTE_META_FUNC2(index, Tensor)
 */
int at_meta_index_Tensor(StructuredOp* op, const Tensor* self, TensorList indices) {
  const Tensor* out = StructuredOp_maybeGetOutput(op, 0);
  if (out != NULL) {
    TORCH_CHECK(Device_equal(out->device, self->device),
                "Expected all tensors to be on the same device, but found at least two devices, %s and %s!",
                DeviceType_name(out->device.type), DeviceType_name(self->device.type));
    TORCH_CHECK(self->dtype == out->dtype, "index_out: self (%s) and result (%s) must have the same scalar type",
                ScalarType_name(self->dtype), ScalarType_name(out->dtype));
    TRY(assert_no_internal_overlap(out) == 0);
    TRY(assert_no_overlap(out, self) == 0);
    for (size_t i = 0; i < indices.size; i++)
      if (indices.data[i] != NULL) TRY(assert_no_overlap(out, indices.data[i]) == 0);
  }
  for (size_t i = 0; i < indices.size; i++) {
    const Tensor* t = indices.data[i];
    if (t == NULL || t->device.type != DeviceType_Meta || (t->dtype != ScalarType_Bool && t->dtype != ScalarType_Byte))
      continue;
    Tensor* nz = at_nonzero(t); /* no Meta kernel: 1.13's NotImplementedError */
    if (nz == NULL) return -1;
    Tensor_release(nz);
  }
  IndexPrecomputed* pre = malloc(sizeof *pre);
  TORCH_CHECK_ALLOC(pre != NULL);
  if (make_plan(self, indices, &pre->plan) < 0) {
    free(pre);
    return -1;
  }
  StructuredOp_setPrecomputed(op, pre, index_precomputed_free);
  int64_t strides[MINATEN_MAX_DIM];
  index_result_strides(self, &pre->plan, pre->ops, strides);
  return StructuredOp_setOutputRawStrided(op, 0, IntArrayRef_make(pre->plan.rshape, (size_t)pre->plan.rdim),
                                          IntArrayRef_make(strides, (size_t)pre->plan.rdim), self->dtype);
fail:
  return -1;
}

/* index's impl: the meta function's planned walk, self's elements gathered
 * into result (whose own strides the walk follows).
 * PyTorch 1.13: TensorAdvancedIndexing.cpp TORCH_IMPL_FUNC(index_out) */
int at_impl_index_out(StructuredOp* op, const Tensor* self, TensorList indices, Tensor* result) {
  (void)indices;
  if (MetaMode_isEnabled()) return 0;
  IndexPrecomputed* pre = op->precomputed;
  return index_walk(self, &pre->plan, Tensor_data(result), result->strides, Tensor_data(self), pre->ops[0],
                    pre->ops + 1, false, false);
}

/* Whether index_put_ is a masked_fill_: one value (a CPU tensor of one
 * element, of any dtype) written where a single mask index (bool or uint8,
 * the only index tensor) is set.  Returns 1 with *mask the mask to fill
 * with (unsqueezed at the end to broadcast over the dimensions after it), 0
 * when it is not, -1 on a mask of the wrong shape.  This route takes no
 * dtype check: the value is read as a number (`a[a > 0] = torch.tensor(1)`
 * works on a float a, `a[[0]] = torch.tensor([1])` does not).
 * PyTorch 1.13: TensorAdvancedIndexing.cpp canDispatchToMaskedFill */
static int can_dispatch_to_masked_fill(const Tensor* self, TensorList indices, const Tensor* values, Tensor** mask) {
  *mask = NULL;
  if (values->numel != 1 || values->device.type != DeviceType_CPU || ScalarType_isQuantized(values->dtype)) return 0;
  const Tensor* found = NULL;
  int64_t num_ind = 0;
  for (size_t i = 0; i < indices.size; i++) {
    const Tensor* index = indices.data[i];
    if (index == NULL) {
      num_ind++;
      continue;
    }
    if ((index->dtype != ScalarType_Byte && index->dtype != ScalarType_Bool) || found != NULL) return 0;
    found = index;
    if (check_mask_shape(self, index, num_ind) < 0) return -1;
    num_ind += index->dim;
  }
  if (found == NULL) return 0;
  Tensor* m = Tensor_retain(found);
  for (int64_t i = num_ind; i < self->dim && m != NULL; i++) {
    Tensor* u = at_unsqueeze(m, -1);
    Tensor_release(m);
    m = u;
  }
  if (m == NULL) return -1;
  *mask = m;
  return 1;
}

/* PyTorch 1.13: TensorAdvancedIndexing.cpp at::native::index_put_ (_index_put_impl_) */
Tensor* at_native_index_put_(Tensor* self, TensorList indices, const Tensor* values, bool accumulate) {
  IndexPlan p;
  char b1[256], b2[256];
  if (!accumulate) {
    Tensor* mask;
    int route = can_dispatch_to_masked_fill(self, indices, values, &mask);
    if (route < 0) return NULL;
    if (route == 1) {
      Scalar v = at_native__local_scalar_dense_cpu(values);
      Tensor* r = at_masked_fill__Scalar(self, mask, v);
      Tensor_release(mask);
      return r;
    }
  }
  if (make_plan(self, indices, &p) < 0) return NULL;
  /* values must broadcast to the indexing result's shape */
  int64_t vstrides[MINATEN_MAX_DIM] = {0}; /* values broadcast over the result shape */
  bool ok = values->dim <= p.rdim;
  for (int64_t i = 0; ok && i < p.rdim; i++) {
    int64_t j = i - (p.rdim - values->dim);
    if (j < 0) continue;
    if (values->sizes[j] != p.rshape[i] && values->sizes[j] != 1) ok = false;
    vstrides[i] = values->sizes[j] == 1 ? 0 : values->strides[j];
  }
  if (!ok) {
    Error_set(ErrorType_RuntimeError, "shape mismatch: value tensor of shape %s cannot be broadcast to indexing result of shape %s",
              IntArrayRef_format(Tensor_sizes(values), b1, sizeof b1), IntArrayRef_format(IntArrayRef_make(p.rshape, (size_t)p.rdim), b2, sizeof b2));
    plan_free(&p);
    return NULL;
  }
  /* PyTorch 1.13: TensorAdvancedIndexing.cpp make_index_put_iterator */
  if (values->dtype != self->dtype) {
    Error_set(ErrorType_RuntimeError,
              "Index put requires the source and destination dtypes match, got %s for the destination and %s for the source.",
              ScalarType_name(self->dtype), ScalarType_name(values->dtype));
    plan_free(&p);
    return NULL;
  }
  int64_t ops[MINATEN_MAX_DIM + 1][MINATEN_MAX_DIM];
  index_operand_strides(self, &p, ops);
  int rc = index_walk(self, &p, Tensor_data(self), ops[0], Tensor_data(values), vstrides, ops + 1, true, accumulate);
  plan_free(&p);
  return rc < 0 ? NULL : Tensor_retain(self);
}

/* ---- masked_fill ----------------------------------------------------------------
 * Every element of self where the mask (broadcast to self's shape; any
 * nonzero counts) is set gets the value, converted with fill_'s checks.  The
 * functional form fills a contiguous copy of self broadcast with the mask.
 * PyTorch 1.13: aten/src/ATen/native/TensorAdvancedIndexing.cpp masked_fill_impl_cpu, masked_fill */

/* The fill value's bytes and how the loop reads the mask. */
typedef struct MaskedFillLoop {
  bool mask_is_bool;
  const void* value; /* the value stored as its dtype */
  size_t size;
  bool failed; /* the mask error is set: the rest of the walk does nothing */
} MaskedFillLoop;

/* The loop over a tile of {self, mask}; see ops/IndexKernel.h. */
static void masked_fill_loop2d(void* ctx, char** data, const int64_t* strides, int64_t size0, int64_t size1) {
  MaskedFillLoop* L = ctx;
  for (int64_t j = 0; j < size1 && !L->failed; j++) {
    char* dst = data[0] + j * strides[2];
    const char* mask = data[1] + j * strides[3];
    for (int64_t i = 0; i < size0; i++, dst += strides[0], mask += strides[1]) {
      unsigned char m = *(const unsigned char*)mask;
      if (!L->mask_is_bool && m > 1) {
        Error_set(ErrorType_RuntimeError, "Mask tensor can take 0 and 1 values only");
        L->failed = true;
        return;
      }
      if (m != 0) memcpy(dst, L->value, L->size);
    }
  }
}

int cpu_masked_fill_kernel(Tensor* self, const Tensor* mask, const void* value, size_t size) {
  MaskedFillLoop L = {mask->dtype == ScalarType_Bool, value, size, false};
  TensorIteratorBase iter;
  Tensor* operands[2] = {self, (Tensor*)mask};
  TensorIterator_initElementwise(&iter, operands, 2, Tensor_sizes(self));
  TensorIterator_serial_for_each(&iter, masked_fill_loop2d, &L, 0, iter.numel);
  return L.failed ? -1 : 0;
}

/* PyTorch 1.13: TensorAdvancedIndexing.cpp masked_fill__cpu (Scalar) */
Tensor* at_native_masked_fill__Scalar(Tensor* self, const Tensor* mask, Scalar value) {
  int64_t shape[MINATEN_MAX_DIM];
  size_t ndim;
  /* masked_fill_impl_cpu's warnings (TORCH_WARN; not in a lazy tensor's
   * shape run, which 1.13's shape function does without), then its overlap
   * check */
  if (mask->dtype == ScalarType_Byte && !MetaMode_isEnabled())
    Warning_warn("masked_fill_ received a mask with dtype torch.uint8, this behavior is now deprecated,please use a "
                 "mask with dtype torch.bool instead. (Triggered internally at  "
                 "./aten/src/ATen/native/TensorAdvancedIndexing.cpp:1646.)");
  if (has_internal_overlap(self) && !MetaMode_isEnabled())
    Warning_warn("Use of masked_fill_ on expanded tensors is deprecated. Please clone() the tensor before performing "
                 "this operation. This also applies to advanced indexing e.g. tensor[mask] = scalar (Triggered "
                 "internally at  ./aten/src/ATen/native/TensorAdvancedIndexing.cpp:1651.)");
  TRY(assert_no_partial_overlap(self, mask) == 0);
  TRY(broadcast_shape(Tensor_sizes(self), Tensor_sizes(mask), shape, &ndim) == 0);
  {
    char b1[256], b2[256];
    TORCH_CHECK(Tensor_hasSizes(self, IntArrayRef_make(shape, ndim)), "output with shape %s doesn't match the broadcast shape %s",
                IntArrayRef_format(Tensor_sizes(self), b1, sizeof b1), IntArrayRef_format(IntArrayRef_make(shape, ndim), b2, sizeof b2));
  }
  alignas(8) char bytes[16]; /* the value stored as self's dtype */
  TRY(store_scalar_checked(self->dtype, bytes, value) == 0);
  if (MetaMode_isEnabled()) return Tensor_retain(self);
  TRY(cpu_masked_fill_kernel(self, mask, bytes, Tensor_itemsize(self)) == 0);
  return Tensor_retain(self);
fail:
  return NULL;
}

/* PyTorch 1.13: TensorAdvancedIndexing.cpp masked_fill__cpu (Tensor) */
Tensor* at_native_masked_fill__Tensor(Tensor* self, const Tensor* mask, const Tensor* value) {
  TORCH_CHECK(value->dim == 0,
              "masked_fill_ only supports a 0-dimensional value tensor, but got tensor with %lld dimension(s).",
              (long long)value->dim);
  Scalar s = ScalarType_isFloating(value->dtype) ? Scalar_fromDouble(load_double(value->dtype, Tensor_data(value)))
             : value->dtype == ScalarType_Bool  ? Scalar_fromBool(load_int(value->dtype, Tensor_data(value)) != 0)
                                                : Scalar_fromLong(load_int(value->dtype, Tensor_data(value)));
  return at_native_masked_fill__Scalar(self, mask, s);
fail:
  return NULL;
}

/* self broadcast with the mask, copied contiguous, then filled in place. */
static Tensor* masked_fill_copy(const Tensor* self, const Tensor* mask, Tensor** result) {
  int64_t shape[MINATEN_MAX_DIM];
  size_t ndim;
  *result = NULL;
  TRY(broadcast_shape(Tensor_sizes(mask), Tensor_sizes(self), shape, &ndim) == 0);
  Tensor* expanded = at_expand(self, IntArrayRef_make(shape, ndim), false);
  TRY(expanded != NULL);
  OptionalMemoryFormat contiguous = {true, MemoryFormat_Contiguous};
  *result = at_clone(expanded, contiguous);
  Tensor_release(expanded);
  return *result;
fail:
  return NULL;
}

/* PyTorch 1.13: TensorAdvancedIndexing.cpp at::native::masked_fill (Scalar) */
Tensor* at_native_masked_fill_Scalar(const Tensor* self, const Tensor* mask, Scalar value) {
  Tensor* result;
  if (masked_fill_copy(self, mask, &result) == NULL) return NULL;
  Tensor* r = at_masked_fill__Scalar(result, mask, value);
  Tensor_release(result);
  return r;
}

/* PyTorch 1.13: TensorAdvancedIndexing.cpp at::native::masked_fill (Tensor) */
Tensor* at_native_masked_fill_Tensor(const Tensor* self, const Tensor* mask, const Tensor* value) {
  Tensor* result;
  if (masked_fill_copy(self, mask, &result) == NULL) return NULL;
  Tensor* r = at_masked_fill__Tensor(result, mask, value);
  Tensor_release(result);
  return r;
}

/* PyTorch 1.13: TensorAdvancedIndexing.cpp at::native::index_put (clone, then index_put_) */
Tensor* at_native_index_put(const Tensor* self, TensorList indices, const Tensor* values, bool accumulate) {
  OptionalMemoryFormat preserve = {true, MemoryFormat_Preserve};
  Tensor* copy = at_clone(self, preserve);
  if (copy == NULL) return NULL;
  Tensor* r = at_index_put_(copy, indices, values, accumulate);
  Tensor_release(copy);
  return r;
}
