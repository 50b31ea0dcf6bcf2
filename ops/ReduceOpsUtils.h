/*
 * ReduceOpsUtils.h - the geometry of a reduction over a list of dims, and
 * a loop that hands each output element its reduced elements as one row.
 *
 * var, std, norm and median reduce in ways the accumulate-as-you-go loop of
 * ReduceOps.c does not fit (two passes, a selection), so they gather each
 * output element's reduced sub-space, in row-major order, into a buffer of
 * doubles and compute from it.  The dims follow 1.13's rules: none or an
 * empty list reduces every dimension, a repeated dim is refused, a 0-dim
 * tensor reduces over "dim 0" (or -1) to itself.
 *
 * PyTorch 1.13: aten/src/ATen/native/ReduceOpsUtils.h (make_reduction,
 * dim_list_to_bitset), aten/src/ATen/native/cpu/Reduce.h
 */
#ifndef MINATEN_OPS_REDUCEOPSUTILS_H
#define MINATEN_OPS_REDUCEOPSUTILS_H

#include <stdbool.h>

#include "ops/TensorIterator.h"
#include "runtime/TensorImpl.h"

typedef struct ReduceRows {
  int64_t out_sizes[MINATEN_MAX_DIM], kept[MINATEN_MAX_DIM], red[MINATEN_MAX_DIM];
  int64_t nout, nkept, nred;
  int64_t count; /* elements of one row: the reduced sub-space */
  int64_t rows;  /* output elements */
} ReduceRows;

/* The geometry of reducing self over dims (all of them when absent or
 * empty).  0, or -1 with 1.13's IndexError / RuntimeError set.
 * PyTorch 1.13: ReduceOpsUtils.h make_reduction (dim_list_to_bitset) */
int ReduceRows_init(ReduceRows* g, const Tensor* self, OptionalIntArrayRef dims, bool keepdim);

/* One row: its count values and their positions in the reduced sub-space;
 * writes up to two results (res[1] for a second output). */
typedef void (*ReduceRowFn)(const double* values, int64_t count, void* ctx, double* res);

/* For every output element in row-major order: gathers its row of self
 * and stores fn's results into out0 (and out1 when not NULL), both
 * contiguous tensors of g->out_sizes.  Nothing runs in MetaMode.
 * 0, or -1 with the error set (out of memory). */
/* A one-operand iterator over self walking its kept dimensions (in the
 * order given) outermost and its reduced ones innermost, in C order
 * (TensorIterator_initLinear): each output element's row, one after the
 * other.  The row walks of ReduceRows_run and ops/ReduceOps.c's
 * reduce_loop share it.  PyTorch 1.13: ReduceOpsUtils.h make_reduction
 * (the reduced dimensions innermost) */
void reduction_rows_iterator(TensorIteratorBase* iter, const Tensor* self, const int64_t* kept, int64_t nkept,
                             const int64_t* red, int64_t nred);

int ReduceRows_run(const ReduceRows* g, const Tensor* self, ReduceRowFn fn, void* ctx, Tensor* out0, Tensor* out1);

/* compare_base_kernel's walk: a TensorIterator over self's shape (dim > 0)
 * with dim d squashed to size 1, each element one line along d, over
 * {out0, out1, self}; the outputs are the reductions over d (any strides,
 * d kept as size 1 or, without keepdim, dropped: unsqueeze_(d)).  loop
 * runs split over the threads output by output (for_each, grain size 1).
 * max.dim/min.dim and aminmax share it.
 * PyTorch 1.13: native/cpu/TensorCompareKernel.cpp compare_base_kernel_core */
void compare_base_for_each(const Tensor* self, int64_t d, bool keepdim, Tensor* out0, Tensor* out1, loop2d_t loop,
                           void* ctx);


/* The checks of 1.13's OPTION_TYPE_EQUALITY_CHECK on an out= tensor: out
 * has the dtype `dtype` (self's, or Long for indices) and self's device.
 * minaten has only the strided layout, so the layout check cannot fail.
 * 0, or -1 with the RuntimeError.
 * PyTorch 1.13: ReduceOpsUtils.h check_scalar_type_device_layout_equal */
int check_scalar_type_device_layout_equal(const Tensor* out, const Tensor* self, ScalarType dtype);

#endif
