/*
 * Edge.h - one edge of the backward graph: which input of which node a
 * gradient flows into.
 *
 * A tensor's gradient_edge (autograd/variable.h) is (its grad_fn, its
 * output_nr), or (its AccumulateGrad, 0) for a leaf; a node's next_edges are
 * the gradient edges of its forward inputs, and the engine sends the node's
 * i-th output gradient along next_edges[i].  An edge with no function is
 * "invalid": an input that does not require grad, whose gradient is dropped.
 *
 * An Edge in a node's next_edges owns one reference to `function`
 * (a shared_ptr in 1.13); an Edge returned by value from gradient_edge does
 * too, and the caller passes it on or releases it (Edge_release).
 *
 * PyTorch 1.13: torch/csrc/autograd/edge.h
 */
#ifndef MINATEN_AUTOGRAD_EDGE_H
#define MINATEN_AUTOGRAD_EDGE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

struct Node;

typedef struct Edge {
  struct Node* function; /* NULL: the invalid edge */
  uint32_t input_nr;     /* which input of `function` */
} Edge;

/* PyTorch 1.13: torch/csrc/autograd/edge.h Edge::is_valid */
static inline bool Edge_is_valid(Edge edge) { return edge.function != NULL; }

#endif
