/*
 * VariableTypeUtils.c - see VariableTypeUtils.h.
 *
 * PyTorch 1.13: torch/csrc/autograd/VariableTypeUtils.h,
 * torch/csrc/autograd/functions/utils.h
 */
#include "autograd/VariableTypeUtils.h"

#include <stdlib.h>
#include <string.h>

#include "runtime/Exception.h"

/* PyTorch 1.13: torch/csrc/autograd/functions/utils.h any_variable_defined */
bool any_variable_defined(Tensor* const* grads, size_t n) {
  for (size_t i = 0; i < n; i++)
    if (grads[i] != NULL) return true;
  return false;
}

/* PyTorch 1.13: c10/core/ScalarType.h isDifferentiableType */
bool isDifferentiableType(ScalarType t) { return ScalarType_isFloating(t) || ScalarType_isComplex(t); }

int saved_IntArrayRef(IntArrayRef* dst, IntArrayRef src) {
  int64_t* data = malloc((src.size ? src.size : 1) * sizeof *data);
  TORCH_CHECK(data != NULL, "out of memory");
  if (src.size > 0) memcpy(data, src.data, src.size * sizeof *data);
  *dst = IntArrayRef_make(data, src.size);
  return 0;
fail:
  return -1;
}

void saved_IntArrayRef_free(IntArrayRef* a) {
  free((void*)a->data);
  *a = IntArrayRef_make(NULL, 0);
}

int saved_OptionalIntArrayRef(OptionalIntArrayRef* dst, OptionalIntArrayRef src) {
  dst->has_value = src.has_value;
  dst->value = IntArrayRef_make(NULL, 0);
  return src.has_value ? saved_IntArrayRef(&dst->value, src.value) : 0;
}

void saved_OptionalIntArrayRef_free(OptionalIntArrayRef* a) { saved_IntArrayRef_free(&a->value); }

int saved_string(const char** dst, const char* src) {
  *dst = NULL;
  if (src == NULL) return 0;
  char* copy = malloc(strlen(src) + 1);
  TORCH_CHECK(copy != NULL, "out of memory");
  strcpy(copy, src);
  *dst = copy;
  return 0;
fail:
  return -1;
}

void saved_string_free(const char** s) {
  free((void*)*s);
  *s = NULL;
}

int saved_TensorList(SavedVariable** dst, size_t* dst_size, TensorList src) {
  *dst = calloc(src.size ? src.size : 1, sizeof **dst);
  *dst_size = 0;
  TORCH_CHECK(*dst != NULL, "out of memory");
  *dst_size = src.size;
  for (size_t i = 0; i < src.size; i++) TRY(SavedVariable_init(&(*dst)[i], src.data[i], false) == 0);
  return 0;
fail:
  return -1;
}

void saved_TensorList_reset(SavedVariable* saved, size_t n) {
  for (size_t i = 0; i < n; i++) SavedVariable_reset(&saved[i]);
}

void saved_TensorList_free(SavedVariable** saved, size_t* n) {
  if (*saved != NULL) saved_TensorList_reset(*saved, *n);
  free(*saved);
  *saved = NULL;
  *n = 0;
}

TensorList unpack_list(const SavedVariable* saved, size_t n, Node* saved_for) {
  TensorList none = {NULL, 0};
  if (n == 0) return none;
  Tensor** items = calloc(n, sizeof *items);
  TORCH_CHECK(items != NULL, "out of memory");
  for (size_t i = 0; i < n; i++) {
    items[i] = SavedVariable_unpack(&saved[i], saved_for);
    if (items[i] == NULL && Error_occurred()) {
      TensorList_releaseAll((TensorList){items, i});
      return none;
    }
  }
  return (TensorList){items, n};
fail:
  return none;
}

