/*
 * tensor_str.c - str(tensor), as print() shows it.
 *
 * NB(minaten): PyTorch's layout (torch/_tensor_str.py: precision, scientific
 * notation, column alignment, summarisation) belongs to a later issue; until
 * then printing a tensor is a clean NotImplementedError.
 */
#include "runtime/Exception.h"
#include "tools/minaten/value.h"

int tensor_str_write(const Tensor* t, FILE* out) {
  (void)t;
  (void)out;
  Error_set(ErrorType_NotImplementedError, "printing tensors is not supported by minaten yet (use show(t))");
  return -1;
}
