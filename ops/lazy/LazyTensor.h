/*
 * LazyTensor.h - what a lazy tensor carries, and running its graph.
 *
 * A lazy tensor is an ordinary tensor header (key Lazy, device lazy:0, no
 * storage) whose `lazy` field points at a LazyTensor: its current IR value.
 * Headers that stand for one tensor (t and t.detach(), aten::alias(t))
 * share one LazyTensor, as 1.13's LTCTensorImpl shallow copies share their
 * LazyTensorPtr: a write through one is seen by the others.
 *
 * No views.  A lazy tensor as Python makes it is wrapped in a functional
 * tensor (ops/functionalization/FunctionalTensorWrapper.h, Note [Lazy
 * Tensor Functionalization]): its views reach this backend as *_copy
 * operators, each a new value, and its writes through views as *_scatter
 * operators.  The lazy tensor inside (torch._from_functional_tensor) has
 * no view kernel, as 1.13's has none: its views reach the Lazy fallback,
 * which refuses them (LazyEagerFallback.c), and its in-place views (t_)
 * take their new value from the fallback's run of as_strided_.
 *
 * Geometry: a lazy tensor reports row-major strides for its sizes, as 1.13's
 * ComputeArrayStrides computes them (sizes 0 and 1 count as they are: a
 * [3, 0] tensor has strides [0, 1]), whatever layout its value will have
 * on the CPU (LazyGraphExecutor.c: the layout the kernels produce), and
 * storage offset 0; `is_contiguous` is False only for a tensor moved in
 * from a non-contiguous CPU tensor and not written since (1.13 asks the CPU
 * data it was made from).
 *
 * Materialisation (LazyTensor_toCpu) runs the graph of the tensor's value in
 * post order, each node through the dispatcher on CPU tensors; results are
 * cached on the nodes, and the tensor's value becomes a device_data node
 * holding the result (so a second read runs nothing, and the graph behind it
 * is released once nothing else refers to it).
 *
 * PyTorch 1.13: torch/csrc/lazy/core/tensor.h (LazyTensor), tensor_impl.h
 * (LTCTensorImpl), lazy_graph_executor.cpp (SyncTensorsGraph)
 */
#ifndef MINATEN_OPS_LAZY_LAZYTENSOR_H
#define MINATEN_OPS_LAZY_LAZYTENSOR_H

#include "ops/lazy/LazyIr.h"

/* PyTorch 1.13: torch/csrc/lazy/core/tensor.h LazyTensor (its data) */
struct LazyTensor {
  int64_t refcount;  /* the headers sharing it */
  LazyValue value;   /* owned reference to value.node */
};
typedef struct LazyTensor LazyTensor;

/* A new lazy tensor holding `v` (one more reference); NULL + error if the
 * shape is invalid. */
Tensor* LazyTensor_create(LazyValue v);

/* The tensor's current value (borrowed).
 * PyTorch 1.13: LazyTensor::GetIrValue */
LazyValue LazyTensor_value(Tensor* t);
/* The IR value a node takes for the tensor argument t (*out holds a new
 * reference): a lazy tensor's current value (LazyTensor_value), a CPU
 * tensor's snapshot as a device_data node (the CPU tensor may be written
 * later).  Returns 0, or -1 with the error indicator set.  The
 * LazyIrBuilder_operandFn of every node the backend builds.
 * PyTorch 1.13: torch/csrc/lazy/core/tensor.cpp
 * GetLtcTensorOrCreateForWrappedNumber, LazyTensor::GetIrValue */
int LazyTensor_operand(const Tensor* t, LazyValue* out);

/* Every tensor argument of op(args) must be lazy, but a 0-dim CPU tensor
 * (a Python number wrapped as a tensor, `t + torch.tensor(1.)`) and the
 * source of copy_; or, when no input is lazy, the out= arguments alone
 * may be (`torch.add(cpu, 1, out=lazy)`: 1.13's functionalization of the
 * out= form runs the functional operator on the CPU inputs and replaces
 * the outs' values).  Sets *any_lazy.  Returns 0, or -1 with the
 * device-mismatch RuntimeError (LazyTensor_errorDeviceMismatch).
 * PyTorch 1.13: torch/csrc/lazy/core/tensor.cpp GetLtcTensor */
int LazyTensor_checkDevices(const OperatorEntry* op, const IValue* args, bool* any_lazy);

/* Sets "Expected all tensors to be on the same device, ..." and returns -1.
 * NB(minaten): PyTorch 1.13 aborts the process on this failed internal
 * check of the lazy backend.
 * PyTorch 1.13: aten/src/ATen/TensorIterator.cpp compute_types (the message) */
int LazyTensor_errorDeviceMismatch(void);

/* Writes `v` as the tensor's new value (an in-place operator's result, the
 * Lazy fallback's copy back): every header sharing the tensor sees it; t's
 * own sizes become v's (resize_, as_strided_).
 * PyTorch 1.13: LazyTensor::SetIrValue, LTCTensorImpl::setup_size_properties */
void LazyTensor_write(Tensor* t, LazyValue v);

/* Runs the graph and returns the tensor's value as a CPU tensor (a new
 * reference to the cached result: never write to it).  NULL + error if a
 * kernel failed.  PyTorch 1.13: LazyGraphExecutor::SyncTensorsGraph +
 * LazyTensor::ToTensor */
Tensor* LazyTensor_toCpu(Tensor* t);

/* Runs the graphs of `values` (each node once; already computed nodes are
 * not rerun).  Returns 0, or -1 with the error indicator set.
 * PyTorch 1.13: torch/csrc/lazy/core/lazy_graph_executor.cpp ExecuteComputation */
int LazyGraph_run(const LazyValue* values, size_t n);

/* Number of node executions since start (tests check caching). */
int64_t LazyGraph_numExecuted(void);

/* Installs LazyTensor_release as the tensor header's lazy destructor. */
void LazyTensor_registerHooks(void);

#endif
