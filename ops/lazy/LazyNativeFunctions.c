/*
 * LazyNativeFunctions.c - one boxed kernel that records any operator.
 *
 * PyTorch generates a Lazy kernel per operator it lowers
 * (LazyNativeFunctions::add, ...), each with a shape function and an IR
 * node class.  minaten has one boxed kernel, driven by the operator's
 * schema, which the code generator registers for the operators of
 * yaml/ts_native_functions.yaml and for views; every other operator reaches
 * the Lazy backend fallback at the end of this file, which runs it on the
 * CPU.  The recording kernel:
 *
 *   1. Devices: every tensor argument must be lazy, except 0-dim CPU tensors
 *      (Python numbers wrapped as tensors, `t + torch.tensor(1.)`) and the
 *      source of copy_; they become device_data nodes.  Anything else raises
 *      "Expected all tensors to be on the same device, ..." (NB(minaten):
 *      PyTorch 1.13 aborts the process on this failed internal check).
 *   2. Shape: the CPU kernel itself runs, through the dispatcher, on dummy
 *      CPU tensors of the same sizes and dtypes (contiguous), in MetaMode
 *      (ops/MetaMode.h): it checks its arguments and makes its outputs but
 *      computes nothing.  Its result gives each output's sizes, dtype and,
 *      for a view, the storage offset that 1.13 reports; a shape error is
 *      the CPU kernel's own error, raised while the node is built.
 *      NB(minaten): PyTorch has a shape function per operator
 *      (torch/csrc/lazy/core/shape_inference.cpp, or meta kernels); the CPU
 *      kernel in MetaMode is one function for every operator.
 *   3. Node: the operator, its tensor arguments as operands, the rest as
 *      attributes.  The schema's alias annotations say what the operator is:
 *        `Tensor(a!)` argument      in place: the node computes a new value
 *                                   and the tensor is written (LazyTensor_write);
 *        `Tensor(a)` return          a view: new lazy tensors that share the
 *                                   input's alias and extend its view chain;
 *        otherwise                  functional: new lazy tensors.
 *
 * Special cases, as in PyTorch's ts_native_functions.cpp: `_to_copy` to the
 * CPU materialises, `copy_` from the CPU moves data in, factories with
 * device="lazy" make their tensor on the CPU and move it in, and operators
 * whose result depends on data (index, index_put_) or that return no tensor
 * run eagerly on materialised inputs (PyTorch's ltc_eager_fallback).
 *
 * PyTorch 1.13: torch/csrc/lazy/ts_backend/ts_native_functions.cpp,
 * ts_eager_fallback.cpp, torchgen/dest/lazy_ir.py
 */
#include "ops/lazy/LazyNativeFunctions.h"

#include <stdlib.h>
#include <string.h>

#include "Functions.h"
#include "Operators.h"
#include "dispatch/Dispatcher.h"
#include "runtime/LocalDispatchKeySet.h"
#include "ops/EmptyTensor.h"
#include "ops/MetaMode.h"
#include "ops/lazy/LazyTensor.h"
#include "runtime/Exception.h"

enum { kMaxArgs = 32, kMaxReturns = 4 };

/* ---- dummies -------------------------------------------------------------- */

/* A contiguous CPU tensor like t.  The shape run (in MetaMode) reads no
 * elements but the one of a 0-dim or 1-element tensor (fill_'s value, a
 * scalar's conversion check), which is 1 so that no check fails on it;
 * larger dummies stay unwritten, so making one costs no page faults. */
static Tensor* make_dummy(const Tensor* t) {
  Tensor* d = empty_cpu(Tensor_sizes(t), t->dtype);
  if (d == NULL) return NULL;
  d->is_wrapped_number = t->is_wrapped_number;
  char* p = Tensor_data(d);
  int64_t n = d->numel;
  if (n > 1) return d;
  switch (d->dtype) {
#define FILL_ONE(ctype, name, pyname) \
  case ScalarType_##name:             \
    for (int64_t i = 0; i < n; i++) ((ctype*)p)[i] = (ctype)1; \
    break;
    MINATEN_FORALL_SCALAR_TYPES(FILL_ONE)
#undef FILL_ONE
    default:
      break;
  }
  return d;
}

/* ---- argument classification ------------------------------------------------ */

/* The argument written in place (`Tensor(a!)`), or -1. */
static int written_argument(const OperatorEntry* op) {
  for (size_t i = 0; i < op->schema.num_arguments; i++) {
    const Argument* a = &op->schema.arguments[i];
    if (a->type.base == SchemaBaseType_Tensor && a->alias_info.present && a->alias_info.is_write)
      return (int)i;
  }
  return -1;
}

/* The written argument that return `r` aliases (same alias set), or the
 * first written one. */
static int aliased_argument(const OperatorEntry* op, size_t r) {
  const AliasInfo* ra = &op->schema.returns[r].alias_info;
  for (size_t i = 0; i < op->schema.num_arguments; i++) {
    const AliasInfo* a = &op->schema.arguments[i].alias_info;
    if (a->is_write && strcmp(a->set, ra->set) == 0) return (int)i;
  }
  return written_argument(op);
}

/* More than one written argument (max.dim_max's values and indices): the
 * recording kernel writes one, so these run through the fallback. */
static bool writes_several(const OperatorEntry* op) {
  int n = 0;
  for (size_t i = 0; i < op->schema.num_arguments; i++) n += op->schema.arguments[i].alias_info.is_write;
  return n > 1;
}

/* A view: the first return aliases (without writing) the first argument. */
static bool is_view_op(const OperatorEntry* op) {
  return op->schema.num_returns > 0 && op->schema.num_arguments > 0 &&
         op->schema.returns[0].alias_info.present && !op->schema.returns[0].alias_info.is_write &&
         op->schema.arguments[0].alias_info.present;
}

static bool returns_only_tensors(const OperatorEntry* op) {
  if (op->schema.num_returns == 0 || op->schema.num_returns > kMaxReturns) return false;
  for (size_t i = 0; i < op->schema.num_returns; i++)
    if (op->schema.returns[i].type.base != SchemaBaseType_Tensor) return false;
  return !(op->schema.num_returns > 1 && op->schema.returns[0].type.is_list);
}

/* Operators whose output shape or errors depend on the data. */
static bool needs_eager_fallback(const OperatorEntry* op) {
  return op == at_op_index_Tensor || op == at_op_index_put_ || !returns_only_tensors(op) || writes_several(op) ||
         op->schema.num_arguments > kMaxArgs;
}

static bool is_lazy_device(const IValue* v) {
  return v->tag == IValueTag_Device && v->u.device.type == DeviceType_Lazy;
}

/*
 * Every tensor must be lazy, but a 0-dim CPU tensor (and copy_'s source).
 * Sets *any_lazy.  Returns 0, or -1 with the device-mismatch RuntimeError.
 * PyTorch 1.13: aten/src/ATen/TensorIterator.cpp compute_types (the message),
 * torch/csrc/lazy/core/tensor.cpp GetLtcTensor
 */
static int check_devices(const OperatorEntry* op, const IValue* args, bool* any_lazy) {
  bool foreign = false;
  *any_lazy = false;
  for (int k = 0; k < op->num_tensor_args; k++) {
    int i = op->tensor_arg_index[k];
    const IValue* v = &args[i];
    if (v->tag == IValueTag_Tensor) {
      const Tensor* t = v->u.tensor;
      if (Tensor_isLazy(t)) *any_lazy = true;
      else if (t->dim != 0 && !(op == at_op_copy_ && i == 1)) foreign = true;
    } else if (v->tag == IValueTag_TensorList) {
      TensorList l = IValue_toTensorList(v);
      for (size_t e = 0; e < l.size; e++) {
        if (l.data[e] == NULL) continue;
        if (Tensor_isLazy(l.data[e])) *any_lazy = true;
        else if (l.data[e]->dim != 0) foreign = true;
      }
    }
  }
  if (*any_lazy && foreign) {
    Error_set(ErrorType_RuntimeError,
              "Expected all tensors to be on the same device, but found at least two devices, "
              "lazy:0 and cpu!");
    return -1;
  }
  return 0;
}

/* ---- building a node ---------------------------------------------------- */

/* The operand for a tensor argument: its value if lazy, else a device_data
 * node holding a snapshot (the CPU tensor may be written later). */
static int operand_for(const Tensor* t, LazyValue* out) {
  if (Tensor_isLazy(t)) {
    LazyValue v = LazyTensor_value((Tensor*)t);
    if (v.node == NULL) return -1;
    *out = LazyValue_make(LazyNode_retain(v.node), v.index);
    return 0;
  }
  Tensor* snap = at_clone(t, kNoMemoryFormat);
  if (snap == NULL) return -1;
  snap->is_wrapped_number = t->is_wrapped_number;
  *out = LazyValue_make(LazyNode_deviceData(snap), 0);
  Tensor_release(snap);
  return 0;
}

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
 * SymInt[] lists stay attributes. */
static bool is_symint_arg(const OperatorEntry* op, size_t i, const IValue* v) {
  const SchemaType* t = &op->schema.arguments[i].type;
  return t->base == SchemaBaseType_SymInt && !t->is_list && v->tag == IValueTag_Int;
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

/* Dummy arguments for the shape run; `owned` collects what to release. */
typedef struct DummyArgs {
  IValue args[kMaxArgs];
  Tensor* owned[64];
  size_t num_owned;
  Tensor** lists[kMaxArgs];
} DummyArgs;

static void DummyArgs_free(DummyArgs* d, size_t num_args) {
  for (size_t i = 0; i < d->num_owned; i++) Tensor_release(d->owned[i]);
  for (size_t i = 0; i < num_args; i++) free(d->lists[i]);
}

static const Tensor* dummy_for(DummyArgs* d, const Tensor* t, bool unwrap) {
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
  Tensor* dummy = make_dummy(t);
  if (dummy != NULL) d->owned[d->num_owned++] = dummy;
  return dummy;
}

static int make_dummy_args(const OperatorEntry* op, const IValue* args, DummyArgs* d) {
  memset(d, 0, sizeof *d);
  bool unwrap = written_argument(op) >= 0;
  for (size_t i = 0; i < op->schema.num_arguments; i++) {
    const IValue* v = &args[i];
    d->args[i] = *v;
    d->args[i].owned = false;
    if (v->tag == IValueTag_Tensor) {
      const Tensor* t = dummy_for(d, v->u.tensor, unwrap);
      if (t == NULL) return -1;
      d->args[i] = IValue_borrowTensor(t);
    } else if (v->tag == IValueTag_TensorList) {
      TensorList l = IValue_toTensorList(v);
      Tensor** copy = malloc((l.size ? l.size : 1) * sizeof *copy);
      TORCH_INTERNAL_ASSERT(copy != NULL);
      d->lists[i] = copy;
      for (size_t e = 0; e < l.size; e++) {
        copy[e] = (Tensor*)dummy_for(d, l.data[e], false);
        if (copy[e] == NULL && l.data[e] != NULL) return -1;
      }
      TensorList dl = {copy, l.size};
      d->args[i] = IValue_borrowTensorList(dl);
    } else if (is_lazy_device(v)) {
      d->args[i] = IValue_none(); /* _to_copy(lazy, device="lazy"): stay where the data is */
    }
  }
  return 0;
}

/* Calls op on the CPU with the trace mode paused.  PyTorch 1.13: the TS
 * backend's computations run below the Python key. */
static int call_cpu(const OperatorEntry* op, IValue* args, IValue* rets) {
  DispatchKeyGuard guard = ExcludeDispatchKeyGuard_push(DispatchKeySet_of(DispatchKey_Python));
  int r = Dispatcher_callBoxed(op, args, rets);
  DispatchKeyGuard_pop(guard);
  return r;
}

/*
 * Builds the node of op(args): shapes from a CPU run on dummies, operands
 * from the tensor arguments.  offsets[i] receives each output's storage
 * offset on the CPU.  Returns the node (new reference), or NULL + error.
 * PyTorch 1.13: the generated LazyNativeFunctions::<op> body (GetLtcTensor
 * of each argument, compute_shape_<op>, MakeNode<Op>)
 */
static LazyNode* build_node(const OperatorEntry* op, const IValue* args, LazyNodeKind kind,
                            int64_t* offsets, size_t max_outputs) {
  size_t num_args = op->schema.num_arguments;
  DummyArgs d;
  IValue drets[kMaxReturns] = {IValue_none(), IValue_none(), IValue_none(), IValue_none()};
  LazyNode* node = NULL;
  if (make_dummy_args(op, args, &d) < 0) goto done;
  /* The CPU kernel shapes its outputs without computing them (MetaMode.h). */
  bool was_meta = MetaMode_enter();
  int shaped = call_cpu(op, d.args, drets);
  MetaMode_restore(was_meta);
  if (shaped < 0) goto done;

  /* The outputs of the shape run. */
  bool returns_list = op->schema.returns[0].type.is_list;
  TensorList outs;
  Tensor* single[kMaxReturns];
  if (returns_list) {
    outs = IValue_toTensorList(&drets[0]);
  } else {
    for (size_t i = 0; i < op->schema.num_returns; i++) single[i] = drets[i].u.tensor;
    outs.data = single;
    outs.size = op->schema.num_returns;
  }
  if (outs.size > max_outputs) {
    Error_set(ErrorType_RuntimeError, "minaten's lazy backend supports at most %zu outputs per operator",
              max_outputs);
    goto done;
  }

  size_t num_operands = 0;
  for (size_t i = 0; i < num_args; i++)
    if (args[i].tag == IValueTag_Tensor || args[i].tag == IValueTag_TensorList || is_scalar_arg(op, i, &args[i]) ||
        is_symint_arg(op, i, &args[i]))
      num_operands++;
  node = LazyNode_new(kind, num_operands, outs.size);
  node->op = op;
  node->returns_list = returns_list;
  node->view_op = is_view_op(op);
  node->num_args = num_args;
  node->args = calloc(num_args ? num_args : 1, sizeof *node->args);
  node->arg_operand = calloc(num_args ? num_args : 1, sizeof *node->arg_operand);
  TORCH_INTERNAL_ASSERT(node->args != NULL && node->arg_operand != NULL);
  node->written_arg = written_argument(op);
  size_t k = 0;
  for (size_t i = 0; i < num_args; i++) {
    const IValue* v = &args[i];
    node->arg_operand[i] = -1;
    if (v->tag == IValueTag_Tensor) {
      node->arg_operand[i] = (int)k;
      node->args[i] = IValue_none();
      if (operand_for(v->u.tensor, &node->operands[k++]) < 0) goto fail;
    } else if (v->tag == IValueTag_TensorList) {
      /* One operand: a tensor_list node whose operands are the elements. */
      TensorList l = IValue_toTensorList(v);
      node->arg_operand[i] = (int)k;
      node->args[i] = IValue_none();
      LazyNode* list = LazyNode_new(LazyNodeKind_TensorList, l.size, 0);
      node->operands[k++] = LazyValue_make(list, 0);
      for (size_t e = 0; e < l.size; e++)
        if (operand_for(l.data[e], &list->operands[e]) < 0) goto fail;
    } else if (is_symint_arg(op, i, v)) {
      node->arg_operand[i] = (int)k;
      node->args[i] = IValue_none();
      if (constant_operand(v->u.i, &node->operands[k++]) < 0) goto fail;
    } else if (is_scalar_arg(op, i, v)) {
      node->arg_operand[i] = (int)k;
      node->args[i] = IValue_none();
      if (scalar_operand(IValue_toScalar(v), &node->operands[k++]) < 0) goto fail;
    } else if (is_lazy_device(v)) {
      node->args[i] = IValue_none();
    } else {
      node->args[i] = IValue_clone(v);
    }
  }
  for (size_t o = 0; o < outs.size; o++) {
    LazyShape_fromTensor(&node->shapes[o], outs.data[o]);
    if (offsets) offsets[o] = outs.data[o]->storage_offset;
  }
  goto done;
fail:
  LazyNode_release(node);
  node = NULL;
done:
  for (size_t i = 0; i < kMaxReturns; i++) IValue_release(&drets[i]);
  DummyArgs_free(&d, num_args);
  return node;
}

/* ---- the kernel's cases --------------------------------------------------- */

/* Boxes n tensors (taken over) as the operator's returns. */
static void return_tensors(const OperatorEntry* op, Tensor** ts, size_t n, IValue* rets) {
  if (op->schema.returns[0].type.is_list) {
    Tensor** l = malloc((n ? n : 1) * sizeof *l);
    TORCH_INTERNAL_ASSERT(l != NULL);
    memcpy(l, ts, n * sizeof *l);
    TensorList tl = {l, n};
    rets[0] = IValue_borrowTensorList(tl);
    rets[0].owned = true;
    return;
  }
  for (size_t i = 0; i < n; i++) rets[i] = IValue_takeTensor(ts[i]);
}

static int record(const OperatorEntry* op, IValue* args, IValue* rets) {
  enum { kMaxOutputs = 256 };
  int written = written_argument(op);
  bool view = written < 0 && is_view_op(op) && args[0].tag == IValueTag_Tensor &&
              Tensor_isLazy(args[0].u.tensor);
  LazyNodeKind kind = written >= 0 ? LazyNodeKind_InPlaceOp : LazyNodeKind_Op;
  if (written >= 0 && !(args[written].tag == IValueTag_Tensor && Tensor_isLazy(args[written].u.tensor))) {
    Error_set(ErrorType_RuntimeError,
              "Expected all tensors to be on the same device, but found at least two devices, "
              "lazy:0 and cpu!");
    return -1;
  }
  int64_t* offsets = calloc(kMaxOutputs, sizeof *offsets);
  TORCH_INTERNAL_ASSERT(offsets != NULL);
  LazyNode* node = build_node(op, args, kind, offsets, kMaxOutputs);
  if (node == NULL) {
    free(offsets);
    return -1;
  }
  int r = 0;
  if (written >= 0) {
    Tensor* self = args[written].u.tensor;
    LazyTensor_write(self, LazyValue_make(node, 0));
    rets[0] = IValue_takeTensor(Tensor_retain(self));
  } else {
    Tensor** outs = calloc(node->num_outputs ? node->num_outputs : 1, sizeof *outs);
    TORCH_INTERNAL_ASSERT(outs != NULL);
    for (size_t o = 0; o < node->num_outputs && r == 0; o++) {
      LazyValue v = LazyValue_make(node, (int64_t)o);
      if (view) {
        LazyViewStep step = {op, calloc(op->schema.num_arguments, sizeof(IValue)), op->schema.num_arguments,
                             (int64_t)o};
        TORCH_INTERNAL_ASSERT(step.args != NULL);
        for (size_t i = 1; i < step.num_args; i++) step.args[i] = IValue_clone(&args[i]);
        outs[o] = LazyTensor_createView(args[0].u.tensor, step, v, offsets[o]);
      } else {
        outs[o] = LazyTensor_create(v);
      }
      if (outs[o] == NULL) r = -1;
    }
    if (r == 0) {
      return_tensors(op, outs, node->num_outputs, rets);
    } else {
      for (size_t o = 0; o < node->num_outputs; o++) Tensor_release(outs[o]);
    }
    free(outs);
  }
  LazyNode_release(node);
  free(offsets);
  return r;
}

/* Lazy tensors have no quantized types (the TS backend has none): an
 * operator whose CPU run made a quantized tensor is refused as one with no
 * Lazy kernel.  Releases the returns. */
static int refuse_quantized(const OperatorEntry* op, IValue* crets) {
  bool quantized = false;
  for (size_t i = 0; i < op->schema.num_returns; i++)
    quantized = quantized || (crets[i].tag == IValueTag_Tensor && ScalarType_isQuantized(crets[i].u.tensor->dtype));
  if (!quantized) return 0;
  for (size_t i = 0; i < kMaxReturns; i++) IValue_release(&crets[i]);
  return OperatorEntry_reportError(op, DispatchKey_Lazy);
}

/* An operator with no lazy tensor that BackendSelect sent here for its
 * device="lazy" (a factory, or `_to_copy` of a CPU tensor): run on the CPU,
 * the result moved in.  is_contiguous then answers for that CPU data, as
 * 1.13's LTCTensorImpl asks its CurrentTensorData.
 * PyTorch 1.13: ts_native_functions.cpp LazyNativeFunctions::empty_symint,
 * LazyNativeFunctions::_to_copy (case 1: eager -> lazy) */
static int factory(const OperatorEntry* op, IValue* args, IValue* rets) {
  IValue cargs[kMaxArgs];
  for (size_t i = 0; i < op->schema.num_arguments; i++) {
    cargs[i] = args[i];
    cargs[i].owned = false;
    if (is_lazy_device(&args[i])) cargs[i] = IValue_fromDevice(Device_cpu());
  }
  IValue crets[kMaxReturns] = {IValue_none(), IValue_none(), IValue_none(), IValue_none()};
  if (call_cpu(op, cargs, crets) < 0 || refuse_quantized(op, crets) < 0) return -1;
  int r = 0;
  for (size_t i = 0; i < op->schema.num_returns; i++) {
    if (crets[i].tag != IValueTag_Tensor) {
      rets[i] = crets[i];
      crets[i] = IValue_none();
      continue;
    }
    LazyNode* n = LazyNode_deviceData(crets[i].u.tensor);
    Tensor* t = LazyTensor_create(LazyValue_make(n, 0));
    LazyNode_release(n);
    if (t == NULL) r = -1;
    else t->is_contiguous = crets[i].u.tensor->is_contiguous;
    rets[i] = IValue_takeTensor(t);
  }
  for (size_t i = 0; i < kMaxReturns; i++) IValue_release(&crets[i]);
  return r;
}

/* Runs op eagerly on the CPU values of its lazy arguments; tensor results
 * come back as device_data, a written argument is written with its new value.
 * PyTorch 1.13: torch/csrc/lazy/ts_backend/ts_eager_fallback.cpp ts_eager_fallback */
static int eager_fallback(const OperatorEntry* op, IValue* args, IValue* rets) {
  size_t num_args = op->schema.num_arguments;
  if (num_args > kMaxArgs || op->schema.num_returns > kMaxReturns) {
    return OperatorEntry_reportError(op, DispatchKey_Lazy);
  }
  IValue cargs[kMaxArgs];
  Tensor* owned[kMaxArgs] = {0};
  Tensor** lists[kMaxArgs] = {0};
  IValue crets[kMaxReturns] = {IValue_none(), IValue_none(), IValue_none(), IValue_none()};
  int written = written_argument(op);
  int r = -1;
  for (size_t i = 0; i < num_args; i++) {
    cargs[i] = args[i];
    cargs[i].owned = false;
    if (args[i].tag == IValueTag_Tensor && Tensor_isLazy(args[i].u.tensor)) {
      Tensor* cpu = LazyTensor_toCpu(args[i].u.tensor);
      if (cpu == NULL) goto done;
      if (op->schema.arguments[i].alias_info.is_write) {
        /* The cached result is shared: write a private copy. */
        owned[i] = at_clone(cpu, kNoMemoryFormat);
        Tensor_release(cpu);
        if (owned[i] == NULL) goto done;
      } else {
        owned[i] = cpu;
      }
      cargs[i] = IValue_borrowTensor(owned[i]);
    } else if (args[i].tag == IValueTag_TensorList) {
      TensorList l = IValue_toTensorList(&args[i]);
      lists[i] = calloc(l.size ? l.size : 1, sizeof(Tensor*));
      TORCH_INTERNAL_ASSERT(lists[i] != NULL);
      for (size_t e = 0; e < l.size; e++) {
        lists[i][e] = Tensor_isLazy(l.data[e]) ? LazyTensor_toCpu(l.data[e])
                                               : (l.data[e] ? Tensor_retain(l.data[e]) : NULL);
        if (l.data[e] != NULL && lists[i][e] == NULL) goto done;
      }
      TensorList cl = {lists[i], l.size};
      cargs[i] = IValue_borrowTensorList(cl);
    } else if (is_lazy_device(&args[i])) {
      cargs[i] = IValue_fromDevice(Device_cpu());
    }
  }
  if (call_cpu(op, cargs, crets) < 0 || refuse_quantized(op, crets) < 0) goto done;
  for (size_t i = 0; i < op->schema.num_returns; i++) {
    if (crets[i].tag != IValueTag_Tensor) {
      rets[i] = crets[i];
      crets[i] = IValue_none();
    } else if (written >= 0 && op->schema.returns[i].alias_info.present) {
      /* the argument this return aliases (max.dim_max: values -> max) */
      int w = aliased_argument(op, i);
      Tensor* self = args[w].u.tensor;
      LazyNode* n = LazyNode_deviceData(owned[w]);
      LazyTensor_write(self, LazyValue_make(n, 0));
      LazyNode_release(n);
      rets[i] = IValue_takeTensor(Tensor_retain(self));
    } else {
      LazyNode* n = LazyNode_deviceData(crets[i].u.tensor);
      Tensor* t = LazyTensor_create(LazyValue_make(n, 0));
      LazyNode_release(n);
      if (t == NULL) goto done;
      rets[i] = IValue_takeTensor(t);
    }
  }
  r = 0;
done:
  for (size_t i = 0; i < kMaxReturns; i++) IValue_release(&crets[i]);
  for (size_t i = 0; i < num_args; i++) {
    Tensor_release(owned[i]);
    if (lists[i]) {
      for (size_t e = 0; e < args[i].u.list.size; e++) Tensor_release(lists[i][e]);
      free(lists[i]);
    }
  }
  return r;
}

/*
 * _to_copy of a lazy tensor: to the CPU, materialise (contiguous, as the
 * TS backend's results are) and convert there; to lazy, an IR node.
 * PyTorch 1.13: ts_native_functions.cpp LazyNativeFunctions::_to_copy
 */
static int lazy__to_copy(const OperatorEntry* op, IValue* args, IValue* rets) {
  const IValue* device = &args[3];
  if (device->tag == IValueTag_None || is_lazy_device(device)) return record(op, args, rets);
  Tensor* cpu = LazyTensor_toCpu(args[0].u.tensor);
  if (cpu == NULL) return -1;
  Tensor* c = at_contiguous(cpu, MemoryFormat_Contiguous);
  Tensor_release(cpu);
  if (c == NULL) return -1;
  IValue cargs[7];
  for (size_t i = 0; i < 7; i++) {
    cargs[i] = args[i];
    cargs[i].owned = false;
  }
  cargs[0] = IValue_borrowTensor(c);
  int r = call_cpu(op, cargs, rets);
  Tensor_release(c);
  return r;
}

/*
 * copy_ with a lazy tensor: from the CPU into a lazy tensor, the source
 * (broadcast and converted on the CPU, with the CPU's errors) becomes
 * device_data; into a CPU tensor, the lazy source is materialised; between
 * lazy tensors, an IR node.
 * PyTorch 1.13: ts_native_functions.cpp LazyNativeFunctions::copy_
 */
static int lazy_copy_(const OperatorEntry* op, IValue* args, IValue* rets) {
  Tensor* self = args[0].u.tensor;
  const Tensor* src = args[1].u.tensor;
  bool non_blocking = args[2].u.b;
  if (Tensor_isLazy(self) && Tensor_isLazy(src)) return record(op, args, rets);
  if (!Tensor_isLazy(self)) {
    if (self->dim == 0 && src->dim != 0) {
      Error_set(ErrorType_RuntimeError,
                "Expected all tensors to be on the same device, but found at least two devices, "
                "lazy:0 and cpu!");
      return -1;
    }
    Tensor* cpu = LazyTensor_toCpu((Tensor*)src);
    if (cpu == NULL) return -1;
    Tensor* out = at_copy_(self, cpu, non_blocking);
    Tensor_release(cpu);
    if (out == NULL) return -1;
    rets[0] = IValue_takeTensor(out);
    return 0;
  }
  Tensor* data;
  if (src->dtype == self->dtype && self->dim == src->dim &&
      memcmp(self->sizes, src->sizes, (size_t)self->dim * sizeof(int64_t)) == 0) {
    data = at_clone(src, kNoMemoryFormat);
  } else {
    data = empty_cpu(Tensor_sizes(self), self->dtype);
    if (data != NULL) {
      Tensor* out = at_copy_(data, src, non_blocking);
      if (out == NULL) {
        Tensor_release(data);
        data = NULL;
      }
      Tensor_release(out);
    }
  }
  if (data == NULL) return -1;
  bool base = self->lazy->num_steps == 0;
  LazyNode* n = LazyNode_deviceData(data);
  LazyTensor_write(self, LazyValue_make(n, 0));
  LazyNode_release(n);
  /* 1.13 answers is_contiguous from the CPU data a tensor was moved in from. */
  if (base) self->is_contiguous = data->is_contiguous;
  Tensor_release(data);
  rets[0] = IValue_takeTensor(Tensor_retain(self));
  (void)op;
  return 0;
}

int LazyNativeFunctions_boxed(const KernelFunction* kernel, const OperatorEntry* op,
                              DispatchKeySet ks, IValue* args, IValue* rets) {
  (void)kernel;
  (void)ks;
  if (op == at_op_copy_) return lazy_copy_(op, args, rets);
  /* Indices may stay on the CPU, as CUDA's may. */
  if (op == at_op_index_Tensor || op == at_op_index_put_) return eager_fallback(op, args, rets);
  bool any_lazy;
  if (check_devices(op, args, &any_lazy) < 0) return -1;
  if (!any_lazy) return factory(op, args, rets);
  if (op == at_op__to_copy) return lazy__to_copy(op, args, rets);
  if (needs_eager_fallback(op)) return eager_fallback(op, args, rets);
  return record(op, args, rets);
}

/* ---- view chains ------------------------------------------------------------ */

/* The Lazy backend fallback: an operator the TS backend does not lower
 * runs on the CPU, its lazy inputs materialised, its results moved in as
 * device_data (so lazy_ir shows them as data, as 1.13's does).
 * PyTorch 1.13: torch/csrc/lazy/ts_backend/ts_eager_fallback.cpp ltc_eager_fallback */
int LazyNativeFunctions_eagerFallback(const KernelFunction* kernel, const OperatorEntry* op, DispatchKeySet ks,
                                      IValue* args, IValue* rets) {
  (void)kernel;
  (void)ks;
  /* Indices may stay on the CPU, as CUDA's may. */
  if (op == at_op_index_Tensor || op == at_op_index_put_) return eager_fallback(op, args, rets);
  bool any_lazy;
  if (check_devices(op, args, &any_lazy) < 0) return -1;
  return any_lazy ? eager_fallback(op, args, rets) : factory(op, args, rets);
}

int LazyNativeFunctions_replayView(const LazyViewStep* step, LazyValue base, LazyValue* out) {
  Tensor* self = LazyTensor_create(base);
  if (self == NULL) return -1;
  IValue args[kMaxArgs];
  for (size_t i = 0; i < step->num_args; i++) {
    args[i] = step->args[i];
    args[i].owned = false;
  }
  args[0] = IValue_borrowTensor(self);
  enum { kMaxOutputs = 256 };
  LazyNode* node = build_node(step->op, args, LazyNodeKind_Op, NULL, kMaxOutputs);
  Tensor_release(self);
  if (node == NULL) return -1;
  *out = LazyValue_make(node, step->output_index);
  return 0;
}

Tensor* LazyNativeFunctions_applyViewStep(const LazyViewStep* step, Tensor* self) {
  IValue args[kMaxArgs];
  IValue rets[kMaxReturns] = {IValue_none(), IValue_none(), IValue_none(), IValue_none()};
  DummyArgs d;
  /* Other tensor arguments of a view (view_as's `other`) give only sizes. */
  if (make_dummy_args(step->op, step->args, &d) < 0) {
    DummyArgs_free(&d, step->num_args);
    return NULL;
  }
  memcpy(args, d.args, step->num_args * sizeof *args);
  args[0] = IValue_borrowTensor(self);
  Tensor* r = NULL;
  if (call_cpu(step->op, args, rets) == 0) {
    if (step->op->schema.returns[0].type.is_list) {
      TensorList l = IValue_toTensorList(&rets[0]);
      r = Tensor_retain(l.data[step->output_index]);
    } else {
      r = rets[step->output_index].u.tensor;
      if (!rets[step->output_index].owned) Tensor_retain(r);
      rets[step->output_index] = IValue_none();
    }
  }
  for (size_t i = 0; i < kMaxReturns; i++) IValue_release(&rets[i]);
  DummyArgs_free(&d, step->num_args);
  return r;
}
