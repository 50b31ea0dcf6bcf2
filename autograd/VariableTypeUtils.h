/*
 * VariableTypeUtils.h - what the generated autograd code calls besides the
 * autograd core: the guard a VariableType kernel redispatches under, and
 * the copies a node makes of the values it saves.
 *
 * The generated files (build/generated/VariableType.c,
 * AutogradFunctions.h/.c, written by tools/codegen/gen_autograd.c from
 * yaml/derivatives.yaml) include this header and autograd/FunctionsManual.h.
 *
 * PyTorch 1.13: torch/csrc/autograd/VariableTypeUtils.h,
 * torch/csrc/autograd/functions/utils.h, c10/core/impl/LocalDispatchKeySet.h
 * (AutoDispatchBelowAutograd, AutoDispatchBelowADInplaceOrView)
 */
#ifndef MINATEN_AUTOGRAD_VARIABLETYPEUTILS_H
#define MINATEN_AUTOGRAD_VARIABLETYPEUTILS_H

#include <stdbool.h>
#include <stddef.h>

#include "autograd/SavedVariable.h"
#include "runtime/ArrayRef.h"
#include "runtime/DispatchKeySet.h"
#include "runtime/LocalDispatchKeySet.h"
#include "runtime/TensorImpl.h"

/* A VariableType kernel calls the operator again with the autograd keys
 * excluded (and, for an operator that is not a view, ADInplaceOrView too,
 * whose kernels only views and in-place operators have).
 * PyTorch 1.13: c10/core/impl/LocalDispatchKeySet.h AutoDispatchBelowAutograd,
 * AutoDispatchBelowADInplaceOrView */
static inline DispatchKeyGuard AutoDispatchBelowAutograd_push(void) {
  return ExcludeDispatchKeyGuard_push(DispatchKeySet_autograd());
}
static inline DispatchKeyGuard AutoDispatchBelowADInplaceOrView_push(void) {
  return ExcludeDispatchKeyGuard_push(DispatchKeySet_add(DispatchKeySet_autograd(), DispatchKey_ADInplaceOrView));
}

/* Whether any of the n gradients is defined: a node whose gradients are all
 * undefined returns undefined ones.
 * PyTorch 1.13: torch/csrc/autograd/functions/utils.h any_variable_defined */
bool any_variable_defined(Tensor* const* grads, size_t n);

/* Floating-point dtypes: the outputs autograd can differentiate.
 * PyTorch 1.13: c10/core/ScalarType.h isDifferentiableType */
bool isDifferentiableType(ScalarType t);

/* Copies a node keeps of list and string arguments (the originals belong
 * to the caller).  Each returns 0, or -1 with a RuntimeError (out of
 * memory); the _free functions take what the copy made. */
int saved_IntArrayRef(IntArrayRef* dst, IntArrayRef src);
void saved_IntArrayRef_free(IntArrayRef* a);
int saved_OptionalIntArrayRef(OptionalIntArrayRef* dst, OptionalIntArrayRef src);
void saved_OptionalIntArrayRef_free(OptionalIntArrayRef* a);
int saved_string(const char** dst, const char* src);
void saved_string_free(const char** s);

/* A list of tensors saved one SavedVariable each (`Tensor[] tensors`,
 * `Tensor?[] indices`; a NULL entry is saved undefined).
 * PyTorch 1.13: std::vector<SavedVariable> fields of the generated nodes */
int saved_TensorList(SavedVariable** dst, size_t* dst_size, TensorList src);
void saved_TensorList_reset(SavedVariable* saved, size_t n);
void saved_TensorList_free(SavedVariable** saved, size_t* n);
/* The saved list unpacked into a new array of new references (NULL entries
 * allowed); {NULL, 0} with the error set on failure (an empty list is
 * {NULL, 0} without error). */
TensorList unpack_list(const SavedVariable* saved, size_t n, Node* saved_for);

#endif
