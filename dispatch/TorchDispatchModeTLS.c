/*
 * TorchDispatchModeTLS.c - see TorchDispatchModeTLS.h.
 * PyTorch 1.13: c10/core/impl/TorchDispatchModeTLS.cpp
 */
#include "dispatch/TorchDispatchModeTLS.h"

#include <stdlib.h>

#include "dispatch/TraceMode.h"
#include "runtime/Exception.h"
#include "runtime/LocalDispatchKeySet.h"

static _Thread_local void** stack = NULL;
static _Thread_local int64_t stack_size = 0, stack_capacity = 0;

void TorchDispatchModeTLS_updateIncludedKeys(void) {
  tls_set_dispatch_key_included(DispatchKey_Python, stack_size > 0 || TraceMode_isEnabled());
  tls_set_dispatch_key_included(DispatchKey_PythonTLSSnapshot, stack_size > 0);
}

int TorchDispatchModeTLS_push_onto_stack(void* mode) {
  if (stack_size == stack_capacity) {
    int64_t capacity = stack_capacity ? 2 * stack_capacity : 8;
    void** grown = realloc(stack, (size_t)capacity * sizeof *grown);
    TORCH_CHECK_ALLOC(grown != NULL);
    stack = grown;
    stack_capacity = capacity;
  }
  stack[stack_size++] = mode;
  TorchDispatchModeTLS_updateIncludedKeys();
  return 0;
fail:
  return -1;
}

void* TorchDispatchModeTLS_pop_stack(void) {
  if (stack_size == 0) return NULL;
  void* mode = stack[--stack_size];
  if (stack_size == 0) {
    TorchDispatchModeTLS_updateIncludedKeys();
    free(stack); /* an empty stack holds no memory (valgrind's view of a thread that ends) */
    stack = NULL;
    stack_capacity = 0;
  }
  return mode;
}

void* TorchDispatchModeTLS_get_stack_at(int64_t idx) {
  return idx >= 0 && idx < stack_size ? stack[idx] : NULL;
}

int64_t TorchDispatchModeTLS_stack_len(void) { return stack_size; }

bool dispatch_mode_enabled(void) { return stack_size > 0 || TraceMode_isEnabled(); }
