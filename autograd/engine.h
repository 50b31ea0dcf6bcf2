/*
 * engine.h - running a backward pass over the graph.
 *
 * One single-threaded engine after 1.13's (which runs CPU work on the
 * calling thread in the same order):
 *
 *   1. compute_dependencies: walk the graph from the root, counting for each
 *      node how many edges point at it;
 *   2. for torch.autograd.grad (`outputs` given), init_to_execute: mark the
 *      nodes on a path to an output edge as needed and the output edges'
 *      nodes as captures;
 *   3. put the root in a ready queue with its input buffer; then, while the
 *      queue is not empty, take the node with the highest sequence number
 *      (AccumulateGrad first), capture what it must, run it (call_function:
 *      its pre-hooks, apply, validate_outputs, its post-hooks:
 *      autograd/function_hook.h), release its saved variables unless
 *      keep_graph, and add each output gradient to the input buffer of the
 *      node its edge points at; a node whose count reaches 0 is ready.
 *
 * Nodes run with grad mode = create_graph.
 *
 * PyTorch 1.13: torch/csrc/autograd/engine.h, engine.cpp, graph_task.h
 */
#ifndef MINATEN_AUTOGRAD_ENGINE_H
#define MINATEN_AUTOGRAD_ENGINE_H

#include <stdbool.h>
#include <stddef.h>

#include "autograd/Edge.h"
#include "runtime/TensorImpl.h"

/*
 * Runs the backward from the n root edges with the root gradients `inputs`
 * (borrowed; one per root).  With num_outputs > 0, only what leads to the
 * output edges runs and captured[i] receives the gradient that reached
 * outputs[i] (a new reference, or NULL if none did); with accumulate_grad
 * (backward(inputs=...)) the output edges' nodes run instead and nothing is
 * captured.
 * Returns 0, or -1 with the error set (captured[] then all NULL).
 * PyTorch 1.13: torch/csrc/autograd/engine.cpp Engine::execute
 */
int Engine_execute(const Edge* roots, Tensor* const* inputs, size_t n, bool keep_graph, bool create_graph,
                   bool accumulate_grad, const Edge* outputs, size_t num_outputs, Tensor** captured);

/*
 * Checks the gradients a node returned (or the root gradients) against the
 * metadata of the inputs their edges point at, replacing a gradient that
 * broadcasts to the expected shape by its sum_to, one of another dtype by
 * its conversion, and a 0-dim one on another device by its copy there
 * (another device otherwise: "... - expected device lazy:0 but got cpu").  `fn_name` NULL: the root gradients (the message has no
 * "Function X returned an " prefix).  Returns 0, or -1 with 1.13's
 * RuntimeError, "Function MulBackward0 returned an invalid gradient at index
 * 0 - got [2] but expected shape compatible with [3]".
 * PyTorch 1.13: torch/csrc/autograd/engine.cpp validate_outputs
 */
int validate_outputs(const Edge* edges, Tensor** grads, size_t n, const char* fn_name);

#endif
