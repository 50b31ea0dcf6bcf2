/*
 * LazyGraphExecutor.c - running IR graphs on the CPU.
 *
 * LazyGraph_run takes the nodes the requested values depend on, in post
 * order, stopping at nodes already computed (their results are cached), and
 * runs each through the dispatcher with CPU tensors: the same call the eager
 * program would have made, so the CPU kernels, their type promotion and their
 * errors are the eager ones.  The trace mode is paused while a graph runs:
 * what a script traces is what it asked for, as in PyTorch, where the TS
 * backend runs below the dispatcher's Python key.
 *
 * PyTorch 1.13: torch/csrc/lazy/core/lazy_graph_executor.cpp
 * (SyncTensorsGraph, ExecuteComputation), torch/csrc/lazy/ts_backend/
 * ts_backend_impl.cpp (TSBackendImpl::ExecuteComputation)
 */
#include <stdlib.h>
#include <string.h>

#include "Functions.h"
#include "Operators.h"
#include "ops/EmptyTensor.h"
#include "ops/InferSize.h"
#include "ops/TensorUtils.h"
#include "dispatch/Dispatcher.h"
#include "runtime/LocalDispatchKeySet.h"
#include "ops/lazy/LazyTensor.h"
#include "runtime/Exception.h"

static int64_t num_executed = 0;

int64_t LazyGraph_numExecuted(void) { return num_executed; }

static Tensor* operand_result(const LazyNode* n, size_t k) {
  LazyValue v = n->operands[k];
  return v.node->results[v.index];
}

/* Stores the operator's returns as the node's results (taking them over). */
static void take_results(LazyNode* n, IValue* rets) {
  n->results = calloc(n->num_outputs ? n->num_outputs : 1, sizeof *n->results);
  TORCH_INTERNAL_ASSERT(n->results != NULL);
  if (n->returns_list) {
    TensorList l = IValue_toTensorList(&rets[0]);
    TORCH_INTERNAL_ASSERT(l.size == n->num_outputs);
    for (size_t i = 0; i < l.size; i++) n->results[i] = Tensor_retain(l.data[i]);
    IValue_release(&rets[0]);
    return;
  }
  for (size_t i = 0; i < n->num_outputs; i++) {
    if (rets[i].tag == IValueTag_None) {
      /* an undefined output (native_layer_norm_backward's masked gradients):
       * the 0-dim value its shape promised (LazyIrBuilder_buildNode), zero
       * NB(minaten): what 1.13's TorchScript backend would hold there is not modelled */
      n->results[i] = empty_cpu(IntArrayRef_make(NULL, 0), n->shapes[i].dtype);
      TORCH_INTERNAL_ASSERT(n->results[i] != NULL);
      memset(Tensor_data(n->results[i]), 0, ScalarType_elementSize(n->shapes[i].dtype));
      continue;
    }
    n->results[i] = rets[i].u.tensor;
    if (!rets[i].owned) Tensor_retain(n->results[i]);
    rets[i] = IValue_none();
  }
}

/*
 * Runs the node of a view operator as 1.13 runs the *_copy operator its IR
 * shows: the view of the operand as the operand is laid out on the CPU
 * (so as_strided reads its storage, t of a [2, 3] value has strides
 * [1, 3]), then a clone in the layout the view has when that is dense, a
 * dense one otherwise (clone's preserve_format).  view_copy of an operand
 * that `view` cannot follow (the value of a t) is a reshape.  So results
 * have the strides the CPU kernels produce, as in the TS backend, which
 * runs the graph on the CPU with TorchScript.  args are the call's
 * arguments; rets receives owned results.  Returns 0 or -1 + error.
 * PyTorch 1.13: aten/src/ATen/native/TensorShape.cpp at::native::view_copy,
 * torchgen/gen_functionalization_type.py (the *_copy kernels: the view,
 * then output.clone())
 */
/* Whether `view(size)` can follow t's strides (the shape was checked
 * when the node was built). */
static bool viewable(const Tensor* t, IntArrayRef size) {
  int64_t shape[MINATEN_MAX_DIM], strides[MINATEN_MAX_DIM];
  TORCH_INTERNAL_ASSERT(size.size <= MINATEN_MAX_DIM && infer_size(size, t->numel, shape) == 0);
  return computeStride(Tensor_sizes(t), Tensor_strides(t), IntArrayRef_make(shape, size.size), strides);
}

static int run_view_copy(const LazyNode* n, IValue* args, IValue* rets) {
  const OperatorEntry* op = n->op;
  if (op == at_op_view && !viewable(args[0].u.tensor, IValue_toIntList(&args[1]))) {
    Tensor* v = at_reshape(args[0].u.tensor, IValue_toIntList(&args[1]));
    if (v == NULL) return -1;
    rets[0] = IValue_takeTensor(v);
  } else if (Dispatcher_callBoxed(op, args, rets) < 0) {
    return -1;
  }
  const Tensor* self = args[0].u.tensor;
  for (size_t i = 0; i < op->schema.num_returns; i++) {
    if (rets[i].tag == IValueTag_TensorList) {
      TensorList l = IValue_toTensorList(&rets[i]);
      Tensor** copies = malloc((l.size ? l.size : 1) * sizeof *copies);
      TORCH_INTERNAL_ASSERT(copies != NULL);
      size_t made = 0;
      for (; made < l.size; made++)
        if ((copies[made] = at_clone(l.data[made], kNoMemoryFormat)) == NULL) break;
      IValue_release(&rets[i]);
      TensorList cl = {copies, made};
      rets[i] = IValue_borrowTensorList(cl);
      rets[i].owned = true;
      if (made < l.size) goto fail;
    } else if (rets[i].tag == IValueTag_Tensor && rets[i].u.tensor->storage == self->storage) {
      Tensor* c = at_clone(rets[i].u.tensor, kNoMemoryFormat);
      IValue_release(&rets[i]);
      rets[i] = IValue_takeTensor(c);
      if (c == NULL) goto fail;
    }
  }
  return 0;
fail:
  for (size_t i = 0; i < op->schema.num_returns; i++) IValue_release(&rets[i]);
  return -1;
}

/* Runs an Op or InPlaceOp node: its operator on its operands' results. */
static int run_op(LazyNode* n) {
  const OperatorEntry* op = n->op;
  IValue args[32];
  IValue rets[4] = {IValue_none(), IValue_none(), IValue_none(), IValue_none()};
  Tensor* lists[32] = {0};
  Tensor* written = NULL;
  int r = -1;
  TORCH_INTERNAL_ASSERT(n->num_args <= 32 && op->schema.num_returns <= 4);
  for (size_t i = 0; i < n->num_args; i++) {
    int k = n->arg_operand[i];
    if (k < 0) {
      args[i] = n->args[i]; /* borrowed */
      args[i].owned = false;
    } else if (op->schema.arguments[i].type.is_list) {
      /* the operand is a tensor_list node; its operands are the elements */
      const LazyNode* list = n->operands[k].node;
      size_t count = list->num_operands;
      Tensor** l = malloc((count ? count : 1) * sizeof *l);
      TORCH_INTERNAL_ASSERT(l != NULL);
      for (size_t e = 0; e < count; e++) l[e] = operand_result(list, e);
      lists[i] = (Tensor*)l;
      TensorList tl = {l, count};
      args[i] = IValue_borrowTensorList(tl);
    } else if (op->schema.arguments[i].type.base == SchemaBaseType_SymInt) {
      /* a SymInt held as a prim::Constant operand */
      args[i] = IValue_fromInt(*(const int64_t*)Tensor_data(operand_result(n, (size_t)k)));
    } else if (op->schema.arguments[i].type.base == SchemaBaseType_Scalar) {
      /* A Scalar argument held as a 0-dim device_data operand. */
      const Tensor* t = operand_result(n, (size_t)k);
      Scalar sv = t->dtype == ScalarType_Double ? Scalar_fromDouble(*(const double*)Tensor_data(t))
                  : t->dtype == ScalarType_Bool ? Scalar_fromBool(*(const uint8_t*)Tensor_data(t) != 0)
                                                : Scalar_fromLong(*(const int64_t*)Tensor_data(t));
      args[i] = IValue_fromScalar(sv);
    } else if ((int)i == n->written_arg) {
      /* Written in place: a private copy, so the operand's value survives. */
      written = at_clone(operand_result(n, (size_t)k), kNoMemoryFormat);
      if (written == NULL) goto done;
      args[i] = IValue_borrowTensor(written);
    } else {
      args[i] = IValue_borrowTensor(operand_result(n, (size_t)k));
    }
  }
  if (n->view_op ? run_view_copy(n, args, rets) < 0 : Dispatcher_callBoxed(op, args, rets) < 0) goto done;
  if (written != NULL) {
    for (size_t i = 0; i < op->schema.num_returns; i++) IValue_release(&rets[i]);
    rets[0] = IValue_takeTensor(written);
    written = NULL;
  }
  take_results(n, rets);
  r = 0;
done:
  for (size_t i = 0; i < n->num_args; i++) free(lists[i]);
  Tensor_release(written);
  return r;
}

/* A scalar broadcast to the node's shape, as fresh contiguous data (the TS
 * backend's results are contiguous). */
static int run_scalar_expand(LazyNode* n) {
  Tensor* r = at_expand(operand_result(n, 0), IValue_toIntList(&n->args[0]), false);
  if (r == NULL) return -1;
  Tensor* c = at_contiguous(r, MemoryFormat_Contiguous);
  Tensor_release(r);
  if (c == NULL) return -1;
  n->results = calloc(1, sizeof *n->results);
  TORCH_INTERNAL_ASSERT(n->results != NULL);
  n->results[0] = c;
  return 0;
}

static int run_node(LazyNode* n) {
  num_executed++;
  switch (n->kind) {
    case LazyNodeKind_TensorList:
      n->results = calloc(1, sizeof *n->results); /* run: its elements are */
      TORCH_INTERNAL_ASSERT(n->results != NULL);
      return 0;
    case LazyNodeKind_Constant:
    case LazyNodeKind_DeviceData:
      n->results = calloc(1, sizeof *n->results);
      TORCH_INTERNAL_ASSERT(n->results != NULL);
      n->results[0] = Tensor_retain(n->data);
      return 0;
    case LazyNodeKind_Op:
    case LazyNodeKind_InPlaceOp:
      return run_op(n);
    case LazyNodeKind_ScalarExpand:
      return run_scalar_expand(n);
  }
  return -1;
}

/* Drops the results of a node computed in this run once its last user in
 * the run has run, when nothing else holds the node: no tensor has it as its
 * value (its references all come from users in the run) and it was not
 * asked for.  So a run needs about the memory of the eager program, as the
 * TS backend's graph frees its intermediates; what a tensor holds stays
 * cached.  PyTorch 1.13: torch/csrc/lazy/ts_backend (the TorchScript
 * interpreter frees values after their last use) */
static void release_if_done(LazyNode* o) {
  if (--o->run_pending > 0 || !o->run_computed || o->refcount != o->run_users || o->results == NULL) return;
  for (size_t k = 0; k < o->num_outputs; k++) Tensor_release(o->results[k]);
  free(o->results);
  o->results = NULL;
}

int LazyGraph_run(const LazyValue* values, size_t n) {
  LazyNode** roots = calloc(n ? n : 1, sizeof *roots);
  TORCH_INTERNAL_ASSERT(roots != NULL);
  for (size_t i = 0; i < n; i++) roots[i] = values[i].node;
  size_t num;
  LazyNode** order = LazyIr_postOrder(roots, n, true, &num);
  for (size_t i = 0; i < num; i++) order[i]->run_users = 0, order[i]->run_computed = false;
  for (size_t i = 0; i < num; i++)
    if (order[i]->results == NULL)
      for (size_t k = 0; k < order[i]->num_operands; k++) order[i]->operands[k].node->run_users++;
  for (size_t i = 0; i < num; i++) order[i]->run_pending = order[i]->run_users;
  /* the requested values never count as done */
  for (size_t i = 0; i < n; i++) roots[i]->run_pending++;
  free(roots);
  DispatchKeyGuard guard = ExcludeDispatchKeyGuard_push(DispatchKeySet_of(DispatchKey_Python));
  int r = 0;
  for (size_t i = 0; i < num && r == 0; i++) {
    LazyNode* node = order[i];
    if (node->results != NULL) continue;
    r = run_node(node);
    if (r < 0) break;
    node->run_computed = true;
    /* A tensor_list's elements are read by its user, not by the list: they
     * are done when the user is. */
    if (node->kind == LazyNodeKind_TensorList) continue;
    for (size_t k = 0; k < node->num_operands; k++) {
      LazyNode* o = node->operands[k].node;
      if (o->kind == LazyNodeKind_TensorList)
        for (size_t e = 0; e < o->num_operands; e++) release_if_done(o->operands[e].node);
      release_if_done(o);
    }
  }
  DispatchKeyGuard_pop(guard);
  free(order);
  return r;
}
