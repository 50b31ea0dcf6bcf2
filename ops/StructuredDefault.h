/*
 * StructuredDefault.h - the default kernel of a structured operator.
 *
 * In PyTorch 1.13 a structured operator is one out= kernel (`add.out`:
 * a meta function that checks the arguments and sizes the output, and an
 * impl that computes); its functional and in-place forms name it in
 * `structured_delegate: add.out`, and torchgen gives every such form a
 * CompositeExplicitAutogradNonFunctional kernel: the meta function, an
 * output allocated with at::empty (or at::empty_strided when the output is
 * not laid out in row-major order), then a call of the out= operator.
 * That kernel fills every backend without a kernel of its own except the
 * functionalizing ones (Lazy), so a quantized tensor reaches it: `q * q`
 * allocates a quantized output and fails in aten::mul.out, which has no
 * QuantizedCPU kernel.
 *
 * minaten's code generator registers these two boxed kernels at that key for
 * every operator of the YAML with `structured_delegate:`
 * (tools/codegen/gen_register.c), and records the delegate in the
 * operator's OperatorEntry (structured_delegate).
 *
 * PyTorch 1.13: torchgen/dest/register_dispatch_key.py
 * StructuredRegisterDispatchKey (structured_<op>_default_backend_functional,
 * structured_<op>_default_backend_inplace), RegisterCompositeExplicitAutogradNonFunctional.cpp
 */
#ifndef MINATEN_OPS_STRUCTUREDDEFAULT_H
#define MINATEN_OPS_STRUCTUREDDEFAULT_H

#include "dispatch/KernelFunction.h"

/* The functional form (add.Tensor): meta, allocate the outputs, call the
 * delegate with them, return them. */
int StructuredDefault_functional(const KernelFunction* kernel, const OperatorEntry* op, DispatchKeySet ks,
                                 IValue* args, IValue* rets);
/* The in-place form (add_.Tensor): meta, call the delegate with self as its
 * output, return self. */
int StructuredDefault_inplace(const KernelFunction* kernel, const OperatorEntry* op, DispatchKeySet ks,
                              IValue* args, IValue* rets);

#endif
