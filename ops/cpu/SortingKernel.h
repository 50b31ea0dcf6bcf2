/*
 * SortingKernel.h - the stubs of sort and topk along one dim; see
 * SortingKernel.c.
 * PyTorch 1.13: aten/src/ATen/native/Sorting.h (sort_stub, topk_stub)
 */
#ifndef MINATEN_OPS_CPU_SORTINGKERNEL_H
#define MINATEN_OPS_CPU_SORTINGKERNEL_H

#include <stdbool.h>
#include <stdint.h>

#include "ops/DispatchStub.h"
#include "runtime/TensorImpl.h"

/* values (a copy of self) sorted in place along dim, indices (Long, of
 * values' shape) given each value's index in self.  0, or -1 with the
 * error set (out of memory). */
typedef int (*sort_fn)(Tensor* values, Tensor* indices, int64_t dim, bool descending, bool stable);
DECLARE_DISPATCH(sort_fn, sort_stub); /* defined in ops/Sorting.c */

/* values and indices (self's shape with k along dim) = the k largest (or
 * smallest) of each row of self along dim, in order when sorted.  0, or -1
 * with the error set (out of memory). */
typedef int (*topk_fn)(Tensor* values, Tensor* indices, const Tensor* self, int64_t k, int64_t dim, bool largest,
                       bool sorted);
DECLARE_DISPATCH(topk_fn, topk_stub); /* defined in ops/Sorting.c */

#endif
