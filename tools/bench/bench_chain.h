/*
 * bench_chain.h - the chain of 8 elementwise operators that bench_lazy,
 * bench_alloc and bench_elementwise time (their libtorch sides run the same):
 *
 *   y = ((((((x + w) * w) - x) / w) + x) * x).neg().abs()
 *
 * each intermediate released as soon as the next exists.
 */
#ifndef MINATEN_TOOLS_BENCH_BENCH_CHAIN_H
#define MINATEN_TOOLS_BENCH_BENCH_CHAIN_H

#include "Functions.h"
#include "tools/bench/bench.h"

/* One step of the chain: y = f(x), dropping x; leaves (bench_check) when
 * the operator failed. */
static inline Tensor* bench_chain_step(const char* bench_name, Tensor* x, Tensor* y) {
  Tensor_release(x);
  return bench_check(bench_name, y);
}

static inline Tensor* bench_chain(const char* bench_name, const Tensor* x, const Tensor* w) {
  Scalar one = Scalar_fromLong(1);
  Tensor* y = bench_check(bench_name, at_add_Tensor(x, w, one));
  y = bench_chain_step(bench_name, y, at_mul_Tensor(y, w));
  y = bench_chain_step(bench_name, y, at_sub_Tensor(y, x, one));
  y = bench_chain_step(bench_name, y, at_div_Tensor(y, w));
  y = bench_chain_step(bench_name, y, at_add_Tensor(y, x, one));
  y = bench_chain_step(bench_name, y, at_mul_Tensor(y, x));
  y = bench_chain_step(bench_name, y, at_neg(y));
  return bench_chain_step(bench_name, y, at_abs(y));
}

#endif
