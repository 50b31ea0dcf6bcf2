/*
 * Complex.c - complex tensors from real ones: complex(real, imag) pairs two
 * float (double) tensors into a complex64 (complex128) one, polar(abs,
 * angle) builds abs * (cos(angle) + i sin(angle)).  Both broadcast through
 * TensorIterator; the functional forms make an empty result and call the
 * out= form, as 1.13's do.
 * PyTorch 1.13: aten/src/ATen/native/TensorFactories.cpp (complex, complex_out,
 * polar, polar_out, complex_check_floating, complex_check_dtype),
 * native/cpu/ComplexKernel.cpp (complex_kernel, polar_kernel)
 */
#include <math.h>

#include "Functions.h"
#include "NativeFunctions.h"
#include "ops/MetaMode.h"
#include "ops/TensorIterator.h"
#include "ops/TensorIteratorConfig.h"
#include "runtime/Exception.h"
#include "runtime/Parallel.h"

/* PyTorch 1.13: TensorFactories.cpp complex_check_floating */
static int complex_check_floating(const Tensor* a, const Tensor* b) {
#define FLOATING(t) ((t) == ScalarType_Float || (t) == ScalarType_Double || (t) == ScalarType_Half)
  TORCH_CHECK(FLOATING(a->dtype) && FLOATING(b->dtype),
              "Expected both inputs to be Half, Float or Double tensors but got %s and %s", ScalarType_name(a->dtype),
              ScalarType_name(b->dtype));
#undef FLOATING
  /* NB(minaten): 1.13 pairs two half tensors into complex32, which minaten lacks */
  TORCH_CHECK(a->dtype != ScalarType_Half, "minaten: complex32 (ComplexHalf) tensors are not supported");
  return 0;
fail:
  return -1;
}

/* PyTorch 1.13: TensorFactories.cpp complex_check_dtype */
static int complex_check_dtype(const Tensor* result, const Tensor* a, const Tensor* b) {
  TRY(complex_check_floating(a, b) == 0);
  TORCH_CHECK(a->dtype == b->dtype, "Expected object of scalar type %s but got scalar type %s for second argument",
              ScalarType_name(a->dtype), ScalarType_name(b->dtype));
  TORCH_CHECK(result->dtype == ScalarType_toComplex(a->dtype),
              "Expected object of scalar type %s but got scalar type %s for argument 'out'",
              ScalarType_name(ScalarType_toComplex(a->dtype)), ScalarType_name(result->dtype));
  return 0;
fail:
  return -1;
}

/* data = {out, a, b}: out = complex(a, b), or with `polar` a * (cos b + i sin b),
 * in the inputs' float or double.
 * PyTorch 1.13: cpu/ComplexKernel.cpp complex_kernel, polar_kernel (cpu_kernel) */
static void complex_loop2d(void* ctx, char** data, const int64_t* strides, int64_t size0, int64_t size1) {
  const bool polar = ((const bool*)ctx)[0], is_double = ((const bool*)ctx)[1];
  for (int64_t j = 0; j < size1; j++)
    for (int64_t i = 0; i < size0; i++) {
      char* o = data[0] + j * strides[3] + i * strides[0];
      const char* a = data[1] + j * strides[4] + i * strides[1];
      const char* b = data[2] + j * strides[5] + i * strides[2];
      if (is_double) {
        double x = *(const double*)a, y = *(const double*)b;
        *(ComplexDouble*)o = polar ? (ComplexDouble){x * cos(y), x * sin(y)} : (ComplexDouble){x, y};
      } else {
        float x = *(const float*)a, y = *(const float*)b;
        *(ComplexFloat*)o = polar ? (ComplexFloat){x * cosf(y), x * sinf(y)} : (ComplexFloat){x, y};
      }
    }
}

static Tensor* complex_or_polar_out(const Tensor* a, const Tensor* b, Tensor* result, bool polar) {
  TRY(complex_check_dtype(result, a, b) == 0);
  TensorIteratorConfig config;
  TensorIteratorConfig_init(&config);
  config.check_all_same_dtype = false;
  config.complex_kernels = true;
  TensorIteratorConfig_add_output(&config, result);
  TensorIteratorConfig_add_input(&config, a);
  TensorIteratorConfig_add_input(&config, b);
  TensorIteratorBase iter;
  TRY(TensorIterator_build(&iter, &config) == 0);
  bool ctx[2] = {polar, a->dtype == ScalarType_Double};
  if (!MetaMode_isEnabled() && iter.numel > 0) TensorIterator_for_each(&iter, complex_loop2d, ctx, AT_GRAIN_SIZE);
  TensorIterator_release(&iter);
  return Tensor_retain(result);
fail:
  return NULL;
}

/* PyTorch 1.13: TensorFactories.cpp at::native::complex_out */
Tensor* at_native_complex_out(const Tensor* real, const Tensor* imag, Tensor* out) {
  return complex_or_polar_out(real, imag, out, false);
}
/* PyTorch 1.13: TensorFactories.cpp at::native::polar_out */
Tensor* at_native_polar_out(const Tensor* abs, const Tensor* angle, Tensor* out) {
  return complex_or_polar_out(abs, angle, out, true);
}

/* An empty complex result of a's options, then the out= form.
 * PyTorch 1.13: TensorFactories.cpp at::native::complex, at::native::polar */
static Tensor* complex_or_polar(const Tensor* a, const Tensor* b, bool polar) {
  TRY(complex_check_floating(a, b) == 0);
  int64_t zero = 0;
  Tensor* result = at_empty_memory_format(IntArrayRef_make(&zero, 1),
                                          (OptionalScalarType){true, ScalarType_toComplex(a->dtype)}, kNoLayout,
                                          (OptionalDevice){true, a->device}, kNoPinMemory, kNoMemoryFormat);
  if (result == NULL) return NULL;
  Tensor* r = polar ? at_polar_out(a, b, result) : at_complex_out(a, b, result);
  Tensor_release(result);
  return r;
fail:
  return NULL;
}
/* PyTorch 1.13: TensorFactories.cpp at::native::complex */
Tensor* at_native_complex(const Tensor* real, const Tensor* imag) { return complex_or_polar(real, imag, false); }
/* PyTorch 1.13: TensorFactories.cpp at::native::polar */
Tensor* at_native_polar(const Tensor* abs, const Tensor* angle) { return complex_or_polar(abs, angle, true); }
