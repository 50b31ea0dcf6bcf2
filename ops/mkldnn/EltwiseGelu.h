/*
 * EltwiseGelu.h - oneDNN's gelu_erf, element by element: what 1.13's CPU
 * gelu and gelu_backward compute for a contiguous float tensor (Note
 * [gelu's three formulas] in ops/Activation.c).
 *
 * PyTorch 1.13: aten/src/ATen/native/Activation.cpp (ideep::eltwise_forward,
 * eltwise_backward with algorithm::eltwise_gelu_erf); oneDNN 2.6.3
 * src/cpu/x64/injectors/jit_uni_eltwise_injector.cpp
 */
#ifndef MINATEN_OPS_MKLDNN_ELTWISEGELU_H
#define MINATEN_OPS_MKLDNN_ELTWISEGELU_H

/* gelu(s) as oneDNN's forward kernel computes it. */
float onednn_gelu_erf_fwd(float s);
/* d gelu(s) / ds times dd, as oneDNN's backward kernel computes it. */
float onednn_gelu_erf_bwd(float dd, float s);

#endif
