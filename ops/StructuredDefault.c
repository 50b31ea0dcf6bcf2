/*
 * StructuredDefault.c - the default kernel of a structured operator; see
 * StructuredDefault.h.
 *
 * 1.13's generated kernel runs three steps, and so does this one:
 *
 *   1. meta: the operator's meta function checks its arguments, computes
 *      the common dtype (casting a Python number to it) and the output's
 *      sizes, dtype and layout;
 *   2. the output: at::empty(sizes, options), or at::empty_strided when
 *      TensorIterator lays the output out in a permuted order (the input
 *      was transposed); an in-place form writes into self instead;
 *   3. the delegate: at::<op>_outf(args..., out), a call through the
 *      dispatcher from the top, so that a backend without an out= kernel
 *      raises its NotImplementedError there.
 *
 * NB(minaten): step 1 is modelled in two parts, in TensorIterator's order:
 *   - the argument and shape checks, and the outputs' sizes and layout: the
 *     form's Meta kernel (the meta function of a structured operator, Note
 *     [Structured kernels] in ops/Structured.h) on meta stand-ins of its
 *     tensors, float ones for the quantized tensors; for an operator not
 *     yet structured in minaten, its CPU kernel run in MetaMode
 *     (ops/MetaMode.h) on float stand-ins of the quantized tensors
 *     (zero-filled CPU tensors of the same sizes and strides); a float
 *     result takes the quantized dtype back, a bool or long one
 *     (comparisons, argmax) keeps it;
 *   - the type promotion of TensorIterator's compute_types
 *     (promote_operands below), where quantized dtypes meet the others.
 * The in-place form makes no proxy output (1.13 computes into a proxy and
 * copies back when self's strides differ from TensorIterator's).
 */
#include "ops/StructuredDefault.h"

#include <string.h>

#include "Functions.h"
#include "dispatch/Dispatcher.h"
#include "ops/EmptyTensor.h"
#include "ops/MetaMode.h"
#include "runtime/DefaultDtype.h"
#include "runtime/Exception.h"
#include "runtime/LocalDispatchKeySet.h"

enum { kMaxArgs = 24 };

/* c10::promoteTypes for the pairs this file meets: equal types, or an error
 * naming both when either is quantized (the only pairs that reach a
 * structured default in minaten); Undefined is skipped.
 * PyTorch 1.13: c10/core/ScalarType.h promoteTypes, ATen/native/TypeProperties.cpp promote_skip_undefined */
static int promote_skip_undefined(ScalarType a, ScalarType b, ScalarType* out) {
  if (a == ScalarType_Undefined || a == b) {
    *out = b;
    return 0;
  }
  if (b == ScalarType_Undefined) {
    *out = a;
    return 0;
  }
  if (ScalarType_isQuantized(a) || ScalarType_isQuantized(b)) {
    Error_set(ErrorType_RuntimeError,
              "promoteTypes with quantized numbers is not handled yet; figure out what the correct rules should be, "
              "offending types: %s %s",
              ScalarType_name(a), ScalarType_name(b));
    return -1;
  }
  *out = promoteTypes(a, b);
  return 0;
}

/* PyTorch 1.13: ATen/native/TypeProperties.cpp combine_categories */
static int combine_categories(ScalarType higher, ScalarType lower, ScalarType* out) {
  if (ScalarType_isFloating(higher)) {
    *out = higher;
    return 0;
  }
  if (higher == ScalarType_Bool || ScalarType_isFloating(lower)) return promote_skip_undefined(higher, lower, out);
  *out = higher != ScalarType_Undefined ? higher : lower;
  return 0;
}

/* The operands TensorIterator promotes in the structured operators minaten
 * has: `self` and `other` of the arithmetic and comparisons, pow's
 * `exponent`, clamp.Tensor's `min`/`max`, the backward formulas' inputs. */
static bool is_promoted_operand(const char* name) {
  static const char* const kNames[] = {"self", "other", "exponent", "min", "max", "grad_output", "output"};
  for (size_t i = 0; i < sizeof kNames / sizeof kNames[0]; i++)
    if (strcmp(name, kNames[i]) == 0) return true;
  return false;
}

/*
 * compute_types of the operator's TensorIterator: the common dtype of its
 * operands by 1.13's result_type (tensors of one or more dimensions first,
 * then 0-dim tensors, then Python numbers, each only when of a higher
 * category), then each operand of another dtype cast to it (Tensor.to).
 * With a quantized operand the answers are 1.13's: promoteTypes refuses a
 * quantized type beside another type, a Python int stays below a quantized
 * type and is cast to it (_to_copy's empty_strided refuses quantized
 * dtypes), a quantized 0-dim tensor cast to a float type is refused by
 * _to_copy.  A Scalar `other` is wrapped and cast like a Python number; a
 * Scalar `exponent` (pow.Tensor_Scalar) or `min`/`max` (clamp) counts in the
 * type but is never cast (those meta functions cast self only).  Returns 0, or -1 with the error indicator set.
 * PyTorch 1.13: aten/src/ATen/TensorIterator.cpp TensorIteratorBase::compute_types,
 * ATen/native/TypeProperties.cpp update_result_type_state, result_type
 */
static int promote_operands(const OperatorEntry* op, const IValue* args) {
  ScalarType dim_result = ScalarType_Undefined, zero_result = ScalarType_Undefined,
             wrapped_result = ScalarType_Undefined, common;
  bool any_quantized = false;
  for (size_t i = 0; i < op->schema.num_arguments; i++) {
    const IValue* v = &args[i];
    if (!is_promoted_operand(op->schema.arguments[i].name)) continue;
    if (v->tag == IValueTag_Tensor && v->u.tensor != NULL) {
      const Tensor* t = v->u.tensor;
      any_quantized = any_quantized || ScalarType_isQuantized(t->dtype);
      ScalarType current = t->is_wrapped_number && ScalarType_isFloating(t->dtype) ? get_default_dtype_as_scalartype()
                                                                                 : t->dtype;
      ScalarType* slot = t->dim > 0 ? &dim_result : t->is_wrapped_number ? &wrapped_result : &zero_result;
      if (promote_skip_undefined(*slot, current, slot) < 0) return -1;
    } else if (v->tag == IValueTag_Int || v->tag == IValueTag_Bool || v->tag == IValueTag_Double) {
      ScalarType current = v->tag == IValueTag_Double ? get_default_dtype_as_scalartype()
                           : v->tag == IValueTag_Int  ? ScalarType_Long
                                                      : ScalarType_Bool;
      if (promote_skip_undefined(wrapped_result, current, &wrapped_result) < 0) return -1;
    }
  }
  if (!any_quantized) return 0;
  if (combine_categories(zero_result, wrapped_result, &common) < 0) return -1;
  if (combine_categories(dim_result, common, &common) < 0) return -1;
  for (size_t i = 0; i < op->schema.num_arguments; i++) {
    const IValue* v = &args[i];
    const char* name = op->schema.arguments[i].name;
    if (!is_promoted_operand(name)) continue;
    Tensor* wrapped = NULL;
    const Tensor* src = NULL;
    if (v->tag == IValueTag_Tensor && v->u.tensor != NULL) {
      src = v->u.tensor;
    } else if ((v->tag == IValueTag_Int || v->tag == IValueTag_Bool || v->tag == IValueTag_Double) &&
               strcmp(name, "other") == 0) {
      /* a Scalar overload's number, as wrapped_scalar_tensor wraps it */
      ScalarType t = v->tag == IValueTag_Double ? ScalarType_Double
                     : v->tag == IValueTag_Int  ? ScalarType_Long
                                                : ScalarType_Bool;
      wrapped = at_scalar_tensor(IValue_toScalar(v), (OptionalScalarType){true, t}, kNoLayout, kNoDevice,
                                 kNoPinMemory);
      if (wrapped == NULL) return -1;
      wrapped->is_wrapped_number = true;
      src = wrapped;
    }
    if (src == NULL || src->dtype == common) {
      Tensor_release(wrapped);
      continue;
    }
    Tensor* cast = at__to_copy(src, (OptionalScalarType){true, common}, kNoLayout, kNoDevice, kNoPinMemory, false,
                               kNoMemoryFormat);
    Tensor_release(wrapped);
    if (cast == NULL) return -1;
    Tensor_release(cast);
  }
  return 0;
}

/* A zero-filled float CPU tensor with t's sizes and strides (t quantized). */
static Tensor* float_stand_in(const Tensor* t) {
  Tensor* s = empty_strided_cpu(Tensor_sizes(t), Tensor_strides(t), ScalarType_Float);
  if (s == NULL) return NULL;
  int64_t nbytes = computeStorageNbytes(Tensor_sizes(t), Tensor_strides(t), sizeof(float));
  if (nbytes > 0) memset(s->storage->data, 0, (size_t)nbytes);
  return s;
}

/* A meta tensor with t's sizes and strides, of t's dtype, or float for a
 * quantized t (a Python number stays one). */
static Tensor* meta_stand_in(const Tensor* t) {
  Tensor* s = empty_strided_meta(Tensor_sizes(t), Tensor_strides(t),
                                 ScalarType_isQuantized(t->dtype) ? ScalarType_Float : t->dtype);
  if (s != NULL) s->is_wrapped_number = t->is_wrapped_number;
  return s;
}

/*
 * The outputs' geometry.  A form of a structured operator (one with a Meta
 * kernel: Note [Structured kernels] in ops/Structured.h) runs its meta
 * function, through its Meta kernel, on meta stand-ins of its tensors, as
 * 1.13's default kernel calls meta(); any other runs its CPU kernel in
 * MetaMode on `args` with each quantized tensor replaced by a float
 * stand-in.  Fills rets (owned).
 */
static int shape_run(const OperatorEntry* op, const IValue* args, IValue* rets) {
  IValue sargs[kMaxArgs];
  Tensor* owned[kMaxArgs];
  size_t num_owned = 0;
  size_t n = op->schema.num_arguments;
  bool meta = op->kernels[DispatchKey_Meta].present;
  for (size_t i = 0; i < n; i++) {
    sargs[i] = args[i];
    sargs[i].owned = false;
    const Tensor* t = args[i].tag == IValueTag_Tensor ? args[i].u.tensor : NULL;
    if (t != NULL && (meta || ScalarType_isQuantized(t->dtype))) {
      Tensor* s = meta ? meta_stand_in(t) : float_stand_in(t);
      if (s == NULL) goto fail;
      owned[num_owned++] = s;
      sargs[i] = IValue_borrowTensor(s);
    }
  }
  bool was_meta = meta ? MetaMode_isEnabled() : MetaMode_enter();
  DispatchKeyGuard guard = ExcludeDispatchKeyGuard_push(DispatchKeySet_of(DispatchKey_Python));
  int r = Dispatcher_redispatchBoxed(op, DispatchKeySet_of(meta ? DispatchKey_Meta : DispatchKey_CPU), sargs, rets);
  DispatchKeyGuard_pop(guard);
  MetaMode_restore(was_meta);
  for (size_t i = 0; i < num_owned; i++) Tensor_release(owned[i]);
  return r;
fail:
  for (size_t i = 0; i < num_owned; i++) Tensor_release(owned[i]);
  return -1;
}

/* The first quantized dtype among op's tensor arguments, or Undefined. */
static ScalarType quantized_dtype(const OperatorEntry* op, const IValue* args) {
  for (size_t i = 0; i < op->schema.num_arguments; i++)
    if (args[i].tag == IValueTag_Tensor && args[i].u.tensor != NULL && ScalarType_isQuantized(args[i].u.tensor->dtype))
      return args[i].u.tensor->dtype;
  return ScalarType_Undefined;
}

/* The output like the shape run's `r`: at::empty, or at::empty_strided
 * when TensorIterator would pass strides (a layout other than row-major).
 * PyTorch 1.13: RegisterCompositeExplicitAutogradNonFunctional.cpp create_out,
 * TensorIteratorBase::allocate_or_resize_outputs */
static Tensor* create_out(const Tensor* r, ScalarType dtype, Device device) {
  OptionalScalarType dt = {true, dtype};
  OptionalDevice dev = {true, device};
  if (r->is_contiguous)
    return at_empty_memory_format(Tensor_sizes(r), dt, kNoLayout, dev, kNoPinMemory, kNoMemoryFormat);
  return at_empty_strided(Tensor_sizes(r), Tensor_strides(r), dt, kNoLayout, dev, kNoPinMemory);
}

/* delegate(args..., outs...): the call at::<op>_outf makes. */
static int call_delegate(const OperatorEntry* op, const IValue* args, Tensor* const* outs, size_t num_outs,
                         IValue* drets) {
  const OperatorEntry* d = op->structured_delegate;
  IValue dargs[kMaxArgs];
  size_t n = op->schema.num_arguments;
  TORCH_INTERNAL_ASSERT(d != NULL && n + num_outs == d->schema.num_arguments && n + num_outs <= kMaxArgs);
  for (size_t i = 0; i < n; i++) {
    dargs[i] = args[i];
    dargs[i].owned = false;
  }
  for (size_t i = 0; i < num_outs; i++) dargs[n + i] = IValue_borrowTensor(outs[i]);
  return Dispatcher_callBoxed(d, dargs, drets);
}

/* PyTorch 1.13: RegisterCompositeExplicitAutogradNonFunctional.cpp
 * wrapper_<op> (structured_<op>_default_backend_functional) */
int StructuredDefault_functional(const KernelFunction* kernel, const OperatorEntry* op, DispatchKeySet ks,
                                 IValue* args, IValue* rets) {
  (void)kernel, (void)ks;
  size_t num_outs = op->schema.num_returns;
  IValue srets[4] = {0}, drets[4] = {0};
  Tensor* outs[4] = {NULL};
  TORCH_INTERNAL_ASSERT(num_outs <= 4 && op->schema.num_arguments <= kMaxArgs);
  if (shape_run(op, args, srets) < 0) return -1;
  TRY(promote_operands(op, args) == 0);
  ScalarType q = quantized_dtype(op, args);
  for (size_t i = 0; i < num_outs; i++) {
    const Tensor* r = srets[i].u.tensor;
    ScalarType dtype = q != ScalarType_Undefined && r->dtype == ScalarType_Float ? q : r->dtype;
    const Tensor* first = NULL;
    for (size_t a = 0; a < op->schema.num_arguments && first == NULL; a++)
      if (args[a].tag == IValueTag_Tensor) first = args[a].u.tensor;
    outs[i] = create_out(r, dtype, first != NULL ? first->device : r->device);
    TRY(outs[i] != NULL);
  }
  TRY(call_delegate(op, args, outs, num_outs, drets) == 0);
  for (size_t i = 0; i < num_outs; i++) {
    IValue_release(&drets[i]);
    rets[i] = IValue_takeTensor(outs[i]);
    IValue_release(&srets[i]);
  }
  return 0;
fail:
  for (size_t i = 0; i < num_outs; i++) {
    Tensor_release(outs[i]);
    IValue_release(&srets[i]);
  }
  return -1;
}

/* PyTorch 1.13: RegisterCompositeExplicitAutogradNonFunctional.cpp
 * wrapper_<op>_ (structured_<op>_default_backend_inplace) */
int StructuredDefault_inplace(const KernelFunction* kernel, const OperatorEntry* op, DispatchKeySet ks,
                              IValue* args, IValue* rets) {
  (void)kernel, (void)ks;
  IValue drets[1] = {0};
  Tensor* self = (Tensor*)args[0].u.tensor;
  IValue srets[1] = {0};
  if (shape_run(op, args, srets) < 0) return -1;
  IValue_release(&srets[0]);
  TRY(promote_operands(op, args) == 0);
  TRY(call_delegate(op, args, &self, 1, drets) == 0);
  IValue_release(&drets[0]);
  rets[0] = IValue_takeTensor(Tensor_retain(self));
  return 0;
fail:
  return -1;
}
