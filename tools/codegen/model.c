/*
 * model.c - YAML -> NativeFunction, with validation; see model.h.
 *
 * libyaml's document API gives every node with its start mark, which is
 * where errors point.  Fields torchgen knows but minaten does not use
 * (device_check, autogen, tags, ...) are accepted and ignored.
 *
 * PyTorch 1.13: torchgen/gen.py parse_native_yaml, torchgen/model.py NativeFunction.from_yaml
 */
#include "tools/codegen/model.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <yaml.h>

#include "dispatch/CType.h"

static int error_at(SourceLoc loc, const char* fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  fprintf(stderr, "%s:%d:%d: ", loc.file, loc.line, loc.col);
  vfprintf(stderr, fmt, ap);
  fputc('\n', stderr);
  va_end(ap);
  return -1;
}

static SourceLoc loc_of(const char* file, const yaml_node_t* node) {
  SourceLoc l = {file, (int)node->start_mark.line + 1, (int)node->start_mark.column + 1};
  return l;
}

static const char* scalar(const yaml_node_t* node) {
  return node && node->type == YAML_SCALAR_NODE ? (const char*)node->data.scalar.value : NULL;
}

/* Fields of an entry minaten reads, and the ones it accepts as torchgen does. */
static const char* const kIgnoredFields[] = {
    "device_check", "device_guard", "autogen", "tags", "structured", "structured_delegate",
    "structured_inherits", "manual_cpp_binding", "python_module", "category_override",
    "cpp_no_default_args", "precomputed", "manual_kernel_registration", "use_const_ref_for_mutable_tensors",
    "ufunc_inner_loop", "has_composite_implicit_autograd_kernel"};

static bool is_ignored_field(const char* key) {
  for (size_t i = 0; i < sizeof kIgnoredFields / sizeof kIgnoredFields[0]; i++)
    if (strcmp(key, kIgnoredFields[i]) == 0) return true;
  return false;
}

/* PyTorch 1.13: torchgen/model.py NativeFunction.from_yaml (variants) */
static int parse_variants(NativeFunction* f, const char* file, const yaml_node_t* node) {
  const char* text = scalar(node);
  if (text == NULL) return error_at(loc_of(file, node), "variants must be a string");
  f->function_variant = f->method_variant = false;
  const char* p = text;
  while (*p) {
    while (*p == ' ' || *p == ',') p++;
    size_t n = strcspn(p, ", ");
    if (n == 8 && strncmp(p, "function", 8) == 0) f->function_variant = true;
    else if (n == 6 && strncmp(p, "method", 6) == 0) f->method_variant = true;
    else if (n > 0) {
      SourceLoc l = loc_of(file, node);
      l.col += (int)(p - text);
      return error_at(l, "unknown variant '%.*s' (expected function or method)", (int)n, p);
    }
    p += n;
  }
  return 0;
}

static const DispatchKey kAllowedKeys[] = {
    DispatchKey_CPU, DispatchKey_Lazy, DispatchKey_QuantizedCPU,
    DispatchKey_CompositeImplicitAutograd, DispatchKey_CompositeExplicitAutograd,
    DispatchKey_CompositeExplicitAutogradNonFunctional};

static int add_kernel(NativeFunction* f, DispatchKey key, const char* kernel, SourceLoc key_loc,
                      SourceLoc loc) {
  for (size_t i = 0; i < f->num_kernels; i++)
    if (f->kernels[i].key == key)
      return error_at(key_loc, "dispatch key %s is named twice for %s", DispatchKey_name(key), f->qualified);
  if (f->num_kernels == sizeof f->kernels / sizeof f->kernels[0])
    return error_at(loc, "too many dispatch entries");
  BackendKernel* k = &f->kernels[f->num_kernels++];
  k->key = key;
  k->kernel = strdup(kernel);
  k->loc = loc;
  return 0;
}

/* `CPU, QuantizedCPU: _reshape_alias` lines.  PyTorch 1.13: torchgen/model.py dispatch parsing */
static int parse_dispatch(NativeFunction* f, const char* file, yaml_document_t* doc,
                          const yaml_node_t* node) {
  if (node->type != YAML_MAPPING_NODE) return error_at(loc_of(file, node), "dispatch must be a mapping");
  for (yaml_node_pair_t* pair = node->data.mapping.pairs.start; pair < node->data.mapping.pairs.top; pair++) {
    yaml_node_t* knode = yaml_document_get_node(doc, pair->key);
    yaml_node_t* vnode = yaml_document_get_node(doc, pair->value);
    const char* keys = scalar(knode);
    const char* kernel = scalar(vnode);
    if (keys == NULL || kernel == NULL || kernel[0] == '\0')
      return error_at(loc_of(file, knode), "a dispatch entry must map keys to a kernel name");
    const char* p = keys;
    while (*p) {
      while (*p == ' ' || *p == ',') p++;
      size_t n = strcspn(p, ", ");
      if (n == 0) break;
      SourceLoc l = loc_of(file, knode);
      l.col += (int)(p - keys);
      char name[64];
      snprintf(name, sizeof name, "%.*s", (int)n, p);
      DispatchKey key = DispatchKey_parse(name);
      bool allowed = false;
      for (size_t i = 0; i < sizeof kAllowedKeys / sizeof kAllowedKeys[0]; i++)
        allowed = allowed || kAllowedKeys[i] == key;
      if (!allowed) return error_at(l, "unknown dispatch key '%s'", name);
      if (add_kernel(f, key, kernel, l, loc_of(file, vnode)) < 0) return -1;
      p += n;
    }
  }
  return 0;
}

/* The schema, and the types minaten can bind. */
static int parse_func(NativeFunction* f, const yaml_node_t* node, SourceLoc loc) {
  FunctionSchema* s = &f->schema;
  SchemaParseError err;
  if (FunctionSchema_parse(f->func, s, &err) < 0) {
    /* Columns of a plain one-line scalar map 1:1 onto the schema text. */
    if (node->data.scalar.style == YAML_PLAIN_SCALAR_STYLE) loc.col += err.column - 1;
    return error_at(loc, "%s", err.message);
  }
  FunctionSchema_qualifiedName(s, f->qualified, sizeof f->qualified);
  size_t n = strlen(s->name) + strlen(s->overload_name) + 2;
  f->unambiguous = malloc(n);
  snprintf(f->unambiguous, n, "%s%s%s", s->name, s->overload_name[0] ? "_" : "", s->overload_name);
  for (size_t i = 0; i < s->num_arguments; i++) {
    if (CType_ofArgument(&s->arguments[i]) == CTypeKind_Unsupported) {
      char t[64];
      return error_at(loc, "type '%s' of argument '%s' is not supported by minaten",
                      SchemaType_format(&s->arguments[i].type, t, sizeof t), s->arguments[i].name);
    }
  }
  if (CType_ofReturns(s) == CTypeKind_Unsupported)
    return error_at(loc, "the return type of %s is not supported by minaten", f->qualified);
  return 0;
}

static int parse_entry(Model* m, const char* file, yaml_document_t* doc, yaml_node_t* entry) {
  if (entry->type != YAML_MAPPING_NODE)
    return error_at(loc_of(file, entry), "each entry must be a mapping with a 'func:' key");
  NativeFunction* grown = realloc(m->functions, (m->num_functions + 1) * sizeof *grown);
  if (grown == NULL) return error_at(loc_of(file, entry), "out of memory");
  m->functions = grown;
  NativeFunction* f = &m->functions[m->num_functions++];
  memset(f, 0, sizeof *f);
  f->function_variant = true;
  yaml_node_t* func_node = NULL;
  yaml_node_t* dispatch_node = NULL;
  for (yaml_node_pair_t* pair = entry->data.mapping.pairs.start; pair < entry->data.mapping.pairs.top; pair++) {
    yaml_node_t* knode = yaml_document_get_node(doc, pair->key);
    yaml_node_t* vnode = yaml_document_get_node(doc, pair->value);
    const char* key = scalar(knode);
    if (key == NULL) return error_at(loc_of(file, knode), "keys must be strings");
    if (strcmp(key, "func") == 0) {
      if (scalar(vnode) == NULL) return error_at(loc_of(file, vnode), "func must be a string");
      func_node = vnode;
    } else if (strcmp(key, "variants") == 0) {
      if (parse_variants(f, file, vnode) < 0) return -1;
    } else if (strcmp(key, "dispatch") == 0) {
      dispatch_node = vnode;
    } else if (!is_ignored_field(key)) {
      return error_at(loc_of(file, knode), "unknown field '%s'", key);
    }
  }
  if (func_node == NULL) return error_at(loc_of(file, entry), "missing 'func:'");
  f->func = strdup(scalar(func_node));
  f->loc = loc_of(file, func_node);
  if (parse_func(f, func_node, f->loc) < 0) return -1;
  for (size_t i = 0; i + 1 < m->num_functions; i++)
    if (strcmp(m->functions[i].qualified, f->qualified) == 0)
      return error_at(f->loc, "operator %s is declared twice (first at %s:%d)", f->qualified,
                      m->functions[i].loc.file, m->functions[i].loc.line);
  if (dispatch_node != NULL) return parse_dispatch(f, file, doc, dispatch_node);
  /* No dispatch: CompositeImplicitAutograd, kernel named after the operator. */
  return add_kernel(f, DispatchKey_CompositeImplicitAutograd, f->schema.name, f->loc, f->loc);
}

int Model_loadYaml(Model* m, const char* path, const char* display_path) {
  SourceLoc file_loc = {display_path, 1, 1};
  FILE* in = fopen(path, "rb");
  if (in == NULL) return error_at(file_loc, "cannot open the file");
  if (m->num_files < sizeof m->files / sizeof m->files[0]) m->files[m->num_files++] = display_path;
  yaml_parser_t parser;
  yaml_document_t doc;
  yaml_parser_initialize(&parser);
  yaml_parser_set_input_file(&parser, in);
  int rc = 0;
  if (!yaml_parser_load(&parser, &doc)) {
    SourceLoc l = {display_path, (int)parser.problem_mark.line + 1, (int)parser.problem_mark.column + 1};
    rc = error_at(l, "%s%s%s", parser.problem ? parser.problem : "malformed YAML",
                  parser.context ? " " : "", parser.context ? parser.context : "");
    yaml_parser_delete(&parser);
    fclose(in);
    return rc;
  }
  yaml_node_t* root = yaml_document_get_root_node(&doc);
  if (root != NULL && root->type != YAML_SEQUENCE_NODE) {
    rc = error_at(loc_of(display_path, root), "the file must be a list of entries");
  } else if (root != NULL) {
    for (yaml_node_item_t* item = root->data.sequence.items.start;
         item < root->data.sequence.items.top && rc == 0; item++)
      rc = parse_entry(m, display_path, &doc, yaml_document_get_node(&doc, *item));
  }
  yaml_document_delete(&doc);
  yaml_parser_delete(&parser);
  fclose(in);
  return rc;
}

/* A kernel name is one C function: two operators may not share it. */
int Model_validate(const Model* m) {
  for (size_t i = 0; i < m->num_functions; i++) {
    const NativeFunction* f = &m->functions[i];
    for (size_t k = 0; k < f->num_kernels; k++) {
      for (size_t j = 0; j < i; j++) {
        const NativeFunction* g = &m->functions[j];
        for (size_t l = 0; l < g->num_kernels; l++)
          if (strcmp(f->kernels[k].kernel, g->kernels[l].kernel) == 0)
            return error_at(f->kernels[k].loc,
                            "kernel '%s' is named twice: by %s and by %s (%s:%d); C has no "
                            "overloading, give each operator its own kernel name",
                            f->kernels[k].kernel, g->qualified, f->qualified, g->loc.file, g->loc.line);
      }
    }
  }
  return 0;
}

void Model_free(Model* m) {
  for (size_t i = 0; i < m->num_functions; i++) {
    NativeFunction* f = &m->functions[i];
    free(f->func);
    free(f->unambiguous);
    FunctionSchema_free(&f->schema);
    for (size_t k = 0; k < f->num_kernels; k++) free(f->kernels[k].kernel);
  }
  free(m->functions);
  memset(m, 0, sizeof *m);
}
