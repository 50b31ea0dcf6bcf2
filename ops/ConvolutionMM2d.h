/* ops/ConvolutionMM2d.h - the 2-d convolution loops shared by the slow
 * path (_slow_conv2d_forward / _slow_conv2d_backward) and, in minaten, by
 * the backends 1.13 runs through libraries (Mkldnn, SlowDilated2d).
 */
#ifndef MINATEN_OPS_CONVOLUTIONMM2D_H
#define MINATEN_OPS_CONVOLUTIONMM2D_H

#include "runtime/TensorImpl.h"

/* The geometry of one 2-d convolution of input [N, C, H, W] with weight
 * [O, C / groups, kH, kW]. */
typedef struct Conv2dGeometry {
  int64_t N, C, H, W, O, kH, kW, oH, oW;
  int64_t sH, sW, pH, pW, dH, dW, groups;
} Conv2dGeometry;

/* out [N, O, oH, oW] (contiguous, written) = input (*) weight + bias (bias
 * may be NULL).  Sums in double for floating types, in int64 for integral
 * ones; a missing element loop in MetaMode.  Any strides on the inputs. */
void conv2d_direct_forward(const Tensor* input, const Tensor* weight, const Tensor* bias, const Conv2dGeometry* g,
                           Tensor* out);

/* The gradients of conv2d_direct_forward into contiguous, written tensors;
 * each may be NULL (not asked for). */
void conv2d_direct_backward(const Tensor* grad_output, const Tensor* input, const Tensor* weight,
                            const Conv2dGeometry* g, Tensor* grad_input, Tensor* grad_weight, Tensor* grad_bias);

#endif
