/*
 * TensorIteratorConfig.h - how an operator asks for its TensorIterator.
 *
 * Note [TensorIteratorConfig]
 * An elementwise operator in 1.13 does not check its operands itself: it
 * names them to a TensorIteratorConfig (outputs first, an undefined output
 * for one the iterator allocates), says which of TensorIterator's checks
 * and promotions it wants, and calls build().  build() then runs the same
 * steps, in the same order, for every operator:
 *   1. mark_outputs: an output that is also an input is read and written
 *      (in place, or `logical_and_out(self, self, other)`): never resized;
 *   2. compute_mem_overlaps: "unsupported operation: ..." when an output
 *      overlaps itself or partly overlaps an input;
 *   3. compute_shape: the inputs broadcast together (outputs join in when
 *      the config does not resize them), or the declared static shape;
 *   4. mark_resize_outputs: an out= of another shape is resized, any other
 *      output of another shape is "output with shape [..] doesn't match the
 *      broadcast shape [..]";
 *   5. compute_types: the common dtype (result_type of the inputs when
 *      promote_inputs_to_common_dtype, the default float type for integers
 *      when promote_integer_inputs_to_float), "Found dtype .. but expected
 *      .." for check_all_same_dtype, "result type .. can't be cast to the
 *      desired output type .." for enforce_safe_casting_to_output;
 *   6. the outputs allocated (in the inputs' memory layout: ops/TensorIterator.h
 *      output_strides) or resized and restrided, then the geometry
 *      (reorder_dimensions, coalesce_dimensions) that for_each walks.
 * The common presets are 1.13's: binary_op (BINARY_OP_CONFIG), unary_op
 * (UNARY_OP_CONFIG: check_all_same_dtype), unary_float_op, nullary_op
 * (fill: no overlap check, no resize) and copy_'s.
 *
 * NB(minaten): on CPU 1.13 promotes an input of another dtype by replacing
 * it with a converted temporary (`op.tensor().to(common_dtype)`), and
 * cast_common_dtype_to_outputs computes into a temporary output copied back
 * by cast_outputs.  minaten's loops read each input in its own dtype and
 * store each element in the output's (the conversions of load_double /
 * store_from_double, element by element), which gives the same values with
 * no temporaries: iter->common_dtype is the computation type, and an
 * operand's dtype is its tensor's.
 *
 * PyTorch 1.13: aten/src/ATen/TensorIterator.h (TensorIteratorConfig),
 * TensorIterator.cpp TensorIteratorBase::build and the steps above
 */
#ifndef MINATEN_OPS_TENSORITERATORCONFIG_H
#define MINATEN_OPS_TENSORITERATORCONFIG_H

#include <stdbool.h>

#include "ops/TensorIterator.h"
#include "runtime/ScalarType.h"
#include "runtime/TensorImpl.h"

typedef struct TensorIteratorConfig {
  /* outputs first (add_output), then inputs (add_input); NULL is an output
   * build() allocates */
  Tensor* tensors[TensorIterator_MAX_OPERANDS];
  int num_outputs, num_inputs;
  bool check_mem_overlap;              /* set_check_mem_overlap; default true */
  bool check_all_same_dtype;           /* default true; off when promoting or casting */
  bool allow_cpu_scalars;              /* a 0-dim CPU input may join another device's operands */
  bool promote_inputs_to_common_dtype; /* default false */
  bool promote_integer_inputs_to_float;
  bool cast_common_dtype_to_outputs;
  bool enforce_safe_casting_to_output;
  bool resize_outputs; /* default true: an out= of another shape is resized */
  ScalarType static_dtype; /* declare_static_dtype: an undefined output's dtype (Undefined: the common dtype) */
  bool complex_kernels;    /* NB(minaten): the loops handle complex operands (else build() refuses them) */
} TensorIteratorConfig;

/* A config with 1.13's defaults and no operands. */
void TensorIteratorConfig_init(TensorIteratorConfig* config);
/* PyTorch 1.13: TensorIteratorConfig::add_output (before any input) */
void TensorIteratorConfig_add_output(TensorIteratorConfig* config, Tensor* output);
/* PyTorch 1.13: TensorIteratorConfig::add_input */
void TensorIteratorConfig_add_input(TensorIteratorConfig* config, const Tensor* input);

/* The presets of 1.13's TensorIterator.cpp, operands not yet added:
 * BINARY_OP_CONFIG (set_check_mem_overlap, promote_inputs_to_common_dtype,
 * cast_common_dtype_to_outputs, enforce_safe_casting_to_output), the same
 * with promote_integer_inputs_to_float (binary_float_op, UNARY_FLOAT_OP_CONFIG),
 * UNARY_OP_CONFIG (check_all_same_dtype, no casting) and NULLARY_OP_CONFIG
 * (check_all_same_dtype off, resize_outputs off). */
void TensorIteratorConfig_binary_op(TensorIteratorConfig* config);
void TensorIteratorConfig_float_op(TensorIteratorConfig* config);
void TensorIteratorConfig_unary_op(TensorIteratorConfig* config);
void TensorIteratorConfig_nullary_op(TensorIteratorConfig* config);

/* The iterator over self alone, built with NULLARY_OP_CONFIG (an expanded
 * self, whose elements share memory, is refused): what the random kernels
 * walk.  0, or -1 with the error set (iter then holds nothing).
 * PyTorch 1.13: TensorIterator.cpp TensorIterator::borrowing_nullary_op */
int TensorIterator_borrowing_nullary_op(TensorIteratorBase* iter, Tensor* self);

/*
 * Runs the checks of Note [TensorIteratorConfig] on config's operands and
 * fills iter: its tensors (each output one the iterator holds a reference
 * to, allocated or resized), common_dtype and the geometry for for_each.
 * Returns 0, or -1 with PyTorch's error set (iter then holds nothing).
 * Release the outputs with TensorIterator_release.
 * PyTorch 1.13: TensorIterator.cpp TensorIteratorBase::build
 */
int TensorIterator_build(TensorIteratorBase* iter, const TensorIteratorConfig* config);

/* Output i as a new reference (the operator's result). */
Tensor* TensorIterator_output(const TensorIteratorBase* iter, int i);

/* Drops the references build() took to the outputs. */
void TensorIterator_release(TensorIteratorBase* iter);

#endif
