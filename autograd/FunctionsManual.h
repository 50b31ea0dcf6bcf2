/*
 * FunctionsManual.h - the hand-written helpers that the backward formulas of
 * yaml/derivatives.yaml call (handle_r_to_c, maybe_multiply, sum_backward,
 * ...), and the small value types the generated nodes save for them.
 *
 * Every helper computes with operators called through their typed entry
 * points (at_*), in the order 1.13's helper calls them, so that a trace of a
 * backward shows 1.13's operator sequence.  Where 1.13 takes another path
 * for "tensor subclass-like" arguments (isTensorSubclassLike: true for every
 * tensor while a TorchDispatchMode is on), minaten takes that path while its
 * trace mode is on (dispatch/TraceMode.h), which is what trace_on() shows in
 * both; see Note [Subclass-like paths under the trace] in FunctionsManual.c.
 *
 * Conventions: arguments are borrowed; a Tensor* result is a new reference,
 * or NULL with the error indicator set.  A `const Tensor*` argument may be
 * NULL where 1.13's Tensor may be undefined (an entry of `grads`).  A
 * TensorList result is a malloc'd array of new references ({NULL, 0} with
 * the error set on failure); the caller releases each and frees the array.
 * `const char* rounding_mode` NULL means nullopt.  Where 1.13 returns its
 * argument itself, the result is a new reference to the same tensor.
 * minaten has no complex dtypes: conj() is the identity, and handle_r_to_c
 * never takes the real part.
 *
 * PyTorch 1.13: torch/csrc/autograd/FunctionsManual.h, FunctionsManual.cpp
 */
#ifndef MINATEN_AUTOGRAD_FUNCTIONSMANUAL_H
#define MINATEN_AUTOGRAD_FUNCTIONSMANUAL_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "runtime/ArrayRef.h"
#include "runtime/Device.h"
#include "runtime/MemoryFormat.h"
#include "runtime/Scalar.h"
#include "runtime/ScalarType.h"
#include "runtime/TensorImpl.h"

/* ---- the types the generated nodes save ------------------------------------- */

/* self.options(): the dtype, layout and device of a tensor.
 * PyTorch 1.13: c10/core/TensorOptions.h TensorOptions (the fields a CPU
 * tensor's options carry) */
typedef struct TensorOptions {
  ScalarType dtype;
  Layout layout;
  Device device;
} TensorOptions;
/* PyTorch 1.13: c10/core/TensorImpl.h TensorImpl::options */
TensorOptions TensorOptions_of(const Tensor* t);
/* zeros of the saved sizes and options: what a formula's zeros_like(x) of
 * an input x computes (1.13 saves x_info, a TypeAndSize).
 * PyTorch 1.13: torch/csrc/autograd/functions/utils.h TypeAndSize::zeros */
Tensor* TypeAndSize_zeros(IntArrayRef sizes, TensorOptions options);

/* TensorGeometry(self): the sizes, strides and storage offset of a tensor,
 * saved without the tensor (as_strided's backward).  sizes and strides are
 * owned (dim entries each).
 * PyTorch 1.13: aten/src/ATen/TensorGeometry.h */
typedef struct TensorGeometry {
  int64_t dim;
  int64_t* sizes;
  int64_t* strides;
  int64_t storage_offset;
} TensorGeometry;
/* 0, or -1 with the error set (out of memory). */
int TensorGeometry_init(TensorGeometry* g, const Tensor* t);
void TensorGeometry_free(TensorGeometry* g);

/* to_args_sizes(tensors): each tensor's sizes (cat's backward).  Owned:
 * items and each items[i].data.
 * PyTorch 1.13: torch/csrc/autograd/FunctionsManual.h to_args_sizes */
typedef struct SizesList {
  IntArrayRef* items;
  size_t size;
} SizesList;
int to_args_sizes(SizesList* out, TensorList tensors); /* 0 / -1 */
void SizesList_free(SizesList* l);

/* to_args_scalartypes(tensors): each tensor's dtype (cat's and stack's
 * backward).  Owned.
 * PyTorch 1.13: torch/csrc/autograd/FunctionsManual.h to_args_scalartypes */
typedef struct ScalarTypeList {
  ScalarType* items;
  size_t size;
} ScalarTypeList;
int to_args_scalartypes(ScalarTypeList* out, TensorList tensors); /* 0 / -1 */
void ScalarTypeList_free(ScalarTypeList* l);

/* ---- the helpers, in the order of 1.13's FunctionsManual.h's use ------------ */

Tensor* Tensor_conj(const Tensor* self);
Tensor* handle_r_to_c(ScalarType self_st, const Tensor* gradient_result);
Tensor* maybe_multiply(const Tensor* t, Scalar s);
/* A formula's `number / tensor` and `number - tensor`: a tensor like y
 * filled with x, divided by (minus) y in place (empty_like, fill_, div_ or
 * sub_), as C++'s operators do.
 * PyTorch 1.13: ATen/TensorOperators.h operator/(const Scalar&, const Tensor&),
 * operator-(const Scalar&, const Tensor&) */
Tensor* Scalar_div_Tensor(Scalar x, const Tensor* y);
Tensor* Scalar_sub_Tensor(Scalar x, const Tensor* y);
Tensor* log1p_backward(const Tensor* grad, const Tensor* self);
Tensor* mul_tensor_backward(const Tensor* grad, const Tensor* other, ScalarType self_st);
Tensor* mul_tensor_backward_Scalar(const Tensor* grad, Scalar other, ScalarType self_st);
Tensor* div_tensor_self_backward(const Tensor* grad, const Tensor* other, ScalarType self_st, const char* rounding_mode);
Tensor* div_tensor_self_backward_Scalar(const Tensor* grad, Scalar other, ScalarType self_st,
                                        const char* rounding_mode);
Tensor* div_tensor_other_backward(const Tensor* grad, const Tensor* self, const Tensor* other,
                                  const char* rounding_mode);
Tensor* pow_backward(const Tensor* grad, const Tensor* self, Scalar exponent);
Tensor* pow_backward_self(const Tensor* grad, const Tensor* self, const Tensor* exponent);
Tensor* pow_backward_exponent(const Tensor* grad, const Tensor* self, const Tensor* exponent, const Tensor* result);
Tensor* pow_backward_exponent_Scalar(const Tensor* grad, Scalar base, const Tensor* exponent, const Tensor* result);
Tensor* clamp_backward(const Tensor* grad, const Tensor* self, OptionalScalar min, OptionalScalar max);
Tensor* clamp_backward_Tensor(const Tensor* grad, const Tensor* self, const Tensor* min, const Tensor* max);
TensorList clamp_backward_min_max(const Tensor* grad, const Tensor* self, const Tensor* min, const Tensor* max,
                                  const bool* grad_input_mask);
TensorList atan2_backward(const Tensor* grad, const Tensor* self, const Tensor* other, const bool* grad_input_mask);
Tensor* sgn_backward(const Tensor* x, const Tensor* gx, const Tensor* sgn);
Tensor* angle_backward(const Tensor* grad, const Tensor* self);
TensorList polar_backward(const Tensor* grad, const Tensor* result);
Tensor* cumprod_backward(const Tensor* grad, const Tensor* input, int64_t dim, const Tensor* output);
Tensor* index_select_backward(const Tensor* grad, IntArrayRef self_sizes, int64_t dim, const Tensor* index);
Tensor* gather_backward(const Tensor* grad, const Tensor* self, int64_t dim, const Tensor* index, bool sparse_grad);
Tensor* take_backward(const Tensor* grad, const Tensor* self, const Tensor* indices);
Tensor* masked_select_backward(const Tensor* grad, const Tensor* input, const Tensor* mask);
Tensor* masked_scatter_backward(const Tensor* grad, const Tensor* mask, IntArrayRef sizes);
Tensor* sum_backward(const Tensor* grad, IntArrayRef sizes, OptionalIntArrayRef dims, bool keepdim);
Tensor* mean_backward(const Tensor* grad, IntArrayRef shape, OptionalIntArrayRef opt_dim, int64_t numel, bool keepdim);
Tensor* prod_backward(const Tensor* grad, const Tensor* input, const Tensor* result);
Tensor* prod_backward_dim(const Tensor* grad, const Tensor* input, const Tensor* result, int64_t dim, bool keepdim);
Tensor* restore_reduced_dims(const Tensor* output, IntArrayRef dims, bool keepdim);
Tensor* scale_grad_by_count(const Tensor* grad, const Tensor* mask, IntArrayRef dims);
Tensor* value_selecting_reduction_backward(const Tensor* grad, int64_t dim, const Tensor* indices, IntArrayRef sizes,
                                           bool keepdim);
Tensor* evenly_distribute_backward(const Tensor* grad, const Tensor* input, const Tensor* value);
Tensor* cumsum_backward(const Tensor* grad, int64_t dim);
/* t with a size-1 dimension at each of opt_dim (all n_dims when absent).
 * PyTorch 1.13: torch/csrc/autograd/FunctionsManual.cpp unsqueeze_multiple */
Tensor* unsqueeze_multiple(const Tensor* t, OptionalIntArrayRef opt_dim, size_t n_dims);
/* FunctionsManualReduce.c: var, std, var_mean, std_mean, logsumexp, norm */
Tensor* var_backward(const Tensor* grad, const Tensor* self, OptionalIntArrayRef dim, OptionalInt correction,
                     bool keepdim);
Tensor* std_backward(const Tensor* result, const Tensor* grad, const Tensor* self, OptionalIntArrayRef dim,
                     OptionalInt correction, bool keepdim);
Tensor* var_mean_backward(const Tensor* gvar, const Tensor* gmean, const Tensor* self, OptionalIntArrayRef dim,
                          OptionalInt correction, bool keepdim);
Tensor* std_mean_backward(const Tensor* gstd, const Tensor* gmean, const Tensor* self, const Tensor* std,
                          OptionalIntArrayRef dim, OptionalInt correction, bool keepdim);
Tensor* logsumexp_backward(const Tensor* grad, const Tensor* self, const Tensor* result, IntArrayRef dim, bool keepdim);
Tensor* logcumsumexp_backward(const Tensor* grad, const Tensor* self, const Tensor* result, int64_t dim);
Tensor* norm_backward(const Tensor* grad, const Tensor* self, OptionalScalar p, const Tensor* norm);
Tensor* norm_backward_dim(const Tensor* grad, const Tensor* self, OptionalScalar p, const Tensor* norm, IntArrayRef dim,
                          bool keepdim);
TensorList cat_tensors_backward(const Tensor* grad, SizesList sizes, ScalarTypeList dtypes, int64_t dim);
TensorList stack_tensors_backward(const Tensor* grad, int64_t dim, ScalarTypeList dtypes);
Tensor* mm_mat1_backward(const Tensor* grad, const Tensor* mat2, IntArrayRef mat1_sizes, IntArrayRef mat1_strides,
                         Layout mat1_layout, Scalar alpha);
Tensor* mm_mat2_backward(const Tensor* grad, const Tensor* mat1, IntArrayRef sizes, IntArrayRef strides, Layout layout,
                         Scalar alpha);
Tensor* index_backward(const Tensor* zeros_like_self, TensorList indices, const Tensor* grad);
Tensor* masked_fill_backward(const Tensor* grad, const Tensor* mask);
Tensor* split_backward(TensorList grads, int64_t split_size, int64_t dim, IntArrayRef sizes, TensorOptions options);
Tensor* split_with_sizes_backward(TensorList grads, IntArrayRef split_sizes, int64_t dim, IntArrayRef sizes,
                                  TensorOptions options);
Tensor* unbind_backward(TensorList grads, int64_t dim);
Tensor* slice_backward_wrapper(const Tensor* grad, IntArrayRef input_sizes, int64_t dim, OptionalInt start,
                               OptionalInt end, int64_t step);
Tensor* as_strided_backward(const Tensor* grad, const TensorGeometry* input_geometry, IntArrayRef sizes,
                            IntArrayRef strides, OptionalInt storage_offset);
Tensor* as_strided_scatter_backward(const Tensor* grad, const TensorGeometry* input_geometry,
                                    const TensorGeometry* src_geometry, IntArrayRef sizes, IntArrayRef strides,
                                    OptionalInt storage_offset);
Tensor* permute_backwards(const Tensor* grad, IntArrayRef fwd_dims);
Tensor* unsqueeze_to(const Tensor* self, IntArrayRef sizes);
Tensor* roll_backward(const Tensor* grad, IntArrayRef shifts, IntArrayRef dims);
Tensor* rot90_backward(const Tensor* grad, int64_t k, IntArrayRef dims);
Tensor* unsqueeze_to_dim(const Tensor* self, int64_t dim, IntArrayRef sizes);
Tensor* repeat_backward(const Tensor* grad, IntArrayRef repeats, IntArrayRef input_shape);
Tensor* _to_copy_backward(const Tensor* grad, TensorOptions self_options);
/* Raises 1.13's NotImplementedError "the derivative for 'NAME' is not
 * implemented." (a formula `not_implemented("_unique")`); returns NULL.
 * PyTorch 1.13: torch/csrc/autograd/FunctionsManual.cpp not_implemented (reason "") */
Tensor* not_implemented(const char* name);
Tensor* mse_loss_double_backward(const Tensor* grad, const Tensor* input, int64_t reduction);
/* gelu_backward's gradient for self: ggI * gO * gelu''(input), the form
 * ("none" or "tanh") as 1.13 computes it (autograd/FunctionsManualNN.c).
 * PyTorch 1.13: torch/csrc/autograd/FunctionsManual.cpp gelu_double_backward */
Tensor* gelu_double_backward(const Tensor* ggI, const Tensor* gO, const Tensor* input, const char* approximate);
/* max_pool2d_with_indices_backward's gradient for grad_output: grad
 * gathered at indices over each plane of the last dim extents
 * (autograd/FunctionsManualNN.c).
 * PyTorch 1.13: torch/csrc/autograd/FunctionsManual.cpp max_pool_double_backward */
Tensor* max_pool_double_backward(const Tensor* grad, const Tensor* indices, int64_t dim);

#endif
