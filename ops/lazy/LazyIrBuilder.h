/*
 * LazyIrBuilder.h - building one IR node from an operator call: the shape
 * run of the CPU kernel in MetaMode on dummies, then the node.
 * See LazyIrBuilder.c.
 * PyTorch 1.13: torch/csrc/lazy/core/ir_builder.h (MakeNode),
 * torch/csrc/lazy/core/shape_inference.cpp (compute_shape_*)
 */
#ifndef MINATEN_OPS_LAZY_LAZYIRBUILDER_H
#define MINATEN_OPS_LAZY_LAZYIRBUILDER_H

#include "ops/lazy/LazyIr.h"

/* What one operator call of the Lazy backend may hold: its arguments and
 * returns (schemas with more run through the eager fallback). */
enum { kLazyMaxArgs = 32, kLazyMaxReturns = 4 };

/* The IR value a node takes for the tensor argument t (*out holds a new
 * reference): a lazy tensor's current value, a CPU tensor's snapshot as
 * device_data.  Returns 0, or -1 with the error indicator set.  The
 * builder asks the caller (LazyTensor_operand) rather than reading lazy
 * tensors itself, so this file stays below LazyTensor.c. */
typedef int (*LazyIrBuilder_operandFn)(const Tensor* t, LazyValue* out);

/*
 * The node of op(args), of kind `kind` (Op or InPlaceOp): each output's
 * shape from a CPU run of the operator on dummies in MetaMode, operands
 * from the tensor arguments (through `operand`), Scalar and SymInt
 * arguments, the rest kept as attributes.  Returns the node (new
 * reference), or NULL with the error indicator set (the CPU kernel's own
 * shape error).
 * PyTorch 1.13: the generated LazyNativeFunctions::<op> body (GetLtcTensor
 * of each argument, compute_shape_<op>, MakeNode<Op>)
 */
LazyNode* LazyIrBuilder_buildNode(const OperatorEntry* op, const IValue* args, LazyNodeKind kind,
                                  LazyIrBuilder_operandFn operand);

/* Arguments for a CPU run on dummies: a contiguous CPU tensor of the same
 * sizes and dtype for each lazy tensor, CPU tensors as they are. */
typedef struct LazyDummyArgs {
  IValue args[kLazyMaxArgs];
  Tensor* owned[64]; /* the dummies, released by LazyDummyArgs_free */
  size_t num_owned;
  Tensor** lists[kLazyMaxArgs];
  bool meta; /* the dummies are meta tensors (the shape run of an operator with a Meta kernel) */
} LazyDummyArgs;

/* Fills *d for op(args).  Returns 0, or -1 with the error indicator set;
 * LazyDummyArgs_free is due either way. */
int LazyDummyArgs_make(const OperatorEntry* op, const IValue* args, LazyDummyArgs* d);
void LazyDummyArgs_free(LazyDummyArgs* d, size_t num_args);

/* Calls op on the CPU with the trace mode paused.  Returns 0, or -1 with
 * the error indicator set.  PyTorch 1.13: the TS backend's computations
 * run below the Python key. */
int LazyIrBuilder_callCpu(const OperatorEntry* op, IValue* args, IValue* rets);

/* The argument written in place (`Tensor(a!)`), or -1. */
int LazyIrBuilder_writtenArgument(const OperatorEntry* op);


/* A device argument naming the lazy device. */
static inline bool LazyIrBuilder_isLazyDevice(const IValue* v) {
  return v->tag == IValueTag_Device && v->u.device.type == DeviceType_Lazy;
}

#endif
