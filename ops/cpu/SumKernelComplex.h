/*
 * SumKernelComplex.h - the cascade sum of complex64 and complex128, on the
 * float and double loops of SumKernelLoops.h: included by SumKernel.c after
 * those are instantiated (so compiled once per CPU capability).
 *
 * Note [Summing complex numbers]
 * 1.13 sums c10::complex<T> in complex<T> (acc_type<complex<float>, true>
 * is complex<float>) with Vectorized<c10::complex<T>>: 32 bytes, 4
 * complex64 or 2 complex128, added lane by lane, which is the real Vec's
 * lanes added lane by lane; a scalar step adds both parts.  So each part's
 * additions are a real cascade's, and the complex loops reuse the real ones:
 *  - contiguous rows (vectorized_inner_sum): row_sum of the real type over
 *    the row's vectors, then the tail elements and the Vec's complex lanes
 *    (lanes 2l and 2l + 1 are one number) into one complex accumulator;
 *  - contiguous outputs (vectorized_outer_sum): the real loop over twice as
 *    many real outputs, each part of a column its own column; when the
 *    outputs are not contiguous, each part's column is summed in the order
 *    1.13's loop gives it: multi_row_sum's for the columns of whole groups
 *    of kNrows vectors, row_sum's (four interleaved partial sums) for the
 *    rest;
 *  - the scalar sums: the real loops once per part.
 * PyTorch 1.13: aten/src/ATen/native/cpu/SumKernel.cpp cascade_sum
 * (AT_DISPATCH_FLOATING_AND_COMPLEX_TYPES_AND2), vectorized_inner_sum,
 * vectorized_outer_sum; c10/util/complex.h operator+=
 */

/* The inner sums of complex64 rows.  PyTorch 1.13: SumKernel.cpp vectorized_inner_sum */
static void complex_inner_sum_float(char* const data[2], int64_t outer_stride, int64_t out_stride, int64_t size0,
                                    int64_t size1) {
  const int64_t lanes = kVectorBytes / (2 * sizeof(float)), vec_size = size0 / lanes;
  for (int64_t j = 0; j < size1; j++) {
    const char* row_in = data[1] + j * outer_stride;
    Vec_float vec_acc;
    row_sum_float(row_in, kVectorBytes, vec_size, kInnerElement, &vec_acc);
    float re = 0, im = 0;
    for (int64_t k = vec_size * lanes; k < size0; k++) {
      const float* z = (const float*)(row_in + k * 2 * (int64_t)sizeof(float));
      re += z[0], im += z[1];
    }
    for (int64_t l = 0; l < lanes; l++) re += vec_acc[2 * l], im += vec_acc[2 * l + 1];
    float* o = (float*)(data[0] + j * out_stride);
    o[0] += re, o[1] += im;
  }
}

/* The inner sums of complex128 rows.  PyTorch 1.13: SumKernel.cpp vectorized_inner_sum */
static void complex_inner_sum_double(char* const data[2], int64_t outer_stride, int64_t out_stride, int64_t size0,
                                     int64_t size1) {
  const int64_t lanes = kVectorBytes / (2 * sizeof(double)), vec_size = size0 / lanes;
  for (int64_t j = 0; j < size1; j++) {
    const char* row_in = data[1] + j * outer_stride;
    Vec_double vec_acc;
    row_sum_double(row_in, kVectorBytes, vec_size, kInnerElement, &vec_acc);
    double re = 0, im = 0;
    for (int64_t k = vec_size * lanes; k < size0; k++) {
      const double* z = (const double*)(row_in + k * 2 * (int64_t)sizeof(double));
      re += z[0], im += z[1];
    }
    for (int64_t l = 0; l < lanes; l++) re += vec_acc[2 * l], im += vec_acc[2 * l + 1];
    double* o = (double*)(data[0] + j * out_stride);
    o[0] += re, o[1] += im;
  }
}

/* One part (offset `part` bytes into each element) of one column: the sum
 * of size0 values row_stride apart, by multi_row_sum's order or row_sum's,
 * added into *out. */
static void complex_part_column(bool dbl, const char* in, int64_t row_stride, int64_t size0, bool grouped, char* out) {
  if (dbl) {
    Vec_double s[1];
    if (grouped) multi_row_sum_double(in, row_stride, 0, size0, kScalarElement, 1, s);
    else row_sum_double(in, row_stride, size0, kScalarElement, &s[0]);
    *(double*)out += s[0][0];
  } else {
    Vec_float s[1];
    if (grouped) multi_row_sum_float(in, row_stride, 0, size0, kScalarElement, 1, s);
    else row_sum_float(in, row_stride, size0, kScalarElement, &s[0]);
    *(float*)out += s[0][0];
  }
}

/* The outer sums of complex columns (contiguous, of size1 elements of
 * `elem` bytes).  PyTorch 1.13: SumKernel.cpp vectorized_outer_sum */
static void complex_outer_sum(bool dbl, char* const data[2], int64_t inner_stride, int64_t out_stride, int64_t size0,
                              int64_t size1) {
  const int64_t part = dbl ? (int64_t)sizeof(double) : (int64_t)sizeof(float), elem = 2 * part;
  if (out_stride == elem) { /* the parts are the real loop's contiguous outputs */
    if (dbl) vectorized_outer_sum_double(data, inner_stride, part, size0, 2 * size1);
    else vectorized_outer_sum_float(data, inner_stride, part, size0, 2 * size1);
    return;
  }
  const int64_t group = kNrows * (kVectorBytes / elem); /* the columns of one multi_row_sum pass */
  const int64_t grouped = size1 - size1 % group;
  for (int64_t c = 0; c < size1; c++)
    for (int64_t p = 0; p < 2; p++)
      complex_part_column(dbl, data[1] + c * elem + p * part, inner_stride, size0, c < grouped,
                          data[0] + c * out_stride + p * part);
}

/* One tile of a complex sum (data = {output, input}, strides as
 * cascade_sum_loop's).  PyTorch 1.13: SumKernel.cpp cascade_sum */
static void cascade_sum_loop_complex(bool dbl, char* data[2], const int64_t strides[4], int64_t size0, int64_t size1) {
  const int64_t part = dbl ? (int64_t)sizeof(double) : (int64_t)sizeof(float), elem = 2 * part;
  const int64_t lanes = kVectorBytes / elem; /* Vectorized<c10::complex<T>>::size() */
  const int64_t tile0 = size0, tile1 = size1;
  int64_t in_strides[2] = {strides[1], strides[3]}, out_strides[2] = {strides[0], strides[2]};
  if (out_strides[0] != 0 && out_strides[1] == 0) { /* the reduction as the first dimension */
    int64_t s = in_strides[0];
    in_strides[0] = in_strides[1], in_strides[1] = s;
    s = out_strides[0], out_strides[0] = out_strides[1], out_strides[1] = s;
    s = size0, size0 = size1, size1 = s;
  }
  bool reduction = !(out_strides[0] != 0 && out_strides[1] != 0);
  if (reduction && in_strides[0] == elem && size0 >= lanes) {
    if (dbl) complex_inner_sum_double(data, in_strides[1], out_strides[1], size0, size1);
    else complex_inner_sum_float(data, in_strides[1], out_strides[1], size0, size1);
  } else if (reduction && in_strides[1] == elem && size1 >= lanes) {
    complex_outer_sum(dbl, data, in_strides[0], out_strides[1], size0, size1);
  } else { /* the real loops, once per part (not a reduction: out += in, elementwise) */
    for (int64_t p = 0; p < 2; p++) {
      char* parts[2] = {data[0] + p * part, data[1] + p * part};
      if (dbl) cascade_sum_loop_double(parts, strides, tile0, tile1);
      else cascade_sum_loop_float(parts, strides, tile0, tile1);
    }
  }
}
