/*
 * FunctionalizeFallback.c - the Functionalize kernels written by
 * hand: the fallback every operator without a generated kernel takes (the
 * ones that neither view nor write: add.Tensor, ones, select_copy.int),
 * and 1.13's hand-written kernels of _to_copy, _unsafe_view and lift_fresh.
 * The generated ones (views, writes) are in RegisterFunctionalization.c.
 * PyTorch 1.13: aten/src/ATen/FunctionalizeFallbackKernel.cpp
 */
#include <stdlib.h>

#include "Functions.h"
#include "Operators.h"
#include "dispatch/Boxing.h"
#include "dispatch/Dispatcher.h"
#include "ops/functionalization/FunctionalTensorWrapper.h"
#include "runtime/Exception.h"

/* A return wrapped as a functional tensor (a list's elements one by one). */
static int wrap_return(IValue* ret) {
  if (ret->tag == IValueTag_Tensor) {
    Tensor* w = functionalization_toFunctionalTensor(ret->u.tensor);
    if (w == NULL) return -1;
    IValue_release(ret);
    *ret = IValue_takeTensor(w);
  } else if (ret->tag == IValueTag_TensorList) {
    TensorList l = IValue_toTensorList(ret);
    Tensor** wrapped = calloc(l.size ? l.size : 1, sizeof *wrapped);
    if (wrapped == NULL) {
      Error_setBadAlloc();
      return -1;
    }
    size_t n = 0;
    for (; n < l.size; n++)
      if (l.data[n] != NULL && (wrapped[n] = functionalization_toFunctionalTensor(l.data[n])) == NULL) break;
    int rc = n == l.size ? 0 : -1;
    if (rc == 0) {
      IValue_release(ret);
      *ret = IValue_copyTensorList((TensorList){wrapped, l.size});
    }
    for (size_t i = 0; i < n; i++) Tensor_release(wrapped[i]);
    free(wrapped);
    return rc;
  }
  return 0;
}

/*
 * Every operator that neither views nor writes: its tensor arguments
 * synced and unwrapped, the operator called below Functionalize on the
 * values, and its tensor returns wrapped as new functional tensors (bases:
 * storages of their own), whether or not an input was functional, so that
 * under torch._enable_functionalization a factory's result is functional
 * too.
 * PyTorch 1.13: aten/src/ATen/FunctionalizeFallbackKernel.cpp functionalizeFallback
 */
static int functionalizeFallback(const KernelFunction* kernel, const OperatorEntry* op, DispatchKeySet ks,
                                 IValue* args, IValue* rets) {
  (void)kernel;
  (void)ks;
  const FunctionSchema* s = &op->schema;
  /* views and writes have kernels of their own; 1.13 asserts so.
   * NB(minaten): some are not generated yet (gen_functionalization.c):
   * an error, not a crash */
  for (size_t i = 0; i < s->num_arguments; i++)
    if (s->arguments[i].alias_info.present) {
      Error_set(ErrorType_RuntimeError,
                "minaten: functionalization of %s::%s%s%s is not implemented (it views or writes its arguments)",
                s->ns, s->name, s->overload_name[0] ? "." : "", s->overload_name);
      return -1;
    }
  IValue unwrapped[kDispatchArgumentsMax];
  Tensor** lists[kDispatchArgumentsMax] = {NULL};
  int rc = -1;
  for (size_t i = 0; i < s->num_arguments; i++) {
    unwrapped[i] = args[i];
    if (args[i].tag == IValueTag_Tensor) {
      TRY(functionalization_sync(args[i].u.tensor) == 0);
      unwrapped[i] = IValue_borrowTensor(functionalization_fromFunctionalTensor(args[i].u.tensor));
    } else if (args[i].tag == IValueTag_TensorList) {
      TensorList values;
      TRY(functionalization_unwrapTensorList(IValue_toTensorList(&args[i]), &values, &lists[i]) == 0);
      unwrapped[i] = IValue_borrowTensorList(values);
    }
  }
  DispatchKeyGuard guard = AutoDispatchSkipFunctionalize_push();
  rc = Dispatcher_callBoxed(op, unwrapped, rets);
  DispatchKeyGuard_pop(guard);
  for (size_t i = 0; rc == 0 && i < s->num_returns; i++)
    if (wrap_return(&rets[i]) < 0) {
      for (size_t j = 0; j < s->num_returns; j++) IValue_release(&rets[j]);
      rc = -1;
    }
fail:
  for (size_t i = 0; i < s->num_arguments; i++) free(lists[i]);
  return rc;
}

/* The device a copy to `device` from `self` ends on: 1.13's lazy tensors
 * and XLA's opt into functionalization; a copy to any other device ends it.
 * PyTorch 1.13: FunctionalizeFallbackKernel.cpp device_opted_into_functionalization */
static bool device_opted_into_functionalization(Device self_device, OptionalDevice device) {
  Device target = device.has_value ? device.value : self_device;
  return target.type == DeviceType_Lazy;
}

/* The Functionalize kernel of _to_copy: a copy is not a view, but the
 * fallback would not sync an input whose value a write replaced
 * (FunctionalTensorWrapper.h): self synced, unwrapped, copied, and the copy
 * wrapped, but for a copy that leaves the lazy device when
 * functionalization was not asked for on this thread (a lazy tensor's
 * .cpu(): the Functionalize key is not in the included set, as
 * torch._enable_functionalization would put it): the CPU tensor comes back
 * as it is.
 * PyTorch 1.13: FunctionalizeFallbackKernel.cpp _to_copy_functionalize */
static Tensor* _to_copy_functionalize(const Tensor* self, OptionalScalarType dtype, OptionalLayout layout,
                                      OptionalDevice device, OptionalBool pin_memory, bool non_blocking,
                                      OptionalMemoryFormat memory_format) {
  if (functionalization_sync(self) < 0) return NULL;
  const Tensor* self_ = functionalization_fromFunctionalTensor(self);
  DispatchKeyGuard guard = AutoDispatchSkipFunctionalize_push();
  Tensor* out = at__to_copy(self_, dtype, layout, device, pin_memory, non_blocking, memory_format);
  DispatchKeyGuard_pop(guard);
  if (out == NULL) return NULL;
  if (!tls_is_dispatch_key_included(DispatchKey_Functionalize) &&
      !device_opted_into_functionalization(self->device, device))
    return out;
  Tensor* w = functionalization_toFunctionalTensor(out);
  Tensor_release(out);
  return w;
}

/* _unsafe_view is a view in all but name (NOTE [ Unsafe View ] in
 * ops/TensorShape.c): a functional tensor's one is a view of it, replayed
 * with _unsafe_view itself forwards and backwards.
 * PyTorch 1.13: FunctionalizeFallbackKernel.cpp _unsafe_view_functionalize */
static Tensor* unsafe_view_forward(const Tensor* base, const ViewMeta* meta) {
  return at__unsafe_view(base, unbox_IntArrayRef(&meta->args[1]));
}
static Tensor* unsafe_view_reverse(const Tensor* base, const Tensor* mutated_view, const ViewMeta* meta) {
  (void)meta;
  return at__unsafe_view(mutated_view, Tensor_sizes(base));
}
static Tensor* _unsafe_view_functionalize(const Tensor* self, IntArrayRef size) {
  DispatchKeyGuard guard = AutoDispatchSkipFunctionalize_push();
  Tensor* tmp_output = at__unsafe_view(functionalization_fromFunctionalTensor(self), size);
  DispatchKeyGuard_pop(guard);
  if (tmp_output == NULL || !functionalization_isFunctionalTensor(self)) return tmp_output;
  IValue args[2] = {box_ConstTensor(self), box_IntArrayRef(size)};
  ViewMeta* meta = ViewMeta_new(unsafe_view_forward, unsafe_view_reverse, args, 2,
                                functionalization_getReapplyViewsTLS());
  if (meta == NULL) {
    Tensor_release(tmp_output);
    return NULL;
  }
  return functionalization_createFunctionalTensorWithViewMeta(tmp_output, self, meta, 0);
}

/* The strides of a contiguous tensor of `size` (computeContiguousStrides),
 * into `strides`. */
static IntArrayRef contiguous_strides(IntArrayRef size, int64_t* strides) {
  computeContiguousStrides(size, strides);
  return (IntArrayRef){strides, size.size};
}

/* A resize_ to fewer bytes is a view: the first elements of the base, as
 * as_strided with contiguous strides takes them, and its inverse writes
 * them back with as_strided_scatter. */
static Tensor* resize_forward(const Tensor* base, const ViewMeta* meta) {
  IntArrayRef size = unbox_IntArrayRef(&meta->args[1]);
  int64_t strides[MINATEN_MAX_DIM];
  IntArrayRef stride = contiguous_strides(size, strides);
  return meta->reapply_views ? at_as_strided(base, size, stride, (OptionalInt){0})
                             : at_as_strided_copy(base, size, stride, (OptionalInt){0});
}
static Tensor* resize_reverse(const Tensor* base, const Tensor* mutated_view, const ViewMeta* meta) {
  IntArrayRef size = unbox_IntArrayRef(&meta->args[1]);
  int64_t strides[MINATEN_MAX_DIM];
  return at_as_strided_scatter(base, mutated_view, size, contiguous_strides(size, strides), (OptionalInt){0});
}

/*
 * resize_ of a functional tensor: resize, the functional form, runs on the
 * value (the trace shows it), then
 *   - to more bytes than the storage holds, the tensor takes the result as
 *     its value and a storage of its own (a view may not grow: "Attempted
 *     to resize a view tensor to a larger size. ...");
 *   - else resize_ is a view of what the tensor was: its first elements,
 *     contiguous (an as_strided view meta, so that a later write goes back
 *     with as_strided_scatter).
 * PyTorch 1.13: FunctionalizeFallbackKernel.cpp resize__functionalization
 */
static Tensor* resize__functionalization(Tensor* self, IntArrayRef size, OptionalMemoryFormat memory_format) {
  if (functionalization_sync(self) < 0) return NULL;
  const Tensor* self_ = functionalization_fromFunctionalTensor(self);
  DispatchKeyGuard guard = AutoDispatchSkipFunctionalize_push();
  Tensor* r = functionalization_isFunctionalTensor(self) ? at_resize(self_, size, memory_format)
                                                         : at_resize_((Tensor*)self_, size, memory_format);
  DispatchKeyGuard_pop(guard);
  if (r == NULL) return NULL;
  if (!functionalization_isFunctionalTensor(self)) {
    Tensor_release(r);
    return Tensor_retain(self);
  }
  int64_t numel = 1;
  for (size_t i = 0; i < size.size; i++) numel *= size.data[i];
  size_t itemsize = ScalarType_elementSize(self->dtype);
  int64_t new_size_bytes = numel == 0 ? 0 : (numel + self->storage_offset) * (int64_t)itemsize;
  int rc;
  if (new_size_bytes > functionalization_storageNbytes(self)) {
    rc = functionalization_maybeReplaceStorage(self, r);
  } else {
    IValue args[3] = {box_MutTensor(self), box_IntArrayRef(size), box_OptionalMemoryFormat(memory_format)};
    ViewMeta* meta = ViewMeta_new(resize_forward, resize_reverse, args, 3, functionalization_getReapplyViewsTLS());
    rc = meta == NULL ? -1 : functionalization_mutateViewMeta(self, meta);
  }
  Tensor_release(r);
  return rc < 0 ? NULL : Tensor_retain(self);
}

/* torch.tensor(...) under functionalization: the fresh tensor wrapped.
 * PyTorch 1.13: FunctionalizeFallbackKernel.cpp lift_fresh_functionalize */
static Tensor* lift_fresh_functionalize(const Tensor* self) {
  if (functionalization_isFunctionalTensor(self)) {
    /* 1.13 asserts, naming its own source line */
    Error_set(ErrorType_RuntimeError,
              "!at::functionalization::impl::isFunctionalTensor(self) INTERNAL ASSERT FAILED at "
              "\"./aten/src/ATen/FunctionalizeFallbackKernel.cpp\":185, please report a bug to PyTorch. ");
    return NULL;
  }
  DispatchKeyGuard guard = AutoDispatchSkipFunctionalize_push();
  Tensor* out = at_lift_fresh(self);
  DispatchKeyGuard_pop(guard);
  if (out == NULL) return NULL;
  Tensor* w = functionalization_toFunctionalTensor(out);
  Tensor_release(out);
  return w;
}

void at_register_FunctionalizeFallbackKernel(void) {
  FunctionalTensorWrapper_registerHooks();
  Dispatcher_registerFallback(DispatchKey_Functionalize,
                              KernelFunction_makeBoxed(functionalizeFallback, "functionalizeFallback"),
                              "ops/functionalization/FunctionalizeFallback.c", __LINE__);
#define REGISTER(op, fn)                                                                                      \
  Dispatcher_registerImpl(at_op_##op, DispatchKey_Functionalize, KernelFunction_makeUnboxed((UnboxedFunction)fn, #fn), \
                          "ops/functionalization/FunctionalizeFallback.c", __LINE__)
  REGISTER(_to_copy, _to_copy_functionalize);
  REGISTER(_unsafe_view, _unsafe_view_functionalize);
  REGISTER(lift_fresh, lift_fresh_functionalize);
  REGISTER(resize_, resize__functionalization);
#undef REGISTER
}
