/*
 * AutogenOut.c - the kernel of an out= operator made by `autogen:`; see
 * AutogenOut.h.
 */
#include "ops/AutogenOut.h"

#include <string.h>

#include "Functions.h"
#include "dispatch/Dispatcher.h"
#include "ops/Resize.h"
#include "runtime/Exception.h"

enum { kMaxArgs = 24, kMaxOuts = 4 };

/* The functional's argument i, for the out= form's arguments args: the
 * argument of the same name, or for a factory (whose out= form has no
 * TensorOptions, model.c out_arguments_text) its options from the first
 * out: dtype, layout and device out's, pin_memory None.
 * PyTorch 1.13: torchgen/api/translate.py (the out tensor's scalar_type(),
 * layout(), device(); c10::nullopt for pin_memory) */
static IValue functional_argument(const OperatorEntry* op, const Argument* a, const IValue* args) {
  size_t n_in = op->schema.num_arguments - op->schema.num_returns;
  for (size_t j = 0; j < n_in; j++)
    if (strcmp(op->schema.arguments[j].name, a->name) == 0) {
      IValue v = args[j];
      v.owned = false;
      return v;
    }
  const Tensor* out = args[n_in].u.tensor;
  if (strcmp(a->name, "dtype") == 0) return IValue_fromScalarType(out->dtype);
  if (strcmp(a->name, "layout") == 0) return IValue_fromLayout(Layout_Strided);
  if (strcmp(a->name, "device") == 0) return IValue_fromDevice(out->device);
  TORCH_INTERNAL_ASSERT(strcmp(a->name, "pin_memory") == 0);
  return IValue_none();
}

/* PyTorch 1.13: CompositeViewCopyKernels.cpp <op>_out (gen_composite_out_kernel) */
int AutogenOut_kernel(const KernelFunction* kernel, const OperatorEntry* op, DispatchKeySet ks, IValue* args,
                      IValue* rets) {
  (void)kernel, (void)ks;
  const OperatorEntry* functional = op->autogen_functional;
  size_t n = functional->schema.num_arguments, num_outs = op->schema.num_returns;
  size_t n_in = op->schema.num_arguments - num_outs;
  TORCH_INTERNAL_ASSERT(n_in <= n && n <= kMaxArgs && num_outs <= kMaxOuts);
  IValue fargs[kMaxArgs];
  IValue frets[kMaxOuts] = {0};
  for (size_t i = 0; i < n; i++) fargs[i] = functional_argument(op, &functional->schema.arguments[i], args);
  /* at::_ops::<functional>::call: from the top of the dispatcher */
  if (Dispatcher_callBoxed(functional, fargs, frets) < 0) return -1;
  size_t done = 0;
  for (; done < num_outs; done++) {
    Tensor* out = (Tensor*)args[n_in + done].u.tensor;
    const Tensor* result = frets[done].u.tensor;
    /* resize_out_helper: an undefined tensor's sizes are [0] */
    static const int64_t kUndefinedSizes[1] = {0};
    IntArrayRef sizes = result != NULL ? Tensor_sizes(result) : (IntArrayRef){kUndefinedSizes, 1};
    if (resize_output(out, sizes) < 0) goto fail;
    /* copy_arg: out.copy_(result); an undefined result dispatches on out's
     * keys alone and copy_impl refuses it (minaten's typed at_copy_ takes
     * no NULL tensor, so the check is made here) */
    TORCH_CHECK(result != NULL, "src is undefined");
    Tensor* copied = at_copy_(out, result, false);
    if (copied == NULL) goto fail;
    Tensor_release(copied);
  }
  for (size_t i = 0; i < num_outs; i++) {
    IValue_release(&frets[i]);
    rets[i] = IValue_takeTensor(Tensor_retain((Tensor*)args[n_in + i].u.tensor));
  }
  return 0;
fail:
  for (size_t i = 0; i < num_outs; i++) IValue_release(&frets[i]);
  return -1;
}
