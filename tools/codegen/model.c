/*
 * model.c - YAML -> NativeFunction, with validation; see model.h.
 *
 * libyaml's document API gives every node with its start and end marks;
 * those marks are where errors point.  An entry is checked as it is read,
 * against the entries before it (from this file and from earlier files), so
 * the error printed is in the first faulty entry, and a name declared twice
 * is reported at its second declaration.
 *
 * Columns inside a schema string: FunctionSchema_parse reports a column
 * within the string; when the YAML scalar sits on one line with no escapes,
 * the YAML column of the scalar plus that column (minus one, plus one for an
 * opening quote) is where the problem is in the file.  Otherwise the error
 * points at the start of the scalar.
 *
 * PyTorch 1.13: torchgen/gen.py parse_native_yaml_struct,
 * torchgen/model.py NativeFunction.from_yaml
 */
#include "tools/codegen/model.h"

#include <ctype.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <yaml.h>

#include "dispatch/CType.h"

const DispatchKey kKernelKeys[kNumKernelKeys] = {
    DispatchKey_CPU,
    DispatchKey_Lazy,
    DispatchKey_Meta,
    DispatchKey_QuantizedCPU,
    /* An ADInplaceOrView kernel named in the YAML; the generated ones come
     * from gen_inplace_or_view.c, which skips an operator that has one here.
     * (minaten's own hand-written ones, 1.13's VariableTypeManual.cpp's,
     * register themselves: autograd/VariableTypeManual.c.) */
    DispatchKey_ADInplaceOrView,
    /* An Autograd kernel named in the YAML; the generated ones come from
     * derivatives.yaml (gen_autograd.c), which skips an operator that has
     * one here (and those of autograd/VariableTypeManual.c). */
    DispatchKey_Autograd,
    DispatchKey_CompositeExplicitAutogradNonFunctional,
    DispatchKey_CompositeExplicitAutograd,
    DispatchKey_CompositeImplicitAutograd,
};

/* Fields torchgen reads that minaten accepts and ignores. */
static const char* const kIgnoredFields[] = {
    "device_check", "device_guard",
    "structured_inherits", "manual_cpp_binding", "category_override",
    "cpp_no_default_args", "precomputed", "manual_kernel_registration",
    "use_const_ref_for_mutable_tensors", "ufunc_inner_loop", "has_composite_implicit_autograd_kernel",
};

/* One file being read. */
typedef struct Loader {
  Model* m;
  const char* file; /* display path, owned by m->files */
  yaml_document_t* doc;
} Loader;

int SourceLoc_error(SourceLoc loc, const char* fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  fprintf(stderr, "%s:%d:%d: ", loc.file, loc.line, loc.col);
  vfprintf(stderr, fmt, ap);
  fputc('\n', stderr);
  va_end(ap);
  return -1;
}

static SourceLoc loc_of(const Loader* L, const yaml_node_t* node) {
  SourceLoc l = {L->file, (int)node->start_mark.line + 1, (int)node->start_mark.column + 1};
  return l;
}

static yaml_node_t* node_at(const Loader* L, int index) {
  return yaml_document_get_node(L->doc, index);
}

static const char* scalar(const yaml_node_t* node) {
  return node && node->type == YAML_SCALAR_NODE ? (const char*)node->data.scalar.value : NULL;
}

/* `dispatch:` with nothing after it is YAML null: torchgen reads it as absent. */
static bool is_null(const yaml_node_t* node) {
  const char* s = scalar(node);
  return s && node->data.scalar.style == YAML_PLAIN_SCALAR_STYLE &&
         (s[0] == '\0' || strcmp(s, "~") == 0 || strcmp(s, "null") == 0);
}

/* The location of byte `offset` of a scalar's value (see the note at the top). */
static SourceLoc scalar_loc(const Loader* L, const yaml_node_t* node, size_t offset) {
  SourceLoc l = loc_of(L, node);
  size_t len = node->data.scalar.length;
  size_t span = node->end_mark.index - node->start_mark.index;
  bool one_line = node->start_mark.line == node->end_mark.line;
  switch (node->data.scalar.style) {
    case YAML_PLAIN_SCALAR_STYLE:
      if (one_line && span == len) l.col += (int)offset;
      break;
    case YAML_SINGLE_QUOTED_SCALAR_STYLE:
    case YAML_DOUBLE_QUOTED_SCALAR_STYLE:
      if (one_line && span == len + 2) l.col += 1 + (int)offset;
      break;
    default:
      break;
  }
  return l;
}

static bool is_c_identifier(const char* s) {
  if (!(isalpha((unsigned char)s[0]) || s[0] == '_')) return false;
  for (const char* p = s; *p; p++)
    if (!(isalnum((unsigned char)*p) || *p == '_')) return false;
  return true;
}

static char* dup_string(const char* s) {
  size_t n = strlen(s) + 1;
  char* d = malloc(n);
  if (d) memcpy(d, s, n);
  return d;
}

const BackendKernel* NativeFunction_kernel(const NativeFunction* f, DispatchKey key) {
  for (size_t i = 0; i < f->num_kernels; i++)
    if (f->kernels[i].key == key) return &f->kernels[i];
  return NULL;
}

/* PyTorch 1.13: native_functions.yaml, the operators with `tags: inplace_view` */
bool NativeFunction_isInplaceView(const NativeFunction* f) {
  static const char* const kInplaceView[] = {"squeeze_", "unsqueeze_", "transpose_", "t_", "as_strided_",
                                             "swapdims_", "swapaxes_", NULL};
  for (const char* const* n = kInplaceView; *n; n++)
    if (strcmp(f->schema.name, *n) == 0) return true;
  return false;
}

/* PyTorch 1.13: torchgen/model.py Arguments._preparse (the `predicates` loop) */
bool NativeFunction_hasTensorOptions(const NativeFunction* f) {
  static const struct {
    const char* name;
    SchemaBaseType type;
  } kGroup[] = {{"dtype", SchemaBaseType_ScalarType},
                {"layout", SchemaBaseType_Layout},
                {"device", SchemaBaseType_Device},
                {"pin_memory", SchemaBaseType_bool}};
  const size_t n = sizeof kGroup / sizeof kGroup[0];
  const FunctionSchema* s = &f->schema;
  for (size_t i = 0; i + n <= s->num_arguments; i++) {
    bool match = true;
    for (size_t j = 0; j < n && match; j++) {
      const Argument* a = &s->arguments[i + j];
      match = a->kwarg_only && !a->type.is_list && a->type.base == kGroup[j].type &&
              strcmp(a->name, kGroup[j].name) == 0;
    }
    if (match) return true;
  }
  return false;
}

/* PyTorch 1.13: torchgen/model.py NativeFunction.from_yaml (variants) */
static int parse_variants(const Loader* L, NativeFunction* f, const yaml_node_t* node) {
  const char* text = scalar(node);
  if (text == NULL) return SourceLoc_error(loc_of(L, node), "variants must be a string");
  f->function_variant = f->method_variant = false;
  const char* p = text;
  while (*p) {
    while (*p == ' ' || *p == ',') p++;
    size_t n = strcspn(p, ", ");
    if (n == 8 && strncmp(p, "function", 8) == 0) {
      f->function_variant = true;
    } else if (n == 6 && strncmp(p, "method", 6) == 0) {
      f->method_variant = true;
    } else if (n > 0) {
      return SourceLoc_error(scalar_loc(L, node, (size_t)(p - text)),
                      "unknown variant '%.*s' (expected function or method)", (int)n, p);
    }
    p += n;
  }
  return 0;
}

/* Whether k, a kernel of f, names a structured impl function (the CPU
 * kernel of a structured operator: at_impl_<kernel>, not at_native_). */
static bool names_impl(const NativeFunction* f, const BackendKernel* k) {
  return f->structured && k->key == DispatchKey_CPU;
}

/* A kernel name belongs to one operator: checks `k` against every operator
 * read before `f` (f's own keys may share a kernel).  An impl function and
 * a kernel may share a name, as 1.13's TORCH_IMPL_FUNC(max_out) (max.dim_max)
 * and at::native::max_out (max.out) do: they are different C functions. */
static int check_kernel_unique(const Model* m, const NativeFunction* f, const BackendKernel* k) {
  for (size_t i = 0; i < m->num_functions; i++) {
    const NativeFunction* g = &m->functions[i];
    if (g == f) break;
    for (size_t j = 0; j < g->num_kernels; j++)
      if (strcmp(g->kernels[j].kernel, k->kernel) == 0 && names_impl(g, &g->kernels[j]) == names_impl(f, k))
        return SourceLoc_error(k->loc,
                        "kernel '%s' is named twice: %s uses it, and so does %s (%s:%d); C has "
                        "no overloading: give each operator its own kernel name",
                        k->kernel, f->qualified, g->qualified, g->loc.file, g->loc.line);
  }
  return 0;
}

static int add_kernel(const Model* m, NativeFunction* f, DispatchKey key, const char* kernel,
                      SourceLoc key_loc, SourceLoc kernel_loc) {
  if (NativeFunction_kernel(f, key) != NULL)
    return SourceLoc_error(key_loc, "dispatch key %s is named twice for %s", DispatchKey_name(key),
                    f->qualified);
  if (!is_c_identifier(kernel))
    return SourceLoc_error(kernel_loc, "kernel name '%s' is not a C identifier", kernel);
  BackendKernel* k = &f->kernels[f->num_kernels];
  k->key = key;
  k->loc = kernel_loc;
  k->kernel = dup_string(kernel);
  if (k->kernel == NULL) return SourceLoc_error(kernel_loc, "out of memory");
  f->num_kernels++;
  return check_kernel_unique(m, f, k);
}

/* `CPU, QuantizedCPU: _reshape_alias` lines.
 * PyTorch 1.13: torchgen/model.py NativeFunction.from_yaml (raw_dispatch) */
static int parse_dispatch(const Loader* L, NativeFunction* f, const yaml_node_t* node) {
  if (node->type != YAML_MAPPING_NODE)
    return SourceLoc_error(loc_of(L, node), "dispatch must be a mapping of dispatch keys to kernels");
  for (yaml_node_pair_t* pair = node->data.mapping.pairs.start;
       pair < node->data.mapping.pairs.top; pair++) {
    const yaml_node_t* knode = node_at(L, pair->key);
    const yaml_node_t* vnode = node_at(L, pair->value);
    const char* keys = scalar(knode);
    const char* kernel = scalar(vnode);
    if (keys == NULL) return SourceLoc_error(loc_of(L, knode), "dispatch keys must be a string");
    if (kernel == NULL || kernel[0] == '\0')
      return SourceLoc_error(loc_of(L, vnode), "a dispatch entry must name a kernel");
    const char* p = keys;
    for (;;) {
      while (*p == ' ') p++;
      size_t n = strcspn(p, ",");
      size_t len = n;
      while (len > 0 && p[len - 1] == ' ') len--;
      SourceLoc key_loc = scalar_loc(L, knode, (size_t)(p - keys));
      char name[64];
      snprintf(name, sizeof name, "%.*s", (int)len, p);
      DispatchKey key = DispatchKey_parse(name);
      bool allowed = false;
      for (size_t i = 0; i < kNumKernelKeys; i++) allowed = allowed || kKernelKeys[i] == key;
      if (!allowed || len >= sizeof name)
        return SourceLoc_error(key_loc,
                        "unknown dispatch key '%.*s' (expected CPU, Lazy, Meta, QuantizedCPU, ADInplaceOrView, Autograd, "
                        "CompositeImplicitAutograd, CompositeExplicitAutograd or "
                        "CompositeExplicitAutogradNonFunctional)",
                        (int)len, p);
      if (add_kernel(L->m, f, key, kernel, key_loc, loc_of(L, vnode)) < 0) return -1;
      if (p[n] == '\0') break;
      p += n + 1;
    }
  }
  return 0;
}

/* No `dispatch:`: CompositeImplicitAutograd, kernel named after the operator,
 * + `_out` for an out= overload.  PyTorch 1.13: torchgen/api/cpp.py name */
static int add_implicit_kernel(const Loader* L, NativeFunction* f) {
  const FunctionSchema* s = &f->schema;
  bool is_out_fn = false;
  for (size_t i = 0; i < s->num_arguments; i++) {
    const Argument* a = &s->arguments[i];
    is_out_fn = is_out_fn || (a->kwarg_only && a->alias_info.present && a->alias_info.is_write);
  }
  size_t n = strlen(s->name) + 5;
  char* name = malloc(n);
  if (name == NULL) return SourceLoc_error(f->loc, "out of memory");
  snprintf(name, n, "%s%s", s->name, is_out_fn ? "_out" : "");
  int rc = add_kernel(L->m, f, DispatchKey_CompositeImplicitAutograd, name, f->loc, f->loc);
  free(name);
  return rc;
}

/* Where a type is written in the schema text, to point an error at it. */
static size_t find_type(const char* func, const char* type, const char* name) {
  char pattern[160];
  snprintf(pattern, sizeof pattern, "%s %s", type, name ? name : "");
  const char* hit = strstr(func, pattern);
  if (hit == NULL) hit = strstr(func, type);
  return hit ? (size_t)(hit - func) : 0;
}

/* The schema, and the C types of its arguments and returns.
 * PyTorch 1.13: torchgen/model.py FunctionSchema.parse */
static int parse_func(const Loader* L, NativeFunction* f, const yaml_node_t* node) {
  FunctionSchema* s = &f->schema;
  SchemaParseError err;
  if (FunctionSchema_parse(f->func, s, &err) < 0) {
    size_t offset = err.column > 0 ? (size_t)err.column - 1 : 0;
    return SourceLoc_error(scalar_loc(L, node, offset), "%s", err.message);
  }
  size_t n = 2 * strlen(s->ns) + strlen(s->name) + strlen(s->overload_name) + 4;
  f->qualified = malloc(n);
  f->unambiguous = malloc(n);
  if (f->qualified == NULL || f->unambiguous == NULL) return SourceLoc_error(f->loc, "out of memory");
  FunctionSchema_qualifiedName(s, f->qualified, n);
  /* aten::add.Tensor -> add_Tensor; another namespace leads, so that
   * quantized::add gets at_quantized_add, apart from aten's. */
  bool aten = strcmp(s->ns, "aten") == 0;
  snprintf(f->unambiguous, n, "%s%s%s%s%s", aten ? "" : s->ns, aten ? "" : "_", s->name,
           s->overload_name[0] ? "_" : "", s->overload_name);
  char type[128];
  for (size_t i = 0; i < s->num_arguments; i++) {
    const Argument* a = &s->arguments[i];
    if (CType_ofArgument(a) != CTypeKind_Unsupported) continue;
    SchemaType_format(&a->type, type, sizeof type);
    return SourceLoc_error(scalar_loc(L, node, find_type(f->func, type, a->name)),
                    "type '%s' is not supported by minaten", type);
  }
  CTypeKind ret = CType_ofReturns(s);
  /* NB(minaten): a returned string would need an owner; no operator has one. */
  if (ret == CTypeKind_Unsupported || ret == CTypeKind_String) {
    size_t len = 0;
    if (s->num_returns > 1) len += (size_t)snprintf(type, sizeof type, "(");
    for (size_t i = 0; i < s->num_returns && len < sizeof type; i++) {
      if (i > 0) len += (size_t)snprintf(type + len, sizeof type - len, ", ");
      if (len < sizeof type) SchemaType_format(&s->returns[i].type, type + len, sizeof type - len);
      len = strlen(type);
    }
    if (s->num_returns > 1 && len < sizeof type) snprintf(type + len, sizeof type - len, ")");
    const char* arrow = strstr(f->func, "->");
    size_t offset = arrow ? (size_t)(arrow - f->func) + 2 : 0;
    while (arrow && f->func[offset] == ' ') offset++;
    return SourceLoc_error(scalar_loc(L, node, offset), "type '%s' is not supported by minaten", type);
  }
  return 0;
}

/* Cross-entry checks on the name.  PyTorch 1.13: torchgen/gen.py
 * error_check_native_functions (one declaration per operator name) */
static int check_name_unique(const Model* m, const NativeFunction* f) {
  for (size_t i = 0; i + 1 < m->num_functions; i++) {
    const NativeFunction* g = &m->functions[i];
    if (strcmp(g->qualified, f->qualified) == 0)
      return SourceLoc_error(f->loc, "operator %s is declared twice (first at %s:%d)", f->qualified,
                      g->loc.file, g->loc.line);
    if (strcmp(g->unambiguous, f->unambiguous) == 0)
      return SourceLoc_error(f->loc, "the entry point at_%s of %s clashes with that of %s (%s:%d)",
                      f->unambiguous, f->qualified, g->qualified, g->loc.file, g->loc.line);
  }
  return 0;
}

static NativeFunction* append_function(Model* m) {
  if (m->num_functions == m->capacity) {
    size_t cap = m->capacity ? 2 * m->capacity : 64;
    NativeFunction* grown = realloc(m->functions, cap * sizeof *grown);
    if (grown == NULL) return NULL;
    m->functions = grown;
    m->capacity = cap;
  }
  NativeFunction* f = &m->functions[m->num_functions++];
  memset(f, 0, sizeof *f);
  return f;
}

static bool is_ignored_field(const char* key) {
  for (size_t i = 0; i < sizeof kIgnoredFields / sizeof kIgnoredFields[0]; i++)
    if (strcmp(key, kIgnoredFields[i]) == 0) return true;
  return false;
}

/*
 * The schema text of the out= form of the functional `f`, named `name`
 * (`native_layer_norm.out`): f's arguments, then (keyword-only) one written
 * tensor per return, `out` for one return and `out0`, `out1`, ... for
 * several, each aliased by its return: `Tensor(a!) out0` and `-> (Tensor(a!),
 * ...)`.  Malloc'd, or NULL after printing the error at `loc`.
 * PyTorch 1.13: torchgen/native_function_generation.py
 * self_to_out_signature, generate_function (SchemaKind.out)
 */
/* Whether s has the TensorOptions group of a factory: the kwarg-only
 * `dtype`, `layout`, `device` and `pin_memory`.
 * PyTorch 1.13: torchgen/model.py Arguments (tensor_options) */
static bool has_tensor_options(const FunctionSchema* s) {
  static const char* const kNames[4] = {"dtype", "layout", "device", "pin_memory"};
  int found = 0;
  for (size_t i = 0; i < s->num_arguments; i++)
    for (int k = 0; k < 4; k++)
      if (s->arguments[i].kwarg_only && strcmp(s->arguments[i].name, kNames[k]) == 0) found |= 1 << k;
  return found == 15;
}

/* The arguments text (open, close) (without the parentheses) into buf,
 * without the TensorOptions group when s has one: a factory's out= form
 * takes its dtype, layout and device from `out` (1.13's
 * Arguments::signature drops them).  The items are split at the commas
 * outside brackets; an item is dropped when its name (before `=`) is one
 * of the group's.  PyTorch 1.13: torchgen/model.py Arguments.signature */
static void out_arguments_text(const FunctionSchema* s, const char* open, const char* close, char* buf,
                               size_t size) {
  bool drop = has_tensor_options(s);
  size_t n = 0;
  buf[0] = '\0';
  for (const char* p = open + 1; p < close;) {
    const char* end = p;
    for (int depth = 0; end < close && (depth > 0 || *end != ','); end++)
      depth += (*end == '[' || *end == '(') ? 1 : (*end == ']' || *end == ')') ? -1 : 0;
    while (p < end && *p == ' ') p++;
    size_t len = end > p ? (size_t)(end - p) : 0;
    const char* eq = memchr(p, '=', len);
    const char* stop = eq != NULL ? eq : end;
    const char* nm = stop;
    while (nm > p && nm[-1] != ' ') nm--;
    size_t nlen = (size_t)(stop - nm);
    bool option = drop && ((nlen == 5 && !strncmp(nm, "dtype", 5)) || (nlen == 6 && !strncmp(nm, "layout", 6)) ||
                           (nlen == 6 && !strncmp(nm, "device", 6)) || (nlen == 10 && !strncmp(nm, "pin_memory", 10)));
    if (!option && end > p && n < size)
      n += (size_t)snprintf(buf + n, size - n, "%s%.*s", n ? ", " : "", (int)(end - p), p);
    p = end < close ? end + 1 : close;
  }
}

static char* out_schema_text(const NativeFunction* f, const char* name, SourceLoc loc) {
  const FunctionSchema* s = &f->schema;
  const char* dot = strchr(name, '.');
  size_t base_len = strlen(s->name);
  char expected[256];
  snprintf(expected, sizeof expected, "%s.%s%s", s->name, s->overload_name,
           s->overload_name[0] ? "_out" : "out");
  if (strcmp(name, expected) != 0 || dot == NULL || (size_t)(dot - name) != base_len) {
    SourceLoc_error(loc, "autogen '%s' is not the out= form of %s (minaten makes only those: '%s')", name,
                    f->qualified, expected);
    return NULL;
  }
  bool kwarg_only = false;
  for (size_t i = 0; i < s->num_arguments; i++) kwarg_only = kwarg_only || s->arguments[i].kwarg_only;
  for (size_t i = 0; i < s->num_returns; i++)
    if (s->is_mutable || s->returns[i].alias_info.present || s->returns[i].type.base != SchemaBaseType_Tensor ||
        s->returns[i].type.is_optional || s->returns[i].type.is_list) {
      SourceLoc_error(loc, "autogen '%s': %s must be functional and return tensors only", name, f->qualified);
      return NULL;
    }
  if (s->num_returns == 0 || s->num_returns > 26) {
    SourceLoc_error(loc, "autogen '%s': %s returns no tensor", name, f->qualified);
    return NULL;
  }
  /* f->func is `name[.overload](ARGS) -> RETURNS`: ARGS as written */
  const char* open = strchr(f->func, '(');
  const char* close = open;
  for (int depth = 0; close != NULL && *close; close++) {
    depth += *close == '(' ? 1 : *close == ')' ? -1 : 0;
    if (depth == 0) break;
  }
  if (open == NULL || close == NULL || *close != ')') {
    SourceLoc_error(loc, "autogen '%s': cannot read the arguments of %s", name, f->qualified);
    return NULL;
  }
  size_t size = strlen(name) + (size_t)(close - open) + 40 * s->num_returns + 16;
  char* text = malloc(size);
  char* args = malloc(size);
  if (text == NULL || args == NULL) {
    free(text);
    free(args);
    SourceLoc_error(loc, "out of memory");
    return NULL;
  }
  out_arguments_text(s, open, close, args, size);
  size_t n = (size_t)snprintf(text, size, "%s(%s%s", name, args, args[0] ? (kwarg_only ? ", " : ", *, ") : "*, ");
  free(args);
  for (size_t i = 0; i < s->num_returns; i++) {
    if (s->num_returns == 1)
      n += (size_t)snprintf(text + n, size - n, "Tensor(a!) out");
    else
      n += (size_t)snprintf(text + n, size - n, "%sTensor(%c!) out%zu", i ? ", " : "", (char)('a' + i), i);
  }
  n += (size_t)snprintf(text + n, size - n, ") -> %s", s->num_returns > 1 ? "(" : "");
  for (size_t i = 0; i < s->num_returns; i++)
    n += (size_t)snprintf(text + n, size - n, "%sTensor(%c!)", i ? ", " : "", (char)('a' + i));
  if (s->num_returns > 1) snprintf(text + n, size - n, ")");
  return text;
}

static int parse_func(const Loader* L, NativeFunction* f, const yaml_node_t* node);
static NativeFunction* find_function(Model* m, const char* name);

/* The functional form of f's group: f itself, or for an in-place entry
 * (`__ilshift__.Scalar`, `abs_`) the functional of its name and overload
 * (`__lshift__.Scalar`, `abs`), which its `autogen:` out= form copies.
 * NULL if not declared.  PyTorch 1.13: torchgen/model.py
 * NativeFunctionsGroup, BaseOperatorName (inplace, dunder_method) */
static const NativeFunction* functional_of(Model* m, const NativeFunction* f) {
  const FunctionSchema* s = &f->schema;
  if (s->num_arguments == 0 || !s->arguments[0].alias_info.is_write || s->arguments[0].kwarg_only) return f;
  char name[256];
  size_t len = strlen(s->name);
  if (len > 5 && strncmp(s->name, "__i", 3) == 0 && strcmp(s->name + len - 2, "__") == 0)
    snprintf(name, sizeof name, "%s::__%s%s%s", s->ns, s->name + 3, s->overload_name[0] ? "." : "", s->overload_name);
  else if (len > 1 && s->name[len - 1] == '_')
    snprintf(name, sizeof name, "%s::%.*s%s%s", s->ns, (int)(len - 1), s->name, s->overload_name[0] ? "." : "",
             s->overload_name);
  else
    return NULL;
  return find_function(m, name);
}

/* `autogen: a.out, b.out` of the functional entry at index `functional`:
 * appends one NativeFunction per name, with no kernel of its own (the
 * generator registers AutogenOut_kernel at CompositeExplicitAutograd).
 * PyTorch 1.13: torchgen/native_function_generation.py add_generated_native_functions */
static int parse_autogen(const Loader* L, size_t functional, const yaml_node_t* node) {
  const char* text = scalar(node);
  if (text == NULL) return SourceLoc_error(loc_of(L, node), "autogen must be a string of operator names");
  const char* p = text;
  while (*p) {
    while (*p == ' ' || *p == ',') p++;
    size_t len = strcspn(p, ", ");
    if (len == 0) break;
    SourceLoc loc = scalar_loc(L, node, (size_t)(p - text));
    char name[256];
    if (len >= sizeof name) return SourceLoc_error(loc, "autogen name too long");
    memcpy(name, p, len);
    name[len] = '\0';
    p += len;
    const NativeFunction* base = functional_of(L->m, &L->m->functions[functional]);
    if (base == NULL)
      return SourceLoc_error(loc, "autogen '%s': %s has no functional form declared before it", name,
                             L->m->functions[functional].qualified);
    char* func = out_schema_text(base, name, loc);
    if (func == NULL) return -1;
    char* from = dup_string(base->qualified);
    NativeFunction* g = append_function(L->m); /* may move the functions */
    if (g == NULL || from == NULL) {
      free(func);
      free(from);
      return SourceLoc_error(loc, "out of memory");
    }
    g->loc = loc;
    g->function_variant = true;
    g->func = func;
    g->autogen_functional = from;
    g->has_dispatch = true; /* not CompositeImplicitAutograd */
    if (parse_func(L, g, node) < 0) return -1;
    if (check_name_unique(L->m, g) < 0) return -1;
  }
  return 0;
}

/* `tags: generated` or `tags: [generated, ...]`: a tag is a name; minaten
 * reads `generated` only (see NativeFunction.generated), and accepts the
 * others (inplace_view, nondeterministic_seeded, ...).
 * PyTorch 1.13: torchgen/model.py NativeFunction.from_yaml (tags) */
static int parse_tags(const Loader* L, NativeFunction* f, const yaml_node_t* node) {
  if (node->type == YAML_SCALAR_NODE) {
    f->generated = strcmp(scalar(node), "generated") == 0;
    return 0;
  }
  if (node->type != YAML_SEQUENCE_NODE) return SourceLoc_error(loc_of(L, node), "tags must be a name or a list of names");
  for (yaml_node_item_t* it = node->data.sequence.items.start; it < node->data.sequence.items.top; it++) {
    const yaml_node_t* tag = node_at(L, *it);
    if (scalar(tag) == NULL) return SourceLoc_error(loc_of(L, tag), "tags must be a name or a list of names");
    if (strcmp(scalar(tag), "generated") == 0) f->generated = true;
  }
  return 0;
}

/* PyTorch 1.13: torchgen/model.py NativeFunction.from_yaml */
static int parse_entry(const Loader* L, const yaml_node_t* entry) {
  if (entry->type != YAML_MAPPING_NODE)
    return SourceLoc_error(loc_of(L, entry), "each entry must be a mapping with a 'func:' key");
  const yaml_node_t* func_node = NULL;
  const yaml_node_t* variants_node = NULL;
  const yaml_node_t* dispatch_node = NULL;
  const yaml_node_t* delegate_node = NULL;
  const yaml_node_t* module_node = NULL;
  const yaml_node_t* autogen_node = NULL;
  const yaml_node_t* structured_node = NULL;
  const yaml_node_t* tags_node = NULL;
  for (yaml_node_pair_t* pair = entry->data.mapping.pairs.start;
       pair < entry->data.mapping.pairs.top; pair++) {
    const yaml_node_t* knode = node_at(L, pair->key);
    const yaml_node_t* vnode = node_at(L, pair->value);
    const char* key = scalar(knode);
    if (key == NULL) return SourceLoc_error(loc_of(L, knode), "field names must be strings");
    const yaml_node_t** slot = strcmp(key, "func") == 0       ? &func_node
                               : strcmp(key, "variants") == 0 ? &variants_node
                               : strcmp(key, "dispatch") == 0 ? &dispatch_node
                               : strcmp(key, "structured_delegate") == 0 ? &delegate_node
                               : strcmp(key, "python_module") == 0 ? &module_node
                               : strcmp(key, "autogen") == 0 ? &autogen_node
                               : strcmp(key, "structured") == 0 ? &structured_node
                               : strcmp(key, "tags") == 0 ? &tags_node
                                                              : NULL;
    for (yaml_node_pair_t* prev = entry->data.mapping.pairs.start; prev < pair; prev++)
      if (strcmp(scalar(node_at(L, prev->key)), key) == 0)
        return SourceLoc_error(loc_of(L, knode), "field '%s' is given twice", key);
    if (slot != NULL)
      *slot = vnode;
    else if (!is_ignored_field(key))
      return SourceLoc_error(loc_of(L, knode), "unknown field '%s'", key);
  }
  if (func_node == NULL) return SourceLoc_error(loc_of(L, entry), "missing 'func:'");
  if (scalar(func_node) == NULL) return SourceLoc_error(loc_of(L, func_node), "func must be a string");

  NativeFunction* f = append_function(L->m);
  if (f == NULL) return SourceLoc_error(loc_of(L, entry), "out of memory");
  f->loc = loc_of(L, func_node);
  f->function_variant = true;
  f->func = dup_string(scalar(func_node));
  if (f->func == NULL) return SourceLoc_error(f->loc, "out of memory");
  if (parse_func(L, f, func_node) < 0) return -1;
  if (check_name_unique(L->m, f) < 0) return -1;
  if (variants_node != NULL && parse_variants(L, f, variants_node) < 0) return -1;
  if (tags_node != NULL && parse_tags(L, f, tags_node) < 0) return -1;
  if (delegate_node != NULL) {
    if (scalar(delegate_node) == NULL)
      return SourceLoc_error(loc_of(L, delegate_node), "structured_delegate must be an operator name");
    f->structured_delegate = dup_string(scalar(delegate_node));
    if (f->structured_delegate == NULL) return SourceLoc_error(loc_of(L, delegate_node), "out of memory");
    f->structured_delegate_loc = loc_of(L, delegate_node);
  }
  if (structured_node != NULL) {
    const char* v = scalar(structured_node);
    if (v == NULL || (strcmp(v, "True") != 0 && strcmp(v, "False") != 0))
      return SourceLoc_error(loc_of(L, structured_node), "structured must be True or False");
    f->structured = strcmp(v, "True") == 0;
    f->structured_loc = loc_of(L, structured_node);
  }
  if (module_node != NULL) {
    /* `python_module: nn`: bound as torch._C._nn.NAME, not torch.NAME */
    if (scalar(module_node) == NULL || strcmp(scalar(module_node), "nn") != 0)
      return SourceLoc_error(loc_of(L, module_node), "python_module must be 'nn'");
    f->python_module_nn = true;
  }
  f->has_dispatch = dispatch_node != NULL && !is_null(dispatch_node);
  /* A form with structured_delegate and no dispatch: its kernels are the
   * generated ones (torchgen: no implicit CompositeImplicitAutograd then) */
  if (f->has_dispatch ? parse_dispatch(L, f, dispatch_node) < 0
                      : f->structured_delegate == NULL && add_implicit_kernel(L, f) < 0)
    return -1;
  if (autogen_node == NULL) return 0;
  return parse_autogen(L, (size_t)(f - L->m->functions), autogen_node);
}

/* The operator of the model named `name` ("add.Tensor", "neg": aten's;
 * "myops::cube": another namespace's), or NULL. */
static NativeFunction* find_function(Model* m, const char* name) {
  char qualified[256];
  snprintf(qualified, sizeof qualified, "%s%s", strstr(name, "::") ? "" : "aten::", name);
  for (size_t i = 0; i < m->num_functions; i++)
    if (strcmp(m->functions[i].qualified, qualified) == 0) return &m->functions[i];
  return NULL;
}

static bool has_key(const Loader* L, const yaml_node_t* mapping, const char* key) {
  for (yaml_node_pair_t* pair = mapping->data.mapping.pairs.start; pair < mapping->data.mapping.pairs.top; pair++) {
    const char* k = scalar(node_at(L, pair->key));
    if (k != NULL && strcmp(k, key) == 0) return true;
  }
  return false;
}

/*
 * A backend's list of the operators it lowers, in the layout of PyTorch's
 * ts_native_functions.yaml: `backend: Lazy`, then `full_codegen:` and
 * `supported:` lists of operator names (`add.Tensor`, or with a namespace
 * other than aten: `myops::cube`) that the files before it, or the documents
 * before it in the same file, declare.  Marks those operators lazy_lowered.
 * PyTorch 1.13: torchgen/gen_backend_stubs.py parse_backend_yaml,
 * aten/src/ATen/native/ts_native_functions.yaml
 */
static int parse_backend_document(const Loader* L, const yaml_node_t* root) {
  for (yaml_node_pair_t* pair = root->data.mapping.pairs.start; pair < root->data.mapping.pairs.top; pair++) {
    const yaml_node_t* knode = node_at(L, pair->key);
    const yaml_node_t* vnode = node_at(L, pair->value);
    const char* key = scalar(knode);
    if (key == NULL) return SourceLoc_error(loc_of(L, knode), "field names must be strings");
    if (strcmp(key, "backend") == 0) {
      const char* backend = scalar(vnode);
      if (backend == NULL || strcmp(backend, "Lazy") != 0)
        return SourceLoc_error(loc_of(L, vnode), "minaten lowers operators for the Lazy backend only");
    } else if (strcmp(key, "cpp_namespace") == 0) {
      continue;
    } else if (strcmp(key, "full_codegen") == 0 || strcmp(key, "supported") == 0) {
      if (vnode->type != YAML_SEQUENCE_NODE && !is_null(vnode))
        return SourceLoc_error(loc_of(L, vnode), "%s must be a list of operator names", key);
      if (is_null(vnode)) continue;
      for (yaml_node_item_t* item = vnode->data.sequence.items.start; item < vnode->data.sequence.items.top; item++) {
        const yaml_node_t* name_node = node_at(L, *item);
        const char* name = scalar(name_node);
        if (name == NULL) return SourceLoc_error(loc_of(L, name_node), "%s must be a list of operator names", key);
        NativeFunction* f = find_function(L->m, name);
        if (f == NULL) return SourceLoc_error(loc_of(L, name_node), "unknown operator '%s'", name);
        if (f->lazy_lowered) return SourceLoc_error(loc_of(L, name_node), "operator '%s' is listed twice", name);
        f->lazy_lowered = true;
      }
    } else {
      return SourceLoc_error(loc_of(L, knode), "unknown field '%s'", key);
    }
  }
  return 0;
}

/* `output_differentiability: [True, False]` or `["!dtype || ..."]`. */
static int parse_output_differentiability(const Loader* L, DerivativeEntry* d, const yaml_node_t* node) {
  d->output_differentiability_loc = loc_of(L, node);
  if (node->type != YAML_SEQUENCE_NODE)
    return SourceLoc_error(loc_of(L, node), "output_differentiability must be a list");
  for (yaml_node_item_t* item = node->data.sequence.items.start; item < node->data.sequence.items.top; item++) {
    const char* text = scalar(node_at(L, *item));
    if (text == NULL) return SourceLoc_error(loc_of(L, node_at(L, *item)), "output_differentiability must list strings");
    char** grown = realloc(d->output_differentiability, (d->num_output_differentiability + 1) * sizeof *grown);
    if (grown == NULL) return SourceLoc_error(loc_of(L, node), "out of memory");
    d->output_differentiability = grown;
    if ((grown[d->num_output_differentiability] = dup_string(text)) == NULL)
      return SourceLoc_error(loc_of(L, node), "out of memory");
    d->num_output_differentiability++;
  }
  return 0;
}

/* Fields of a derivatives.yaml entry minaten reads as 1.13 does but does
 * not use: forward-mode formulas, dispatch-specific blocks. */
static bool is_ignored_derivative_field(const char* key) {
  return strcmp(key, "result") == 0 || strcmp(key, "dispatch") == 0;
}

/*
 * One entry of derivatives.yaml: `name:` (the schema), then `<input>:
 * formula` lines and optionally `output_differentiability:`.
 * PyTorch 1.13: tools/autograd/load_derivatives.py create_differentiability_info
 */
static int parse_derivative_entry(const Loader* L, const yaml_node_t* entry) {
  if (entry->type != YAML_MAPPING_NODE) return SourceLoc_error(loc_of(L, entry), "each entry must be a mapping with a 'name:' key");
  DerivativeEntry* grown = realloc(L->m->derivatives, (L->m->num_derivatives + 1) * sizeof *grown);
  if (grown == NULL) return SourceLoc_error(loc_of(L, entry), "out of memory");
  L->m->derivatives = grown;
  DerivativeEntry* d = &grown[L->m->num_derivatives++];
  memset(d, 0, sizeof *d);
  d->loc = loc_of(L, entry);
  for (yaml_node_pair_t* pair = entry->data.mapping.pairs.start; pair < entry->data.mapping.pairs.top; pair++) {
    const yaml_node_t* knode = node_at(L, pair->key);
    const yaml_node_t* vnode = node_at(L, pair->value);
    const char* key = scalar(knode);
    if (key == NULL) return SourceLoc_error(loc_of(L, knode), "field names must be strings");
    for (yaml_node_pair_t* prev = entry->data.mapping.pairs.start; prev < pair; prev++)
      if (strcmp(scalar(node_at(L, prev->key)), key) == 0)
        return SourceLoc_error(loc_of(L, knode), "field '%s' is given twice", key);
    if (strcmp(key, "output_differentiability") == 0) {
      if (parse_output_differentiability(L, d, vnode) < 0) return -1;
      continue;
    }
    if (is_ignored_derivative_field(key)) continue;
    const char* value = scalar(vnode);
    if (value == NULL) return SourceLoc_error(loc_of(L, vnode), "'%s' must be a string", key);
    if (strcmp(key, "name") == 0) {
      d->loc = scalar_loc(L, vnode, 0);
      if ((d->name = dup_string(value)) == NULL) return SourceLoc_error(d->loc, "out of memory");
      continue;
    }
    DerivativeFormula* fs = realloc(d->formulas, (d->num_formulas + 1) * sizeof *fs);
    if (fs == NULL) return SourceLoc_error(loc_of(L, vnode), "out of memory");
    d->formulas = fs;
    DerivativeFormula* f = &fs[d->num_formulas++];
    f->loc = scalar_loc(L, vnode, 0);
    f->key_loc = scalar_loc(L, knode, 0);
    f->var_names = dup_string(key);
    f->formula = dup_string(value);
    if (f->var_names == NULL || f->formula == NULL) return SourceLoc_error(f->loc, "out of memory");
  }
  if (d->name == NULL) return SourceLoc_error(loc_of(L, entry), "missing 'name:'");
  return 0;
}

static int parse_document(const Loader* L) {
  const yaml_node_t* root = yaml_document_get_root_node(L->doc);
  if (root->type == YAML_MAPPING_NODE && has_key(L, root, "backend")) return parse_backend_document(L, root);
  if (root->type != YAML_SEQUENCE_NODE)
    return SourceLoc_error(loc_of(L, root), "the file must be a list of '- func:' entries");
  /* derivatives.yaml: entries of `- name:` */
  const yaml_node_t* first = root->data.sequence.items.start < root->data.sequence.items.top
                                 ? node_at(L, *root->data.sequence.items.start)
                                 : NULL;
  bool derivatives = first != NULL && first->type == YAML_MAPPING_NODE && has_key(L, first, "name");
  for (yaml_node_item_t* item = root->data.sequence.items.start;
       item < root->data.sequence.items.top; item++)
    if ((derivatives ? parse_derivative_entry : parse_entry)(L, node_at(L, *item)) < 0) return -1;
  return 0;
}

void Model_init(Model* m) { memset(m, 0, sizeof *m); }

/* Notes `display_path` as one of the model's input files; returns the copy
 * the model keeps (for SourceLoc), or NULL when out of memory. */
static const char* add_file(Model* m, const char* display_path) {
  char** files = realloc(m->files, (m->num_files + 1) * sizeof *files);
  if (files == NULL) return NULL;
  m->files = files;
  char* file = dup_string(display_path);
  if (file == NULL) return NULL;
  m->files[m->num_files++] = file;
  return file;
}

/*
 * Note [Nesting depth of a YAML file]
 *
 * libyaml's scanner looks at every open flow level for each token it reads
 * (yaml_parser_fetch_more_tokens, its stale simple keys), so a file whose
 * collections nest N deep takes time in N^2: `- ` and 50,000 `[` and `]`
 * took 20 s.  PyYAML, which torchgen reads the file with, refuses such a
 * file on Python's recursion limit.  NB(minaten): a first pass over the
 * parser's events counts the depth and refuses a collection nested deeper
 * than kMaxYamlDepth at its first character, before a document is built;
 * the scanner has then seen at most kMaxYamlDepth levels.  minaten's YAML
 * files nest 3 deep (an entry, its dispatch, a key).  Every YAML file goes
 * through here: native_functions.yaml and its kin, derivatives.yaml, the
 * files of `minaten --yaml`.
 */
enum { kMaxYamlDepth = 64 };

/* Makes a parser read `text`; the caller deletes it. */
static void parser_init(yaml_parser_t* parser, const unsigned char* text, size_t size) {
  yaml_parser_initialize(parser);
  yaml_parser_set_input_string(parser, text, size);
}

/* The first pass of Note [Nesting depth of a YAML file]: 0, or -1 after
 * printing where the text nests too deep.  A malformed text passes: the
 * second pass reports it. */
static int check_depth(const unsigned char* text, size_t size, const char* file) {
  yaml_parser_t parser;
  parser_init(&parser, text, size);
  int depth = 0, rc = 0;
  for (bool done = false; !done && rc == 0;) {
    yaml_event_t event;
    if (!yaml_parser_parse(&parser, &event)) break;
    switch (event.type) {
      case YAML_SEQUENCE_START_EVENT:
      case YAML_MAPPING_START_EVENT:
        if (++depth > kMaxYamlDepth) {
          SourceLoc l = {file, (int)event.start_mark.line + 1, (int)event.start_mark.column + 1};
          rc = SourceLoc_error(l, "collections nested more than %d deep (minaten's YAML nests 3 deep: an entry, "
                               "its dispatch, a key)", (int)kMaxYamlDepth);
        }
        break;
      case YAML_SEQUENCE_END_EVENT:
      case YAML_MAPPING_END_EVENT:
        depth--;
        break;
      case YAML_STREAM_END_EVENT:
        done = true;
        break;
      default:
        break;
    }
    yaml_event_delete(&event);
  }
  yaml_parser_delete(&parser);
  return rc;
}

/* Every document of `text` (usually one) into the model; an empty one ends
 * it.  Returns 0, or -1 after printing the first error. */
static int load_text(Model* m, const unsigned char* text, size_t size, const char* file) {
  if (check_depth(text, size, file) < 0) return -1;
  yaml_parser_t parser;
  parser_init(&parser, text, size);
  yaml_document_t doc;
  Loader L = {m, file, &doc};
  int rc = 0;
  while (rc == 0) {
    if (!yaml_parser_load(&parser, &doc)) {
      SourceLoc l = {file, (int)parser.problem_mark.line + 1, (int)parser.problem_mark.column + 1};
      rc = SourceLoc_error(l, "%s%s%s", parser.problem ? parser.problem : "malformed YAML",
                    parser.context ? " " : "", parser.context ? parser.context : "");
      break;
    }
    bool empty = yaml_document_get_root_node(&doc) == NULL;
    if (!empty) rc = parse_document(&L);
    yaml_document_delete(&doc);
    if (empty) break;
  }
  yaml_parser_delete(&parser);
  return rc;
}

/* All of `in` in a new buffer (*size bytes); NULL on a read error or when
 * out of memory. */
static unsigned char* read_all(FILE* in, size_t* size) {
  size_t cap = 1 << 16, len = 0, n;
  unsigned char* buf = malloc(cap);
  while (buf != NULL && (n = fread(buf + len, 1, cap - len, in)) > 0) {
    len += n;
    if (len == cap) {
      unsigned char* bigger = realloc(buf, cap *= 2);
      if (bigger == NULL) free(buf);
      buf = bigger;
    }
  }
  if (buf != NULL && ferror(in)) {
    free(buf);
    buf = NULL;
  }
  *size = len;
  return buf;
}

int Model_loadYaml(Model* m, const char* path, const char* display_path) {
  const char* file = add_file(m, display_path);
  if (file == NULL) return -1;
  FILE* in = fopen(path, "rb");
  if (in == NULL) {
    fprintf(stderr, "%s: cannot open the file\n", file);
    return -1;
  }
  size_t size;
  unsigned char* text = read_all(in, &size);
  fclose(in);
  if (text == NULL) {
    fprintf(stderr, "%s: cannot read the file\n", file);
    return -1;
  }
  int rc = load_text(m, text, size, file);
  free(text);
  return rc;
}

int Model_loadYamlBuffer(Model* m, const unsigned char* text, size_t size, const char* display_path) {
  const char* file = add_file(m, display_path);
  if (file == NULL) return -1;
  return load_text(m, text, size, file);
}

void Model_free(Model* m) {
  for (size_t i = 0; i < m->num_functions; i++) {
    NativeFunction* f = &m->functions[i];
    free(f->func);
    free(f->qualified);
    free(f->unambiguous);
    free(f->structured_delegate);
    free(f->autogen_functional);
    FunctionSchema_free(&f->schema);
    for (size_t k = 0; k < f->num_kernels; k++) free(f->kernels[k].kernel);
  }
  free(m->functions);
  for (size_t i = 0; i < m->num_derivatives; i++) {
    DerivativeEntry* d = &m->derivatives[i];
    free(d->name);
    for (size_t j = 0; j < d->num_formulas; j++) {
      free(d->formulas[j].var_names);
      free(d->formulas[j].formula);
    }
    free(d->formulas);
    for (size_t j = 0; j < d->num_output_differentiability; j++) free(d->output_differentiability[j]);
    free(d->output_differentiability);
  }
  free(m->derivatives);
  for (size_t i = 0; i < m->num_files; i++) free(m->files[i]);
  free(m->files);
  memset(m, 0, sizeof *m);
}
