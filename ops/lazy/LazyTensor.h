/*
 * LazyTensor.h - what a lazy tensor carries, and running its graph.
 *
 * A lazy tensor is an ordinary tensor header (key Lazy, device lazy:0, no
 * storage) whose `lazy` field points at a LazyTensor: its current IR value,
 * and how it aliases other lazy tensors.
 *
 * Value semantics of views.  Tensors that alias (a base and its views) share
 * one LazyAlias: the IR value of the base and a generation count.  A view
 * also keeps its chain of view operators from the base (select(0, 1), then
 * slice(...)).  Reading a view whose generation is stale rebuilds its value
 * from the base's current value by replaying the chain; writing a view (an
 * in-place operator on it) sets its own value and replaces the base's by a
 * ViewScatter node, bumping the generation, so that the base and every other
 * view see the write.  This is what PyTorch 1.13's functionalization layer
 * (FunctionalTensorWrapper, FunctionalStorageImpl) does in front of lazy
 * tensors, reduced to one alias object and one kind of scatter node.
 *
 * Geometry: a lazy tensor reports row-major strides for its sizes, as 1.13's
 * ComputeArrayStrides computes them (sizes 0 and 1 count as they are: a
 * [3, 0] tensor has strides [0, 1]), whatever layout its value will have
 * on the CPU (LazyGraphExecutor.c: the layout the kernels produce); a fresh
 * view reports the storage offset the CPU view operator gives on a
 * contiguous input, and an in-place write resets it to 0; `is_contiguous` is
 * False only for a tensor moved in from a non-contiguous CPU tensor and not
 * written since (1.13 asks the CPU data it was made from).
 *
 * Materialisation (LazyTensor_toCpu) runs the graph of the tensor's value in
 * post order, each node through the dispatcher on CPU tensors; results are
 * cached on the nodes, and the tensor's value becomes a device_data node
 * holding the result (so a second read runs nothing, and the graph behind it
 * is released once nothing else refers to it).
 *
 * PyTorch 1.13: torch/csrc/lazy/core/tensor.h (LazyTensor), tensor_impl.h
 * (LTCTensorImpl), lazy_graph_executor.cpp (SyncTensorsGraph),
 * aten/src/ATen/FunctionalTensorWrapper.h, FunctionalStorageImpl.h
 */
#ifndef MINATEN_OPS_LAZY_LAZYTENSOR_H
#define MINATEN_OPS_LAZY_LAZYTENSOR_H

#include "ops/lazy/LazyIr.h"

/* The base's value, shared by a base and its views.
 * PyTorch 1.13: aten/src/ATen/FunctionalStorageImpl.h FunctionalStorageImpl */
typedef struct LazyAlias {
  int64_t refcount;
  LazyValue base;      /* owned reference to base.node */
  uint64_t generation; /* bumped by every write */
} LazyAlias;

struct LazyTensor {
  LazyValue value;     /* owned reference to value.node */
  uint64_t generation; /* alias generation `value` was computed at */
  LazyAlias* alias;    /* owned reference */
  LazyViewStep* steps; /* the view chain from the alias base; none for a base */
  size_t num_steps;
};
typedef struct LazyTensor LazyTensor;

/* A new lazy tensor (a base: a fresh alias) holding `v` (one more
 * reference); NULL + error if the shape is invalid. */
Tensor* LazyTensor_create(LazyValue v);
/* A new view of `base`: shares its alias, chain = base's chain + `step`
 * (taken over), value `v` (one more reference), storage offset `offset`. */
Tensor* LazyTensor_createView(const Tensor* base, LazyViewStep step, LazyValue v, int64_t offset);

/* The tensor's current value (borrowed), rebuilt first if a write through an
 * alias made it stale.  NULL node + error if rebuilding failed.
 * PyTorch 1.13: FunctionalTensorWrapper::sync_ + LazyTensor::GetIrValue */
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

/* Writes `v` as the tensor's new value (an in-place operator's result):
 * updates the alias base (through a ViewScatter node for a view).
 * PyTorch 1.13: FunctionalTensorWrapper::replace_ + commit_update */
void LazyTensor_write(Tensor* t, LazyValue v);

/* An in-place view operator on t (t_, transpose_, unsqueeze_, squeeze_):
 * t becomes the view `step` (taken over) of the value it holds: its chain
 * gets the step (a base becomes a view of its alias base), its value the
 * step's node, its header that node's sizes with lazy strides.  A
 * later write to t scatters through the longer chain.  Returns 0, or -1
 * with the error indicator set.
 * PyTorch 1.13: aten/src/ATen/FunctionalTensorWrapper.cpp
 * FunctionalTensorWrapper::mutate_view_meta */
int LazyTensor_mutateView(Tensor* t, LazyViewStep step);

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
