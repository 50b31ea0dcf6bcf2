/*
 * LazyIr.h - the lazy backend's IR: nodes, values, post order, text dump.
 *
 * A node is one recorded operator call: the operator (its OperatorEntry), its
 * operands (IR values: a node and an output index), its other arguments kept
 * boxed (scalars, dims, sizes: PyTorch's node attributes), and the shape and
 * dtype of each output.  A lazy tensor holds one IR value and no storage;
 * running the graph (LazyGraph_run) fills each node's `results` with CPU
 * tensors, computed by calling the CPU kernels through the dispatcher.
 *
 * Node kinds:
 *   DeviceData   a CPU tensor moved in (`t.to("lazy")`, a 0-dim CPU operand,
 *                a factory): PyTorch's lazy_tensors::device_data
 *   Op           a functional operator or a view: runs `op` on its operands
 *   InPlaceOp    an in-place operator (`add_`): runs `op` on a clone of the
 *                written operand, so every IR value stays immutable (what
 *                PyTorch's functionalization pass achieves by rewriting
 *                add_ into add); printed under the functional name, aten::add
 *   ScalarExpand a scalar's device_data broadcast to a shape (`fill_`'s
 *                value): PyTorch's Expand node with is_scalar_expand=1,
 *                printed aten::expand; `args` holds the size
 *
 * Invariants: values are immutable once computed (results are shared by every
 * consumer, views of results included); a node holds a reference to each
 * operand node, so a graph lives exactly as long as some tensor or node
 * refers to it; a node's results are computed at most once (cached).
 *
 * PyTorch 1.13: torch/csrc/lazy/core/ir.h (Node, Value, Output),
 * ir_util.cpp (Util::ComputePostOrder), ir_dump_util.cpp (ToText),
 * ops/device_data.h
 */
#ifndef MINATEN_OPS_LAZY_LAZYIR_H
#define MINATEN_OPS_LAZY_LAZYIR_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include "dispatch/OperatorEntry.h"
#include "runtime/IValue.h"
#include "runtime/TensorImpl.h"

typedef struct LazyNode LazyNode;

/* One output of a node.  PyTorch 1.13: torch/csrc/lazy/core/ir.h Value */
typedef struct LazyValue {
  LazyNode* node; /* NULL: no value */
  int64_t index;
} LazyValue;

/* PyTorch 1.13: torch/csrc/lazy/core/shape.h Shape */
typedef struct LazyShape {
  ScalarType dtype;
  int64_t dim;
  int64_t sizes[MINATEN_MAX_DIM];
} LazyShape;

typedef enum LazyNodeKind {
  LazyNodeKind_DeviceData,
  LazyNodeKind_Op,
  LazyNodeKind_InPlaceOp,
  LazyNodeKind_Constant,   /* prim::Constant: a SymInt argument (slice's start), data a 0-dim Long */
  LazyNodeKind_TensorList, /* lazy_tensors::tensor_list: a Tensor[] argument's elements, no output */
  LazyNodeKind_ScalarExpand,
} LazyNodeKind;

struct LazyNode {
  int64_t refcount;
  uint64_t id;       /* creation order, for tests */
  LazyNodeKind kind;
  const OperatorEntry* op; /* Op, InPlaceOp */
  /* The operator's arguments (owned); tensor slots are None and taken from
   * the operands: arg_operand[i] is the first operand of argument i (a
   * tensor list takes consecutive operands), or -1. */
  IValue* args;
  int* arg_operand;
  size_t num_args;
  int written_arg;   /* InPlaceOp: the argument written in place */
  LazyValue* operands; /* each holds a reference to its node */
  size_t num_operands;
  LazyShape* shapes; /* one per output */
  size_t num_outputs;
  bool returns_list; /* the operator returns Tensor[] (split): outputs are its elements */
  bool view_op;      /* the operator is a view: its operands are made fresh first */
  Tensor* data;      /* DeviceData: the CPU tensor (owned) */
  Tensor** results;  /* num_outputs CPU tensors once run (owned), else NULL */
  /* Post-order bookkeeping (ComputePostOrder's emission map). */
  uint64_t visit_epoch;
  int visit_state;
  /* LazyGraph_run's bookkeeping: operand references from nodes of the run,
   * those not run yet, and whether this run computed the results. */
  int64_t run_users;
  int64_t run_pending;
  bool run_computed;
};

/* A node with refcount 1 and room for the outputs (shapes left for the
 * caller).  Aborts on OOM (small allocations). */
LazyNode* LazyNode_new(LazyNodeKind kind, size_t num_operands, size_t num_outputs);
/* A DeviceData node holding `data` (one more reference). */
LazyNode* LazyNode_deviceData(Tensor* data);
/* A ScalarExpand node broadcasting the 0-dim value `scalar` to `shape`.
 * PyTorch 1.13: torch/csrc/lazy/core/lazy_graph_executor.cpp
 * GetIrValueForExpandedScalar (MakeExpand with is_scalar_expand) */
LazyNode* LazyNode_scalarExpand(LazyValue scalar, const LazyShape* shape);
LazyNode* LazyNode_retain(LazyNode* n);
/* Drops a reference; a node reaching zero drops its operands in turn
 * (iteratively: a chain of a million nodes does not recurse). */
void LazyNode_release(LazyNode* n);

static inline LazyValue LazyValue_make(LazyNode* n, int64_t index) {
  LazyValue v = {n, index};
  return v;
}
/* A lazy tensor: its header's `lazy` field holds its IR value
 * (ops/lazy/LazyTensor.h). */
static inline bool Tensor_isLazy(const Tensor* t) { return t != NULL && t->lazy != NULL; }

static inline const LazyShape* LazyValue_shape(LazyValue v) { return &v.node->shapes[v.index]; }

void LazyShape_fromTensor(LazyShape* s, const Tensor* t);


/*
 * The nodes `roots` depend on (themselves included), operands before users,
 * as PyTorch's Util::ComputePostOrder orders them: a depth-first walk that
 * pushes a node's operands in order and so visits the last operand first.
 * Nodes for which `skip` returns true (already computed) are emitted but not
 * entered.  Returns a malloc'd array (*n entries) of borrowed nodes.
 * PyTorch 1.13: torch/csrc/lazy/core/ir_util.cpp Util::ComputePostOrder
 */
LazyNode** LazyIr_postOrder(LazyNode* const* roots, size_t num_roots, bool stop_at_computed,
                            size_t* n);

/* Prints the graph of `roots` as torch._C._lazy._get_tensors_text does:
 *   IR {
 *     %0 = [Float[2,3]] lazy_tensors::device_data(), device=CPU0
 *     %1 = [Float[2,3]] aten::add(%0, %0), alpha=1, ROOT=0
 *   }
 * (PyTorch's NodeType= suffix left out).
 * PyTorch 1.13: torch/csrc/lazy/core/ir_dump_util.cpp DumpUtil::ToText */
void LazyIr_dumpText(FILE* out, const LazyValue* roots, size_t num_roots);

/* The name a node prints: "aten::add" (no overload; an in-place operator's
 * functional name), "lazy_tensors::device_data". */
const char* LazyNode_opName(const LazyNode* n, char* buf, size_t size);

/* Number of live nodes (tests check release). */
int64_t LazyIr_liveNodes(void);

#endif
