/*
 * ExtremeLoop.h - the loops of 1.13's binary_kernel_reduce_vec for amax and
 * amin (max_values_kernel_impl, min_values_kernel_impl), for one floating
 * dtype: included by ReduceOpsKernel.c once per dtype with scalar_t (float,
 * double), vec_t and VEC(name) (VecMinMax.h's vector of it and its
 * functions), EXT_LANES (lanes of one Vectorized), EXT_IMPL (the scalar
 * max_impl / min_impl) and EXT_NAME(name) (name suffixed with the dtype)
 * defined, as a C++ template would be instantiated.  No include guard: it is
 * meant to be included more than once.
 *
 * The order is ProdLoop.h's (Note [Vectorized reduction order] in
 * ReduceOpsKernel.c) with max (min) in place of the multiplication: which
 * of two equal values survives, -0.0 or 0.0, and the bits of a NaN, follow
 * from it, so the bits are 1.13's (Note [amax in 1.13's order]).  `max` is
 * a constant in each caller (EXT_NAME(extreme_loop) is inlined into one
 * loop for max and one for min).
 *
 * PyTorch 1.13: aten/src/ATen/native/cpu/Reduce.h
 */

enum { EXT_NAME(kExtBlock) = 4 * EXT_LANES }; /* elements per step: 4 Vectorized */

/* acc[j] = vop(acc[j], the j-th vector at p), for the 4 accumulators:
 * written out, so that they stay in registers. */
#define EXT_VEC_BYTES (EXT_LANES * (int64_t)sizeof(scalar_t))
static inline __attribute__((always_inline)) void EXT_NAME(extreme_block)(bool max, vec_t acc[4], const char* p) {
  acc[0] = VEC(extreme)(max, acc[0], VEC(loadu)(p));
  acc[1] = VEC(extreme)(max, acc[1], VEC(loadu)(p + EXT_VEC_BYTES));
  acc[2] = VEC(extreme)(max, acc[2], VEC(loadu)(p + 2 * EXT_VEC_BYTES));
  acc[3] = VEC(extreme)(max, acc[3], VEC(loadu)(p + 3 * EXT_VEC_BYTES));
}

/* acc[0..4) = the 4 vectors at p. */
static inline __attribute__((always_inline)) void EXT_NAME(extreme_load_block)(vec_t acc[4], const char* p) {
  acc[0] = VEC(loadu)(p);
  acc[1] = VEC(loadu)(p + EXT_VEC_BYTES);
  acc[2] = VEC(loadu)(p + 2 * EXT_VEC_BYTES);
  acc[3] = VEC(loadu)(p + 3 * EXT_VEC_BYTES);
}

/* *out = op(*out, the extreme of in[0..n)), in 1.13's order.
 * PyTorch 1.13: Reduce.h vectorized_inner_reduction (vectorized_reduction, reduce=true) */
static inline __attribute__((always_inline)) void EXT_NAME(extreme_inner)(bool max, scalar_t* out, const char* in,
                                                                          int64_t n) {
  const int64_t block_bytes = EXT_NAME(kExtBlock) * (int64_t)sizeof(scalar_t);
  int64_t count = n / EXT_NAME(kExtBlock);
  if (count > 0) {
    vec_t acc[4];
    EXT_NAME(extreme_load_block)(acc, in);
    for (int64_t i = 1; i < count; i++) EXT_NAME(extreme_block)(max, acc, in + i * block_bytes);
    vec_t folded = VEC(extreme)(max, VEC(extreme)(max, acc[0], acc[1]), VEC(extreme)(max, acc[2], acc[3]));
    scalar_t lanes[EXT_LANES];
    VEC(storeu)(lanes, folded);
    for (int j = 1; j < EXT_LANES; j++) lanes[0] = EXT_IMPL(max, lanes[0], lanes[j]);
    *out = EXT_IMPL(max, *out, lanes[0]);
  }
  for (int64_t i = count * EXT_NAME(kExtBlock); i < n; i++) *out = EXT_IMPL(max, *out, ((const scalar_t*)in)[i]);
}

/* out[c] = op(out[c], the extreme of column c of the size0 x size1 input
 * (rows in_stride bytes apart, columns contiguous)), for the contiguous
 * outputs out[0..size1).
 * PyTorch 1.13: Reduce.h vectorized_outer_reduction (vectorized_reduction, reduce=false) */
static inline __attribute__((always_inline)) void EXT_NAME(extreme_outer)(bool max, char* out, const char* in,
                                                                          int64_t in_stride, int64_t size0,
                                                                          int64_t size1) {
  const int64_t block_bytes = EXT_NAME(kExtBlock) * (int64_t)sizeof(scalar_t);
  for (int64_t g = 0; g < size1 / EXT_NAME(kExtBlock); g++, out += block_bytes, in += block_bytes) {
    vec_t acc[4];
    EXT_NAME(extreme_load_block)(acc, in);
    for (int64_t i = 1; i < size0; i++) EXT_NAME(extreme_block)(max, acc, in + i * in_stride);
    EXT_NAME(extreme_block)(max, acc, out); /* acc[j] = vop(acc[j], Vec::loadu(dst)) */
    for (int j = 0; j < 4; j++) VEC(storeu)(out + j * EXT_VEC_BYTES, acc[j]);
  }
  for (int64_t c = 0; c < size1 % EXT_NAME(kExtBlock); c++, out += sizeof(scalar_t), in += sizeof(scalar_t))
    for (int64_t i = 0; i < size0; i++)
      *(scalar_t*)out = EXT_IMPL(max, *(scalar_t*)out, *(const scalar_t*)(in + i * in_stride));
}

/* One tile (a ReductionLoop2d of ops/TensorIterator.h).
 * PyTorch 1.13: Reduce.h binary_kernel_reduce_vec (its parallel_reduce loop) */
static inline __attribute__((always_inline)) void EXT_NAME(extreme_loop)(bool max, char* data[2],
                                                                         const int64_t strides[4], int64_t size0,
                                                                         int64_t size1) {
  if (strides[0] == 0 && strides[1] == sizeof(scalar_t)) {
    /* is_contiguous_reduction: each row of dimension 0 into one output */
    for (int64_t j = 0; j < size1; j++)
      EXT_NAME(extreme_inner)(max, (scalar_t*)(data[0] + j * strides[2]), data[1] + j * strides[3], size0);
  } else if (strides[0] == 0 && strides[2] == sizeof(scalar_t) && strides[3] == sizeof(scalar_t)) {
    /* is_outer_reduction: down dimension 0, neighbouring outputs side by side */
    EXT_NAME(extreme_outer)(max, data[0], data[1], strides[1], size0, size1);
  } else {
    /* basic_loop: out = op(out, in), element by element */
    for (int64_t j = 0; j < size1; j++)
      for (int64_t i = 0; i < size0; i++) {
        scalar_t* o = (scalar_t*)(data[0] + j * strides[2] + i * strides[0]);
        *o = EXT_IMPL(max, *o, *(const scalar_t*)(data[1] + j * strides[3] + i * strides[1]));
      }
  }
}

static void EXT_NAME(max_values_loop)(void* ctx, char* data[2], const int64_t strides[4], int64_t size0,
                                      int64_t size1) {
  (void)ctx;
  EXT_NAME(extreme_loop)(true, data, strides, size0, size1);
}
static void EXT_NAME(min_values_loop)(void* ctx, char* data[2], const int64_t strides[4], int64_t size0,
                                      int64_t size1) {
  (void)ctx;
  EXT_NAME(extreme_loop)(false, data, strides, size0, size1);
}

#undef EXT_VEC_BYTES
