/*
 * TensorIterator.c - operand strides, dimension order and the output of an
 * elementwise operation; see TensorIterator.h.
 * PyTorch 1.13: aten/src/ATen/TensorIterator.cpp
 */
#include "ops/TensorIterator.h"

#include "ops/EmptyTensor.h"
#include "ops/Resize.h"
#include "runtime/Exception.h"
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
      for (int i = 0; i < nops; i++) can = can && shape[prev] * strides[i][prev] == strides[i][dim];
    }
    if (can) {
      if (shape[prev] == 1)
        for (int i = 0; i < nops; i++) strides[i][prev] = strides[i][dim];
      shape[prev] *= shape[dim];
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

/* The reduction's iterator after reorder_dimensions_reduction and
 * coalesce_dimensions: ndim dimensions, innermost first, with the output's
 * and the input's byte strides (the output's 0 along a reduced one). */
typedef struct ReductionGeometry {
  int64_t ndim;
  int64_t shape[MINATEN_MAX_DIM], out[MINATEN_MAX_DIM], in[MINATEN_MAX_DIM];
} ReductionGeometry;

static void reduction_geometry(const Tensor* self, const Tensor* result, const bool* mask, bool keepdim,
                               ReductionGeometry* g) {
  int64_t in_item = (int64_t)Tensor_itemsize(self), out_item = (int64_t)Tensor_itemsize(result);
  int64_t ndim = self->dim;
  int64_t shape[MINATEN_MAX_DIM] = {0}, out_st[MINATEN_MAX_DIM] = {0}, in_st[MINATEN_MAX_DIM] = {0};
  for (int64_t d = 0, r = 0; d < ndim; d++) {
    shape[d] = self->sizes[d];
    in_st[d] = self->strides[d] * in_item;
    if (mask[d]) {
      out_st[d] = 0;
      if (keepdim) r++;
    } else {
      out_st[d] = result->strides[r++] * out_item;
    }
  }
  int64_t perm[MINATEN_MAX_DIM];
  const int64_t* ops[2] = {out_st, in_st};
  reorder_dimensions_reduction(ndim, shape, ops, 2, perm);
  for (int64_t i = 0; i < ndim; i++) {
    g->shape[i] = shape[perm[i]];
    g->out[i] = out_st[perm[i]];
    g->in[i] = in_st[perm[i]];
  }
  int64_t* strides_of[2] = {g->out, g->in};
  g->ndim = coalesce_dimensions(ndim, g->shape, strides_of, 2);
}

bool reduction_is_lastdim(const Tensor* self, const Tensor* result, const bool* mask, bool keepdim) {
  ReductionGeometry g;
  reduction_geometry(self, result, mask, keepdim, &g);
  int64_t reduced = 0;
  for (int64_t d = 0; d < g.ndim; d++) reduced += g.out[d] == 0 && g.shape[d] != 1;
  return g.ndim >= 1 && reduced == 1 && g.out[0] == 0 && g.in[0] == (int64_t)Tensor_itemsize(self);
}

void reduction_serial_for_each(const Tensor* self, Tensor* result, const bool* mask, bool keepdim,
                               ReductionLoop2d loop, void* ctx) {
  if (self->numel == 0) return;
  ReductionGeometry g;
  reduction_geometry(self, result, mask, keepdim, &g);
  char* base[2] = {Tensor_data(result), Tensor_data(self)};
  if (g.ndim <= 1) {
    int64_t strides[4] = {g.ndim == 1 ? g.out[0] : 0, g.ndim == 1 ? g.in[0] : 0, 0, 0};
    char* data[2] = {base[0], base[1]};
    loop(ctx, data, strides, self->numel, 1);
    return;
  }
  const int64_t strides[4] = {g.out[0], g.in[0], g.out[1], g.in[1]};
  int64_t idx[MINATEN_MAX_DIM] = {0};
  for (;;) {
    char* data[2] = {base[0], base[1]};
    for (int64_t d = 2; d < g.ndim; d++) {
      data[0] += idx[d] * g.out[d];
      data[1] += idx[d] * g.in[d];
    }
    loop(ctx, data, strides, g.shape[0], g.shape[1]);
    int64_t d = 2;
    for (; d < g.ndim; d++) {
      if (++idx[d] < g.shape[d]) break;
      idx[d] = 0;
    }
    if (d == g.ndim) break;
  }
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

Tensor* allocate_or_resize_output(Tensor* out, bool resize_out, IntArrayRef shape, const int64_t* const* strides,
                                  int nops, ScalarType common) {
  if (out == NULL) {
    int64_t out_strides[MINATEN_MAX_DIM];
    output_strides((int64_t)shape.size, shape.data, strides, nops, out_strides);
    return empty_strided_cpu(shape, IntArrayRef_make(out_strides, shape.size), common);
  }
  char b1[256], b2[256];
  TORCH_CHECK(Tensor_hasSizes(out, shape) || resize_out, "output with shape %s doesn't match the broadcast shape %s",
              IntArrayRef_format(Tensor_sizes(out), b1, sizeof b1), IntArrayRef_format(shape, b2, sizeof b2));
  TORCH_CHECK(canCast(common, out->dtype), "result type %s can't be cast to the desired output type %s",
              ScalarType_name(common), ScalarType_name(out->dtype));
  int64_t out_strides[MINATEN_MAX_DIM];
  output_strides((int64_t)shape.size, shape.data, strides, nops, out_strides);
  TRY(resize_output_restrided(out, shape, IntArrayRef_make(out_strides, shape.size)) >= 0);
  return Tensor_retain(out);
fail:
  return NULL;
}
