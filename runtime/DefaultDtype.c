/*
 * DefaultDtype.c - the default dtype's global; see DefaultDtype.h.
 * PyTorch 1.13: c10/core/DefaultDtype.cpp
 */
#include "runtime/DefaultDtype.h"

#include "runtime/Exception.h"

/* PyTorch 1.13: c10/core/DefaultDtype.cpp default_dtype (a static, not thread_local) */
static ScalarType default_dtype = ScalarType_Float;

void set_default_dtype(ScalarType dtype) {
  TORCH_INTERNAL_ASSERT(ScalarType_isFloating(dtype));
  default_dtype = dtype;
}

ScalarType get_default_dtype(void) { return default_dtype; }
