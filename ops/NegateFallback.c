/*
 * NegateFallback.c - the Negative key: a tensor whose values read negated
 * (a conjugated tensor's imag, _neg_view).  As for Conjugate
 * (ops/ConjugateFallback.c), every operator resolves the bit through the
 * fallback but the views, clone, copy_, the factories `_like`, and neg_,
 * which negates the stored values and keeps the bit.  The list is 1.13's,
 * for the operators minaten has.
 * PyTorch 1.13: aten/src/ATen/native/NegateFallback.cpp
 */
#include "dispatch/Dispatcher.h"
#include "ops/MathBitsFallback.h"

/* PyTorch 1.13: NegateFallback.cpp TORCH_LIBRARY_IMPL(_, Negative, m), TORCH_LIBRARY_IMPL(aten, Negative, m) */
void at_register_Negative(void) {
  Dispatcher_registerFallback(DispatchKey_Negative, KernelFunction_makeBoxed(negationFallback, "negationFallback"),
                              "ops/NegateFallback.c", __LINE__);
  static const char* const fallthrough[] = {
    "_conj",
    "_unsafe_view",
    "alias",
    "as_strided",
    "as_strided_",
    "chunk",
    "clone",
    "conj",
    "copy_",
    "detach",
    "diagonal",
    "dsplit.array",
    "dsplit.int",
    "empty.memory_format",
    "empty_like",
    "empty_strided",
    "expand",
    "expand_as",
    "full_like",
    "hsplit.array",
    "hsplit.int",
    "imag",
    "is_complex",
    "is_floating_point",
    "movedim.int",
    "movedim.intlist",
    "narrow",
    "neg_",
    "permute",
    "real",
    "repeat_interleave.Tensor",
    "repeat_interleave.self_Tensor",
    "repeat_interleave.self_int",
    "reshape",
    "resize_",
    "resolve_conj",
    "resolve_neg",
    "select.int",
    "set_",
    "set_.source_Storage_storage_offset",
    "set_.source_Tensor",
    "split.Tensor",
    "split_with_sizes",
    "squeeze",
    "squeeze_",
    "swapaxes",
    "swapdims",
    "t",
    "t_",
    "transpose.int",
    "transpose_",
    "unbind.int",
    "unflatten.int",
    "unfold",
    "unsqueeze",
    "unsqueeze_",
    "view",
    "view_as",
    "view_as_real",
    "vsplit.array",
    "vsplit.int",
      NULL};
  register_math_bit_fallthroughs(DispatchKey_Negative, fallthrough, "ops/NegateFallback.c", __LINE__);
}
