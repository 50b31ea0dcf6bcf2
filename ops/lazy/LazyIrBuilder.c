/*
 * LazyIrBuilder.c - one IR node from an operator call.
 *
 * PyTorch generates, per operator it lowers, a shape function
 * (compute_shape_<op>, or the meta kernel) and an IR node class
 * (MakeNode<Op>).  minaten builds every node the same way, from the
 * operator's schema:
 *
 *   1. Shape: an operator with a Meta kernel (a structured operator's meta
 *      function, Note [Structured kernels] in ops/Structured.h) runs it on
 *      meta tensors of the same sizes and dtypes, as 1.13's shape
 *      inference does; any other operator's CPU kernel runs, through the
 *      dispatcher, on dummy
 *      CPU tensors of the same sizes and dtypes (contiguous, and with no
 *      data: see make_dummy), in MetaMode (ops/MetaMode.h): it checks its
 *      arguments and makes its outputs but computes nothing.  Its result gives each output's sizes, dtype and,
 *      for a view, the storage offset that 1.13 reports; a shape error is
 *      the CPU kernel's own error, raised while the node is built.
 *      NB(minaten): PyTorch has a shape function per operator
 *      (torch/csrc/lazy/core/shape_inference.cpp, or meta kernels); the CPU
 *      kernel in MetaMode is one function for every operator.
 *   2. Node: the operator, its tensor arguments as operands (the lazy
 *      tensor's value, or a device_data snapshot of a CPU tensor), its
 *      Scalar and SymInt arguments as operands of their own (as 1.13's lazy
 *      codegen makes them), the rest as attributes.
 *
 * The recording kernel (LazyNativeFunctions.c) builds the node of each call
 * here.  This file reads no lazy tensor: the caller says what IR value a
 * tensor argument stands for (LazyIrBuilder_operandFn), so that the include
 * graph of ops/lazy goes one way, from the tensors down to the IR.
 *
 * PyTorch 1.13: torch/csrc/lazy/core/ir_builder.h, shape_inference.cpp,
 * torchgen/dest/lazy_ir.py (GenLazyNativeFuncDefinition)
 */
#include "ops/lazy/LazyIrBuilder.h"

#include <stdlib.h>
#include <string.h>

#include "Functions.h"
#include "dispatch/Dispatcher.h"
#include "ops/EmptyTensor.h"
#include "ops/MetaMode.h"
#include "runtime/Storage.h"
#include "runtime/Exception.h"
#include "runtime/TypeCast.h"
#include "runtime/LocalDispatchKeySet.h"

/* ---- schema questions --------------------------------------------------- */

int LazyIrBuilder_writtenArgument(const OperatorEntry* op) {
  for (size_t i = 0; i < op->schema.num_arguments; i++) {
    const Argument* a = &op->schema.arguments[i];
    if (a->type.base == SchemaBaseType_Tensor && a->alias_info.present && a->alias_info.is_write)
      return (int)i;
  }
  return -1;
}

/* A view: the first return aliases (without writing) the first argument
 * (the node of _unsafe_view's `view`, which runs as view_copy). */
static bool is_view_op(const OperatorEntry* op) {
  return op->schema.num_returns > 0 && op->schema.num_arguments > 0 &&
         op->schema.returns[0].alias_info.present && !op->schema.returns[0].alias_info.is_write &&
         op->schema.arguments[0].alias_info.present;
}

/* ---- dummies -------------------------------------------------------------- */

/* A contiguous CPU tensor like t, with a buffer: elements 1, for the
 * tensors of at most one element a shape run may read (fill_'s value, a
 * scalar's conversion check); a larger one, an out= argument, stays
 * unwritten, so making it costs no page faults. */
static Tensor* make_dummy_with_buffer(const Tensor* t) {
  Tensor* d = empty_cpu(Tensor_sizes(t), t->dtype);
  if (d == NULL) return NULL;
  d->is_wrapped_number = t->is_wrapped_number;
  if (d->numel == 1) store_from_int64(ScalarType_toUnderlying(d->dtype), Tensor_data(d), 1);
  return d;
}

/*
 * A contiguous CPU tensor like t, with no buffer: its storage counts the
 * bytes the tensor needs (as_strided and the other storage checks pass)
 * but its data pointer is NULL, so a kernel that forgets MetaMode faults
 * on its first element access: SIGSEGV, "Invalid read" or "Invalid write"
 * under valgrind, a SEGV report under ASan.  (Uninitialised bytes would
 * show only where a branch depends on them.)  Tensors of at most one
 * element keep a buffer (make_dummy_with_buffer), and so do out=
 * arguments: resize_output may resize one, and resizing copies the old
 * bytes (Storage_resize).
 */
static Tensor* make_dummy(const Tensor* t, bool buffer) {
  if (buffer || t->numel <= 1) return make_dummy_with_buffer(t);
  int64_t strides[MINATEN_MAX_DIM];
  computeContiguousStrides(Tensor_sizes(t), strides);
  Storage* none = malloc(sizeof *none);
  TORCH_INTERNAL_ASSERT(none != NULL);
  none->refcount = 1;
  none->nbytes = (size_t)t->numel * Tensor_itemsize(t);
  none->data = NULL;
  none->deleter = NULL;
  none->deleter_ctx = NULL;
  none->resizable = true;
  Tensor* d = Tensor_new(none, 0, Tensor_sizes(t), IntArrayRef_make(strides, (size_t)t->dim), t->dtype,
                         Device_cpu(), DispatchKey_CPU);
  Storage_release(none);
  if (d != NULL) d->is_wrapped_number = t->is_wrapped_number;
  return d;
}

void LazyDummyArgs_free(LazyDummyArgs* d, size_t num_args) {
  for (size_t i = 0; i < d->num_owned; i++) Tensor_release(d->owned[i]);
  for (size_t i = 0; i < num_args; i++) free(d->lists[i]);
}

/* A meta tensor like t (contiguous), for the shape run of an operator that
 * has a Meta kernel. */
static Tensor* make_meta_dummy(const Tensor* t) {
  int64_t strides[MINATEN_MAX_DIM];
  computeContiguousStrides(Tensor_sizes(t), strides);
  Tensor* d = empty_strided_meta(Tensor_sizes(t), IntArrayRef_make(strides, (size_t)t->dim), t->dtype);
  if (d != NULL) d->is_wrapped_number = t->is_wrapped_number;
  return d;
}

static const Tensor* dummy_for(LazyDummyArgs* d, const Tensor* t, bool unwrap, bool buffer) {
  if (d->num_owned >= sizeof d->owned / sizeof d->owned[0]) {
    Error_set(ErrorType_RuntimeError, "minaten's lazy backend supports at most 64 lazy tensor arguments");
    return NULL;
  }
  if (t != NULL && t->is_wrapped_number && unwrap) {
    /* NB: 1.13 moves a Python number of an in-place lazy operator to the
     * device as a plain 0-dim tensor, so `long_t.add_(1.5)` checks a Double
     * result ("result type Double can't be cast ..."), where the CPU says
     * Float.  The values computed are the same. */
    Tensor* plain = at_clone(t, kNoMemoryFormat);
    if (plain != NULL) d->owned[d->num_owned++] = plain;
    return plain;
  }
  if (t == NULL || !Tensor_isLazy(t)) return t;
  Tensor* dummy = d->meta ? make_meta_dummy(t) : make_dummy(t, buffer);
  if (dummy != NULL) d->owned[d->num_owned++] = dummy;
  return dummy;
}

/* The dummies: meta tensors (meta), or CPU tensors for a run in MetaMode. */
static int make_dummies(const OperatorEntry* op, const IValue* args, LazyDummyArgs* d, bool meta) {
  memset(d, 0, sizeof *d);
  d->meta = meta;
  bool unwrap = LazyIrBuilder_writtenArgument(op) >= 0;
  for (size_t i = 0; i < op->schema.num_arguments; i++) {
    const IValue* v = &args[i];
    d->args[i] = *v;
    d->args[i].owned = false;
    const Argument* a = &op->schema.arguments[i];
    if (v->tag == IValueTag_Tensor) {
      const Tensor* t = dummy_for(d, v->u.tensor, unwrap, a->alias_info.is_write && a->kwarg_only);
      if (t == NULL) return -1;
      d->args[i] = IValue_borrowTensor(t);
    } else if (v->tag == IValueTag_TensorList) {
      TensorList l = IValue_toTensorList(v);
      Tensor** copy = malloc((l.size ? l.size : 1) * sizeof *copy);
      TORCH_INTERNAL_ASSERT(copy != NULL);
      d->lists[i] = copy;
      for (size_t e = 0; e < l.size; e++) {
        copy[e] = (Tensor*)dummy_for(d, l.data[e], false, false);
        if (copy[e] == NULL && l.data[e] != NULL) return -1;
      }
      TensorList dl = {copy, l.size};
      d->args[i] = IValue_borrowTensorList(dl);
    } else if (LazyIrBuilder_isLazyDevice(v)) {
      d->args[i] = IValue_none(); /* _to_copy(lazy, device="lazy"): stay where the data is */
    }
  }
  return 0;
}

int LazyDummyArgs_make(const OperatorEntry* op, const IValue* args, LazyDummyArgs* d) {
  return make_dummies(op, args, d, false);
}

/* Whether op's shape run calls its Meta kernel (a structured operator's
 * meta function, or a kernel 1.13 registers for Meta too): op has one, and
 * every tensor argument is lazy (or a Python number), so that the run sees
 * only meta tensors, as 1.13's shape inference does.  A lazy tensor beside
 * a CPU tensor keeps the CPU run, whose error names the lazy device.  A
 * Meta kernel registered from Python (torch._meta_registrations, boxed
 * only) does not count: 1.13's lazy shape inference is C++ the lazy codegen
 * calls (the meta function, compute_shape_<op>), never a Python kernel. */
static bool shape_run_on_meta(const OperatorEntry* op, const IValue* args) {
  const KernelRegistration* meta = &op->kernels[DispatchKey_Meta];
  if (!meta->present || meta->kernel.unboxed == NULL) return false;
  bool any_lazy = false;
  for (size_t i = 0; i < op->schema.num_arguments; i++) {
    const IValue* v = &args[i];
    if (v->tag == IValueTag_TensorList) return false;
    if (v->tag != IValueTag_Tensor || v->u.tensor == NULL) continue;
    const Tensor* t = v->u.tensor;
    if (Tensor_isLazy(t)) any_lazy = true;
    else if (!t->is_wrapped_number) return false;
  }
  return any_lazy;
}

int LazyIrBuilder_callCpu(const OperatorEntry* op, IValue* args, IValue* rets) {
  DispatchKeyGuard guard = ExcludeDispatchKeyGuard_push(DispatchKeySet_of(DispatchKey_Python));
  int r = Dispatcher_callBoxed(op, args, rets);
  DispatchKeyGuard_pop(guard);
  return r;
}

/*
 * The shape run: op's Meta kernel on meta dummies of args (shape_run_on_meta),
 * else op's CPU kernel on CPU dummies in MetaMode.  drets receives the
 * returns (released by the caller), *outs the output tensors among them
 * (single[] holds them when the operator returns tensors, not a list).
 * Returns 0, or -1 with the error indicator set (the kernel's own error).
 * PyTorch 1.13: the lazy codegen's shape inference (meta tensors through
 * the Meta kernel where the operator is structured, compute_shape_<op>
 * elsewhere)
 */
static int shape_run(const OperatorEntry* op, const IValue* args, LazyDummyArgs* d, IValue* drets,
                     TensorList* outs, Tensor** single) {
  bool meta = shape_run_on_meta(op, args);
  if (make_dummies(op, args, d, meta) < 0) return -1;
  /* The CPU kernel shapes its outputs without computing them (MetaMode.h). */
  bool was_meta = meta ? MetaMode_isEnabled() : MetaMode_enter();
  int shaped = LazyIrBuilder_callCpu(op, d->args, drets);
  MetaMode_restore(was_meta);
  if (shaped < 0) return -1;
  if (op->schema.returns[0].type.is_list) {
    *outs = IValue_toTensorList(&drets[0]);
    return 0;
  }
  for (size_t i = 0; i < op->schema.num_returns; i++) single[i] = drets[i].u.tensor;
  outs->data = single;
  outs->size = op->schema.num_returns;
  return 0;
}

/* ---- operands --------------------------------------------------------------- */

/* A `Scalar` argument (alpha, a comparison's other, clamp's bounds) with a
 * value: an operand of its own, as PyTorch's lazy codegen makes one.
 * PyTorch 1.13: LazyGraphExecutor::GetIrValueForScalarFromCodegen */
static bool is_scalar_arg(const OperatorEntry* op, size_t i, const IValue* v) {
  const SchemaType* t = &op->schema.arguments[i].type;
  return t->base == SchemaBaseType_Scalar && !t->is_list &&
         (v->tag == IValueTag_Int || v->tag == IValueTag_Double || v->tag == IValueTag_Bool);
}

/* A device_data node holding s as a 0-dim tensor of its own type (Long,
 * Double or Bool). */
static int scalar_operand(Scalar s, LazyValue* out) {
  ScalarType dtype = s.tag == ScalarTag_Double ? ScalarType_Double
                     : s.tag == ScalarTag_Bool ? ScalarType_Bool
                                               : ScalarType_Long;
  Tensor* t = empty_cpu(IntArrayRef_make(NULL, 0), dtype);
  if (t == NULL) return -1;
  switch (dtype) {
    case ScalarType_Double: *(double*)Tensor_data(t) = Scalar_toDouble(s); break;
    case ScalarType_Bool: *(bool*)Tensor_data(t) = Scalar_toLong(s) != 0; break;
    default: *(int64_t*)Tensor_data(t) = Scalar_toLong(s); break;
  }
  *out = LazyValue_make(LazyNode_deviceData(t), 0);
  Tensor_release(t);
  return 0;
}

/* A `SymInt` argument with a value (slice's start, end and step): 1.13's
 * lazy IR makes it a prim::Constant operand, as a symbolic int may be one.
 * SymInt[] lists stay attributes.  NB: 1.13 does so only for the operators
 * its lazy codegen traces symbolically; of minaten's operators with a SymInt
 * those are the views (slice), their `_copy` operators (slice_copy,
 * as_strided_copy, and their out= forms: of minaten's operators named
 * `*_copy`, only these have a SymInt) and the views' `_scatter` operators
 * (slice_scatter, as_strided_scatter, and their out= forms: of those named
 * `*_scatter`, only these have a SymInt); another's SymInt is an int
 * attribute (embedding_dense_backward's num_weights=4). */
static bool is_symint_arg(const OperatorEntry* op, size_t i, const IValue* v) {
  const SchemaType* t = &op->schema.arguments[i].type;
  size_t len = strlen(op->schema.name);
  bool view_copy = len > 5 && strcmp(op->schema.name + len - 5, "_copy") == 0;
  bool view_scatter = len > 8 && strcmp(op->schema.name + len - 8, "_scatter") == 0;
  return t->base == SchemaBaseType_SymInt && !t->is_list && v->tag == IValueTag_Int &&
         (is_view_op(op) || view_copy || view_scatter);
}

static int constant_operand(int64_t value, LazyValue* out) {
  Tensor* t = empty_cpu(IntArrayRef_make(NULL, 0), ScalarType_Long);
  if (t == NULL) return -1;
  *(int64_t*)Tensor_data(t) = value;
  LazyNode* n = LazyNode_new(LazyNodeKind_Constant, 0, 1);
  n->data = t; /* taken over */
  LazyShape_fromTensor(&n->shapes[0], t);
  *out = LazyValue_make(n, 0);
  return 0;
}

/* ---- the node ------------------------------------------------------------- */

/* A node of op with room for `num_outputs` outputs and one operand per
 * tensor, tensor list, Scalar and SymInt argument; arguments not yet set. */
static LazyNode* new_node(const OperatorEntry* op, const IValue* args, LazyNodeKind kind, size_t num_outputs) {
  size_t num_args = op->schema.num_arguments;
  size_t num_operands = 0;
  for (size_t i = 0; i < num_args; i++)
    if (args[i].tag == IValueTag_Tensor || args[i].tag == IValueTag_TensorList || is_scalar_arg(op, i, &args[i]) ||
        is_symint_arg(op, i, &args[i]))
      num_operands++;
  LazyNode* node = LazyNode_new(kind, num_operands, num_outputs);
  node->op = op;
  node->returns_list = op->schema.returns[0].type.is_list;
  node->view_op = is_view_op(op);
  node->num_args = num_args;
  node->args = calloc(num_args ? num_args : 1, sizeof *node->args);
  node->arg_operand = calloc(num_args ? num_args : 1, sizeof *node->arg_operand);
  TORCH_INTERNAL_ASSERT(node->args != NULL && node->arg_operand != NULL);
  node->written_arg = LazyIrBuilder_writtenArgument(op);
  return node;
}

/* Sets the node's operands and attributes from args, in argument order.
 * Returns 0, or -1 with the error indicator set. */
static int set_arguments(LazyNode* node, const IValue* args, LazyIrBuilder_operandFn operand) {
  const OperatorEntry* op = node->op;
  size_t k = 0;
  for (size_t i = 0; i < node->num_args; i++) {
    const IValue* v = &args[i];
    node->arg_operand[i] = -1;
    if (v->tag == IValueTag_Tensor) {
      node->arg_operand[i] = (int)k;
      node->args[i] = IValue_none();
      if (operand(v->u.tensor, &node->operands[k++]) < 0) return -1;
    } else if (v->tag == IValueTag_TensorList) {
      /* One operand: a tensor_list node whose operands are the elements. */
      TensorList l = IValue_toTensorList(v);
      node->arg_operand[i] = (int)k;
      node->args[i] = IValue_none();
      LazyNode* list = LazyNode_new(LazyNodeKind_TensorList, l.size, 0);
      node->operands[k++] = LazyValue_make(list, 0);
      for (size_t e = 0; e < l.size; e++)
        if (operand(l.data[e], &list->operands[e]) < 0) return -1;
    } else if (is_symint_arg(op, i, v)) {
      node->arg_operand[i] = (int)k;
      node->args[i] = IValue_none();
      if (constant_operand(v->u.i, &node->operands[k++]) < 0) return -1;
    } else if (is_scalar_arg(op, i, v)) {
      node->arg_operand[i] = (int)k;
      node->args[i] = IValue_none();
      if (scalar_operand(IValue_toScalar(v), &node->operands[k++]) < 0) return -1;
    } else if (LazyIrBuilder_isLazyDevice(v)) {
      node->args[i] = IValue_none();
    } else {
      node->args[i] = IValue_clone(v);
    }
  }
  return 0;
}

LazyNode* LazyIrBuilder_buildNode(const OperatorEntry* op, const IValue* args, LazyNodeKind kind,
                                  LazyIrBuilder_operandFn operand) {
  LazyDummyArgs d;
  IValue drets[kLazyMaxReturns] = {IValue_none(), IValue_none(), IValue_none(), IValue_none()};
  Tensor* single[kLazyMaxReturns];
  TensorList outs;
  LazyNode* node = NULL;
  if (shape_run(op, args, &d, drets, &outs, single) < 0) goto done;
  node = new_node(op, args, kind, outs.size);
  if (set_arguments(node, args, operand) < 0) {
    LazyNode_release(node);
    node = NULL;
    goto done;
  }
  for (size_t o = 0; o < outs.size; o++) {
    if (outs.data[o] == NULL) {
      /* an output the CPU kernel leaves undefined (native_layer_norm_backward's
       * masked gradients): 1.13's shape function gives it no sizes, so the
       * operator returns a 0-dim lazy tensor of the first output's dtype
       * (shape_inference.cpp compute_shape_native_layer_norm_backward) */
      node->shapes[o].dtype = outs.data[0] != NULL ? outs.data[0]->dtype : ScalarType_Float;
      node->shapes[o].dim = 0;
      continue;
    }
    LazyShape_fromTensor(&node->shapes[o], outs.data[o]);
  }
done:
  for (size_t i = 0; i < kLazyMaxReturns; i++) IValue_release(&drets[i]);
  LazyDummyArgs_free(&d, op->schema.num_arguments);
  return node;
}
