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

#include "Functions.h"
#include "dispatch/Dispatcher.h"
#include "runtime/LocalDispatchKeySet.h"
#include "ops/lazy/LazyTensor.h"
#include "ops/lazy/LazyView.h"
#include "runtime/Exception.h"

static int64_t num_executed = 0;

int64_t LazyGraph_numExecuted(void) { return num_executed; }

static Tensor* fresh_value(Tensor* t);

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
    n->results[i] = rets[i].u.tensor;
    if (!rets[i].owned) Tensor_retain(n->results[i]);
    rets[i] = IValue_none();
  }
}

/* Runs an Op or InPlaceOp node: its operator on its operands' results. */
static int run_op(LazyNode* n) {
  const OperatorEntry* op = n->op;
  IValue args[32];
  IValue rets[4] = {IValue_none(), IValue_none(), IValue_none(), IValue_none()};
  Tensor* lists[32] = {0};
  Tensor* fresh[32] = {0};
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
    } else if (n->view_op) {
      /* Views of a lazy value view a fresh value (see fresh_value). */
      if ((fresh[i] = fresh_value(operand_result(n, (size_t)k))) == NULL) goto done;
      args[i] = IValue_borrowTensor(fresh[i]);
    } else {
      args[i] = IValue_borrowTensor(operand_result(n, (size_t)k));
    }
  }
  if (Dispatcher_callBoxed(op, args, rets) < 0) goto done;
  if (written != NULL) {
    for (size_t i = 0; i < op->schema.num_returns; i++) IValue_release(&rets[i]);
    rets[0] = IValue_takeTensor(written);
    written = NULL;
  }
  take_results(n, rets);
  r = 0;
done:
  for (size_t i = 0; i < n->num_args; i++) {
    free(lists[i]);
    Tensor_release(fresh[i]);
  }
  Tensor_release(written);
  return r;
}

/* A value as a lazy value is: contiguous from offset 0 of its own storage
 * (a CPU view of a cached result is not, and a view operator such as view
 * or as_strided would read it differently).  New reference. */
static Tensor* fresh_value(Tensor* t) {
  if (t->is_contiguous && t->storage_offset == 0) return Tensor_retain(t);
  OptionalMemoryFormat contiguous = {true, MemoryFormat_Contiguous};
  return at_clone(t, contiguous);
}

/*
 * Runs a ViewScatter node: which elements of the base the view holds is
 * found by replaying the view chain on a tensor of element numbers
 * (arange(numel) in the base's shape), each step on a fresh value as the
 * lazy view was recorded; the base's clone then receives the new value at
 * those elements (index_put_).  This serves every view operator, including
 * chains no CPU view could follow (t() then view()), as lazy views allow.
 * PyTorch 1.13: FunctionalStorageImpl::apply_updates (one *_scatter or
 * view-inverse per step)
 */
static int run_view_scatter(LazyNode* n) {
  Tensor* base = operand_result(n, 0);
  OptionalScalarType long_type = {true, ScalarType_Long};
  OptionalDevice cpu = {true, Device_cpu()};
  Tensor *numbers = NULL, *where = NULL, *flat_where = NULL, *out = NULL, *flat_out = NULL, *values = NULL;
  int r = -1;
  numbers = at_arange(Scalar_fromLong(base->numel), long_type, kNoLayout, cpu, kNoPinMemory);
  if (numbers == NULL || (where = at_view(numbers, Tensor_sizes(base))) == NULL) goto done;
  for (size_t s = 0; s < n->num_steps; s++) {
    Tensor* f = fresh_value(where);
    Tensor_release(where);
    where = f ? LazyView_applyStep(&n->steps[s], f) : NULL;
    Tensor_release(f);
    if (where == NULL) goto done;
  }
  OptionalMemoryFormat contiguous = {true, MemoryFormat_Contiguous};
  int64_t minus_one = -1;
  IntArrayRef flat = IntArrayRef_make(&minus_one, 1);
  if ((out = at_clone(base, contiguous)) == NULL || (flat_out = at_view(out, flat)) == NULL ||
      (flat_where = at_reshape(where, flat)) == NULL ||
      (values = at_reshape(operand_result(n, 1), flat)) == NULL)
    goto done;
  Tensor* index[1] = {flat_where};
  TensorList indices = {index, 1};
  Tensor* written = at_index_put_(flat_out, indices, values, false);
  if (written == NULL) goto done;
  Tensor_release(written);
  n->results = calloc(1, sizeof *n->results);
  TORCH_INTERNAL_ASSERT(n->results != NULL);
  n->results[0] = Tensor_retain(out);
  r = 0;
done:
  Tensor_release(numbers);
  Tensor_release(where);
  Tensor_release(flat_where);
  Tensor_release(out);
  Tensor_release(flat_out);
  Tensor_release(values);
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
    case LazyNodeKind_ViewScatter:
      return run_view_scatter(n);
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
