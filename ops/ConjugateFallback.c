/*
 * ConjugateFallback.c - the Conjugate key: a complex tensor made by conj()
 * reads its values conjugated.  Every operator resolves the bit through
 * the fallback (ops/MathBitsFallback.h), but the ones below fall through:
 * the views and reshapes (the view keeps the bit), clone and copy_ (whose
 * copy applies it), the factories `_like`, the matrix products (whose 1.13
 * kernels read a conjugated operand themselves), and conj, resolve_conj,
 * real, imag, which look at the bit.  The list is 1.13's, for the
 * operators minaten has (tests/dispatch/tables).
 * PyTorch 1.13: aten/src/ATen/ConjugateFallback.cpp
 */
#include "dispatch/Dispatcher.h"
#include "ops/MathBitsFallback.h"

/* PyTorch 1.13: ConjugateFallback.cpp TORCH_LIBRARY_IMPL(_, Conjugate, m), TORCH_LIBRARY_IMPL(aten, Conjugate, m) */
void at_register_Conjugate(void) {
  Dispatcher_registerFallback(DispatchKey_Conjugate, KernelFunction_makeBoxed(conjugateFallback, "conjugateFallback"),
                              "ops/ConjugateFallback.c", __LINE__);
  static const char* const fallthrough[] = {
    "_conj",
    "_conj_physical",
    "_unsafe_view",
    "addmm",
    "addmm.out",
    "addmm_",
    "alias",
    "as_strided",
    "as_strided_",
    "bmm",
    "bmm.out",
    "chunk",
    "clone",
    "conj",
    "conj_physical",
    "conj_physical_",
    "copy_",
    "detach",
    "diagonal",
    "dot",
    "dot.out",
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
    "mm",
    "mm.out",
    "movedim.int",
    "movedim.intlist",
    "narrow",
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
  register_math_bit_fallthroughs(DispatchKey_Conjugate, fallthrough, "ops/ConjugateFallback.c", __LINE__);
}
