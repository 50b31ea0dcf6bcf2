/*
 * LazyIr.c - IR nodes, their release, the post order and the text dump; see
 * LazyIr.h.
 * PyTorch 1.13: torch/csrc/lazy/core/ir.cpp, ir_util.cpp, ir_dump_util.cpp
 */
#include "ops/lazy/LazyIr.h"

#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "runtime/Exception.h"

static int64_t live_nodes = 0;
static uint64_t next_id = 0;
static uint64_t visit_epoch = 0;

int64_t LazyIr_liveNodes(void) { return live_nodes; }

static void* xcalloc(size_t n, size_t size) {
  void* p = calloc(n ? n : 1, size);
  TORCH_INTERNAL_ASSERT(p != NULL);
  return p;
}

/* PyTorch 1.13: torch/csrc/lazy/core/ir.cpp Node::Node */
LazyNode* LazyNode_new(LazyNodeKind kind, size_t num_operands, size_t num_outputs) {
  LazyNode* n = xcalloc(1, sizeof *n);
  n->refcount = 1;
  n->id = next_id++;
  n->kind = kind;
  n->written_arg = -1;
  n->operands = xcalloc(num_operands, sizeof *n->operands);
  n->num_operands = num_operands;
  n->shapes = xcalloc(num_outputs, sizeof *n->shapes);
  n->num_outputs = num_outputs;
  live_nodes++;
  return n;
}

void LazyShape_fromTensor(LazyShape* s, const Tensor* t) {
  s->dtype = t->dtype;
  s->dim = t->dim;
  for (int64_t d = 0; d < t->dim; d++) s->sizes[d] = t->sizes[d];
}

/* PyTorch 1.13: torch/csrc/lazy/core/ops/device_data.cpp DeviceData::DeviceData */
LazyNode* LazyNode_deviceData(Tensor* data) {
  LazyNode* n = LazyNode_new(LazyNodeKind_DeviceData, 0, 1);
  n->data = Tensor_retain(data);
  LazyShape_fromTensor(&n->shapes[0], data);
  return n;
}

LazyNode* LazyNode_scalarExpand(LazyValue scalar, const LazyShape* shape) {
  LazyNode* n = LazyNode_new(LazyNodeKind_ScalarExpand, 1, 1);
  n->operands[0] = LazyValue_make(LazyNode_retain(scalar.node), scalar.index);
  n->num_args = 1;
  n->args = xcalloc(1, sizeof *n->args);
  n->args[0] = IValue_copyIntList(IntArrayRef_make(shape->sizes, (size_t)shape->dim));
  n->shapes[0] = *shape;
  return n;
}

LazyNode* LazyNode_retain(LazyNode* n) {
  n->refcount++;
  return n;
}

/* Frees what the node owns except its operand references, which it returns
 * for the caller to drop (so release needs no recursion). */
static void free_node(LazyNode* n) {
  for (size_t i = 0; i < n->num_args; i++) IValue_release(&n->args[i]);
  free(n->args);
  free(n->arg_operand);
  free(n->shapes);
  Tensor_release(n->data);
  if (n->results)
    for (size_t i = 0; i < n->num_outputs; i++) Tensor_release(n->results[i]);
  free(n->results);
  live_nodes--;
}

void LazyNode_release(LazyNode* n) {
  if (n == NULL || --n->refcount > 0) return;
  /* An explicit stack of dead nodes whose operands are still to drop. */
  size_t cap = 16, len = 0;
  LazyNode** stack = malloc(cap * sizeof *stack);
  TORCH_INTERNAL_ASSERT(stack != NULL);
  stack[len++] = n;
  while (len > 0) {
    LazyNode* dead = stack[--len];
    free_node(dead);
    for (size_t i = 0; i < dead->num_operands; i++) {
      LazyNode* op = dead->operands[i].node;
      if (op == NULL || --op->refcount > 0) continue;
      if (len == cap) {
        cap *= 2;
        stack = realloc(stack, cap * sizeof *stack);
        TORCH_INTERNAL_ASSERT(stack != NULL);
      }
      stack[len++] = op;
    }
    free(dead->operands);
    free(dead);
  }
  free(stack);
}

/* ---- post order ---------------------------------------------------------- */

enum { kUnseen = 0, kEnqueued = 1, kEmitted = 2 };

static int state_of(const LazyNode* n) { return n->visit_epoch == visit_epoch ? n->visit_state : kUnseen; }
static void set_state(LazyNode* n, int s) {
  n->visit_epoch = visit_epoch;
  n->visit_state = s;
}

typedef struct NodeVec {
  LazyNode** data;
  size_t len, cap;
} NodeVec;

static void vec_push(NodeVec* v, LazyNode* n) {
  if (v->len == v->cap) {
    v->cap = v->cap ? 2 * v->cap : 16;
    v->data = realloc(v->data, v->cap * sizeof *v->data);
    TORCH_INTERNAL_ASSERT(v->data != NULL);
  }
  v->data[v->len++] = n;
}

/* PyTorch 1.13: torch/csrc/lazy/core/ir_util.cpp Util::ComputePostOrder */
LazyNode** LazyIr_postOrder(LazyNode* const* roots, size_t num_roots, bool stop_at_computed,
                            size_t* n) {
  visit_epoch++;
  NodeVec order = {0}, queue = {0};
  for (size_t r = 0; r < num_roots; r++) {
    vec_push(&queue, roots[r]);
    while (queue.len > 0) {
      LazyNode* node = queue.data[queue.len - 1];
      int state = state_of(node);
      if (state == kUnseen) {
        set_state(node, kEnqueued);
        if (stop_at_computed && node->results != NULL) continue;
        for (size_t i = 0; i < node->num_operands; i++) {
          LazyNode* operand = node->operands[i].node;
          /* A graph has no loops: values are immutable, so an operand always
           * predates its user. */
          TORCH_INTERNAL_ASSERT(state_of(operand) != kEnqueued);
          if (state_of(operand) == kUnseen) vec_push(&queue, operand);
        }
      } else if (state == kEnqueued) {
        vec_push(&order, node);
        set_state(node, kEmitted);
        queue.len--;
      } else {
        queue.len--;
      }
    }
  }
  free(queue.data);
  *n = order.len;
  return order.data;
}

/* ---- text ---------------------------------------------------------------- */

const char* LazyNode_opName(const LazyNode* n, char* buf, size_t size) {
  switch (n->kind) {
    case LazyNodeKind_DeviceData:
      return "lazy_tensors::device_data";
    case LazyNodeKind_Constant:
      return "prim::Constant";
    case LazyNodeKind_TensorList:
      return "lazy_tensors::tensor_list";
    case LazyNodeKind_ScalarExpand:
      return "aten::expand";
    case LazyNodeKind_Op:
      /* A view node computes a fresh value, as functionalization's view_copy
       * operators do in 1.13's IR: t is aten::t_copy there. */
      snprintf(buf, size, "%s::%s%s", n->op->schema.ns, n->op->schema.name, n->view_op ? "_copy" : "");
      return buf;
    case LazyNodeKind_InPlaceOp: {
      /* The functional name, as functionalization rewrites add_ into add. */
      const char* name = n->op->schema.name;
      size_t len = strlen(name);
      if (len > 1 && name[len - 1] == '_') len--;
      snprintf(buf, size, "%s::%.*s", n->op->schema.ns, (int)len, name);
      return buf;
    }
  }
  return "?";
}

static void print_shape(FILE* out, const LazyShape* s) {
  fprintf(out, "%s[", ScalarType_name(s->dtype));
  for (int64_t d = 0; d < s->dim; d++) fprintf(out, "%s%" PRId64, d ? "," : "", s->sizes[d]);
  fputc(']', out);
}

static const char* memory_format_name(MemoryFormat m) {
  switch (m) {
    case MemoryFormat_Contiguous:
      return "Contiguous";
    case MemoryFormat_Preserve:
      return "Preserve";
    default:
      return "ChannelsLast";
  }
}

/* One attribute value as the lazy IR prints it: lists space-separated,
 * bools as 0/1, None as null, dtypes by their c10 name. */
static void print_attribute(FILE* out, const IValue* v) {
  char dev[32];
  switch (v->tag) {
    case IValueTag_None:
      fputs("null", out);
      break;
    case IValueTag_Int:
      fprintf(out, "%" PRId64, v->u.i);
      break;
    case IValueTag_Double: /* std::ostream's default: 6 significant digits (eps=1e-05) */
      fprintf(out, "%g", v->u.d);
      break;
    case IValueTag_Bool:
      fprintf(out, "%d", v->u.b ? 1 : 0);
      break;
    case IValueTag_String:
      fputs(v->u.s, out);
      break;
    case IValueTag_IntList: {
      IntArrayRef l = IValue_toIntList(v);
      for (size_t i = 0; i < l.size; i++) fprintf(out, "%s%" PRId64, i ? " " : "", l.data[i]);
      break;
    }
    case IValueTag_ScalarType:
      fputs(ScalarType_name(v->u.scalar_type), out);
      break;
    case IValueTag_Layout:
      fputs("Strided", out);
      break;
    case IValueTag_MemoryFormat:
      fputs(memory_format_name(v->u.memory_format), out);
      break;
    case IValueTag_Device:
      fputs(Device_format(v->u.device, dev, sizeof dev), out);
      break;
    default:
      fputs("?", out);
      break;
  }
}

/* `, name=value` for every non-tensor argument of op. */
static void print_attributes(FILE* out, const OperatorEntry* op, const IValue* args, size_t num_args,
                             const int* arg_operand) {
  for (size_t i = 0; i < num_args; i++) {
    if (arg_operand != NULL && arg_operand[i] >= 0) continue;
    if (op->schema.arguments[i].type.base == SchemaBaseType_Tensor) continue;
    /* a Scalar is an operand when given, and absent when None */
    if (op->schema.arguments[i].type.base == SchemaBaseType_Scalar) continue;
    /* so is a SymInt? (slice_copy's and slice_scatter's start,
     * as_strided_copy's and as_strided_scatter's storage_offset: the only
     * operators of minaten with one that a node records) */
    if (op->schema.arguments[i].type.base == SchemaBaseType_SymInt && !op->schema.arguments[i].type.is_list &&
        args[i].tag == IValueTag_None)
      continue;
    fprintf(out, ", %s=", op->schema.arguments[i].name);
    print_attribute(out, &args[i]);
  }
}

/* PyTorch 1.13: torch/csrc/lazy/core/ir_dump_util.cpp DumpUtil::ToText
 * (GenerateTextNodeSpec, GetNodeTags) */
void LazyIr_dumpText(FILE* out, const LazyValue* roots, size_t num_roots) {
  LazyNode** root_nodes = calloc(num_roots ? num_roots : 1, sizeof *root_nodes);
  TORCH_INTERNAL_ASSERT(root_nodes != NULL);
  for (size_t r = 0; r < num_roots; r++) root_nodes[r] = roots[r].node;
  size_t n;
  LazyNode** order = LazyIr_postOrder(root_nodes, num_roots, false, &n);
  fputs("IR {\n", out);
  char name[128];
  for (size_t i = 0; i < n; i++) {
    LazyNode* node = order[i];
    /* The post order's index is the node's %id; keep it in visit_state's
     * place via a linear search-free map: ids are positions in `order`. */
    node->visit_state = (int)i + kEmitted + 1;
  }
  for (size_t i = 0; i < n; i++) {
    LazyNode* node = order[i];
    fprintf(out, "  %%%zu = [", i);
    for (size_t o = 0; o < node->num_outputs; o++) {
      if (o) fputs(", ", out);
      print_shape(out, &node->shapes[o]);
    }
    fprintf(out, "] %s(", LazyNode_opName(node, name, sizeof name));
    for (size_t k = 0; k < node->num_operands; k++) {
      LazyValue v = node->operands[k];
      fprintf(out, "%s%%%d", k ? ", " : "", v.node->visit_state - kEmitted - 1);
      if (v.node->num_outputs > 1) fprintf(out, ".%" PRId64, v.index);
    }
    fputc(')', out);
    /* PyTorch 1.13: torch/csrc/lazy/core/ir.cpp Node::ToString */
    if (node->num_outputs > 1) fprintf(out, ", num_outputs=%zu", node->num_outputs);
    if (node->kind == LazyNodeKind_DeviceData) fputs(", device=CPU0", out);
    if (node->kind == LazyNodeKind_Constant)
      fprintf(out, ", value=%" PRId64 ", type=Long", *(const int64_t*)Tensor_data(node->data));
    if (node->op != NULL) print_attributes(out, node->op, node->args, node->num_args, node->arg_operand);
    if (node->kind == LazyNodeKind_ScalarExpand) {
      fputs(", size=", out);
      print_attribute(out, &node->args[0]);
      fputs(", is_scalar_expand=1", out);
    }
    /* a node that is several roots (the outputs of sort, or one tensor
     * twice) shows the last one's index: 1.13 keeps one id per node, each
     * root's overwriting the one before (ir_dump_util.cpp ToText) */
    size_t root = num_roots;
    for (size_t r = 0; r < num_roots; r++)
      if (root_nodes[r] == node) root = r;
    if (root < num_roots) fprintf(out, ", ROOT=%zu", root);
    fputc('\n', out);
  }
  fputs("}\n", out);
  /* The ids stored in visit_state are stale now: start a new epoch. */
  visit_epoch++;
  free(order);
  free(root_nodes);
}
