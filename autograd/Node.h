/*
 * Node.h - a node of the backward graph (1.13's Node, once Function).
 *
 * A node is the backward of one forward operator call: MulBackward0 for a
 * `mul`, AccumulateGrad for a leaf.  It takes the gradients of the forward
 * outputs (its inputs: `num_inputs`, one InputMetadata each) and returns the
 * gradients of the forward inputs (its outputs: one per next edge, sent along
 * `next_edges[i]` by the engine).
 *
 * C has no virtual functions: a node type is a NodeType table (name, apply,
 * release_variables, destroy), and a concrete node embeds a Node as its first
 * member, so a Node* converts to the concrete type:
 *
 *   typedef struct MulBackward0 {
 *     Node base;
 *     SavedVariable self_, other_;
 *   } MulBackward0;
 *
 * Reference counting: a node is owned by the grad_fn of the tensors it made,
 * by the next_edges of the nodes after it in the backward direction, and by
 * the engine while it runs; never by the tensors it saved as its own outputs
 * (Note [Saved output and cycles], autograd/SavedVariable.h).  The last
 * Node_release calls the type's destroy (the saved variables), releases the
 * next edges and frees the node.
 *
 * Sequence numbers: every node made by Node_new takes the next value of a
 * thread-local counter, so a node made later in the forward has a higher
 * number and the engine runs it earlier (autograd/engine.c); AccumulateGrad
 * takes UINT64_MAX and runs as soon as it is ready.
 *
 * How generated code uses it.  A generated VariableType kernel, when
 * compute_requires_grad says so, makes its node with
 *     MulBackward0* node = (MulBackward0*)Node_new(&MulBackward0_type, sizeof *node);
 *     Node_set_next_edges(&node->base, collect_next_edges(...));
 * saves what the formulas need (SavedVariable_init), calls the operator
 * below autograd, and gives the outputs their history with set_history
 * (autograd/variable.h), which adds one InputMetadata per output.  A
 * generated node type defines
 *     static int MulBackward0_apply(Node* self, Tensor* const* grads, Tensor** grad_inputs);
 *     static void MulBackward0_release_variables(Node* self);
 *     static void MulBackward0_destroy(Node* self);
 *     const NodeType MulBackward0_type = {"MulBackward0", MulBackward0_apply,
 *                                         MulBackward0_release_variables, MulBackward0_destroy};
 * whose apply reads grads[0..num_inputs) (NULL: an undefined gradient),
 * skips the outputs Node_should_compute_output says nobody needs, and
 * writes new references (or NULL) to grad_inputs[0..num_next_edges).
 *
 * PyTorch 1.13: torch/csrc/autograd/function.h, function.cpp,
 * input_metadata.h, aten/src/ATen/SequenceNumber.h
 */
#ifndef MINATEN_AUTOGRAD_NODE_H
#define MINATEN_AUTOGRAD_NODE_H

#include <stddef.h>
#include <stdint.h>

#include "autograd/Edge.h"
#include "autograd/function_hook.h"
#include "runtime/TensorImpl.h"

/* What a node knows of the gradient it takes at one input: the forward
 * output's sizes, dtype and device.  The engine checks a gradient against it
 * (validate_outputs: a shape it can sum_to, a dtype it casts to) and a node
 * makes zeros from it for a gradient nobody sent.  `defined` is false for
 * the metadata of an undefined output (Node::undefined_input).
 * PyTorch 1.13: torch/csrc/autograd/input_metadata.h InputMetadata */
typedef struct InputMetadata {
  bool defined;
  ScalarType dtype;
  Device device;
  int64_t dim;
  int64_t* sizes; /* owned; dim entries */
} InputMetadata;

struct Node;

/* How Python reads one field a node saved, `grad_fn._saved_<name>`: the
 * field's C type and where it is in the node.  A generated node type lists
 * its fields (tools/codegen/gen_autograd.c); csrc/autograd/python_cpp_function.c
 * makes the properties.
 * PyTorch 1.13: the getters tools/autograd/gen_autograd_functions.py
 * generates into torch/csrc/autograd/generated/python_functions.cpp */
typedef enum SavedFieldKind {
  SavedField_Variable,        /* SavedVariable: the tensor (also _raw_saved_<name>) */
  SavedField_VariableList,    /* SavedVariable*, its count at size_offset: a tuple */
  SavedField_Int,             /* int64_t */
  SavedField_OptionalInt,     /* OptionalInt */
  SavedField_IntList,         /* IntArrayRef: a tuple */
  SavedField_OptionalIntList, /* OptionalIntArrayRef */
  SavedField_Double,          /* double */
  SavedField_OptionalDouble,  /* OptionalDouble */
  SavedField_Bool,            /* bool */
  SavedField_Scalar,          /* Scalar */
  SavedField_OptionalScalar,  /* OptionalScalar */
  SavedField_String,          /* const char* (NULL: None) */
} SavedFieldKind;

typedef struct SavedField {
  const char* name; /* after `_saved_`: "self", "self_sym_sizes", "dim" */
  SavedFieldKind kind;
  size_t offset;
  size_t size_offset; /* SavedField_VariableList's count */
} SavedField;

/* A node type: the virtual functions of 1.13's Node.
 * PyTorch 1.13: torch/csrc/autograd/function.h Node (virtual members) */
typedef struct NodeType {
  /* As Node::name() prints it: "MulBackward0", "torch::autograd::AccumulateGrad". */
  const char* name;
  /* The backward: grads has num_inputs entries (borrowed; NULL for an
   * undefined gradient), grad_inputs num_next_edges slots, all NULL on entry,
   * to fill with new references (NULL: undefined).  Returns 0, or -1 with
   * the error set (the slots it filled are released by the caller).
   * PyTorch 1.13: torch/csrc/autograd/function.h Node::apply */
  int (*apply)(struct Node* self, Tensor* const* grads, Tensor** grad_inputs);
  /* Drops the saved variables (after a backward without retain_graph);
   * NULL if there are none.  PyTorch 1.13: Node::release_variables */
  void (*release_variables)(struct Node* self);
  /* Frees the type's own fields before the node is freed; NULL if none.
   * PyTorch 1.13: the subclass's destructor */
  void (*destroy)(struct Node* self);
  /* The saved fields Python shows (NULL, 0: none). */
  const SavedField* saved_fields;
  size_t num_saved_fields;
} NodeType;

typedef struct Node {
  const NodeType* type;
  int64_t refcount;
  /* PyTorch 1.13: Node::sequence_nr_ */
  uint64_t sequence_nr;
  /* PyTorch 1.13: Node::next_edges_ (each owns a reference) */
  Edge* next_edges;
  uint32_t num_next_edges;
  /* PyTorch 1.13: Node::input_metadata_ */
  InputMetadata* input_metadata;
  uint32_t num_inputs;
  uint32_t input_metadata_capacity;
  /* NULL, or num_inputs entries: the output tensor that asked to retain its
   * gradient (weak: the tensor's last release clears its entry), read by
   * its retain_grad pre-hook (autograd/variable.c).
   * PyTorch 1.13: the retain_grad hook (VariableHooks::retain_grad) */
  Tensor** retains_grad;
  /* The hooks the engine calls before and after the node runs, in the
   * order they were added (owned; autograd/function_hook.h).
   * PyTorch 1.13: Node::pre_hooks_, Node::post_hooks_ */
  FunctionPreHook** pre_hooks;
  uint32_t num_pre_hooks;
  FunctionPostHook** post_hooks;
  uint32_t num_post_hooks;
  /* The node's Python object while one exists (csrc/autograd/python_cpp_function.c),
   * borrowed: the object holds a reference to the node, and clears this
   * when it goes, so `y.grad_fn is y.grad_fn`.  NULL outside Python.
   * PyTorch 1.13: torch/csrc/autograd/function.h Node::pyobj_ */
  void* pyobj;
  /* The dict `fn.metadata` (a PyObject*, owned), made on first access;
   * released with the node through Node_releaseMetadata.
   * PyTorch 1.13: Node::anomaly_metadata_ (torch/csrc/autograd/python_anomaly_mode.h
   * PyAnomalyMetadata's dict) */
  void* metadata;
} Node;

/* Set by the CPython extension: drops a node's metadata (Node.metadata),
 * when the node is freed. */
extern void (*Node_releaseMetadata)(Node* node);

/* The counter's next value, then increments it (per thread).
 * PyTorch 1.13: aten/src/ATen/SequenceNumber.cpp sequence_number::get_and_increment */
uint64_t sequence_number_get_and_increment(void);
/* The counter's value, for tests (PyTorch 1.13: sequence_number::peek). */
uint64_t sequence_number_peek(void);

/* A new node of `type` of `size` bytes (at least sizeof(Node); the bytes
 * after the Node are zeroed), refcount 1, with the next sequence number,
 * no edges and no inputs.  NULL with a RuntimeError if out of memory.
 * PyTorch 1.13: torch/csrc/autograd/function.h Node::Node(edge_list&&) */
Node* Node_new(const NodeType* type, size_t size);
/* The same with the given sequence number (AccumulateGrad: UINT64_MAX).
 * PyTorch 1.13: torch/csrc/autograd/function.h Node::Node(uint64_t, edge_list&&) */
Node* Node_newWithSequenceNr(const NodeType* type, size_t size, uint64_t sequence_nr);

static inline Node* Node_retain(Node* node) {
  if (node != NULL) node->refcount++;
  return node;
}
/* Drops a reference (NULL is allowed); the last one destroys the node and
 * releases its next edges. */
void Node_release(Node* node);

/* PyTorch 1.13: torch/csrc/autograd/function.h Node::name */
static inline const char* Node_name(const Node* node) { return node->type->name; }

/* Takes over `edges` (n entries, each owning its reference; the array is
 * copied, not kept), replacing any edges the node had.  Returns 0, or -1
 * with a RuntimeError (out of memory), the references then released.
 * PyTorch 1.13: torch/csrc/autograd/function.h Node::set_next_edges */
int Node_set_next_edges(Node* node, Edge* edges, uint32_t n);

/* Appends a pre-hook (taken over: destroyed on failure too).  0, or -1
 * with a RuntimeError (out of memory).
 * PyTorch 1.13: torch/csrc/autograd/function.h Node::add_pre_hook */
int Node_add_pre_hook(Node* node, FunctionPreHook* hook);
/* Appends a post-hook (taken over).  0, or -1 (out of memory).
 * PyTorch 1.13: torch/csrc/autograd/function.h Node::add_post_hook */
int Node_add_post_hook(Node* node, FunctionPostHook* hook);

/* Records the metadata of the forward output `t` (NULL: an undefined
 * output) as the node's next input; returns its input_nr, or -1 with a
 * RuntimeError (out of memory).
 * PyTorch 1.13: torch/csrc/autograd/function.h Node::add_input_metadata */
int64_t Node_add_input_metadata(Node* node, const Tensor* t);

/* Whether the output_edge_index-th gradient is needed: its edge is valid.
 * PyTorch 1.13: torch/csrc/autograd/function.h Node::should_compute_output */
static inline bool Node_should_compute_output(const Node* node, uint32_t output_edge_index) {
  return output_edge_index < node->num_next_edges && Edge_is_valid(node->next_edges[output_edge_index]);
}

/* Whether any gradient of the edges [begin, end) is needed (the edges of a
 * Tensor[] input: cat's and stack's).
 * PyTorch 1.13: torch/csrc/autograd/function.h Node::should_compute_output(IndexRange) */
static inline bool Node_should_compute_output_range(const Node* node, uint32_t begin, uint32_t end) {
  for (uint32_t i = begin; i < end; i++)
    if (Node_should_compute_output(node, i)) return true;
  return false;
}

/* Zeros of the metadata's shape, dtype and device (a node's gradient for an
 * input nobody sent one to).  PyTorch 1.13: InputMetadata::zeros_like */
Tensor* InputMetadata_zeros_like(const InputMetadata* metadata);

static inline IntArrayRef InputMetadata_shape(const InputMetadata* metadata) {
  return IntArrayRef_make(metadata->sizes, (size_t)metadata->dim);
}

#endif
