/*
 * ProdLoop.h - the loops of 1.13's binary_kernel_reduce_vec for prod, for
 * one dtype: included by ReduceOpsKernel.c once per dtype, with scalar_t
 * (float, double), half_t (a 16-byte vector of it: half of one of 1.13's
 * AVX2 Vectorized) and PROD_NAME(name) (name suffixed with the dtype)
 * defined, as a C++ template would be instantiated.  See Note [Vectorized
 * reduction order] in ReduceOpsKernel.c.  No include guard: it is meant to
 * be included more than once.
 *
 * 1.13's four accumulators of one Vectorized each are eight halves here,
 * acc[2j] and acc[2j + 1] holding lanes 0-3 and 4-7 (floats) of accumulator
 * j: each lane is multiplied by the same values in the same order, and
 * 16-byte vectors are what every x86-64 CPU computes in one instruction
 * (GCC splits a 32-byte vector through memory when AVX is off).
 *
 * PyTorch 1.13: aten/src/ATen/native/cpu/Reduce.h
 */

enum {
  PROD_NAME(kLanes) = 2 * sizeof(half_t) / sizeof(scalar_t), /* of one Vectorized */
  PROD_NAME(kBlock) = 4 * PROD_NAME(kLanes),                 /* elements per step: 4 Vectorized */
};
#define PROD_BLOCK_BYTES (8 * (int64_t)sizeof(half_t))

/* The 16 bytes at p (unaligned) as a vector. */
static inline half_t PROD_NAME(load)(const char* p) {
  half_t v;
  memcpy(&v, p, sizeof v);
  return v;
}

/* acc[k] *= the k-th 16 bytes of the block at p, for the 8 halves: one step
 * of 1.13's four `acc[j] = vop(acc[j], Vec::loadu(...))` lines. */
static inline void PROD_NAME(mul_block)(half_t acc[8], const char* p) {
  const int64_t h = (int64_t)sizeof(half_t);
  acc[0] *= PROD_NAME(load)(p), acc[1] *= PROD_NAME(load)(p + h);
  acc[2] *= PROD_NAME(load)(p + 2 * h), acc[3] *= PROD_NAME(load)(p + 3 * h);
  acc[4] *= PROD_NAME(load)(p + 4 * h), acc[5] *= PROD_NAME(load)(p + 5 * h);
  acc[6] *= PROD_NAME(load)(p + 6 * h), acc[7] *= PROD_NAME(load)(p + 7 * h);
}

/* acc[0..8) = the block at p. */
static inline void PROD_NAME(load_block)(half_t acc[8], const char* p) {
  for (int k = 0; k < 8; k++) acc[k] = PROD_NAME(load)(p + k * (int64_t)sizeof(half_t));
}

/* *out *= the product of in[0..n), in 1.13's order.
 * PyTorch 1.13: Reduce.h vectorized_inner_reduction (vectorized_reduction, reduce=true) */
static void PROD_NAME(prod_inner)(scalar_t* out, const char* in, int64_t n) {
  int64_t count = n / PROD_NAME(kBlock);
  if (count > 0) {
    half_t acc[8];
    PROD_NAME(load_block)(acc, in);
    for (int64_t i = 1; i < count; i++) PROD_NAME(mul_block)(acc, in + i * PROD_BLOCK_BYTES);
    /* vop(vop(acc0, acc1), vop(acc2, acc3)), each half apart */
    half_t folded[2] = {(acc[0] * acc[2]) * (acc[4] * acc[6]), (acc[1] * acc[3]) * (acc[5] * acc[7])};
    scalar_t lanes[PROD_NAME(kLanes)];
    memcpy(lanes, folded, sizeof lanes);
    scalar_t product = lanes[0];
    for (int j = 1; j < PROD_NAME(kLanes); j++) product *= lanes[j];
    *out *= product;
  }
  for (int64_t i = count * PROD_NAME(kBlock); i < n; i++) *out *= ((const scalar_t*)in)[i];
}

/* out[c] *= the product of column c of the size0 x size1 input (rows
 * in_stride bytes apart, columns contiguous), for the contiguous outputs
 * out[0..size1).
 * PyTorch 1.13: Reduce.h vectorized_outer_reduction (vectorized_reduction, reduce=false) */
static void PROD_NAME(prod_outer)(char* out, const char* in, int64_t in_stride, int64_t size0, int64_t size1) {
  for (int64_t g = 0; g < size1 / PROD_NAME(kBlock); g++, out += PROD_BLOCK_BYTES, in += PROD_BLOCK_BYTES) {
    half_t acc[8];
    PROD_NAME(load_block)(acc, in);
    for (int64_t i = 1; i < size0; i++) PROD_NAME(mul_block)(acc, in + i * in_stride);
    PROD_NAME(mul_block)(acc, out);
    memcpy(out, acc, sizeof acc);
  }
  for (int64_t c = 0; c < size1 % PROD_NAME(kBlock); c++, out += sizeof(scalar_t), in += sizeof(scalar_t))
    for (int64_t i = 0; i < size0; i++) *(scalar_t*)out *= *(const scalar_t*)(in + i * in_stride);
}

/* One tile (a ReductionLoop2d of ops/TensorIterator.h).
 * PyTorch 1.13: Reduce.h binary_kernel_reduce_vec (its parallel_reduce loop) */
static void PROD_NAME(prod_loop)(void* ctx, char* data[2], const int64_t strides[4], int64_t size0, int64_t size1) {
  (void)ctx;
  if (strides[0] == 0 && strides[1] == sizeof(scalar_t)) {
    /* is_contiguous_reduction: each row of dimension 0 into one output */
    for (int64_t j = 0; j < size1; j++)
      PROD_NAME(prod_inner)((scalar_t*)(data[0] + j * strides[2]), data[1] + j * strides[3], size0);
  } else if (strides[0] == 0 && strides[2] == sizeof(scalar_t) && strides[3] == sizeof(scalar_t)) {
    /* is_outer_reduction: down dimension 0, neighbouring outputs side by side */
    PROD_NAME(prod_outer)(data[0], data[1], strides[1], size0, size1);
  } else {
    /* basic_loop: out *= in, element by element */
    for (int64_t j = 0; j < size1; j++)
      for (int64_t i = 0; i < size0; i++)
        *(scalar_t*)(data[0] + j * strides[2] + i * strides[0]) *=
            *(const scalar_t*)(data[1] + j * strides[3] + i * strides[1]);
  }
}

#undef PROD_BLOCK_BYTES
