/*
 * DLConvertor.h - tensors to and from DLPack's DLManagedTensor, the C
 * struct through which array libraries lend each other memory (PyTorch,
 * NumPy, CuPy ... in one process): a data pointer, a device, a dtype code,
 * a shape and strides in elements, and a deleter the borrower calls when it
 * is done.
 *
 *   toDLPack(t)    lends t's memory: the DLManagedTensor holds a reference to
 *                  an alias of t (1.13's as_strided with size-1 strides set to
 *                  1, gh-83069), dropped by its deleter.
 *   fromDLPack(m)  borrows m's memory: a CPU tensor whose storage calls
 *                  m->deleter(m) at its last release.
 *
 * The struct is DLPack 0.6's (Debian's libdlpack-dev, dlpack/dlpack.h), the
 * version 1.13 vendors.  minaten lends and borrows CPU memory only.
 *
 * Conventions: NULL with minaten's error set (runtime/Exception.h) on
 * failure, with 1.13's messages.
 *
 * PyTorch 1.13: aten/src/ATen/DLConvertor.h
 */
#ifndef MINATEN_CSRC_DLCONVERTOR_H
#define MINATEN_CSRC_DLCONVERTOR_H

#include <dlpack/dlpack.h>

#include "runtime/TensorImpl.h"

/* PyTorch 1.13: aten/src/ATen/DLConvertor.cpp at::toDLPack */
DLManagedTensor* toDLPack(const Tensor* src);

/* On success the tensor owns src (its storage calls src->deleter); on
 * failure src is untouched and still the caller's.
 * PyTorch 1.13: aten/src/ATen/DLConvertor.cpp at::fromDLPack */
Tensor* fromDLPack(DLManagedTensor* src);

#endif
