/*
 * autograd.h - the entry points of a backward pass: `t.backward(...)`,
 * `torch.autograd.backward(...)` and `torch.autograd.grad(...)`.
 *
 * They do what 1.13 does between Python and the engine: make the implicit
 * root gradients (`_make_grads`: ones_like for a one-element output, which
 * the trace shows as aten::ones_like), turn the roots and the differentiated
 * inputs into edges (`run_backward`), run the engine, and check the results.
 * The front end calls them with its Python arguments already parsed:
 *
 *   t.backward()                          autograd_backward(&t, 1, NULL, kNoRetain, false, NULL, 0)
 *   t.backward(g, retain_graph=True)      autograd_backward(&t, 1, &g, (OptionalBool){true, true}, false, NULL, 0)
 *   torch.autograd.grad(y, [a, b])        autograd_grad(&y, 1, (Tensor*[]){a, b}, 2, NULL, kNoRetain, false, false, results)
 *
 * Errors, word for word as 1.13: "element 0 of tensors does not require grad
 * and does not have a grad_fn", "grad can be implicitly created only for
 * scalar outputs", "Mismatch in shape: grad_output[0] has a shape of
 * torch.Size([2]) and output[0] has a shape of torch.Size([3]).", "One of the
 * differentiated Tensors does not require grad", "One of the differentiated
 * Tensors appears to not have been used in the graph. Set allow_unused=True
 * if this is the desired behavior.", and ERR_BACKWARD_TWICE from a node.
 *
 * PyTorch 1.13: torch/autograd/__init__.py (backward, grad, _make_grads),
 * torch/csrc/autograd/autograd.cpp (run_backward),
 * torch/csrc/autograd/python_engine.cpp (THPEngine_run_backward)
 */
#ifndef MINATEN_AUTOGRAD_AUTOGRAD_H
#define MINATEN_AUTOGRAD_AUTOGRAD_H

#include <stdbool.h>
#include <stddef.h>

#include "runtime/ArrayRef.h"
#include "runtime/TensorImpl.h"

/* retain_graph=None: keep the graph only when create_graph. */
static const OptionalBool kNoRetain = {false, false};

/*
 * The root gradients: grads[i] itself when given (its shape checked against
 * outputs[i]), ones_like(outputs[i]) when NULL and outputs[i] requires grad
 * (which must then have one element), else NULL.  `grads` NULL: all NULL.
 * new_grads[0..n) receives new references.  0, or -1 with the error set
 * (new_grads then all NULL).
 * PyTorch 1.13: torch/autograd/__init__.py _make_grads
 */
int _make_grads(Tensor* const* outputs, Tensor* const* grads, size_t n, Tensor** new_grads);

/*
 * The engine run for both entry points, after _make_grads: roots are the
 * gradient edges of `outputs` (grad_outputs[i], possibly NULL, for each),
 * the differentiated inputs (may be 0) become output edges; with
 * accumulate_grad leaves' .grad accumulate (backward), else `results`
 * receives the inputs' gradients (grad: num_inputs new references, NULL for
 * an unused input when allow_unused).  0, or -1 with the error set.
 * PyTorch 1.13: torch/csrc/autograd/autograd.cpp run_backward
 */
int run_backward(Tensor* const* outputs, Tensor* const* grad_outputs, size_t n, bool keep_graph, bool create_graph,
                 Tensor* const* inputs, size_t num_inputs, bool allow_unused, bool accumulate_grad, Tensor** results);

/*
 * torch.autograd.backward(tensors, grad_tensors, retain_graph, create_graph,
 * inputs=...); `grad_tensors` NULL or n entries (NULL: implicit).
 * 0, or -1 with the error set.
 * PyTorch 1.13: torch/autograd/__init__.py backward
 */
int autograd_backward(Tensor* const* tensors, size_t n, Tensor* const* grad_tensors, OptionalBool retain_graph,
                      bool create_graph, Tensor* const* inputs, size_t num_inputs);

/*
 * torch.autograd.grad(outputs, inputs, grad_outputs, retain_graph,
 * create_graph, allow_unused): results[0..num_inputs) receives new
 * references (NULL: an unused input, allow_unused).  0, or -1 with the
 * error set (results all NULL).
 * PyTorch 1.13: torch/autograd/__init__.py grad
 */
int autograd_grad(Tensor* const* outputs, size_t n, Tensor* const* inputs, size_t num_inputs,
                  Tensor* const* grad_outputs, OptionalBool retain_graph, bool create_graph, bool allow_unused,
                  Tensor** results);

/* Registers the generated VariableType kernels at the Autograd alias key
 * (build/generated/VariableType.c), after at_register_all().  0, or -1 with
 * the error set.  PyTorch 1.13: TORCH_LIBRARY_IMPL(aten, Autograd, m) in
 * VariableType_*.cpp */
int at_register_VariableType(void);

/* Registers the generated ADInplaceOrView kernels of the view and in-place
 * operators (build/generated/ADInplaceOrViewType.c), after at_register_all().
 * 0, or -1 with the error set.  PyTorch 1.13: TORCH_LIBRARY_IMPL(aten,
 * ADInplaceOrView, m) in ADInplaceOrViewType_*.cpp */
int at_register_ADInplaceOrViewType(void);

#endif
