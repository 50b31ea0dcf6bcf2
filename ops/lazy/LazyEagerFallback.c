/*
 * LazyEagerFallback.c - operators the Lazy backend does not lower, run on
 * the CPU.
 *
 * An operator that yaml/ts_native_functions.yaml does not list (and that is
 * not a view) has no Lazy kernel: RegisterLazy.c registers this file's
 * LazyNativeFunctions_eagerFallback as the Lazy backend fallback.  It
 * materialises the lazy arguments (LazyTensor_toCpu), calls the operator on
 * the CPU through the dispatcher, and moves the tensor results in as
 * device_data nodes, so lazy_ir shows them as data, as 1.13's does; a
 * written argument gets its new value (LazyTensor_write).  The recording
 * kernel (LazyNativeFunctions.c) sends here too what it cannot record:
 * operators whose result depends on the data (index, index_put_), that
 * return no tensor, or that write several arguments.
 *
 * With no lazy tensor among the arguments (a factory with device="lazy",
 * `_to_copy` of a CPU tensor), the operator runs on the CPU with the
 * device argument cpu and its results are moved in the same way, unless
 * this backend fallback runs an operator that takes no tensor at all
 * (`tril_indices(3, 3, device="lazy")`, which 1.13 does not lower): 1.13's
 * fallback finds no target device among the tensor arguments then
 * (compute_target_device) and returns the CPU results as they are.
 *
 * A written argument that no return aliases (`_cummax_helper`'s values and
 * indices, `-> ()`) gets its new value too, as 1.13's step 3 copies every
 * mutated input back (_copy_from_and_resize).
 *
 * Lazy tensors have no quantized types: an operator whose CPU run made a
 * quantized tensor is refused as one with no Lazy kernel.
 *
 * PyTorch 1.13: torch/csrc/lazy/ts_backend/ts_eager_fallback.cpp
 * (ltc_eager_fallback, ts_eager_fallback), ts_native_functions.cpp
 * (empty_symint, _to_copy case 1)
 */
#include "ops/lazy/LazyEagerFallback.h"

#include <stdlib.h>
#include <string.h>

#include "Functions.h"
#include "Operators.h"
#include "ops/functionalization/FunctionalTensorWrapper.h"
#include "ops/lazy/LazyIrBuilder.h"
#include "ops/lazy/LazyTensor.h"
#include "runtime/Exception.h"

/* The written argument that return `r` aliases (same alias set), or the
 * first written one. */
static int aliased_argument(const OperatorEntry* op, size_t r) {
  const AliasInfo* ra = &op->schema.returns[r].alias_info;
  for (size_t i = 0; i < op->schema.num_arguments; i++) {
    const AliasInfo* a = &op->schema.arguments[i].alias_info;
    if (a->is_write && strcmp(a->set, ra->set) == 0) return (int)i;
  }
  return LazyIrBuilder_writtenArgument(op);
}

/* Lazy tensors have no quantized types (the TS backend has none): an
 * operator whose CPU run made a quantized tensor is refused as one with no
 * Lazy kernel.  Releases the returns then. */
static int refuse_quantized(const OperatorEntry* op, IValue* crets) {
  bool quantized = false;
  for (size_t i = 0; i < op->schema.num_returns; i++)
    quantized = quantized || (crets[i].tag == IValueTag_Tensor && ScalarType_isQuantized(crets[i].u.tensor->dtype));
  if (!quantized) return 0;
  for (size_t i = 0; i < kLazyMaxReturns; i++) IValue_release(&crets[i]);
  return OperatorEntry_reportError(op, DispatchKey_Lazy);
}

/* A view operator (a return aliasing an argument it does not write) has no
 * eager fallback: its result would be a view of the CPU copy, not of the
 * lazy tensor.  Refused after the CPU run, so that the view's own errors
 * (an invalid shape) come first, as 1.13's step 4 does.  Lazy tensors meet
 * this only outside functionalization (torch._from_functional_tensor of
 * one): a functional lazy tensor's views reach this backend as *_copy.
 * PyTorch 1.13: torch/csrc/lazy/ts_backend/ts_eager_fallback.cpp
 * ltc_eager_fallback (the check on the returns' alias_info) */
static int refuse_view(const OperatorEntry* op) {
  for (size_t i = 0; i < op->schema.num_returns; i++) {
    const AliasInfo* a = &op->schema.returns[i].alias_info;
    if (!a->present || a->is_write) continue;
    Error_set(ErrorType_RuntimeError,
              "The operator %s appears to be a view operator, but it has no implementation for the backend \"lazy:0\". "
              "View operators don't support falling back to run on the eager, since the tensor's storage cannot be "
              "shared across devices.",
              op->qualified_name);
    return -1;
  }
  return 0;
}

/* A lazy tensor made from outside the graph (a factory with device="lazy",
 * `_to_copy` of a CPU tensor) as the caller receives it: wrapped in a
 * functional tensor (FunctionalTensorWrapper.h), so that its views and
 * writes go through the Functionalize kernels, unless the Functionalize
 * key is excluded on this thread: a Functionalize kernel running below it
 * (it wraps its outputs itself), or a TorchDispatchMode's own call, which
 * runs with every key above Python excluded.  Takes t; a new reference, or
 * NULL with the error set.
 * PyTorch 1.13: Note [Lazy Tensor Functionalization] in
 * ts_native_functions.cpp (empty_symint, to_lazy_tensor's
 * functionalize_output) */
static Tensor* functionalize_output(Tensor* t) {
  if (t == NULL || tls_is_dispatch_key_excluded(DispatchKey_Functionalize)) return t;
  Tensor* w = functionalization_toFunctionalTensor(t);
  Tensor_release(t);
  return w;
}

/* The operator run on the CPU with a lazy device argument made cpu; with
 * to_lazy its tensor results are moved in as device_data (is_contiguous of
 * a result then answers for its CPU data, as 1.13's LTCTensorImpl asks its
 * CurrentTensorData), else returned as they are.
 * PyTorch 1.13: ts_native_functions.cpp LazyNativeFunctions::empty_symint,
 * LazyNativeFunctions::_to_copy (case 1: eager -> lazy) */
static int factory_run(const OperatorEntry* op, IValue* args, IValue* rets, bool to_lazy) {
  if (op->schema.num_arguments > kLazyMaxArgs || op->schema.num_returns > kLazyMaxReturns)
    return OperatorEntry_reportError(op, DispatchKey_Lazy);
  IValue cargs[kLazyMaxArgs];
  for (size_t i = 0; i < op->schema.num_arguments; i++) {
    cargs[i] = args[i];
    cargs[i].owned = false;
    if (LazyIrBuilder_isLazyDevice(&args[i])) cargs[i] = IValue_fromDevice(Device_cpu());
  }
  IValue crets[kLazyMaxReturns] = {IValue_none(), IValue_none(), IValue_none(), IValue_none()};
  if (LazyIrBuilder_callCpu(op, cargs, crets) < 0 || refuse_quantized(op, crets) < 0) return -1;
  int r = 0;
  for (size_t i = 0; i < op->schema.num_returns; i++) {
    if (crets[i].tag != IValueTag_Tensor || !to_lazy) {
      rets[i] = crets[i];
      crets[i] = IValue_none();
      continue;
    }
    LazyNode* n = LazyNode_deviceData(crets[i].u.tensor);
    Tensor* t = LazyTensor_create(LazyValue_make(n, 0));
    LazyNode_release(n);
    if (t != NULL) t->is_contiguous = crets[i].u.tensor->is_contiguous;
    if ((t = functionalize_output(t)) == NULL) r = -1;
    rets[i] = IValue_takeTensor(t);
  }
  for (size_t i = 0; i < kLazyMaxReturns; i++) IValue_release(&crets[i]);
  return r;
}

int LazyEagerFallback_factory(const OperatorEntry* op, IValue* args, IValue* rets) {
  return factory_run(op, args, rets, true);
}

/* Step 4 of the fallback: the CPU results crets back on the Lazy device,
 * into rets, as device_data; a return that aliases a written argument
 * (max.dim_max: values -> max) writes the argument's CPU copy `owned` into
 * it instead.  A non-tensor result moves over as it is.  0, or -1 with the
 * error set.
 * PyTorch 1.13: torch/csrc/lazy/ts_backend/ts_eager_fallback.cpp
 * ts_eager_fallback ("Step 4: Convert any eager output tensors back to the
 * original input device") */
static int returns_to_lazy(const OperatorEntry* op, IValue* args, Tensor* const* owned, bool writes, IValue* crets,
                           IValue* rets) {
  for (size_t i = 0; i < op->schema.num_returns; i++) {
    if (crets[i].tag != IValueTag_Tensor) {
      rets[i] = crets[i];
      crets[i] = IValue_none();
    } else if (writes && op->schema.returns[i].alias_info.present) {
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
      if (t == NULL) return -1;
      rets[i] = IValue_takeTensor(t);
    }
  }
  return 0;
}

/* Step 3 for the written lazy arguments that no return aliases: each gets
 * its CPU copy `owned` as device_data.
 * PyTorch 1.13: torch/csrc/lazy/ts_backend/ts_eager_fallback.cpp
 * ts_eager_fallback ("Step 3": at::_copy_from_and_resize of mutated inputs) */
static void write_unreturned(const OperatorEntry* op, IValue* args, Tensor* const* owned) {
  for (size_t i = 0; i < op->schema.num_arguments; i++) {
    const AliasInfo* a = &op->schema.arguments[i].alias_info;
    if (!a->is_write || owned[i] == NULL) continue;
    bool returned = false;
    for (size_t k = 0; k < op->schema.num_returns; k++)
      returned = returned || (op->schema.returns[k].alias_info.present &&
                              strcmp(op->schema.returns[k].alias_info.set, a->set) == 0);
    if (returned) continue;
    LazyNode* n = LazyNode_deviceData(owned[i]);
    LazyTensor_write(args[i].u.tensor, LazyValue_make(n, 0));
    LazyNode_release(n);
  }
}

/* PyTorch 1.13: torch/csrc/lazy/ts_backend/ts_eager_fallback.cpp ts_eager_fallback */
int LazyEagerFallback_run(const OperatorEntry* op, IValue* args, IValue* rets) {
  size_t num_args = op->schema.num_arguments;
  if (num_args > kLazyMaxArgs || op->schema.num_returns > kLazyMaxReturns) {
    return OperatorEntry_reportError(op, DispatchKey_Lazy);
  }
  IValue cargs[kLazyMaxArgs];
  Tensor* owned[kLazyMaxArgs] = {0};
  Tensor** lists[kLazyMaxArgs] = {0};
  IValue crets[kLazyMaxReturns] = {IValue_none(), IValue_none(), IValue_none(), IValue_none()};
  int written = LazyIrBuilder_writtenArgument(op);
  int r = -1;
  /* A written argument must be lazy: its new value comes back as an IR
   * node.  A CPU tensor written with a lazy value or through a lazy index
   * (index_put_, whose indices skip the device check) is a mixed-device
   * write.  NB(minaten): 1.13's functionalization fails an internal assert
   * there ("mutating a non-functional tensor with a functional tensor"). */
  for (size_t i = 0; i < num_args; i++)
    if (op->schema.arguments[i].alias_info.is_write && args[i].tag == IValueTag_Tensor &&
        !Tensor_isLazy(args[i].u.tensor))
      return LazyTensor_errorDeviceMismatch();
  /* A (CPU) storage given to a lazy tensor (set_.source_Storage): 1.13's
   * checkSetStorage refuses it, the lazy tensor's storage being a "meta" one. */
  for (size_t i = 0; i < num_args; i++)
    if (args[i].tag == IValueTag_Storage) {
      Error_set(ErrorType_RuntimeError,
                "Attempted to set the storage of a tensor on device \"meta\" to a storage on different device "
                "\"cpu\".  This is no longer allowed; the devices must match.");
      return -1;
    }
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
    } else if (LazyIrBuilder_isLazyDevice(&args[i])) {
      cargs[i] = IValue_fromDevice(Device_cpu());
    }
  }
  if (LazyIrBuilder_callCpu(op, cargs, crets) < 0 || refuse_quantized(op, crets) < 0 || refuse_view(op) < 0) goto done;
  write_unreturned(op, args, owned);
  r = returns_to_lazy(op, args, owned, written >= 0, crets, rets);
done:
  for (size_t i = 0; i < kLazyMaxReturns; i++) IValue_release(&crets[i]);
  for (size_t i = 0; i < num_args; i++) {
    Tensor_release(owned[i]);
    if (lists[i]) {
      for (size_t e = 0; e < args[i].u.list.size; e++) Tensor_release(lists[i][e]);
      free(lists[i]);
    }
  }
  return r;
}

/* Whether the first tensor argument (else the first tensor of a list) is
 * lazy: the results then go to the Lazy device, whatever device the other
 * arguments are on (`torch.where(lazy_cond, lazy, cpu)`): the fallback
 * moves every lazy argument to the CPU and runs there.  NB(minaten): with
 * a CPU tensor first, 1.13 returns a CPU value in a lazy wrapper (its
 * functionalization's); minaten refuses mixed devices then
 * (LazyTensor_checkDevices).
 * PyTorch 1.13: torch/csrc/lazy/ts_backend/ts_eager_fallback.cpp compute_target_device */
static bool first_tensor_is_lazy(const OperatorEntry* op, const IValue* args) {
  for (int k = 0; k < op->num_tensor_args; k++) {
    const IValue* v = &args[op->tensor_arg_index[k]];
    if (v->tag == IValueTag_Tensor) return v->u.tensor != NULL && Tensor_isLazy(v->u.tensor);
  }
  for (int k = 0; k < op->num_tensor_args; k++) {
    const IValue* v = &args[op->tensor_arg_index[k]];
    if (v->tag != IValueTag_TensorList) continue;
    TensorList l = IValue_toTensorList(v);
    for (size_t e = 0; e < l.size; e++)
      if (l.data[e] != NULL) return Tensor_isLazy(l.data[e]);
  }
  return false;
}

/* The Lazy backend fallback: an operator the TS backend does not lower
 * runs on the CPU, its lazy inputs materialised, its results moved in as
 * device_data (so lazy_ir shows them as data, as 1.13's does).
 * PyTorch 1.13: torch/csrc/lazy/ts_backend/ts_eager_fallback.cpp ltc_eager_fallback */
int LazyNativeFunctions_eagerFallback(const KernelFunction* kernel, const OperatorEntry* op, DispatchKeySet ks,
                                      IValue* args, IValue* rets) {
  (void)kernel;
  (void)ks;
  /* Indices may stay on the CPU, as CUDA's may. */
  if (op == at_op_index_Tensor || op == at_op_index_put_) return LazyEagerFallback_run(op, args, rets);
  if (first_tensor_is_lazy(op, args)) return LazyEagerFallback_run(op, args, rets);
  bool any_lazy;
  if (LazyTensor_checkDevices(op, args, &any_lazy) < 0) return -1;
  if (any_lazy) return LazyEagerFallback_run(op, args, rets);
  return factory_run(op, args, rets, op->num_tensor_args > 0);
}
