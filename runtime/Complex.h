/*
 * Complex.h - complex64 and complex128: a pair of floats (doubles), real
 * part first, as c10::complex<float> (<double>) lays them out; a complex
 * tensor's storage is its real tensor of twice the last size
 * (view_as_real).
 *
 * NB(minaten): C11's `float _Complex` would do the arithmetic, but its
 * multiplication and division follow C's Annex G (infinities recovered
 * from NaN results, other scaling), and c10::complex's operators do not:
 * kernels use the functions below, which are 1.13's formulas.
 *
 * PyTorch 1.13: c10/util/complex.h
 */
#ifndef MINATEN_RUNTIME_COMPLEX_H
#define MINATEN_RUNTIME_COMPLEX_H

typedef struct ComplexFloat {
  float real, imag;
} ComplexFloat;

typedef struct ComplexDouble {
  double real, imag;
} ComplexDouble;

/* (a + bi)(c + di) = (ac - bd) + (ad + bc)i.  PyTorch 1.13: c10/util/complex.h operator*= */
static inline ComplexDouble ComplexDouble_mul(ComplexDouble x, ComplexDouble y) {
  return (ComplexDouble){x.real * y.real - x.imag * y.imag, x.real * y.imag + x.imag * y.real};
}

#endif
