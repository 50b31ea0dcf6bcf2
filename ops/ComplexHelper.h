/*
 * ComplexHelper.h - a complex tensor seen as a real one (ComplexHelper.c).
 * PyTorch 1.13: aten/src/ATen/native/ComplexHelper.h
 */
#ifndef MINATEN_OPS_COMPLEXHELPER_H
#define MINATEN_OPS_COMPLEXHELPER_H

#include "runtime/TensorImpl.h"

/* view_as_real without the dispatcher and without the conjugate-bit check:
 * what kernels use to fill a complex tensor's parts (normal_, uniform_).
 * PyTorch 1.13: ComplexHelper.h _view_as_real_physical */
Tensor* view_as_real_physical(const Tensor* self);

#endif
