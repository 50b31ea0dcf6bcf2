/*
 * AutogenOut.h - the kernel of an out= operator made by `autogen:`.
 *
 * An entry of native_functions.yaml may list, under `autogen:`, out= forms
 * of its functional operator that no one wrote (`native_layer_norm.out`).
 * torchgen declares each from the functional's schema (its arguments, then
 * keyword-only `Tensor(a!) out`, or `out0`, `out1`, ... for several
 * returns) and registers one CompositeExplicitAutograd kernel for it:
 *
 *   auto tmp_output = at::_ops::native_layer_norm::call(input, ...);
 *   resize_out_helper(out0, std::get<0>(tmp_output));   // at::native::resize_output
 *   copy_arg(out0, std::get<0>(tmp_output));            // out0.copy_(...)
 *   ... the same for out1, out2
 *   return std::forward_as_tuple(out0, out1, out2);
 *
 * A factory's out= form has no TensorOptions (1.13's Arguments::signature
 * drops dtype, layout, device and pin_memory): the functional gets out's
 * dtype, layout and device, and no pin_memory, so
 * `tril_indices.out(3, 3, out=torch.empty(0))` fails as tril_indices with
 * dtype=torch.float does.
 *
 * So an out of another dtype is cast into, an out of another shape is
 * resized (with resize_output's warning when it held elements), and an
 * undefined result (native_layer_norm_backward's unmasked gradients) resizes
 * its out to [0], an undefined tensor's sizes, before copy_ refuses it
 * ("src is undefined").  No autograd formula covers these operators: an
 * input that requires grad gets them autogradNotImplementedFallback.
 *
 * minaten's code generator (tools/codegen/model.c) declares these operators
 * and registers this boxed kernel for each (gen_register.c), recording the
 * functional in the operator's autogen_functional.
 *
 * PyTorch 1.13: torchgen/native_function_generation.py
 * (gen_composite_out_kernel), the generated CompositeViewCopyKernels.cpp
 * (resize_out_helper, copy_arg)
 */
#ifndef MINATEN_OPS_AUTOGENOUT_H
#define MINATEN_OPS_AUTOGENOUT_H

#include "dispatch/KernelFunction.h"

/* The functional operator on the leading arguments, then each result
 * resized into and copied into its out; returns the outs. */
int AutogenOut_kernel(const KernelFunction* kernel, const OperatorEntry* op, DispatchKeySet ks, IValue* args,
                      IValue* rets);

#endif
