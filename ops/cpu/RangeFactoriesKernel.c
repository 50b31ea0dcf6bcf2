/*
 * RangeFactoriesKernel.c - linspace's loop, compiled once per CPU
 * capability (Note [CPU capability dispatch] in ops/DispatchStub.h) and
 * registered into linspace_stub.
 *
 * Note [linspace from both ends]
 * 1.13 computes the first steps / 2 values from start (start + step * idx)
 * and the others from end (end - step * (steps - idx - 1)), so that both
 * bounds come out exactly; step is (end - start) / (steps - 1), in the
 * dtype for floating types and in double for integers (whose values are
 * then converted back, truncating).  Its loop is cpu_serial_kernel_vec's,
 * run by parallel_for in chunks of at least GRAIN_SIZE: in each chunk,
 * blocks of two vectors from the chunk's first index, then one value at a
 * time for the rest.  A vector is Vectorized<scalar_t>::arange(base, step),
 * base + k * step for its lanes k, where base is the first lane's value
 * computed from start or from end by whether *that lane* is before the
 * halfway mark: a vector straddling the mark is all computed from start.
 * So the values depend on the vector's width (32 bytes, 64 at AVX512) and
 * on the thread count, as 1.13's do.
 * Half and BFloat16 compute with c10::Half's operators, every step rounded
 * to the type (start and end too, and step, in the type).
 * 1.13's AVX2 and AVX512 copies are compiled with FMA, and GCC fuses the
 * multiply-adds of the scalar lambda, and the one that makes a vector's
 * base, into one FMA each (one rounding), but not the lanes' base + k * step
 * (two roundings); its DEFAULT copy fuses none.  Measured: of 300 random
 * float32/float64 linspaces of 16 to 129 steps, 1.13 at AVX2 matched all
 * 300 this way, 269 with the scalar lambda unfused, 155 with the lanes
 * fused too.  minaten's copies (-ffp-contract=off) write the fused steps
 * out where __FMA__ is defined.
 *
 * PyTorch 1.13: aten/src/ATen/native/cpu/RangeFactoriesKernel.cpp
 * (linspace_kernel), cpu/vec/vec_base.h, vec256/ (Vectorized<T>::arange),
 * native/cpu/Loops.h (cpu_serial_kernel_vec, vectorized_loop)
 */
#include <math.h>
#include <stdint.h>

#include "ops/RangeFactories.h"
#include "ops/cpu/vec.h"
#include "runtime/Parallel.h"
#include "runtime/TypeCast.h"

/* a * b + c, rounded once where the copy has FMA (as 1.13's contracted
 * expressions), twice elsewhere. */
static inline float madd_f(float a, float b, float c) {
#if defined(__FMA__)
  return fmaf(a, b, c);
#else
  return a * b + c;
#endif
}
static inline double madd_d(double a, double b, double c) {
#if defined(__FMA__)
  return fma(a, b, c);
#else
  return a * b + c;
#endif
}

typedef struct LinspaceLoop {
  char* data;      /* r's first element */
  ScalarType dtype;
  int64_t lanes;   /* Vectorized<scalar_t>::size() */
  int64_t steps, halfway;
  double start, end;
  double step;     /* Double and the integers (step_t = double) */
  float start_f, end_f, step_f; /* Float, Half, BFloat16 */
} LinspaceLoop;

/* The value at idx, computed one at a time (the scalar lambda). */
static inline float scalar_float(const LinspaceLoop* L, int64_t idx) {
  return idx < L->halfway ? madd_f(L->step_f, (float)idx, L->start_f)
                          : madd_f(-L->step_f, (float)(L->steps - idx - 1), L->end_f);
}
static inline double scalar_double(const LinspaceLoop* L, int64_t idx) {
  return idx < L->halfway ? madd_d(L->step, (double)idx, L->start)
                          : madd_d(-L->step, (double)(L->steps - idx - 1), L->end);
}

/* Half and BFloat16: c10::Half's operators, each rounding to the type
 * (runtime/Half.h), with nothing fused. */
static inline float reduced(const LinspaceLoop* L, float v) { return reduced_round(L->dtype, v); }
static inline float scalar_reduced(const LinspaceLoop* L, int64_t idx) {
  return idx < L->halfway ? reduced(L, L->start_f + reduced(L, L->step_f * (float)idx))
                          : reduced(L, L->end_f - reduced(L, L->step_f * (float)(L->steps - idx - 1)));
}

/* The value in dtype t of double d, converted as C++'s cast is on x86-64
 * (truncating, cvttsd2si out of range), read back as double. */
static inline double narrow(ScalarType t, double d) {
  char buf[MINATEN_MAX_ELEMENT_SIZE];
  store_from_double(t, buf, d);
  return load_double(t, buf);
}

/* One vector at out[i...], idx its first lane's index: base + k * step
 * for its lanes k, base computed as the scalar lambda would compute idx's
 * value.  PyTorch 1.13: vec256/ Vectorized<T>::arange (vec_base.h in DEFAULT) */
static void linspace_vector(const LinspaceLoop* L, char* out, int64_t idx) {
  const int64_t V = L->lanes;
  if (L->dtype == ScalarType_Float) {
    float base = scalar_float(L, idx), *o = (float*)out;
    o[0] = base;
    for (int64_t k = 1; k < V; k++) o[k] = base + (float)k * L->step_f;
  } else if (ScalarType_isReducedFloating(L->dtype)) {
    float base = scalar_reduced(L, idx);
    for (int64_t k = 0; k < V; k++) store_from_double(L->dtype, out + k * 2, base + reduced(L, (float)k * L->step_f));
  } else if (L->dtype == ScalarType_Double) {
    double base = scalar_double(L, idx), *o = (double*)out;
    o[0] = base;
    for (int64_t k = 1; k < V; k++) o[k] = base + (double)k * L->step;
  } else {
    /* integers: arange's base is a scalar_t, its lanes computed in double
     * (step_t) and converted back */
    const int64_t size = (int64_t)ScalarType_elementSize(L->dtype);
    double base = narrow(L->dtype, scalar_double(L, idx));
    for (int64_t k = 0; k < V; k++) store_from_double(L->dtype, out + k * size, base + (double)k * L->step);
  }
}

/* Writes [begin, end) of one chunk: blocks of two vectors, then one value
 * at a time.  PyTorch 1.13: native/cpu/Loops.h vectorized_loop, basic_loop */
static void linspace_chunk(void* ctx, int64_t begin, int64_t end) {
  const LinspaceLoop* L = ctx;
  const int64_t V = L->lanes, n = end - begin, size = (int64_t)ScalarType_elementSize(L->dtype);
  char* out = L->data + begin * size;
  int64_t i = 0;
  for (; i <= n - 2 * V; i += 2 * V) {
    linspace_vector(L, out + i * size, begin + i);
    linspace_vector(L, out + (i + V) * size, begin + i + V);
  }
  for (; i < n; i++) {
    int64_t idx = begin + i;
    if (L->dtype == ScalarType_Float)
      ((float*)out)[i] = scalar_float(L, idx);
    else if (ScalarType_isReducedFloating(L->dtype))
      store_from_double(L->dtype, out + i * size, scalar_reduced(L, idx));
    else
      store_from_double(L->dtype, out + i * size, scalar_double(L, idx));
  }
}

/* PyTorch 1.13: native/cpu/RangeFactoriesKernel.cpp linspace_kernel */
static void linspace_kernel(Tensor* r, double start, double end, int64_t steps) {
  LinspaceLoop L = {.data = Tensor_data(r), .dtype = r->dtype, .steps = steps, .halfway = steps / 2,
                    .start = start, .end = end};
  L.lanes = VEC_BYTES / (int64_t)ScalarType_elementSize(r->dtype);
  if (r->dtype == ScalarType_Float) {
    L.start_f = (float)start, L.end_f = (float)end;
    L.step_f = (L.end_f - L.start_f) / (float)(steps - 1);
  } else if (ScalarType_isReducedFloating(r->dtype)) {
    /* scalar_start.to<Half>(); step = (end - start) / (steps - 1) in Half,
     * steps - 1 a Half too (299 is 300 in BFloat16) */
    L.start_f = reduced_round(r->dtype, (float)start), L.end_f = reduced_round(r->dtype, (float)end);
    L.step_f = reduced_round(r->dtype, reduced_round(r->dtype, L.end_f - L.start_f) /
                                            reduced_round(r->dtype, (float)(steps - 1)));
  } else {
    L.step = (end - start) / (double)(steps - 1);
  }
  at_parallel_for(0, steps, AT_GRAIN_SIZE, linspace_chunk, &L);
}

REGISTER_DISPATCH(linspace_fn, linspace_stub, linspace_kernel);
