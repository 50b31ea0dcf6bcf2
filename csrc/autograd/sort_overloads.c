/*
 * sort_overloads.c - the order in which torch.NAME / t.NAME try their
 * overloads.
 *
 * Note [Order of Python overloads]
 * PyTorch's Python argument parser takes the first overload whose signature
 * accepts the arguments, so when two could (a 0-dim integer tensor is both
 * a Tensor and an int: `x.max(torch.tensor(0))`), their order decides.
 * That order is not the declaration order of native_functions.yaml: 1.13's
 * generator sorts each name's overloads, first by their Python signature
 * string (`max(Tensor input, Tensor other, *, Tensor out=None)` before
 * `max(Tensor input, int64_t dim, bool keepdim=False, ...)`: 'T' sorts
 * before 'i'), then by a partial order that moves an overload after every
 * overload it is "smaller" than: one taking the same number of arguments,
 * each of the same type or of a smaller one (Scalar below Tensor, Scalar?
 * below Tensor?, a Dimname below anything else, int[] below int and int?,
 * Tensor[] below any other list, SymInt[] below int[]).  So clamp's Tensor
 * bounds are tried before its Scalar ones, and max's Tensor other before
 * its int dim.
 *
 * minaten keeps out= forms as overloads of their own; each sorts where its
 * functional form sorts (right after it), which is where 1.13's merged
 * signature puts it.
 *
 * PyTorch 1.13: tools/autograd/gen_python_functions.py sort_overloads,
 * torchgen/api/python.py PythonSignature.signature_str, argument_type_str
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "dispatch/Dispatcher.h"

#include "csrc/autograd/sort_overloads.h"

/* Whether the argument is in the Python signature compared by is_smaller:
 * not an out= argument, not a method's self. */
static bool in_python_signature(const FunctionSchema* s, size_t i, bool method) {
  if (Argument_isOut(&s->arguments[i])) return false;
  return !(method && i == 0 && strcmp(s->arguments[i].name, "self") == 0);
}

/* The Python type name of a schema type (argument_type_str). */
static const char* python_type(const SchemaType* t, char* buf, size_t n) {
  const char* base = SchemaBaseType_name(t->base);
  if (t->base == SchemaBaseType_int) base = "int64_t";
  else if (t->base == SchemaBaseType_float) base = "double";
  else if (t->base == SchemaBaseType_str) base = "c10::string_view";
  if (t->is_list) {
    const char* list = t->base == SchemaBaseType_int      ? "IntArrayRef"
                       : t->base == SchemaBaseType_SymInt ? "SymIntArrayRef"
                       : t->base == SchemaBaseType_Tensor ? (t->elem_optional ? "c10::List<c10::optional<Tensor>>" : "TensorList")
                       : t->base == SchemaBaseType_Scalar ? "ScalarList"
                       : t->base == SchemaBaseType_Dimname ? "DimnameList"
                                                           : NULL;
    if (t->base == SchemaBaseType_bool) snprintf(buf, n, "::std::array<bool,%lld>", (long long)t->list_size);
    else if (list == NULL) snprintf(buf, n, "ArrayRef<%s>", base);
    else if (t->list_size >= 0 && !t->elem_optional) snprintf(buf, n, "%s[%lld]", list, (long long)t->list_size);
    else snprintf(buf, n, "%s", list);
  } else {
    snprintf(buf, n, "%s", base);
  }
  if (t->is_optional) strncat(buf, "?", n - strlen(buf) - 1);
  return buf;
}

/* The signature string the overloads are first sorted by, out= arguments
 * left out (see the note). */
static void signature_str(const FunctionSchema* s, bool method, char* buf, size_t n) {
  size_t len = (size_t)snprintf(buf, n, "%s(", s->name);
  bool first = true, star = false;
  for (size_t i = 0; i < s->num_arguments && len < n; i++) {
    if (!in_python_signature(s, i, method)) continue;
    const Argument* a = &s->arguments[i];
    char type[96];
    const char* name = strcmp(a->name, "self") == 0 && !method && SchemaType_isTensor(&a->type) ? "input" : a->name;
    if (a->kwarg_only && !star) {
      len += (size_t)snprintf(buf + len, n - len, "%s*", first ? "" : ", ");
      star = true;
      first = false;
    }
    len += (size_t)snprintf(buf + len, n - len, "%s%s %s%s%s", first ? "" : ", ", python_type(&a->type, type, sizeof type),
                            name, a->has_default ? "=" : "", a->has_default ? a->default_text : "");
    first = false;
  }
  if (len < n) snprintf(buf + len, n - len, ")");
}

/* is_arg_smaller: the schema types as torchgen prints them. */
static bool is_arg_smaller(const SchemaType* t1, const SchemaType* t2) {
  char a[64], b[64];
  SchemaType_format(t1, a, sizeof a);
  SchemaType_format(t2, b, sizeof b);
  return (strcmp(a, "Scalar") == 0 && strcmp(b, "Tensor") == 0) ||
         (strcmp(a, "Scalar?") == 0 && strcmp(b, "Tensor?") == 0) ||
         (strstr(a, "Dimname") != NULL && strstr(b, "Dimname") == NULL) ||
         (strcmp(a, "int[]") == 0 && (strcmp(b, "int") == 0 || strcmp(b, "int?") == 0)) ||
         (strcmp(a, "Tensor[]") == 0 && strstr(b, "[]") != NULL) ||
         (strcmp(a, "SymInt[]") == 0 && strcmp(b, "int[]") == 0);
}

static bool same_type(const SchemaType* t1, const SchemaType* t2) {
  return t1->base == t2->base && t1->elem_optional == t2->elem_optional && t1->is_list == t2->is_list &&
         t1->list_size == t2->list_size && t1->is_optional == t2->is_optional;
}

/* is_smaller: s1 < s2 in the partial order. */
static bool is_smaller(const FunctionSchema* s1, const FunctionSchema* s2, bool method) {
  const Argument* a1[64];
  const Argument* a2[64];
  size_t n1 = 0, n2 = 0;
  for (size_t i = 0; i < s1->num_arguments && n1 < 64; i++)
    if (in_python_signature(s1, i, method)) a1[n1++] = &s1->arguments[i];
  for (size_t i = 0; i < s2->num_arguments && n2 < 64; i++)
    if (in_python_signature(s2, i, method)) a2[n2++] = &s2->arguments[i];
  if (n1 != n2) return false;
  bool equal = true, smaller_or_equal = true;
  for (size_t i = 0; i < n1; i++) {
    bool same = same_type(&a1[i]->type, &a2[i]->type);
    equal = equal && same;
    char x[64], y[64];
    bool same_str = strcmp(SchemaType_format(&a1[i]->type, x, sizeof x), SchemaType_format(&a2[i]->type, y, sizeof y)) == 0;
    smaller_or_equal = smaller_or_equal && (same_str || is_arg_smaller(&a1[i]->type, &a2[i]->type));
  }
  return smaller_or_equal && !equal;
}

size_t sort_python_signatures(const FunctionSchema* const* schemas, size_t n, bool method, size_t* order_out) {
  enum { kMax = 2 * kMaxPythonOverloads };
  if (n > kMax) n = kMax;
  /* 1. a stable sort by signature string */
  char keys[kMax][512];
  size_t sorted[kMax];
  for (size_t i = 0; i < n; i++) {
    signature_str(schemas[i], method, keys[i], sizeof keys[i]);
    sorted[i] = i;
  }
  for (size_t i = 1; i < n; i++) {
    size_t index = sorted[i];
    char key[512];
    memcpy(key, keys[i], sizeof key);
    size_t j = i;
    for (; j > 0 && strcmp(keys[j - 1], key) > 0; j--) {
      sorted[j] = sorted[j - 1];
      memcpy(keys[j], keys[j - 1], sizeof key);
    }
    sorted[j] = index;
    memcpy(keys[j], key, sizeof key);
  }
  /* 2. the partial order, as 1.13's topological sort walks it: first the
   * overloads smaller than none, then each one as the last overload it is
   * smaller than is placed */
  bool larger_than[kMax][kMax];
  bool pending[kMax] = {false};
  for (size_t i = 0; i < n; i++)
    for (size_t j = 0; j < n; j++) {
      larger_than[i][j] = is_smaller(schemas[sorted[i]], schemas[sorted[j]], method);
      pending[i] = pending[i] || larger_than[i][j];
    }
  size_t order[kMax], count = 0;
  for (size_t i = 0; i < n; i++)
    if (!pending[i]) order[count++] = i;
  for (size_t k = 0; k < count && k < n; k++) {
    size_t placed = order[k];
    for (size_t j = 0; j < n; j++) {
      if (!pending[j]) continue;
      larger_than[j][placed] = false;
      bool any = false;
      for (size_t m = 0; m < n; m++) any = any || larger_than[j][m];
      if (!any) {
        pending[j] = false;
        order[count++] = j;
      }
    }
  }
  for (size_t i = 0; i < count; i++) order_out[i] = sorted[order[i]];
  return count;
}

size_t sort_python_overloads(const OperatorEntry** ops, size_t n, bool method) {
  const FunctionSchema* schemas[kMaxPythonOverloads];
  const OperatorEntry* copy[kMaxPythonOverloads];
  size_t order[2 * kMaxPythonOverloads];
  if (n > kMaxPythonOverloads) n = kMaxPythonOverloads;
  for (size_t i = 0; i < n; i++) {
    schemas[i] = &ops[i]->schema;
    copy[i] = ops[i];
  }
  size_t count = sort_python_signatures(schemas, n, method, order);
  for (size_t i = 0; i < count; i++) ops[i] = copy[order[i]];
  return count;
}
