/*
 * LazyNativeFunctions.c - one boxed kernel that records any operator.
 *
 * PyTorch generates a Lazy kernel per operator it lowers
 * (LazyNativeFunctions::add, ...), each with a shape function and an IR
 * node class.  minaten has one boxed kernel, driven by the operator's
 * schema, which the code generator registers for the operators of
 * yaml/ts_native_functions.yaml; every other operator reaches
 * the Lazy backend fallback (LazyEagerFallback.c), which runs it on the
 * CPU.  The recording kernel:
 *
 *   1. Devices: every tensor argument must be lazy, except 0-dim CPU tensors
 *      (Python numbers wrapped as tensors, `t + torch.tensor(1.)`) and the
 *      source of copy_; they become device_data nodes.  Anything else raises
 *      "Expected all tensors to be on the same device, ..." (NB(minaten):
 *      PyTorch 1.13 aborts the process on this failed internal check;
 *      LazyTensor_checkDevices).
 *   2. Node: LazyIrBuilder.c builds it: shapes from the CPU kernel run in
 *      MetaMode on dummies, so that a shape error is the CPU kernel's own,
 *      then operands and attributes.
 *   3. Returns.  A `Tensor(a!)` argument makes the operator in place: the
 *      node computes a new value and the tensor is written
 *      (LazyTensor_write); otherwise the outputs are new lazy tensors.
 *
 * No views reach it: a lazy tensor is a functional one, whose views reach
 * the backend as their *_copy operators (LazyTensor.h).
 *
 * Special cases, as in PyTorch's ts_native_functions.cpp: `_to_copy` to the
 * CPU materialises, `copy_` from the CPU moves data in, factories with
 * device="lazy" make their tensor on the CPU and move it in, and operators
 * whose result depends on data (index, index_put_) or that return no tensor
 * run eagerly on materialised inputs (PyTorch's ltc_eager_fallback).
 *
 * PyTorch 1.13: torch/csrc/lazy/ts_backend/ts_native_functions.cpp,
 * torchgen/dest/lazy_ir.py
 */
#include "ops/lazy/LazyNativeFunctions.h"

#include <stdlib.h>
#include <string.h>

#include "Functions.h"
#include "Operators.h"
#include "dispatch/Boxing.h"
#include "dispatch/Dispatcher.h"
#include "ops/EmptyTensor.h"
#include "ops/MetaMode.h"
#include "ops/functionalization/FunctionalTensorWrapper.h"
#include "ops/lazy/LazyEagerFallback.h"
#include "ops/lazy/LazyIrBuilder.h"
#include "ops/lazy/LazyTensor.h"
#include "runtime/Exception.h"

/* ---- argument classification ------------------------------------------------ */

/* More than one written argument and no functional overload: the
 * recording kernel writes one, so these run through the fallback. */
static bool writes_several(const OperatorEntry* op) {
  int n = 0;
  for (size_t i = 0; i < op->schema.num_arguments; i++) n += op->schema.arguments[i].alias_info.is_write;
  return n > 1;
}

static bool returns_only_tensors(const OperatorEntry* op) {
  if (op->schema.num_returns == 0 || op->schema.num_returns > kLazyMaxReturns) return false;
  for (size_t i = 0; i < op->schema.num_returns; i++)
    if (op->schema.returns[i].type.base != SchemaBaseType_Tensor) return false;
  return !(op->schema.num_returns > 1 && op->schema.returns[0].type.is_list);
}

/* Operators whose output shape or errors depend on the data (nonzero:
 * 1.13's lazy nonzero also comes back as device_data). */
static bool needs_eager_fallback(const OperatorEntry* op) {
  return op == at_op_index_Tensor || op == at_op_index_put_ || op == at_op_nonzero || op == at_op_nonzero_out || !returns_only_tensors(op) || writes_several(op) ||
         op->schema.num_arguments > kLazyMaxArgs;
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
  int written = LazyIrBuilder_writtenArgument(op);
  LazyNodeKind kind = written >= 0 ? LazyNodeKind_InPlaceOp : LazyNodeKind_Op;
  if (written >= 0 && !(args[written].tag == IValueTag_Tensor && Tensor_isLazy(args[written].u.tensor)))
    return LazyTensor_errorDeviceMismatch();
  LazyNode* node = LazyIrBuilder_buildNode(op, args, kind, LazyTensor_operand);
  if (node == NULL) return -1;
  int r = 0;
  if (written >= 0) {
    Tensor* self = args[written].u.tensor;
    LazyTensor_write(self, LazyValue_make(node, 0));
    rets[0] = IValue_takeTensor(Tensor_retain(self));
  } else {
    Tensor** outs = calloc(node->num_outputs ? node->num_outputs : 1, sizeof *outs);
    TORCH_INTERNAL_ASSERT(outs != NULL);
    for (size_t o = 0; o < node->num_outputs && r == 0; o++) {
      outs[o] = LazyTensor_create(LazyValue_make(node, (int64_t)o));
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
  return r;
}

/*
 * _to_copy of a lazy tensor: to the CPU, materialise and convert there,
 * from the layout the graph's kernels gave the value (t of a [2, 3] value
 * comes back with strides [1, 3], as its memory_format says: preserved by
 * default); to lazy, an IR node.
 * PyTorch 1.13: ts_native_functions.cpp LazyNativeFunctions::_to_copy
 */
static int lazy__to_copy(const OperatorEntry* op, IValue* args, IValue* rets) {
  const IValue* device = &args[3];
  if (device->tag == IValueTag_None) return record(op, args, rets);
  if (LazyIrBuilder_isLazyDevice(device)) {
    /* lazy to lazy: the node keeps no device (1.13's IR shows device=null) */
    IValue largs[7];
    memcpy(largs, args, sizeof largs);
    largs[3] = IValue_none();
    return record(op, largs, rets);
  }
  Tensor* cpu = LazyTensor_toCpu(args[0].u.tensor);
  if (cpu == NULL) return -1;
  IValue cargs[7];
  for (size_t i = 0; i < 7; i++) {
    cargs[i] = args[i];
    cargs[i].owned = false;
  }
  cargs[0] = IValue_borrowTensor(cpu);
  int r = LazyIrBuilder_callCpu(op, cargs, rets);
  Tensor_release(cpu);
  return r;
}

/* A new lazy tensor holding `op(t, ...)`'s value, recorded as the
 * recording kernel records op (args[0] is replaced by t).  NULL + error. */
static Tensor* record_functional(const OperatorEntry* op, const Tensor* t, IValue* args) {
  IValue rets[kLazyMaxReturns] = {IValue_none(), IValue_none(), IValue_none(), IValue_none()};
  args[0] = IValue_borrowTensor(t);
  if (record(op, args, rets) < 0) return NULL;
  Tensor* r = rets[0].u.tensor;
  if (!rets[0].owned) Tensor_retain(r);
  rets[0] = IValue_none();
  for (size_t i = 0; i < kLazyMaxReturns; i++) IValue_release(&rets[i]);
  return r;
}

/* The value copy_ gives self from `src` (a lazy tensor, or a CPU one moved
 * in as device_data): src itself when dtype and shape agree, else an
 * _to_copy node to self's dtype, then an expand_copy node to self's shape
 * (with expand's shape errors).  New reference, NULL + error.
 * PyTorch 1.13: ts_native_functions.cpp LazyNativeFunctions::copy_ (under
 * functionalization the IR shows _to_copy and expand_copy, no copy) */
static Tensor* copy_source(const Tensor* self, Tensor* src) {
  Tensor* v = Tensor_retain(src);
  if (v->dtype != self->dtype) {
    IValue args[7] = {IValue_none(), IValue_fromScalarType(self->dtype), IValue_fromLayout(Layout_Strided),
                      IValue_none(), IValue_fromBool(false), IValue_fromBool(false), IValue_none()};
    Tensor* c = record_functional(at_op__to_copy, v, args);
    Tensor_release(v);
    if ((v = c) == NULL) return NULL;
  }
  if (!Tensor_hasSizes(v, Tensor_sizes(self))) {
    IValue args[3] = {IValue_none(), IValue_borrowIntList(Tensor_sizes(self)), IValue_fromBool(false)};
    Tensor* e = record_functional(at_op_expand, v, args);
    Tensor_release(v);
    v = e;
  }
  return v;
}

/*
 * copy_ with a lazy tensor: into a CPU tensor, the lazy source is
 * materialised; into a lazy tensor, self takes the source's value
 * (copy_source: no copy node; a CPU source, converted to self's dtype on
 * the CPU with the CPU's errors, becomes device_data first).
 * PyTorch 1.13: ts_native_functions.cpp LazyNativeFunctions::copy_, as the
 * IR shows it under functionalization
 */
static int lazy_copy_(const OperatorEntry* op, IValue* args, IValue* rets) {
  Tensor* self = args[0].u.tensor;
  const Tensor* src = args[1].u.tensor;
  bool non_blocking = args[2].u.b;
  (void)op;
  if (!Tensor_isLazy(self)) {
    if (self->dim == 0 && src->dim != 0) return LazyTensor_errorDeviceMismatch();
    Tensor* cpu = LazyTensor_toCpu((Tensor*)src);
    if (cpu == NULL) return -1;
    Tensor* out = at_copy_(self, cpu, non_blocking);
    Tensor_release(cpu);
    if (out == NULL) return -1;
    rets[0] = IValue_takeTensor(out);
    return 0;
  }
  Tensor* moved = NULL;
  if (!Tensor_isLazy(src)) {
    OptionalScalarType dtype = {true, self->dtype};
    Tensor* data = at__to_copy(src, dtype, kNoLayout, kNoDevice, kNoPinMemory, non_blocking, kNoMemoryFormat);
    if (data == NULL) return -1;
    LazyNode* n = LazyNode_deviceData(data);
    moved = LazyTensor_create(LazyValue_make(n, 0));
    LazyNode_release(n);
    if (moved == NULL) {
      Tensor_release(data);
      return -1;
    }
    moved->is_contiguous = data->is_contiguous;
    Tensor_release(data);
    src = moved;
  }
  bool contiguous = moved == NULL || moved->is_contiguous;
  Tensor* value = copy_source(self, (Tensor*)src);
  Tensor_release(moved);
  if (value == NULL) return -1;
  LazyValue v = LazyTensor_value(value);
  if (v.node != NULL) LazyTensor_write(self, v);
  Tensor_release(value);
  if (v.node == NULL) return -1;
  /* 1.13 answers is_contiguous from the CPU data a tensor was moved in from. */
  self->is_contiguous = contiguous;
  rets[0] = IValue_takeTensor(Tensor_retain(self));
  return 0;
}

/*
 * clone of a lazy tensor: a new tensor holding the same value, with no
 * node, whatever the memory_format (the value keeps its CPU layout).
 * PyTorch 1.13: ts_native_functions.cpp LazyNativeFunctions::clone
 */
static int lazy_clone(IValue* args, IValue* rets) {
  LazyValue v = LazyTensor_value(args[0].u.tensor);
  if (v.node == NULL) return -1;
  Tensor* t = LazyTensor_create(v);
  if (t == NULL) return -1;
  rets[0] = IValue_takeTensor(t);
  return 0;
}

/*
 * _unsafe_view of a lazy tensor (matmul's and reshape's last step on the
 * CPU): 1.13's functionalization treats it as `view`, so the IR shows
 * view_copy and the node runs as one.
 * PyTorch 1.13: aten/src/ATen/FunctionalizeFallbackKernel.cpp
 * _unsafe_view_functionalize
 */
static int lazy__unsafe_view(IValue* args, IValue* rets) {
  IValue vargs[2] = {args[0], args[1]};
  vargs[0].owned = vargs[1].owned = false;
  LazyNode* node = LazyIrBuilder_buildNode(at_op_view, vargs, LazyNodeKind_Op, LazyTensor_operand);
  if (node == NULL) return -1;
  Tensor* t = LazyTensor_create(LazyValue_make(node, 0));
  LazyNode_release(node);
  if (t == NULL) return -1;
  rets[0] = IValue_takeTensor(t);
  return 0;
}

/*
 * fill_ of a lazy tensor with a Scalar: no fill node; the value becomes a
 * 0-dim device_data of the tensor's dtype (converted on the CPU, with the
 * CPU's overflow errors), broadcast to the tensor's shape.
 * PyTorch 1.13: ts_native_functions.cpp LazyNativeFunctions::fill_
 */
static int lazy_fill_(const OperatorEntry* op, IValue* args, IValue* rets) {
  Tensor* self = args[0].u.tensor;
  Tensor* scalar = empty_cpu(IntArrayRef_make(NULL, 0), self->dtype);
  if (scalar == NULL) return -1;
  IValue cargs[2] = {IValue_borrowTensor(scalar), args[1]};
  cargs[1].owned = false;
  IValue crets[1] = {IValue_none()};
  if (LazyIrBuilder_callCpu(op, cargs, crets) < 0) {
    Tensor_release(scalar);
    return -1;
  }
  IValue_release(&crets[0]);
  LazyNode* data = LazyNode_deviceData(scalar);
  Tensor_release(scalar);
  LazyValue v = LazyValue_make(data, 0);
  LazyNode* expand = NULL;
  if (self->dim > 0) {
    LazyShape shape;
    LazyShape_fromTensor(&shape, self);
    expand = LazyNode_scalarExpand(v, &shape);
    v = LazyValue_make(expand, 0);
  }
  LazyTensor_write(self, v);
  LazyNode_release(expand);
  LazyNode_release(data);
  rets[0] = IValue_takeTensor(Tensor_retain(self));
  return 0;
}

static int write_functional_result(Tensor* self, Tensor* r);

/* The functional overload of an out= operator: same name, the arguments
 * but the written keyword-only ones (add.out -> add.Tensor, sum.IntList_out
 * -> sum.dim_IntList), or NULL.  *num_out gets the count of out arguments. */
static const OperatorEntry* functional_of_out(const OperatorEntry* op, size_t* num_out) {
  const FunctionSchema* s = &op->schema;
  size_t n = 0;
  for (size_t i = 0; i < s->num_arguments; i++) {
    const Argument* a = &s->arguments[i];
    if (a->kwarg_only && a->alias_info.is_write) n++;
    else if (n > 0) return NULL; /* out arguments come last */
  }
  if (n == 0) return NULL;
  *num_out = n;
  for (size_t k = 0; k < Dispatcher_numOperators(); k++) {
    const OperatorEntry* f = Dispatcher_operator(k);
    const FunctionSchema* fs = &f->schema;
    if (f == op || fs->is_mutable || fs->num_arguments != s->num_arguments - n || strcmp(fs->name, s->name) != 0 ||
        strcmp(fs->ns, s->ns) != 0)
      continue;
    bool same = true;
    for (size_t i = 0; i < fs->num_arguments && same; i++) {
      const Argument *x = &fs->arguments[i], *y = &s->arguments[i];
      same = strcmp(x->name, y->name) == 0 && x->type.base == y->type.base && x->type.is_list == y->type.is_list &&
             x->type.is_optional == y->type.is_optional;
    }
    if (same) return f;
  }
  return NULL;
}

/*
 * An out= operator with lazy tensors: the functional operator's node, then
 * an _to_copy node to the out tensor's dtype when they differ (a result
 * cast as copy_ casts, where the CPU kernel refuses some casts), written to
 * the out tensor (resized to the result's shape).
 * PyTorch 1.13: the functionalization kernel of an out= operator
 * (gen_functionalization_type.py: the functional call, then
 * out.replace_() + commit_update), as the IR shows it
 */
static int record_out(const OperatorEntry* op, const OperatorEntry* functional, size_t num_out, IValue* args,
                      IValue* rets) {
  size_t first = op->schema.num_arguments - num_out;
  if (num_out > kLazyMaxReturns || functional->schema.num_returns != num_out) return LazyEagerFallback_run(op, args, rets);
  for (size_t k = first; k < op->schema.num_arguments; k++)
    if (args[k].tag != IValueTag_Tensor || !Tensor_isLazy(args[k].u.tensor)) return LazyTensor_errorDeviceMismatch();
  IValue frets[kLazyMaxReturns] = {IValue_none(), IValue_none(), IValue_none(), IValue_none()};
  if (record(functional, args, frets) < 0) return -1;
  Tensor* r[kLazyMaxReturns];
  for (size_t k = 0; k < num_out; k++) {
    r[k] = frets[k].u.tensor;
    if (!frets[k].owned) Tensor_retain(r[k]);
    frets[k] = IValue_none();
  }
  for (size_t i = 0; i < kLazyMaxReturns; i++) IValue_release(&frets[i]);
  int res = 0;
  for (size_t k = 0; k < num_out; k++)
    if (res < 0) Tensor_release(r[k]);
    else res = write_functional_result(args[first + k].u.tensor, r[k]);
  if (res < 0) return -1;
  for (size_t k = 0; k < num_out; k++) rets[k] = IValue_takeTensor(Tensor_retain(args[first + k].u.tensor));
  return 0;
}

/* The functional operator of an in-place one: the name without its
 * trailing `_`, the same argument types and (after self) names
 * (add_.Tensor -> add.Tensor, lt_.Scalar -> lt.Scalar), or NULL. */
static const OperatorEntry* functional_of_inplace(const OperatorEntry* op) {
  const FunctionSchema* s = &op->schema;
  size_t len = strlen(s->name);
  if (len < 2 || s->name[len - 1] != '_') return NULL;
  for (size_t k = 0; k < Dispatcher_numOperators(); k++) {
    const OperatorEntry* f = Dispatcher_operator(k);
    const FunctionSchema* fs = &f->schema;
    if (fs->is_mutable || fs->num_arguments != s->num_arguments || strlen(fs->name) != len - 1 ||
        strncmp(fs->name, s->name, len - 1) != 0 || strcmp(fs->ns, s->ns) != 0 || fs->num_returns != 1)
      continue;
    /* self's type too: bitwise_and_.Tensor is bitwise_and.Tensor, not the
     * earlier bitwise_and.Scalar_Tensor(Scalar self, Tensor other) */
    bool same = true;
    for (size_t i = 0; i < fs->num_arguments && same; i++) {
      const Argument *x = &fs->arguments[i], *y = &s->arguments[i];
      same = (i == 0 || strcmp(x->name, y->name) == 0) && x->type.base == y->type.base &&
             x->type.is_list == y->type.is_list && x->type.is_optional == y->type.is_optional;
    }
    if (same) return f;
  }
  return NULL;
}

/* The functional result `r` (taken over) as the value written to `self`:
 * cast by an _to_copy node when the dtypes differ (lt_ on a float tensor
 * writes lt's Bool result as Float).  Returns 0 or -1 + error. */
static int write_functional_result(Tensor* self, Tensor* r) {
  if (r->dtype != self->dtype) {
    IValue cargs[7] = {IValue_none(), IValue_fromScalarType(self->dtype), IValue_fromLayout(Layout_Strided),
                       IValue_none(), IValue_none(), IValue_fromBool(false), IValue_none()};
    Tensor* c = record_functional(at_op__to_copy, r, cargs);
    Tensor_release(r);
    if ((r = c) == NULL) return -1;
  }
  LazyValue v = LazyTensor_value(r);
  if (v.node != NULL) LazyTensor_write(self, v);
  Tensor_release(r);
  return v.node == NULL ? -1 : 0;
}

/*
 * An in-place operator with a functional sibling: the in-place operator's
 * shape run first (its errors: "result type Float can't be cast to the
 * desired output type Long"), then the functional operator's node, cast
 * back to self's dtype when it differs, written to self.
 * PyTorch 1.13: the functionalization kernel of an in-place operator
 * (gen_functionalization_type.py: the call on meta tensors, the functional
 * call, then replace_ + commit_update), as the IR shows it
 */
static int record_inplace(const OperatorEntry* op, const OperatorEntry* functional, int written, IValue* args,
                          IValue* rets) {
  Tensor* self = args[written].u.tensor;
  if (!(args[written].tag == IValueTag_Tensor && Tensor_isLazy(self))) return LazyTensor_errorDeviceMismatch();
  LazyNode* check = LazyIrBuilder_buildNode(op, args, LazyNodeKind_InPlaceOp, LazyTensor_operand);
  if (check == NULL) return -1;
  LazyNode_release(check);
  IValue frets[kLazyMaxReturns] = {IValue_none(), IValue_none(), IValue_none(), IValue_none()};
  if (record(functional, args, frets) < 0) return -1;
  Tensor* r = frets[0].u.tensor;
  if (!frets[0].owned) Tensor_retain(r);
  frets[0] = IValue_none();
  for (size_t i = 0; i < kLazyMaxReturns; i++) IValue_release(&frets[i]);
  if (write_functional_result(self, r) < 0) return -1;
  rets[0] = IValue_takeTensor(Tensor_retain(self));
  return 0;
}

/*
 * lift_fresh of a lazy tensor (torch.tensor(data, device="lazy"), which
 * copies to the device with Functionalize excluded): lazy tensors always
 * opt into functionalization, and lifting one wraps it.
 * PyTorch 1.13: ts_native_functions.cpp LazyNativeFunctions::lift_fresh
 */
static int lazy_lift_fresh(IValue* args, IValue* rets) {
  Tensor* w = functionalization_toFunctionalTensor(args[0].u.tensor);
  if (w == NULL) return -1;
  rets[0] = IValue_takeTensor(w);
  return 0;
}

/*
 * A lazy strided tensor is an empty one seen through as_strided: under
 * Functionalize (the empty tensor comes back wrapped) the IR shows the
 * data and an as_strided_copy node with offset 0.  NB(minaten): with
 * Functionalize excluded (a functional kernel's empty_like) the tensor is
 * made as a factory's, without the as_strided step, which a lazy tensor
 * outside Functionalize has no view kernel for.
 * PyTorch 1.13: torch/csrc/lazy/ts_backend/ts_native_functions.cpp
 * LazyNativeFunctions::empty_strided
 */
static int lazy_empty_strided(IValue* args, IValue* rets) {
  IntArrayRef size = unbox_IntArrayRef(&args[0]);
  Tensor* t = at_empty_memory_format(size, unbox_OptionalScalarType(&args[2]), unbox_OptionalLayout(&args[3]),
                                     unbox_OptionalDevice(&args[4]), unbox_OptionalBool(&args[5]),
                                     (OptionalMemoryFormat){0});
  if (t == NULL) return -1;
  Tensor* r = at_as_strided(t, size, unbox_IntArrayRef(&args[1]), (OptionalInt){true, 0});
  Tensor_release(t);
  if (r == NULL) return -1;
  rets[0] = IValue_takeTensor(r);
  return 0;
}

/*
 * The backward operators of select, slice and diagonal: their composite
 * kernel (a zero tensor, then the gradient written through a view) run on
 * functional tensors, so that the write is recorded as its *_scatter node.
 * The arguments are wrapped, Functionalize is allowed again on this thread
 * (the kernel runs below it), the composite kernel is reached by
 * dispatching as if for Meta (a backend the composite kernel serves, and
 * which has no kernel of its own for these), and the outputs come back
 * synced and unwrapped.
 * PyTorch 1.13: aten/src/ATen/FunctionalTensorWrapper.cpp
 * functionalize_op_helper (at::functionalization::functionalize_aten_op),
 * ts_native_functions.cpp LazyNativeFunctions::select_backward, ...
 */
static int lazy_functionalize_aten_op(const OperatorEntry* op, IValue* args, IValue* rets) {
  const FunctionSchema* s = &op->schema;
  IValue fargs[kLazyMaxArgs];
  Tensor* owned[kLazyMaxArgs] = {NULL};
  int rc = 0;
  for (size_t i = 0; i < s->num_arguments && rc == 0; i++) {
    fargs[i] = args[i];
    fargs[i].owned = false;
    if (args[i].tag != IValueTag_Tensor) continue;
    if ((owned[i] = functionalization_toFunctionalTensor(args[i].u.tensor)) == NULL) rc = -1;
    else fargs[i] = IValue_borrowTensor(owned[i]);
  }
  bool returned = false; /* rets hold the call's returns (else they are not to be touched) */
  if (rc == 0) {
    DispatchKeyGuard guard = {tls_local_dispatch_key_set_get()};
    tls_set_dispatch_key_excluded(DispatchKey_Functionalize, false);
    rc = Dispatcher_redispatchBoxed(op, DispatchKeySet_of(DispatchKey_Meta), fargs, rets);
    DispatchKeyGuard_pop(guard);
    returned = rc == 0;
  }
  for (size_t i = 0; i < s->num_arguments; i++) Tensor_release(owned[i]);
  for (size_t r = 0; r < s->num_returns && rc == 0; r++) {
    Tensor* w = rets[r].u.tensor;
    if (rets[r].tag != IValueTag_Tensor || !functionalization_isFunctionalTensor(w)) continue;
    if (functionalization_sync(w) < 0) {
      rc = -1;
      break;
    }
    Tensor* value = Tensor_retain(functionalization_fromFunctionalTensor(w));
    IValue_release(&rets[r]);
    rets[r] = IValue_takeTensor(value);
  }
  if (rc < 0 && returned)
    for (size_t r = 0; r < s->num_returns; r++) IValue_release(&rets[r]);
  return rc;
}

/* The kernel's cases: the special operators, then the fallback for what
 * cannot be recorded, then recording. */
int LazyNativeFunctions_boxed(const KernelFunction* kernel, const OperatorEntry* op,
                              DispatchKeySet ks, IValue* args, IValue* rets) {
  (void)kernel;
  (void)ks;
  if (op == at_op_copy_) return lazy_copy_(op, args, rets);
  /* Indices may stay on the CPU, as CUDA's may. */
  if (op == at_op_index_Tensor || op == at_op_index_put_) return LazyEagerFallback_run(op, args, rets);
  bool any_lazy;
  if (LazyTensor_checkDevices(op, args, &any_lazy) < 0) return -1;
  if (op == at_op_empty_strided && !any_lazy && !tls_is_dispatch_key_excluded(DispatchKey_Functionalize))
    return lazy_empty_strided(args, rets);
  if (!any_lazy) return LazyEagerFallback_factory(op, args, rets);
  if (op == at_op__to_copy) return lazy__to_copy(op, args, rets);
  if (op == at_op_lift_fresh) return lazy_lift_fresh(args, rets);
  if (op == at_op_select_backward || op == at_op_slice_backward || op == at_op_diagonal_backward ||
      op == at_op_new_empty_strided)
    return lazy_functionalize_aten_op(op, args, rets);
  if (op == at_op_fill__Scalar) return lazy_fill_(op, args, rets);
  if (op == at_op_clone) return lazy_clone(args, rets);
  if (op == at_op__unsafe_view) return lazy__unsafe_view(args, rets);
  size_t num_out;
  const OperatorEntry* functional = returns_only_tensors(op) ? functional_of_out(op, &num_out) : NULL;
  /* an out= form whose functional form is data-dependent (nonzero.out) runs eagerly too */
  if (functional != NULL && !needs_eager_fallback(functional)) return record_out(op, functional, num_out, args, rets);
  if (needs_eager_fallback(op)) return LazyEagerFallback_run(op, args, rets);
  int written = LazyIrBuilder_writtenArgument(op);
  if (written == 0 && (functional = functional_of_inplace(op)) != NULL)
    return record_inplace(op, functional, written, args, rets);
  return record(op, args, rets);
}
