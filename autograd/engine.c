/*
 * engine.c - the backward pass; see engine.h.
 *
 * Note [Ready queue order]
 * ~~~~~~~~~~~~~~~~~~~~~~~~
 * 1.13's ready queue is a std::priority_queue ordered by sequence number, the
 * highest first (CompareNodeTaskTime), and AccumulateGrad's UINT64_MAX ties
 * with every other AccumulateGrad.  Which of two tied tasks runs first shows
 * in the trace (one leaf's aten::detach before the other's), and
 * std::priority_queue breaks ties by where its binary heap happens to put
 * them.  ReadyQueue_push and ReadyQueue_pop are the same heap operations as
 * libstdc++'s push_heap and pop_heap (__push_heap, __adjust_heap), so ties
 * come out in the same order as in Debian's 1.13.
 *
 * PyTorch 1.13: torch/csrc/autograd/engine.cpp, graph_task.h
 */
#include "autograd/engine.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <uthash.h>

#include "Functions.h"
#include "autograd/InputBuffer.h"
#include "autograd/Node.h"
#include "autograd/VariableTypeUtils.h"
#include "autograd/anomaly_mode.h"
#include "autograd/functions/basic_ops.h"
#include "autograd/variable.h"
#include "ops/ExpandUtils.h"
#include "runtime/Exception.h"
#include "runtime/GradMode.h"

/* ---- the ready queue ---------------------------------------------------- */

/* PyTorch 1.13: torch/csrc/autograd/engine.h NodeTask */
typedef struct NodeTask {
  Node* fn;           /* owned reference */
  InputBuffer inputs; /* owned */
} NodeTask;

/* PyTorch 1.13: torch/csrc/autograd/engine.h ReadyQueue */
typedef struct ReadyQueue {
  NodeTask* heap;
  size_t size, capacity;
} ReadyQueue;

/* Whether t1 runs after t2: a lower sequence number.
 * PyTorch 1.13: torch/csrc/autograd/engine.h CompareNodeTaskTime (one
 * reentrant depth, no shutdown tasks) */
static bool CompareNodeTaskTime(const NodeTask* t1, const NodeTask* t2) {
  return t1->fn->sequence_nr < t2->fn->sequence_nr;
}

/* libstdc++ __push_heap: sift the hole at `hole` up towards `top`. */
static void push_heap_from(NodeTask* heap, size_t hole, size_t top, NodeTask value) {
  size_t parent = (hole - 1) / 2;
  while (hole > top && CompareNodeTaskTime(&heap[parent], &value)) {
    heap[hole] = heap[parent];
    hole = parent;
    parent = (hole - 1) / 2;
  }
  heap[hole] = value;
}

/* Takes over the task's references.  0, or -1 with a RuntimeError (the
 * task's references then released).
 * PyTorch 1.13: engine.cpp ReadyQueue::push (std::priority_queue::push) */
static int ReadyQueue_push(ReadyQueue* q, NodeTask task) {
  if (q->size == q->capacity) {
    size_t grown = q->capacity ? 2 * q->capacity : 16;
    NodeTask* bigger = realloc(q->heap, grown * sizeof *bigger);
    if (bigger == NULL) {
      Node_release(task.fn);
      InputBuffer_release(&task.inputs);
      TORCH_CHECK_ALLOC(false);
    }
    q->heap = bigger;
    q->capacity = grown;
  }
  q->size++;
  push_heap_from(q->heap, q->size - 1, 0, task);
  return 0;
fail:
  return -1;
}

/* The task with the highest sequence number; the queue must not be empty.
 * PyTorch 1.13: engine.cpp ReadyQueue::pop (std::priority_queue::pop:
 * libstdc++ __pop_heap then __adjust_heap) */
static NodeTask ReadyQueue_pop(ReadyQueue* q) {
  NodeTask top = q->heap[0];
  size_t len = --q->size;
  if (len == 0) return top;
  NodeTask value = q->heap[len];
  /* __adjust_heap: move the larger child up into the hole down to a leaf ... */
  size_t hole = 0, child = 0;
  while (child < (len - 1) / 2) {
    child = 2 * (child + 1);
    if (CompareNodeTaskTime(&q->heap[child], &q->heap[child - 1])) child--;
    q->heap[hole] = q->heap[child];
    hole = child;
  }
  if ((len & 1) == 0 && child == (len - 2) / 2) {
    child = 2 * (child + 1);
    q->heap[hole] = q->heap[child - 1];
    hole = child - 1;
  }
  /* ... then push the last element up from there */
  push_heap_from(q->heap, hole, 0, value);
  return top;
}

/* ---- the graph task ----------------------------------------------------- */

/* The gradient a node receives at input_idx goes to captured[output_idx].
 * PyTorch 1.13: graph_task.h GraphTask::ExecInfo::Capture */
typedef struct Capture {
  uint32_t input_idx;
  size_t output_idx;
} Capture;

/* What the graph task knows of one node: 1.13 keeps these in three maps of
 * GraphTask, dependencies_, not_ready_ and exec_info_. */
typedef struct NodeInfo {
  Node* key;
  int64_t dependencies;      /* edges into the node not yet followed */
  bool has_buffer;           /* not_ready_: gradients received so far */
  InputBuffer buffer;
  bool needed;               /* ExecInfo::needed_ */
  Capture* captures;         /* ExecInfo::captures_ */
  size_t num_captures;
  bool seen;                 /* init_to_execute's `seen` */
  UT_hash_handle hh;
} NodeInfo;

/* PyTorch 1.13: torch/csrc/autograd/graph_task.h GraphTask */
typedef struct GraphTask {
  bool keep_graph;
  bool grad_mode; /* create_graph */
  NodeInfo* nodes; /* uthash by node address */
  bool exec_info_empty;
  Tensor** captured_vars;
  size_t num_captured;
  ReadyQueue queue;
} GraphTask;

/* The node's entry, made if `create`; NULL if absent (or out of memory,
 * with the error set). */
static NodeInfo* GraphTask_info(GraphTask* task, Node* fn, bool create) {
  NodeInfo* info = NULL;
  HASH_FIND_PTR(task->nodes, &fn, info);
  if (info != NULL || !create) return info;
  info = calloc(1, sizeof *info);
  TORCH_CHECK_ALLOC(info != NULL);
  info->key = fn;
  HASH_ADD_PTR(task->nodes, key, info);
  return info;
fail:
  return NULL;
}

static void GraphTask_release(GraphTask* task) {
  NodeInfo *info, *tmp;
  HASH_ITER(hh, task->nodes, info, tmp) {
    HASH_DEL(task->nodes, info);
    if (info->has_buffer) InputBuffer_release(&info->buffer);
    free(info->captures);
    free(info);
  }
  while (task->queue.size > 0) {
    NodeTask t = ReadyQueue_pop(&task->queue);
    Node_release(t.fn);
    InputBuffer_release(&t.inputs);
  }
  free(task->queue.heap);
  for (size_t i = 0; i < task->num_captured; i++) Tensor_release(task->captured_vars[i]);
  free(task->captured_vars);
}

/* Counts, for every node reachable from root, the edges pointing at it.
 * 0, or -1 with the error set.
 * PyTorch 1.13: torch/csrc/autograd/engine.cpp Engine::compute_dependencies */
static int compute_dependencies(GraphTask* task, Node* root) {
  Node** queue = malloc(16 * sizeof *queue);
  size_t size = 0, capacity = 16;
  TORCH_CHECK_ALLOC(queue != NULL);
  queue[size++] = root;
  while (size > 0) {
    Node* fn = queue[--size];
    for (uint32_t i = 0; i < fn->num_next_edges; i++) {
      Node* next_ptr = fn->next_edges[i].function;
      if (next_ptr == NULL) continue;
      NodeInfo* info;
      bool was_inserted = (info = GraphTask_info(task, next_ptr, false)) == NULL;
      if (was_inserted && (info = GraphTask_info(task, next_ptr, true)) == NULL) goto fail;
      info->dependencies += 1;
      if (!was_inserted) continue;
      if (size == capacity) {
        Node** bigger = realloc(queue, 2 * capacity * sizeof *queue);
        TORCH_CHECK_ALLOC(bigger != NULL);
        queue = bigger;
        capacity *= 2;
      }
      queue[size++] = next_ptr;
    }
  }
  free(queue);
  return 0;
fail:
  free(queue);
  return -1;
}

static bool nodeShouldExecute(GraphTask* task, Node* fn) {
  NodeInfo* info = GraphTask_info(task, fn, false);
  return info != NULL && (info->needed || info->num_captures > 0);
}

/* Marks the nodes with a path to an output edge as needed (for backward()
 * with inputs the outputs' nodes themselves; for grad() they capture
 * instead).  0, or -1 with the error set.
 * PyTorch 1.13: torch/csrc/autograd/engine.cpp GraphTask::init_to_execute */
static int init_to_execute(GraphTask* task, Node* graph_root, const Edge* outputs, size_t num_outputs,
                           bool accumulate_grad) {
  typedef struct Frame {
    Node* fn;
    uint32_t next_next_fn;
  } Frame;
  Frame* stack = NULL;
  size_t output_idx = 0;
  for (size_t i = 0; i < num_outputs; i++) {
    NodeInfo* info;
    TRY((info = GraphTask_info(task, outputs[i].function, true)) != NULL);
    if (accumulate_grad) {
      info->needed = true;
    } else {
      Capture* grown = realloc(info->captures, (info->num_captures + 1) * sizeof *grown);
      TORCH_CHECK_ALLOC(grown != NULL);
      info->captures = grown;
      info->captures[info->num_captures++] = (Capture){outputs[i].input_nr, output_idx++};
    }
  }
  task->num_captured = output_idx;
  if (output_idx > 0) {
    task->captured_vars = calloc(output_idx, sizeof *task->captured_vars);
    TORCH_CHECK_ALLOC(task->captured_vars != NULL);
  }
  /* The depth-first walk: a node is needed when one of its children should
   * execute; a child's answer is final when its frame is popped. */
  size_t size = 0, capacity = 16;
  stack = malloc(capacity * sizeof *stack);
  TORCH_CHECK_ALLOC(stack != NULL);
  stack[size++] = (Frame){graph_root, 0};
  TRY(GraphTask_info(task, graph_root, true) != NULL);
  while (size > 0) {
    Frame* frame = &stack[size - 1];
    Node* fn = frame->fn;
    Node* child_fn = NULL;
    while (frame->next_next_fn < fn->num_next_edges) {
      child_fn = fn->next_edges[frame->next_next_fn++].function;
      if (child_fn == NULL) continue;
      NodeInfo* child;
      TRY((child = GraphTask_info(task, child_fn, true)) != NULL);
      if (!child->seen) {
        child->seen = true;
        break;
      }
      /* (1) next child exists AND has already been seen */
      if (nodeShouldExecute(task, child_fn)) GraphTask_info(task, fn, false)->needed = true;
      child_fn = NULL;
    }
    if (child_fn != NULL) {
      /* (2) next child exists but has not been seen */
      if (size == capacity) {
        Frame* bigger = realloc(stack, 2 * capacity * sizeof *stack);
        TORCH_CHECK_ALLOC(bigger != NULL);
        stack = bigger;
        capacity *= 2;
      }
      stack[size++] = (Frame){child_fn, 0};
    } else {
      /* (3) no next child exists for `fn` means its `needed` has already
       * been finalized. pop stack and update parent */
      size--;
      if (nodeShouldExecute(task, fn) && size > 0) {
        GraphTask_info(task, stack[size - 1].fn, false)->needed = true;
      }
    }
  }
  free(stack);
  return 0;
fail:
  free(stack);
  return -1;
}

/* ---- running nodes ------------------------------------------------------ */

/* Sets 1.13's RuntimeError for the gradient at `index`: "Function
 * <fn_name> returned an invalid gradient at index <index> - <what>", without
 * the "Function ... returned an " part for the root gradients (fn_name NULL). */
static void invalid_gradient(const char* fn_name, size_t index, const char* what) {
  if (fn_name != NULL)
    Error_set(ErrorType_RuntimeError, "Function %s returned an invalid gradient at index %zu - %s", fn_name, index,
              what);
  else
    Error_set(ErrorType_RuntimeError, "invalid gradient at index %zu - %s", index, what);
}

int validate_outputs(const Edge* edges, Tensor** grads, size_t n, const char* fn_name) {
  char got[1536], expected[1536], what[3200];
  for (size_t i = 0; i < n; i++) {
    const Edge* edge = &edges[i];
    if (!Edge_is_valid(*edge)) continue;
    const InputMetadata* metadata = &edge->function->input_metadata[edge->input_nr];
    Tensor* grad = grads[i];
    if (grad == NULL || !metadata->defined) continue;
    IntArrayRef shape = InputMetadata_shape(metadata);
    if (!Tensor_hasSizes(grad, shape)) {
      if (!is_expandable_to(shape, Tensor_sizes(grad))) {
        snprintf(what, sizeof what, "got %s but expected shape compatible with %s",
                 IntArrayRef_format(Tensor_sizes(grad), got, sizeof got),
                 IntArrayRef_format(shape, expected, sizeof expected));
        invalid_gradient(fn_name, i, what);
        goto fail;
      }
      Tensor* reduced = sum_to(grad, shape); /* InputMetadata::reduce_grad */
      TRY(reduced != NULL);
      Tensor_release(grad);
      grads[i] = grad = reduced;
    }
    if (grad->dtype != metadata->dtype) {
      Tensor* converted = at_to_dtype(grad, metadata->dtype, false, false, kNoMemoryFormat);
      TRY(converted != NULL);
      Tensor_release(grad);
      grads[i] = grad = converted;
    }
    /* NB(minaten): 1.13 checks the layout here too; minaten has one. */
    if (grad->device.type != metadata->device.type || grad->device.index != metadata->device.index) {
      if (grad->dim != 0) {
        snprintf(what, sizeof what, "expected device %s but got %s",
                 Device_format(metadata->device, expected, sizeof expected),
                 Device_format(grad->device, got, sizeof got));
        invalid_gradient(fn_name, i, what);
        goto fail;
      }
      /* a 0-dim gradient moves: grad.to(metadata.device()) */
      OptionalDevice device = {true, metadata->device};
      Tensor* moved = at__to_copy(grad, kNoDtype, kNoLayout, device, kNoPinMemory, false, kNoMemoryFormat);
      TRY(moved != NULL);
      Tensor_release(grad);
      grads[i] = grad = moved;
    }
    /* "We should not build graph for Tensors that are not differentiable":
     * 1.13's internal assert, which user code reaches (a bool tensor written
     * in place with a value that requires grad, `b.le_(x)`, then used) and
     * Python shows as a RuntimeError; minaten raises its words. */
    TORCH_CHECK(isDifferentiableType(grad->dtype),
                "isDifferentiableType(grad.scalar_type()) INTERNAL ASSERT FAILED at "
                "\"./torch/csrc/autograd/engine.cpp\":805, please report a bug to PyTorch.");
  }
  return 0;
fail:
  return -1;
}

/* The node's pre-hooks, in the order they were added, on its input
 * gradients (the buffer's, replaced in place): Tensor.register_hook's,
 * retain_grad's and Node.register_prehook's.  0, or -1.
 * PyTorch 1.13: torch/csrc/autograd/engine.cpp call_pre_hooks */
static int call_pre_hooks(Node* fn, InputBuffer* inputs) {
  for (uint32_t i = 0; i < fn->num_pre_hooks; i++) {
    FunctionPreHook* hook = fn->pre_hooks[i];
    if (hook->type->call(hook, inputs->buffer, (uint32_t)inputs->size) < 0) return -1;
  }
  return 0;
}

/* The node's post-hooks (Node.register_hook's) on its output gradients,
 * which they may replace, with its input gradients.  0, or -1.
 * PyTorch 1.13: torch/csrc/autograd/engine.cpp call_post_hooks */
static int call_post_hooks(Node* fn, Tensor** outputs, InputBuffer* inputs) {
  for (uint32_t i = 0; i < fn->num_post_hooks; i++) {
    FunctionPostHook* hook = fn->post_hooks[i];
    if (hook->type->call(hook, outputs, fn->num_next_edges, inputs->buffer, (uint32_t)inputs->size) < 0) return -1;
  }
  return 0;
}

/* Runs fn on its gradients; `outputs` (num_next_edges slots, NULL on entry)
 * receives its output gradients, validated.  0, or -1 with the error set.
 * PyTorch 1.13: torch/csrc/autograd/engine.cpp call_function */
static int call_function(Node* fn, InputBuffer* inputs, Tensor** outputs) {
  TRY(call_pre_hooks(fn, inputs) == 0);
  Node* previous = NodeGuard_enter(fn); /* the parent of the nodes a double backward makes */
  int status = fn->type->apply(fn, inputs->buffer, outputs);
  NodeGuard_exit(previous);
  TRY(status == 0);
  TRY(validate_outputs(fn->next_edges, outputs, fn->num_next_edges, Node_name(fn)) == 0);
  /* NB: after validate_outputs, as 1.13: what a post-hook returns is not checked again */
  if (fn->num_post_hooks > 0) TRY(call_post_hooks(fn, outputs, inputs) == 0);
  return 0;
fail:
  return -1;
}

/* Anomaly mode's check of fn's outputs (isnan(output).any(), with grad mode
 * off): 0, or -1 with "Function 'LogBackward0' returned nan values in its
 * 0th output.".  PyTorch 1.13: engine.cpp Engine::evaluate_function (the
 * AnomalyMode::should_check_nan block) */
static int check_nan(Node* fn, Tensor** outputs, uint32_t num_outputs) {
  AutoGradMode grad_mode = AutoGradMode_enter(false);
  int status = 0;
  for (uint32_t i = 0; i < num_outputs && status == 0; i++) {
    if (outputs[i] == NULL) continue;
    Tensor* nan = at_isnan(outputs[i]);
    Tensor* any = nan != NULL ? at_any(nan) : NULL;
    Scalar found = {0};
    if (any != NULL) found = at__local_scalar_dense(any);
    Tensor_release(nan);
    Tensor_release(any);
    if (any == NULL || Error_occurred()) {
      status = -1;
    } else if (found.v.i != 0) {
      Error_set(ErrorType_RuntimeError, "Function '%s' returned nan values in its %uth output.", Node_name(fn), i);
      status = -1;
    }
  }
  AutoGradMode_exit(grad_mode);
  return status;
}

/* Adds output (taken over) to the buffer of the node its edge points at,
 * queueing that node once its last gradient came.  0, or -1.
 * PyTorch 1.13: engine.cpp Engine::evaluate_function (the loop over outputs) */
static int send_gradient(GraphTask* task, Edge next, Tensor* output) {
  NodeInfo* info = GraphTask_info(task, next.function, false);
  /* dependency not found for <name>: compute_dependencies saw every edge */
  TORCH_INTERNAL_ASSERT(info != NULL && info->dependencies > 0);
  bool is_ready = --info->dependencies == 0;
  if (!info->has_buffer) {
    /* Skip functions that aren't supposed to be executed */
    if (!task->exec_info_empty && !nodeShouldExecute(task, next.function)) {
      Tensor_release(output);
      return 0;
    }
    /* No buffers have been allocated for the function */
    if (InputBuffer_init(&info->buffer, next.function->num_inputs) < 0) {
      Tensor_release(output);
      return -1;
    }
    info->has_buffer = true;
  }
  TRY(InputBuffer_add(&info->buffer, next.input_nr, output) == 0);
  if (is_ready) {
    NodeTask ready = {Node_retain(next.function), info->buffer};
    info->has_buffer = false;
    info->buffer = (InputBuffer){NULL, 0};
    TRY(ReadyQueue_push(&task->queue, ready) == 0);
  }
  return 0;
fail:
  return -1;
}

/* One node: capture, run, release its saved variables, pass its gradients
 * on.  0, or -1 with the error set.
 * PyTorch 1.13: torch/csrc/autograd/engine.cpp Engine::evaluate_function */
static int evaluate_function(GraphTask* task, Node* fn, InputBuffer* inputs) {
  Tensor** outputs = NULL;
  /* If exec_info_ is not empty, we have to instrument the execution */
  if (!task->exec_info_empty) {
    NodeInfo* fn_info = GraphTask_info(task, fn, false);
    TORCH_INTERNAL_ASSERT(fn_info != NULL);
    for (size_t c = 0; c < fn_info->num_captures; c++) {
      const Capture* capture = &fn_info->captures[c];
      Tensor** captured_grad = &task->captured_vars[capture->output_idx];
      Tensor* grad = inputs->buffer[capture->input_idx];
      Tensor_release(*captured_grad);
      *captured_grad = grad != NULL ? Tensor_retain(grad) : NULL;
    }
    /* Skip execution if we don't need to execute the function. */
    if (!fn_info->needed) return 0;
  }
  uint32_t num_outputs = fn->num_next_edges;
  if (num_outputs > 0) {
    outputs = calloc(num_outputs, sizeof *outputs);
    TORCH_CHECK_ALLOC(outputs != NULL);
  }
  TRY(call_function(fn, inputs, outputs) == 0);
  if (AnomalyMode_is_enabled() && AnomalyMode_should_check_nan()) TRY(check_nan(fn, outputs, num_outputs) == 0);
  if (!task->keep_graph && fn->type->release_variables != NULL) fn->type->release_variables(fn);
  for (uint32_t i = 0; i < num_outputs; i++) {
    Edge next = fn->next_edges[i];
    Tensor* output = outputs[i];
    outputs[i] = NULL;
    if (!Edge_is_valid(next)) {
      Tensor_release(output);
      continue;
    }
    TRY(send_gradient(task, next, output) == 0);
  }
  free(outputs);
  return 0;
fail:
  for (uint32_t i = 0; i < num_outputs && outputs != NULL; i++) Tensor_release(outputs[i]);
  free(outputs);
  return -1;
}

/* Pops and runs ready tasks until none is left.  0, or -1 with the error of
 * the first node that failed (the tasks still queued are dropped).
 * PyTorch 1.13: torch/csrc/autograd/engine.cpp Engine::thread_main */
static int thread_main(GraphTask* task) {
  AutoGradMode grad_mode = AutoGradMode_enter(task->grad_mode);
  int status = 0;
  while (task->queue.size > 0) {
    NodeTask t = ReadyQueue_pop(&task->queue);
    status = evaluate_function(task, t.fn, &t.inputs);
    /* GraphTask::set_exception_without_signal: the failed node's forward */
    if (status < 0 && AnomalyMode_is_enabled()) AnomalyMetadata_print_stack(t.fn);
    InputBuffer_release(&t.inputs);
    Node_release(t.fn);
    if (status < 0) break;
  }
  AutoGradMode_exit(grad_mode);
  return status;
}

/* Warned once per process, as TORCH_WARN_ONCE. */
static bool warned_create_graph = false;

int Engine_execute(const Edge* roots, Tensor* const* inputs, size_t n, bool keep_graph, bool create_graph,
                   bool accumulate_grad, const Edge* outputs, size_t num_outputs, Tensor** captured) {
  GraphTask task = {.keep_graph = keep_graph, .grad_mode = create_graph, .exec_info_empty = num_outputs == 0};
  Node* graph_root = NULL;
  Tensor** root_grads = NULL;
  InputBuffer input_buffer = {NULL, 0};
  for (size_t i = 0; i < num_outputs; i++) captured[i] = NULL;
  TORCH_INTERNAL_ASSERT(n > 0);
  /* validate_outputs on the root gradients, on a copy the engine owns */
  root_grads = calloc(n, sizeof *root_grads);
  TORCH_CHECK_ALLOC(root_grads != NULL);
  for (size_t i = 0; i < n; i++) root_grads[i] = inputs[i] != NULL ? Tensor_retain(inputs[i]) : NULL;
  TRY(validate_outputs(roots, root_grads, n, NULL) == 0);
  if (accumulate_grad && create_graph && !warned_create_graph) {
    warned_create_graph = true;
    Warning_warn(
        "Using backward() with create_graph=True will create a reference cycle between the parameter and its "
        "gradient which can cause a memory leak. We recommend using autograd.grad when creating the graph to "
        "avoid this. If you have to use this function, make sure to reset the .grad fields of your parameters "
        "to None after use to break the cycle and avoid the leak. (Triggered internally at  "
        "./torch/csrc/autograd/engine.cpp:1059.)");
  }
  /* One root: start at its node; several: at a GraphRoot over them. */
  bool skip_dummy_node = n == 1;
  if (skip_dummy_node) {
    graph_root = Node_retain(roots[0].function);
  } else {
    Edge* edges = malloc(n * sizeof *edges);
    TORCH_CHECK_ALLOC(edges != NULL);
    for (size_t i = 0; i < n; i++) edges[i] = (Edge){Node_retain(roots[i].function), roots[i].input_nr};
    graph_root = GraphRoot_new(edges, root_grads, (uint32_t)n);
    free(edges);
    TRY(graph_root != NULL);
  }
  TRY(compute_dependencies(&task, graph_root) == 0);
  if (num_outputs > 0) TRY(init_to_execute(&task, graph_root, outputs, num_outputs, accumulate_grad) == 0);
  /* execute_with_graph_task: the root's task */
  if (skip_dummy_node) {
    TRY(InputBuffer_init(&input_buffer, graph_root->num_inputs) == 0);
    Tensor* input = root_grads[0];
    root_grads[0] = NULL;
    TRY(InputBuffer_add(&input_buffer, roots[0].input_nr, input) == 0);
  }
  NodeTask root_task = {Node_retain(graph_root), input_buffer};
  input_buffer = (InputBuffer){NULL, 0}; /* the task owns it now */
  TRY(ReadyQueue_push(&task.queue, root_task) == 0);
  TRY(thread_main(&task) == 0);
  for (size_t i = 0; i < task.num_captured; i++) { /* none for backward(inputs=...) */
    captured[i] = task.captured_vars[i];
    task.captured_vars[i] = NULL;
  }
  GraphTask_release(&task);
  for (size_t i = 0; i < n; i++) Tensor_release(root_grads[i]);
  free(root_grads);
  Node_release(graph_root);
  return 0;
fail:
  GraphTask_release(&task);
  InputBuffer_release(&input_buffer);
  for (size_t i = 0; root_grads != NULL && i < n; i++) Tensor_release(root_grads[i]);
  free(root_grads);
  Node_release(graph_root);
  return -1;
}
