/*
 * Activation.h - gelu's approximation argument and the stubs of gelu's two
 * loops, which ops/Activation.c calls on its TensorIterator and each copy of
 * ops/cpu/Activation.c fills (Note [CPU capability dispatch] in
 * ops/DispatchStub.h).
 *
 * PyTorch 1.13: aten/src/ATen/native/Activation.h (GeluType,
 * get_gelutype_enum, activation_fn ... GeluKernel, GeluBackwardKernel)
 */
#ifndef MINATEN_OPS_ACTIVATION_H
#define MINATEN_OPS_ACTIVATION_H

#include "ops/DispatchStub.h"
#include "ops/TensorIterator.h"

/* PyTorch 1.13: native/Activation.h GeluType */
typedef enum GeluType { GeluType_None, GeluType_Tanh } GeluType;

/* "none" or "tanh" into *type: 0, or -1 with 1.13's error ("approximate
 * argument must be either none or tanh.").
 * PyTorch 1.13: native/Activation.h get_gelutype_enum */
int get_gelutype_enum(const char* approximate, GeluType* type);

/* The iterator is (out, self) or (grad_input, grad_output, self); its common
 * dtype is Float, Double or BFloat16 (ops/Activation.c checks it first). */
typedef void (*gelu_fn)(TensorIteratorBase* iter, GeluType approximate);
DECLARE_DISPATCH(gelu_fn, GeluKernel);
DECLARE_DISPATCH(gelu_fn, GeluBackwardKernel);

#endif
