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
 * NB(minaten): minaten has no meta functions apart from its CPU kernels.
 * Step 1 is modelled in two parts:
 *   - the type promotion of TensorIterator's compute_types, for the
 *     operand `other` of a quantized operator: a Python integer or bool is
 *     cast to the quantized dtype (the cast allocates with empty_strided,
 *     which refuses quantized dtypes), anything else of another dtype
 *     raises promoteTypes' error;
 *   - for a functional form, the sizes and layout of the outputs from the
 *     operator's CPU kernel run in MetaMode (ops/MetaMode.h) on float
 *     stand-ins of the quantized tensors (zero-filled CPU tensors of the
 *     same sizes and strides): a float result takes the quantized dtype
 *     back, a bool or long one (comparisons, argmax) keeps it.
 * The in-place form checks no shapes and makes no proxy output (1.13 copies
 * back from a proxy when self's strides differ from TensorIterator's).
 */
#include "ops/StructuredDefault.h"

#include <string.h>

#include "Functions.h"
#include "dispatch/Dispatcher.h"
#include "ops/EmptyTensor.h"
#include "ops/MetaMode.h"
#include "runtime/Exception.h"
#include "runtime/LocalDispatchKeySet.h"

enum { kMaxArgs = 24 };

/* The argument position named `name`, or -1. */
static int arg_index(const OperatorEntry* op, const char* name) {
  for (size_t i = 0; i < op->schema.num_arguments; i++)
    if (strcmp(op->schema.arguments[i].name, name) == 0) return (int)i;
  return -1;
}

/*
 * compute_types for `self op other` when either is quantized: 1.13's
 * result_type keeps a quantized dtype against a Python integer or bool,
 * which TensorIterator then casts (Tensor.to: _to_copy, whose empty_strided
 * refuses quantized dtypes); promoteTypes refuses every other pair of
 * different dtypes.  Returns 0, or -1 with the error indicator set.
 * PyTorch 1.13: aten/src/ATen/TensorIterator.cpp TensorIteratorBase::compute_types,
 * c10/core/ScalarType.h promoteTypes
 */
static int promote_operands(const OperatorEntry* op, const IValue* args) {
  int si = arg_index(op, "self"), oi = arg_index(op, "other");
  if (si < 0 || oi < 0 || args[si].tag != IValueTag_Tensor || args[si].u.tensor == NULL) return 0;
  const Tensor* self = args[si].u.tensor;
  const IValue* other = &args[oi];
  Tensor* wrapped = NULL;
  Tensor* cast = NULL;
  ScalarType other_type;
  bool number;
  if (other->tag == IValueTag_Tensor && other->u.tensor != NULL) {
    other_type = other->u.tensor->dtype;
    number = other->u.tensor->is_wrapped_number;
  } else if (other->tag == IValueTag_Int || other->tag == IValueTag_Bool || other->tag == IValueTag_Double) {
    other_type = other->tag == IValueTag_Double ? ScalarType_Double
                 : other->tag == IValueTag_Int  ? ScalarType_Long
                                                : ScalarType_Bool;
    number = true;
  } else {
    return 0;
  }
  if (!ScalarType_isQuantized(self->dtype) && !ScalarType_isQuantized(other_type)) return 0;
  if (other_type == self->dtype) return 0;
  if (number && ScalarType_isQuantized(self->dtype) && !ScalarType_isFloating(other_type)) {
    /* the number is cast to the common (quantized) dtype */
    const Tensor* src = other->tag == IValueTag_Tensor ? other->u.tensor : NULL;
    if (src == NULL) {
      wrapped = at_scalar_tensor(IValue_toScalar(other), (OptionalScalarType){true, other_type}, kNoLayout,
                                 kNoDevice, kNoPinMemory);
      TRY(wrapped != NULL);
      wrapped->is_wrapped_number = true;
      src = wrapped;
    }
    cast = at__to_copy(src, (OptionalScalarType){true, self->dtype}, kNoLayout, kNoDevice, kNoPinMemory, false,
                       kNoMemoryFormat);
    TRY(cast != NULL);
    Tensor_release(cast);
    Tensor_release(wrapped);
    return 0;
  }
  /* a Python float counts as the default dtype */
  ScalarType shown = number && ScalarType_isFloating(other_type) ? ScalarType_Float : other_type;
  TORCH_CHECK(false,
              "promoteTypes with quantized numbers is not handled yet; figure out what the correct rules "
              "should be, offending types: %s %s",
              ScalarType_name(self->dtype), ScalarType_name(shown));
fail:
  Tensor_release(wrapped);
  return -1;
}

/* A zero-filled float CPU tensor with t's sizes and strides (t quantized). */
static Tensor* float_stand_in(const Tensor* t) {
  Tensor* s = empty_strided_cpu(Tensor_sizes(t), Tensor_strides(t), ScalarType_Float);
  if (s == NULL) return NULL;
  int64_t nbytes = computeStorageNbytes(Tensor_sizes(t), Tensor_strides(t), sizeof(float));
  if (nbytes > 0) memset(s->storage->data, 0, (size_t)nbytes);
  return s;
}

/*
 * The outputs' geometry: op's CPU kernel in MetaMode on `args` with each
 * quantized tensor replaced by a float stand-in.  Fills rets (owned).
 */
static int shape_run(const OperatorEntry* op, const IValue* args, IValue* rets) {
  IValue sargs[kMaxArgs];
  Tensor* owned[kMaxArgs];
  size_t num_owned = 0;
  size_t n = op->schema.num_arguments;
  for (size_t i = 0; i < n; i++) {
    sargs[i] = args[i];
    sargs[i].owned = false;
    if (args[i].tag == IValueTag_Tensor && args[i].u.tensor != NULL && ScalarType_isQuantized(args[i].u.tensor->dtype)) {
      Tensor* s = float_stand_in(args[i].u.tensor);
      if (s == NULL) goto fail;
      owned[num_owned++] = s;
      sargs[i] = IValue_borrowTensor(s);
    }
  }
  bool was_meta = MetaMode_enter();
  DispatchKeyGuard guard = ExcludeDispatchKeyGuard_push(DispatchKeySet_of(DispatchKey_Python));
  int r = Dispatcher_redispatchBoxed(op, DispatchKeySet_of(DispatchKey_CPU), sargs, rets);
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
  TRY(promote_operands(op, args) == 0);
  TRY(call_delegate(op, args, &self, 1, drets) == 0);
  IValue_release(&drets[0]);
  rets[0] = IValue_takeTensor(Tensor_retain(self));
  return 0;
fail:
  return -1;
}
