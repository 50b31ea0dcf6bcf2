/*
 * AutogenOut.c - the kernel of an out= operator made by `autogen:`; see
 * AutogenOut.h.
 */
#include "ops/AutogenOut.h"

#include "Functions.h"
#include "dispatch/Dispatcher.h"
#include "ops/Resize.h"
#include "runtime/Exception.h"

enum { kMaxArgs = 24, kMaxOuts = 4 };

/* PyTorch 1.13: CompositeViewCopyKernels.cpp <op>_out (gen_composite_out_kernel) */
int AutogenOut_kernel(const KernelFunction* kernel, const OperatorEntry* op, DispatchKeySet ks, IValue* args,
                      IValue* rets) {
  (void)kernel, (void)ks;
  const OperatorEntry* functional = op->autogen_functional;
  size_t n = functional->schema.num_arguments, num_outs = op->schema.num_returns;
  TORCH_INTERNAL_ASSERT(n + num_outs == op->schema.num_arguments && n <= kMaxArgs && num_outs <= kMaxOuts);
  IValue fargs[kMaxArgs];
  IValue frets[kMaxOuts] = {0};
  for (size_t i = 0; i < n; i++) {
    fargs[i] = args[i];
    fargs[i].owned = false;
  }
  /* at::_ops::<functional>::call: from the top of the dispatcher */
  if (Dispatcher_callBoxed(functional, fargs, frets) < 0) return -1;
  size_t done = 0;
  for (; done < num_outs; done++) {
    Tensor* out = (Tensor*)args[n + done].u.tensor;
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
    rets[i] = IValue_takeTensor(Tensor_retain((Tensor*)args[n + i].u.tensor));
  }
  return 0;
fail:
  for (size_t i = 0; i < num_outs; i++) IValue_release(&frets[i]);
  return -1;
}
