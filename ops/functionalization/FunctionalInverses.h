/*
 * FunctionalInverses.h - for each view operator with a _copy form, how a
 * new value of the view is written back into the tensor it was taken from:
 * the reverse function of its ViewMeta (ViewMeta.h).
 *
 * Each takes the tensor the view was taken from (`base`), the view's new
 * value (`mutated_view`), whether views are reapplied, and the view call's
 * arguments but its tensor, and returns base's new value (a new
 * reference), or NULL with the error set.  `v = f[1]; v.mul_(2)` writes
 * back with select_copy_int_inverse(f's value, v's value, false, 0, 1),
 * `select_scatter(base, mutated_view, 0, 1)`.
 *
 * NB(minaten): 1.13 generates these declarations (FunctionalInverses.h)
 * from its YAML and writes the definitions by hand; here both are written
 * by hand, and the generated RegisterFunctionalization.c calls them.
 *
 * PyTorch 1.13: aten/src/ATen/FunctionalInverses.cpp
 */
#ifndef MINATEN_OPS_FUNCTIONALIZATION_FUNCTIONALINVERSES_H
#define MINATEN_OPS_FUNCTIONALIZATION_FUNCTIONALINVERSES_H

#include <stdbool.h>

#include "runtime/ArrayRef.h"
#include "runtime/Scalar.h"
#include "runtime/TensorImpl.h"

Tensor* FunctionalInverses__conj_copy_inverse(const Tensor* base, const Tensor* mutated_view, bool reapply_views);
Tensor* FunctionalInverses__neg_view_copy_inverse(const Tensor* base, const Tensor* mutated_view, bool reapply_views);
Tensor* FunctionalInverses__reshape_alias_copy_inverse(const Tensor* base, const Tensor* mutated_view,
                                                      bool reapply_views, IntArrayRef size, IntArrayRef stride);
Tensor* FunctionalInverses_alias_copy_inverse(const Tensor* base, const Tensor* mutated_view, bool reapply_views);
Tensor* FunctionalInverses_as_strided_copy_inverse(const Tensor* base, const Tensor* mutated_view, bool reapply_views,
                                                   IntArrayRef size, IntArrayRef stride, OptionalInt storage_offset);
Tensor* FunctionalInverses_detach_copy_inverse(const Tensor* base, const Tensor* mutated_view, bool reapply_views);
Tensor* FunctionalInverses_diagonal_copy_inverse(const Tensor* base, const Tensor* mutated_view, bool reapply_views,
                                                 int64_t offset, int64_t dim1, int64_t dim2);
Tensor* FunctionalInverses_expand_copy_inverse(const Tensor* base, const Tensor* mutated_view, bool reapply_views,
                                               IntArrayRef size, bool implicit);
Tensor* FunctionalInverses_permute_copy_inverse(const Tensor* base, const Tensor* mutated_view, bool reapply_views,
                                                IntArrayRef dims);
Tensor* FunctionalInverses_select_copy_int_inverse(const Tensor* base, const Tensor* mutated_view, bool reapply_views,
                                                   int64_t dim, int64_t index);
Tensor* FunctionalInverses_slice_copy_Tensor_inverse(const Tensor* base, const Tensor* mutated_view,
                                                     bool reapply_views, int64_t dim, OptionalInt start,
                                                     OptionalInt end, int64_t step);
/* The views of several outputs take the index of the one written,
 * mutated_view_idx, after reapply_views. */
Tensor* FunctionalInverses_split_copy_Tensor_inverse(const Tensor* base, const Tensor* mutated_view,
                                                     bool reapply_views, int64_t mutated_view_idx, int64_t split_size,
                                                     int64_t dim);
Tensor* FunctionalInverses_split_with_sizes_copy_inverse(const Tensor* base, const Tensor* mutated_view,
                                                         bool reapply_views, int64_t mutated_view_idx,
                                                         IntArrayRef split_sizes, int64_t dim);
Tensor* FunctionalInverses_unbind_copy_int_inverse(const Tensor* base, const Tensor* mutated_view, bool reapply_views,
                                                   int64_t mutated_view_idx, int64_t dim);
Tensor* FunctionalInverses_squeeze_copy_inverse(const Tensor* base, const Tensor* mutated_view, bool reapply_views);
Tensor* FunctionalInverses_squeeze_copy_dim_inverse(const Tensor* base, const Tensor* mutated_view,
                                                    bool reapply_views, int64_t dim);
Tensor* FunctionalInverses_t_copy_inverse(const Tensor* base, const Tensor* mutated_view, bool reapply_views);
Tensor* FunctionalInverses_transpose_copy_int_inverse(const Tensor* base, const Tensor* mutated_view,
                                                      bool reapply_views, int64_t dim0, int64_t dim1);
Tensor* FunctionalInverses_unfold_copy_inverse(const Tensor* base, const Tensor* mutated_view, bool reapply_views,
                                               int64_t dimension, int64_t size, int64_t step);
Tensor* FunctionalInverses_unsqueeze_copy_inverse(const Tensor* base, const Tensor* mutated_view, bool reapply_views,
                                                  int64_t dim);
Tensor* FunctionalInverses_view_as_complex_copy_inverse(const Tensor* base, const Tensor* mutated_view,
                                                        bool reapply_views);
Tensor* FunctionalInverses_view_as_real_copy_inverse(const Tensor* base, const Tensor* mutated_view,
                                                     bool reapply_views);
Tensor* FunctionalInverses_view_copy_inverse(const Tensor* base, const Tensor* mutated_view, bool reapply_views,
                                             IntArrayRef size);
Tensor* FunctionalInverses_view_copy_dtype_inverse(const Tensor* base, const Tensor* mutated_view,
                                                   bool reapply_views, ScalarType dtype);

#endif
