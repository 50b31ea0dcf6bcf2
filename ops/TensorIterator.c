/*
 * TensorIterator.c - operand strides, dimension order and the output of an
 * elementwise operation; see TensorIterator.h.
 * PyTorch 1.13: aten/src/ATen/TensorIterator.cpp
 */
#include "ops/TensorIterator.h"

#include "runtime/Exception.h"
#include "runtime/Parallel.h"
#include "runtime/safe_numerics.h"

void operand_strides(const Tensor* t, const int64_t* shape, int64_t ndim, int64_t* strides) {
  int64_t offset = ndim - t->dim;
  for (int64_t i = 0; i < ndim; i++) {
    int64_t d = i - offset;
    if (d < 0 || (t->sizes[d] == 1 && shape[i] != 1))
      strides[i] = 0;
    else
      strides[i] = mul_wrap(t->strides[d], (int64_t)Tensor_itemsize(t)); /* wraps for a size-0 tensor's strides */
  }
}

/* The insertion sort of reorder_dimensions; with is_reduction, operand 0 is
 * the output of a reduction, whose reduced dimensions (stride 0) go first. */
static void reorder_dimensions_impl(int64_t ndim, const int64_t* shape, const int64_t* const* strides, int nops,
                                    bool is_reduction, int64_t* perm) {
  for (int64_t i = 0; i < ndim; i++) perm[i] = ndim - 1 - i; /* C order reversed: innermost first */
  for (int64_t i = 1; i < ndim; i++) {
    int64_t dim1 = i;
    for (int64_t dim0 = i - 1; dim0 >= 0; dim0--) {
      int cmp = 0; /* 1: perm[dim0] goes after perm[dim1] */
      for (int arg = 0; arg < nops && cmp == 0; arg++) {
        int64_t s0 = strides[arg][perm[dim0]], s1 = strides[arg][perm[dim1]];
        if (is_reduction && arg == 0 && (s0 == 0) != (s1 == 0)) {
          cmp = s1 == 0 ? 1 : -1;
          break;
        }
        if (s0 == 0 || s1 == 0) continue;
        if (s0 < s1) cmp = -1;
        else if (s0 > s1) cmp = 1;
        else if (shape[perm[dim0]] > shape[perm[dim1]]) cmp = 1;
      }
      if (cmp > 0) {
        int64_t tmp = perm[dim0];
        perm[dim0] = perm[dim1];
        perm[dim1] = tmp;
        dim1 = dim0;
      } else if (cmp < 0) {
        break;
      }
    }
  }
}

void fast_setup_strides(const Tensor* const* operands, int nops, IntArrayRef shape, int64_t* const* strides) {
  for (int i = 0; i < nops; i++)
    if (!Tensor_hasSizes(operands[i], shape) || !operands[i]->is_contiguous) return;
  for (int i = 0; i < nops; i++) {
    int64_t stride = (int64_t)Tensor_itemsize(operands[i]);
    for (int64_t d = (int64_t)shape.size - 1; d >= 0; d--) {
      strides[i][d] = shape.data[d] == 1 ? 0 : stride;
      stride = mul_wrap(stride, shape.data[d] > 1 ? shape.data[d] : 1);
    }
  }
}

void reorder_dimensions(int64_t ndim, const int64_t* shape, const int64_t* const* strides, int nops,
                        int64_t* perm) {
  reorder_dimensions_impl(ndim, shape, strides, nops, false, perm);
}

void reorder_dimensions_reduction(int64_t ndim, const int64_t* shape, const int64_t* const* strides, int nops,
                                  int64_t* perm) {
  reorder_dimensions_impl(ndim, shape, strides, nops, true, perm);
}

int64_t coalesce_dimensions(int64_t ndim, int64_t* shape, int64_t* const* strides, int nops) {
  if (ndim <= 1) return ndim;
  int64_t prev = 0;
  for (int64_t dim = 1; dim < ndim; dim++) {
    bool can = shape[prev] == 1 || shape[dim] == 1;
    if (!can) {
      can = true;
      /* wraps for an empty tensor's huge sizes, as 1.13's does */
      for (int i = 0; i < nops; i++) can = can && mul_wrap(shape[prev], strides[i][prev]) == strides[i][dim];
    }
    if (can) {
      if (shape[prev] == 1)
        for (int i = 0; i < nops; i++) strides[i][prev] = strides[i][dim];
      shape[prev] = mul_wrap(shape[prev], shape[dim]);
    } else {
      prev++;
      if (prev != dim) {
        for (int i = 0; i < nops; i++) strides[i][prev] = strides[i][dim];
        shape[prev] = shape[dim];
      }
    }
  }
  return prev + 1;
}

/* Fills iter from ntensors operands' byte strides over shape (st[arg],
 * ndim entries each, in the tensors' dimension order): reordered
 * (reorder_dimensions, or its reduction form; C order reversed when
 * linear), coalesced, and laid out as get_strides() lays them. */
static void init_geometry(TensorIteratorBase* iter, int ntensors, int64_t ndim, const int64_t* shape,
                          const int64_t* const* st, bool is_reduction, bool linear) {
  TORCH_INTERNAL_ASSERT(ntensors >= 1 && ntensors <= TensorIterator_MAX_OPERANDS && ndim <= MINATEN_MAX_DIM);
  int64_t perm[MINATEN_MAX_DIM];
  if (linear)
    for (int64_t d = 0; d < ndim; d++) perm[d] = ndim - 1 - d;
  else if (is_reduction)
    reorder_dimensions_reduction(ndim, shape, st, ntensors, perm);
  else
    reorder_dimensions(ndim, shape, st, ntensors, perm);
  int64_t sorted[TensorIterator_MAX_OPERANDS][MINATEN_MAX_DIM];
  int64_t* strides_of[TensorIterator_MAX_OPERANDS];
  iter->numel = 1;
  for (int64_t d = 0; d < ndim; d++) {
    iter->shape[d] = shape[perm[d]];
    iter->numel = mul_wrap(iter->numel, shape[d]); /* 0 for an empty tensor, however large its other sizes */
    for (int arg = 0; arg < ntensors; arg++) sorted[arg][d] = st[arg][perm[d]];
  }
  for (int arg = 0; arg < ntensors; arg++) strides_of[arg] = sorted[arg];
  iter->ndim = coalesce_dimensions(ndim, iter->shape, strides_of, ntensors);
  iter->ntensors = ntensors;
  iter->is_reduction = is_reduction;
  for (int64_t d = 0; d < (iter->ndim > 2 ? iter->ndim : 2); d++)
    for (int arg = 0; arg < ntensors; arg++) iter->strides[d * ntensors + arg] = d < iter->ndim ? sorted[arg][d] : 0;
}

void TensorIterator_initElementwise(TensorIteratorBase* iter, Tensor* const* operands, int ntensors,
                                    IntArrayRef shape) {
  int64_t st[TensorIterator_MAX_OPERANDS][MINATEN_MAX_DIM];
  const int64_t* rows[TensorIterator_MAX_OPERANDS];
  TORCH_INTERNAL_ASSERT(ntensors >= 1 && ntensors <= TensorIterator_MAX_OPERANDS);
  for (int arg = 0; arg < ntensors; arg++) {
    operand_strides(operands[arg], shape.data, (int64_t)shape.size, st[arg]);
    iter->data[arg] = Tensor_data(operands[arg]);
    rows[arg] = st[arg];
  }
  init_geometry(iter, ntensors, (int64_t)shape.size, shape.data, rows, false, false);
}

void TensorIterator_initStrided(TensorIteratorBase* iter, char* const* data, const int64_t* const* strides,
                                int ntensors, const int64_t* shape, int64_t ndim) {
  for (int arg = 0; arg < ntensors; arg++) iter->data[arg] = data[arg];
  init_geometry(iter, ntensors, ndim, shape, strides, false, false);
}

void TensorIterator_initLinear(TensorIteratorBase* iter, char* const* data, const int64_t* const* strides,
                               int ntensors, const int64_t* shape, int64_t ndim) {
  for (int arg = 0; arg < ntensors; arg++) iter->data[arg] = data[arg];
  init_geometry(iter, ntensors, ndim, shape, strides, false, true);
}

void TensorIterator_initReduction(TensorIteratorBase* iter, const Tensor* self, Tensor* result, const bool* mask,
                                  bool keepdim) {
  int64_t in_item = (int64_t)Tensor_itemsize(self), out_item = (int64_t)Tensor_itemsize(result);
  int64_t st[2][MINATEN_MAX_DIM];
  for (int64_t d = 0, r = 0; d < self->dim; d++) {
    st[1][d] = self->strides[d] * in_item;
    if (mask[d]) {
      st[0][d] = 0;
      if (keepdim) r++;
    } else {
      st[0][d] = result->strides[r++] * out_item;
    }
  }
  const int64_t* rows[2] = {st[0], st[1]};
  iter->data[0] = Tensor_data(result);
  iter->data[1] = Tensor_data(self);
  init_geometry(iter, 2, self->dim, self->sizes, rows, true, false);
}

bool TensorIterator_is_dim_reduced(const TensorIteratorBase* iter, int64_t dim) {
  return iter->is_reduction && iter->strides[dim * iter->ntensors] == 0 && iter->shape[dim] > 1;
}

void TensorIterator_narrow(TensorIteratorBase* iter, int64_t dim, int64_t start, int64_t size) {
  iter->numel = iter->numel / iter->shape[dim] * size;
  iter->shape[dim] = size;
  for (int arg = 0; arg < iter->ntensors; arg++) iter->data[arg] += iter->strides[dim * iter->ntensors + arg] * start;
}

/*
 * The position of a walk over [begin, end): values[d] is the index along
 * dimension d of the next element, offset its linear index.
 * PyTorch 1.13: TensorIterator.cpp DimCounter
 */
typedef struct DimCounter {
  const int64_t* shape;
  int64_t ndim, end, offset;
  int64_t values[MINATEN_MAX_DIM];
} DimCounter;

static void DimCounter_init(DimCounter* c, const int64_t* shape, int64_t ndim, int64_t begin, int64_t end) {
  c->shape = shape, c->ndim = ndim, c->end = end, c->offset = begin;
  int64_t linear = begin;
  for (int64_t d = 0; d < ndim; d++) {
    c->values[d] = shape[d] > 0 ? linear % shape[d] : 0;
    if (shape[d] > 0) linear /= shape[d];
  }
}

/* The largest tile from the position: the rest of the row, or whole rows
 * (as many as the range and dimension 1 hold) from a row's start.
 * PyTorch 1.13: DimCounter::max_2d_step */
static void DimCounter_max_2d_step(const DimCounter* c, int64_t step[2]) {
  int64_t left = c->end - c->offset;
  step[0] = c->shape[0] - c->values[0] < left ? c->shape[0] - c->values[0] : left;
  step[1] = 1;
  if (step[0] == c->shape[0]) {
    int64_t rows = left / c->shape[0];
    step[1] = c->shape[1] - c->values[1] < rows ? c->shape[1] - c->values[1] : rows;
  }
}

/* PyTorch 1.13: DimCounter::increment */
static void DimCounter_increment(DimCounter* c, const int64_t step[2]) {
  c->offset += step[0] * step[1];
  int64_t overflow = step[0];
  int64_t d = 0;
  if (step[1] != 1) {
    d = 1;
    overflow = step[1];
  }
  for (; d < c->ndim && overflow > 0; d++) {
    int64_t value = c->values[d] + overflow;
    overflow = value >= c->shape[d];
    c->values[d] = overflow ? value - c->shape[d] : value;
  }
}

/* An iterator over meta tensors has shapes and no data (their pointers are
 * NULL): a kernel built on one computes nothing, as 1.13's meta kernels. */
static bool has_no_data(const TensorIteratorBase* iter) {
  for (int arg = 0; arg < iter->ntensors; arg++)
    if (iter->data[arg] == NULL) return true;
  return false;
}

void TensorIterator_serial_for_each(const TensorIteratorBase* iter, loop2d_t loop, void* ctx, int64_t begin,
                                    int64_t end) {
  if (begin >= end || has_no_data(iter)) return;
  int nt = iter->ntensors;
  char* ptrs[TensorIterator_MAX_OPERANDS];
  if (iter->ndim <= 1) {
    for (int arg = 0; arg < nt; arg++) ptrs[arg] = iter->data[arg] + begin * iter->strides[arg];
    loop(ctx, ptrs, iter->strides, end - begin, 1);
    return;
  }
  DimCounter c;
  DimCounter_init(&c, iter->shape, iter->ndim, begin, end);
  while (c.offset < c.end) {
    for (int arg = 0; arg < nt; arg++) {
      ptrs[arg] = iter->data[arg];
      for (int64_t d = 0; d < iter->ndim; d++) ptrs[arg] += c.values[d] * iter->strides[d * nt + arg];
    }
    int64_t step[2];
    DimCounter_max_2d_step(&c, step);
    loop(ctx, ptrs, iter->strides, step[0], step[1]);
    DimCounter_increment(&c, step);
  }
}

typedef struct ForEachChunk {
  const TensorIteratorBase* iter;
  loop2d_t loop;
  void* ctx;
} ForEachChunk;

static void for_each_chunk(void* arg, int64_t begin, int64_t end) {
  const ForEachChunk* c = arg;
  TensorIterator_serial_for_each(c->iter, c->loop, c->ctx, begin, end);
}

void TensorIterator_for_each(const TensorIteratorBase* iter, loop2d_t loop, void* ctx, int64_t grain_size) {
  if (iter->numel == 0 || has_no_data(iter)) return;
  if (iter->numel < grain_size || at_get_num_threads() == 1) {
    TensorIterator_serial_for_each(iter, loop, ctx, 0, iter->numel);
    return;
  }
  ForEachChunk c = {iter, loop, ctx};
  at_parallel_for(0, iter->numel, grain_size, for_each_chunk, &c);
}

bool reduction_is_lastdim(const Tensor* self, const Tensor* result, const bool* mask, bool keepdim) {
  TensorIteratorBase it;
  TensorIterator_initReduction(&it, self, (Tensor*)result, mask, keepdim);
  int64_t reduced = 0;
  for (int64_t d = 0; d < it.ndim; d++) reduced += it.strides[2 * d] == 0 && it.shape[d] != 1;
  return it.ndim >= 1 && reduced == 1 && it.strides[0] == 0 && it.strides[1] == (int64_t)Tensor_itemsize(self);
}

void reduction_serial_for_each(const Tensor* self, Tensor* result, const bool* mask, bool keepdim,
                               ReductionLoop2d loop, void* ctx) {
  if (self->numel == 0) return;
  TensorIteratorBase it;
  TensorIterator_initReduction(&it, self, result, mask, keepdim);
  TensorIterator_serial_for_each(&it, loop, ctx, 0, it.numel);
}

void output_strides(int64_t ndim, const int64_t* shape, const int64_t* const* strides, int nops,
                    int64_t* out_strides) {
  int64_t perm[MINATEN_MAX_DIM];
  reorder_dimensions(ndim, shape, strides, nops, perm);
  /* C order (perm reversed) gives contiguous strides, where a size-0 dim
   * counts as 1; any other order compatible_stride's product of the sizes,
   * where a size-0 dim zeroes the strides outside it: [4, 0, 3] in order
   * (0, 1, 2) has strides [1, 4, 0]. */
  bool inverted = true;
  for (int64_t i = 0; i < ndim; i++) inverted = inverted && perm[i] == ndim - 1 - i;
  int64_t stride = 1;
  for (int64_t i = 0; i < ndim; i++) {
    out_strides[perm[i]] = stride;
    int64_t size = shape[perm[i]];
    stride = mul_wrap(stride, inverted && size == 0 ? 1 : size); /* wraps */
  }
}
