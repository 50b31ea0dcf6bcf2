/*
 * python_cpp_function.c - a node of the backward graph seen from Python:
 * what `t.grad_fn` and `fn.next_functions` return.
 *
 * 1.13 wraps each C++ Node in one Python object of a type named after the
 * node (MulBackward0, AccumulateGrad) and keeps that object in the node, so
 * `a.grad_fn is a.grad_fn`.  Here a node is a Value_Object whose payload is
 * the Node (one reference held); `is` compares payloads, which gives the
 * same identity.  The object has name(), next_functions (a tuple of
 * (node or None, input_nr) pairs) and, for AccumulateGrad, variable (the
 * leaf).  It prints as `<MulBackward0 object>`: 1.13 adds the address, so
 * a script prints fn.name(), never the node.
 *
 * Each node type gets one ObjectType, made the first time a node of that
 * type is wrapped and kept for the run (a CPython type object lives as long).
 *
 * PyTorch 1.13: torch/csrc/autograd/python_cpp_function.cpp
 * (THPCppFunction_name, THPCppFunction_next_functions, functionToPyObject),
 * torch/csrc/autograd/functions/init.cpp (accumulateGradVar)
 */
#include <stdlib.h>
#include <string.h>

#include "autograd/Node.h"
#include "autograd/functions/AccumulateGrad.h"
#include "runtime/Exception.h"
#include "tools/minaten/bindings/bindings.h"

enum { kMaxNodeTypes = 512 };

static void THPCppFunction_dealloc(void* payload) { Node_release(payload); }

static int THPCppFunction_repr(const Value* self, FILE* out) {
  fprintf(out, "<%s object>", self->u.object.type->type.name);
  return 0;
}

/* fn.name(): "MulBackward0", "torch::autograd::AccumulateGrad".
 * PyTorch 1.13: python_cpp_function.cpp THPCppFunction_name */
static Value* THPCppFunction_name(Value* self, Value** args, int nargs, char** kwnames, Value** kwargs, int nkw) {
  (void)args, (void)kwnames, (void)kwargs;
  if (nargs + nkw > 0) {
    Error_set(ErrorType_TypeError, "%s.name() takes no arguments (%d given)", Value_typeName(self), nargs + nkw);
    return NULL;
  }
  const Node* node = self->u.object.payload;
  return Value_str(Node_name(node));
}

/* fn.next_functions: ((node or None, input_nr), ...).
 * PyTorch 1.13: python_cpp_function.cpp THPCppFunction_next_functions */
static Value* THPCppFunction_next_functions(const Node* node) {
  Value* t = Value_seq(Value_Tuple, (int)node->num_next_edges);
  for (uint32_t i = 0; i < node->num_next_edges; i++) {
    Edge e = node->next_edges[i];
    Value* pair = Value_seq(Value_Tuple, 2);
    pair->u.seq.items[0] = e.function != NULL ? THPFunction_wrap(e.function) : Value_none();
    pair->u.seq.items[1] = Value_int(e.input_nr);
    t->u.seq.items[i] = pair;
  }
  return t;
}

/* fn.NAME.  PyTorch 1.13: python_cpp_function.cpp default_properties,
 * functions/init.cpp (AccumulateGrad's `variable`) */
static Value* THPCppFunction_getattro(Value* self, const char* name) {
  Node* node = self->u.object.payload;
  if (strcmp(name, "name") == 0) {
    Value* b = Value_builtin("name", THPCppFunction_name);
    Value* m = Value_method(self, b);
    Value_release(b);
    return m;
  }
  if (strcmp(name, "next_functions") == 0) return THPCppFunction_next_functions(node);
  if (strcmp(name, "variable") == 0 && node->type == &AccumulateGrad_type) {
    /* NB(minaten): None for a leaf moved into the graph interior and gone,
     * which 1.13 leaks (Note [A leaf moved into the graph interior]) */
    Tensor* variable = ((AccumulateGrad*)node)->variable;
    return variable != NULL ? Value_tensor(Tensor_retain(variable)) : Value_none();
  }
  Error_set(ErrorType_AttributeError, "'%s' object has no attribute '%s'", Value_typeName(self), name);
  return NULL;
}

/* The ObjectType of a node type: its Python name is the C++ class name
 * without its namespace ("torch::autograd::AccumulateGrad" is AccumulateGrad). */
static const ObjectType* node_object_type(const NodeType* type) {
  static struct {
    const NodeType* node_type;
    ObjectType object_type;
  } types[kMaxNodeTypes];
  static int n = 0;
  for (int i = 0; i < n; i++)
    if (types[i].node_type == type) return &types[i].object_type;
  TORCH_INTERNAL_ASSERT(n < kMaxNodeTypes);
  const char* colons = strrchr(type->name, ':');
  types[n].node_type = type;
  types[n].object_type = (ObjectType){{colons != NULL ? colons + 1 : type->name, NULL, NULL, NULL},
                                      THPCppFunction_dealloc, THPCppFunction_getattro, THPCppFunction_repr,
                                      NULL, NULL};
  return &types[n++].object_type;
}

/* PyTorch 1.13: torch/csrc/autograd/python_cpp_function.cpp functionToPyObject */
Value* THPFunction_wrap(Node* node) {
  return Value_object(node_object_type(node->type), Node_retain(node));
}
