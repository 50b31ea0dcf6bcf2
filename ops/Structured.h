/*
 * Structured.h - the object a structured kernel's meta and impl functions
 * share.
 *
 * Note [Structured kernels]
 * An operator 1.13 declares `structured: True` (add.out, mm.out, ...) is
 * written as two functions, and its functional, in-place and out= forms
 * are generated around them:
 *   - the meta function (TORCH_META_FUNC, here at_meta_<functional>) checks
 *     the arguments and says what the outputs are: their sizes, strides
 *     and dtype (set_output_raw_strided), or, for an operator built on
 *     TensorIterator, builds the iterator, which sets them;
 *   - the impl function (TORCH_IMPL_FUNC, here at_impl_<kernel>) computes
 *     into outputs that already have the right shape.
 * tools/codegen writes, for each form and backend, a wrapper (1.13's
 * RegisterCPU.cpp wrapper_add_Tensor, structured_add_out_functional):
 *   CPU functional:  meta, which makes the output; then impl into it
 *   CPU in-place:    meta, which checks that self can hold the result; impl
 *   CPU out=:        meta, which resizes out if needed; impl
 *   Meta (all 3):    meta alone: a meta tensor has no data to compute
 * so one meta function gives the operator its checks on every backend and
 * its Meta kernel for free.
 *
 * 1.13 generates one C++ class per form (structured_add_out_functional,
 * ..._inplace, ..._out) whose set_output_raw_strided creates, checks or
 * resizes; minaten has one struct, StructuredOp, whose `kind` says which,
 * and whose `device` says where a new output is made (the CPU, or the meta
 * device for the Meta wrappers).  An operator with
 * `structured_inherits: TensorIteratorBase` builds its iterator in
 * op->iter (StructuredOp_build): TensorIterator makes or resizes the
 * outputs itself, on its operands' device.
 *
 * PyTorch 1.13: torchgen/dest/register_dispatch_key.py
 * (StructuredRegisterDispatchKey), aten/src/ATen/TensorMeta.h
 * (TORCH_META_FUNC, TORCH_IMPL_FUNC, MetaBase::set_output_raw_strided)
 */
#ifndef MINATEN_OPS_STRUCTURED_H
#define MINATEN_OPS_STRUCTURED_H

#include <stdbool.h>

#include "ops/TensorIterator.h"
#include "ops/TensorIteratorConfig.h"
#include "runtime/Device.h"
#include "runtime/TensorImpl.h"

enum { Structured_MAX_OUTPUTS = 2 };

/* Which generated form calls the meta function. */
typedef enum StructuredKind {
  StructuredKind_Functional, /* makes its outputs */
  StructuredKind_Inplace,    /* writes self, never resized */
  StructuredKind_Out,        /* writes out=, resized to the result's shape */
} StructuredKind;

typedef struct StructuredOp {
  StructuredKind kind;
  /* The wrapper's backend, CPU or Meta: where set_output_raw_strided makes
   * a functional form's output.  (An operator on TensorIterator makes its
   * outputs on its operands' device, which the dispatch made this one.) */
  DeviceType device;
  /* The outputs: given (self, out) or made by the meta function; each a
   * reference this object holds until StructuredOp_output/_release. */
  Tensor* outputs[Structured_MAX_OUTPUTS];
  int num_outputs;
  /* structured_inherits: TensorIteratorBase: the iterator the meta function
   * builds and the impl function runs; built is false until then. */
  TensorIteratorBase iter;
  bool built;
  /* An input the meta function made (a comparison's wrapped Scalar), which
   * the iterator reads until the impl is done; released with op. */
  Tensor* owned_input;
  /* What the meta function worked out for the impl (1.13's `precomputed:`
   * fields, a struct of the operator's own: index's plan), freed with op
   * by precomputed_free; NULL if none. */
  void* precomputed;
  void (*precomputed_free)(void*);
} StructuredOp;

/* The three forms' objects; self and out are borrowed (the object takes
 * its own reference). */
void StructuredOp_initFunctional(StructuredOp* op, DeviceType device, int num_outputs);
void StructuredOp_initInplace(StructuredOp* op, DeviceType device, Tensor* self);
void StructuredOp_initOut(StructuredOp* op, DeviceType device, Tensor* const* outs, int num_outputs);

/* The CPU object of a form written by hand, from its output argument: NULL
 * for the functional form, out with resize_out for an out= form, self
 * (out, not resized) for the in-place form. */
void StructuredOp_initCpu(StructuredOp* op, Tensor* out, bool resize_out);

/* The output the meta function hands to TensorIterator: the given one, or
 * NULL for one to be made.  PyTorch 1.13: TensorIteratorBase::maybe_get_output */
Tensor* StructuredOp_maybeGetOutput(const StructuredOp* op, int i);

/*
 * The meta function's word on output i of an operator that does not build
 * a TensorIterator (mm, tril, ...): its sizes, strides (strides.data NULL:
 * none, contiguous) and dtype.  What it does depends on the form:
 *   functional  makes the output on op->device (empty or empty_strided);
 *   in-place    checks that self has that dtype and those sizes ("Bad
 *               in-place call: ..."); self is written as it is;
 *   out=        checks out's dtype and device, resizes it (resize_output:
 *               the deprecation warning for one that held elements), and
 *               when it was resized and strides are given, restrides it.
 * Returns 0, or -1 with PyTorch's error set.
 * PyTorch 1.13: the generated structured classes' set_output_raw_strided
 * (RegisterCPU.cpp create_out, check_inplace, resize_out)
 */
int StructuredOp_setOutputRawStrided(StructuredOp* op, int i, IntArrayRef sizes, IntArrayRef strides,
                                     ScalarType dtype);
/* set_output_raw_strided's `{}` strides: none given, the output contiguous. */
static const IntArrayRef kNoStrides = {NULL, 0};

/* The same with no strides but a memory format (set_output_raw_strided's
 * `options.memory_format(f)`, cat's): a functional form's output is made
 * in that format; an out= tensor takes it only if it had to be resized. */
int StructuredOp_setOutputMemoryFormat(StructuredOp* op, int i, IntArrayRef sizes, ScalarType dtype,
                                       MemoryFormat format);

/* The meta function's build of a TensorIterator-based operator: config's
 * outputs must be StructuredOp_maybeGetOutput's; out= forms resize.  The
 * outputs TensorIterator makes become op's.  Returns 0, or -1 with the
 * error indicator set.  PyTorch 1.13: TensorIteratorBase::build_* from a
 * structured class's meta() */
int StructuredOp_build(StructuredOp* op, TensorIteratorConfig* config);

/* Makes t, a new reference, an input op keeps until it is released (1.13's
 * iterator owns such an operand: build_borrowing_except_last_argument_*);
 * returns t, or NULL when t is NULL. */
Tensor* StructuredOp_ownInput(StructuredOp* op, Tensor* t);

/* Hands the impl p (op frees it with free_fn when it is released).
 * PyTorch 1.13: TORCH_PRECOMPUTE_META_FUNC's returned precompute struct */
void StructuredOp_setPrecomputed(StructuredOp* op, void* p, void (*free_fn)(void*));

/* Output i, with its own reference; then releases everything op holds.
 * The wrappers' return. */
Tensor* StructuredOp_output(StructuredOp* op, int i);
/* Releases everything op holds; returns NULL (a failing wrapper's return). */
Tensor* StructuredOp_release(StructuredOp* op);
/* The same for an operator of two outputs (max.dim, sort, ...): both
 * outputs, each with its own reference, then op released; the failing
 * wrapper's return, two NULLs. */
TensorTuple2 StructuredOp_outputs2(StructuredOp* op);
TensorTuple2 StructuredOp_release2(StructuredOp* op);

#endif
