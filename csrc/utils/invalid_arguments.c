/*
 * invalid_arguments.c - see invalid_arguments.h.
 *
 * 1.13 builds the message from each signature's string,
 * "(Tensor input, Tensor other, *, Number alpha, Tensor out)", split back
 * into items at ", ": so "*" is an item of its own (a call "fits the count"
 * of that signature when it has as many arguments as the string has items),
 * and an argument "matches" an item when its Python type's name is the
 * item's type name ("Tensor", "bool", "torch.dtype"; "float" also takes an
 * int).  The keywords are kept in a std::unordered_map<std::string,
 * PyObject*>, whose order the message shows: kwargs_order reproduces
 * libstdc++'s (std::hash<std::string> is _Hash_bytes with the seed
 * 0xc70f6907; 13 buckets for up to 13 keys; a key goes first in the list
 * when its bucket is empty, else first in its bucket's run).
 *
 * PyTorch 1.13: torch/csrc/utils/invalid_arguments.cpp (_parseOption,
 * _argcountMatch, _formattedArgDesc, _argDesc, _tryMatchKwargs,
 * format_invalid_args); libstdc++: libsupc++/hash_bytes.cc _Hash_bytes,
 * bits/hashtable.h _M_insert_bucket_begin, src/c++11/hashtable_c++0x.cc
 * _Prime_rehash_policy
 */
#include "csrc/utils/invalid_arguments.h"

#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "csrc/utils/python_arg_parser.h"

/* ---- a growing string ------------------------------------------------------------ */

typedef struct StrBuf {
  char* data;
  size_t len, cap;
  bool failed;
} StrBuf;

static void sb_add(StrBuf* b, const char* fmt, ...) __attribute__((format(printf, 2, 3)));
static void sb_add(StrBuf* b, const char* fmt, ...) {
  if (b->failed) return;
  for (;;) {
    va_list ap;
    va_start(ap, fmt);
    /* an empty buffer has no data yet: vsnprintf(NULL, 0, ...) only measures
     * (NULL + 0 is undefined behaviour, which clang's UBSan reports) */
    int n = vsnprintf(b->data != NULL ? b->data + b->len : NULL, b->cap - b->len, fmt, ap);
    va_end(ap);
    if (n < 0) {
      b->failed = true;
      return;
    }
    if (b->len + (size_t)n < b->cap) {
      b->len += (size_t)n;
      return;
    }
    size_t cap = 2 * (b->len + (size_t)n + 64);
    char* data = realloc(b->data, cap);
    if (data == NULL) {
      b->failed = true;
      return;
    }
    b->data = data;
    b->cap = cap;
  }
}

/* _argDesc's and _formattedArgDesc's `result.erase(result.length() - 2)`. */
static void sb_drop(StrBuf* b, size_t n) {
  if (!b->failed && b->len >= n) b->data[b->len -= n] = '\0';
}

/* ---- the keywords' order ------------------------------------------------------------- */

static inline uint64_t shift_mix(uint64_t v) { return v ^ (v >> 47); }

/* libstdc++'s std::hash<std::string> on a 64-bit target.
 * libstdc++: libsupc++/hash_bytes.cc _Hash_bytes */
static uint64_t hash_bytes(const char* p, size_t len) {
  const uint64_t mul = (((uint64_t)0xc6a4a793UL) << 32) + 0x5bd1e995UL;
  uint64_t hash = 0xc70f6907UL ^ (len * mul);
  size_t aligned = len & ~(size_t)7;
  for (size_t i = 0; i < aligned; i += 8) {
    uint64_t data;
    memcpy(&data, p + i, 8);
    hash ^= shift_mix(data * mul) * mul;
    hash *= mul;
  }
  if ((len & 7) != 0) {
    uint64_t data = 0;
    for (size_t i = len; i > aligned; i--) data = (data << 8) + (unsigned char)p[i - 1];
    hash ^= data;
    hash *= mul;
  }
  hash = shift_mix(hash) * mul;
  return shift_mix(hash);
}

/* The order in which 1.13's unordered_map of the keywords walks them:
 * order[0..nkw) indexes kwnames.  NB: more than 13 keywords would rehash;
 * they are then shown in the call's order. */
static void kwargs_order(PyObject* kwnames, Py_ssize_t* order) {
  enum { kBuckets = 13 };
  Py_ssize_t nkw = kwnames != NULL ? PyTuple_GET_SIZE(kwnames) : 0;
  size_t bucket[64];
  Py_ssize_t n = 0;
  for (Py_ssize_t k = 0; k < nkw; k++) {
    Py_ssize_t size;
    const char* s = PyUnicode_AsUTF8AndSize(PyTuple_GET_ITEM(kwnames, k), &size);
    if (s == NULL || nkw > kBuckets || nkw > 64) {
      PyErr_Clear();
      for (Py_ssize_t i = 0; i < nkw; i++) order[i] = i;
      return;
    }
    size_t b = (size_t)(hash_bytes(s, (size_t)size) % kBuckets);
    Py_ssize_t at = 0; /* first in its bucket's run, or first of all */
    while (at < n && bucket[at] != b) at++;
    if (at == n) at = 0;
    memmove(&order[at + 1], &order[at], (size_t)(n - at) * sizeof order[0]);
    memmove(&bucket[at + 1], &bucket[at], (size_t)(n - at) * sizeof bucket[0]);
    order[at] = k;
    bucket[at] = b;
    n++;
  }
}

/* ---- the options ----------------------------------------------------------------------- */

/* An item of a signature's string: "Tensor input", or "*". */
typedef struct OptionItem {
  const char* type;
  const char* name;
} OptionItem;

/* PyTorch 1.13: invalid_arguments.cpp _parseOption (of FunctionSignature::toString) */
static size_t option_items(const FunctionSignature* sig, OptionItem* items) {
  size_t n = 0;
  bool star = false;
  for (int k = 0; k < sig->num_params; k++) {
    const FunctionParameter* p = &sig->params[k];
    if (p->keyword_only && !star) {
      items[n++] = (OptionItem){"*", "*"};
      star = true;
    }
    items[n++] = (OptionItem){p->several_out ? "tuple of Tensors" : FunctionParameter_typeName(p->argument), p->name};
  }
  if (n == 0) items[n++] = (OptionItem){"", ""}; /* "()" splits into one empty item */
  return n;
}

/* PyTorch 1.13: invalid_arguments.cpp SimpleType / MultiType is_matching */
static bool type_matches(const char* type, PyObject* arg) {
  const char* name = Py_TYPE(arg)->tp_name;
  if (strcmp(type, "float") == 0) return strcmp(name, "float") == 0 || strcmp(name, "int") == 0;
  return strcmp(type, name) == 0;
}

static PyObject* keyword_value(PyObject* kwnames, PyObject* const* values, const char* name) {
  for (Py_ssize_t k = 0; kwnames != NULL && k < PyTuple_GET_SIZE(kwnames); k++)
    if (PyUnicode_CompareWithASCIIString(PyTuple_GET_ITEM(kwnames, k), name) == 0) return values[k];
  return NULL;
}

/* PyTorch 1.13: invalid_arguments.cpp _argDesc */
static void arg_desc(StrBuf* b, PyObject* const* args, Py_ssize_t nargs, PyObject* kwnames, const Py_ssize_t* order) {
  Py_ssize_t nkw = kwnames != NULL ? PyTuple_GET_SIZE(kwnames) : 0;
  sb_add(b, "(");
  for (Py_ssize_t i = 0; i < nargs; i++) sb_add(b, "%s, ", Py_TYPE(args[i])->tp_name);
  for (Py_ssize_t k = 0; k < nkw; k++)
    sb_add(b, "%s=%s, ", PyUnicode_AsUTF8(PyTuple_GET_ITEM(kwnames, order[k])), Py_TYPE(args[nargs + order[k]])->tp_name);
  if (nargs > 0) sb_drop(b, 2);
  sb_add(b, ")");
}

/* PyTorch 1.13: invalid_arguments.cpp _formattedArgDesc (its colours when
 * not on a terminal: `!str!`) */
static void formatted_arg_desc(StrBuf* b, const OptionItem* items, size_t n_items, PyObject* const* args,
                               Py_ssize_t nargs, PyObject* kwnames) {
  Py_ssize_t nkw = kwnames != NULL ? PyTuple_GET_SIZE(kwnames) : 0;
  sb_add(b, "(");
  for (Py_ssize_t i = 0; i < nargs + nkw; i++) {
    bool is_kwarg = i >= nargs;
    PyObject* arg = is_kwarg ? keyword_value(kwnames, args + nargs, items[i].name) : args[i];
    if (arg == NULL) { /* cannot be: the keywords are the last items' */
      sb_add(b, "?, ");
      continue;
    }
    bool matching = (size_t)i < n_items && type_matches(items[i].type, arg);
    sb_add(b, "%s%s%s%s%s, ", matching ? "" : "!", is_kwarg ? items[i].name : "", is_kwarg ? "=" : "",
           Py_TYPE(arg)->tp_name, matching ? "" : "!");
  }
  if (nargs > 0) sb_drop(b, 2);
  sb_add(b, ")");
}

/* PyTorch 1.13: invalid_arguments.cpp _tryMatchKwargs: the keywords not among
 * the option's last items, into unmatched (in the map's order): how many. */
static Py_ssize_t try_match_kwargs(const OptionItem* items, size_t n_items, PyObject* kwnames, const Py_ssize_t* order,
                                   Py_ssize_t* unmatched) {
  Py_ssize_t nkw = kwnames != NULL ? PyTuple_GET_SIZE(kwnames) : 0, n = 0;
  Py_ssize_t start = (Py_ssize_t)n_items - nkw;
  if (start < 0) start = 0;
  for (Py_ssize_t k = 0; k < nkw; k++) {
    bool found = false;
    for (size_t i = (size_t)start; i < n_items && !found; i++)
      found = PyUnicode_CompareWithASCIIString(PyTuple_GET_ITEM(kwnames, order[k]), items[i].name) == 0;
    if (!found) unmatched[n++] = order[k];
  }
  return n;
}

static void signature_string(StrBuf* b, const OptionItem* items, size_t n_items) {
  sb_add(b, "(");
  for (size_t i = 0; i < n_items; i++) {
    bool bare = items[i].name[0] == '*' || items[i].name[0] == '\0';
    sb_add(b, "%s%s%s%s", i ? ", " : "", items[i].type, bare ? "" : " ", bare ? "" : items[i].name);
  }
  sb_add(b, ")");
}

/* PyTorch 1.13: invalid_arguments.cpp format_invalid_args */
PyObject* format_invalid_args(const char* name, const FunctionSignature* sigs, size_t n, PyObject* const* args,
                              Py_ssize_t nargs, PyObject* kwnames) {
  Py_ssize_t nkw = kwnames != NULL ? PyTuple_GET_SIZE(kwnames) : 0;
  Py_ssize_t order[64], unmatched[64];
  kwargs_order(kwnames, order);
  StrBuf b = {NULL, 0, 0, false};
  OptionItem items[THP_MAX_ARGS + 2];
  sb_add(&b, "%s() received an invalid combination of arguments - ", name);
  if (n == 1) {
    size_t n_items = option_items(&sigs[0], items);
    Py_ssize_t u = nkw > 0 ? try_match_kwargs(items, n_items, kwnames, order, unmatched) : 0;
    if (u > 0) {
      sb_add(&b, "got unrecognized keyword arguments: ");
      for (Py_ssize_t k = 0; k < u; k++)
        sb_add(&b, "%s%s", k ? ", " : "", PyUnicode_AsUTF8(PyTuple_GET_ITEM(kwnames, unmatched[k])));
    } else {
      sb_add(&b, "got ");
      if ((size_t)(nargs + nkw) == n_items) formatted_arg_desc(&b, items, n_items, args, nargs, kwnames);
      else arg_desc(&b, args, nargs, kwnames, order);
      sb_add(&b, ", but expected ");
      signature_string(&b, items, n_items);
    }
  } else {
    sb_add(&b, "got ");
    arg_desc(&b, args, nargs, kwnames, order);
    sb_add(&b, ", but expected one of:\n");
    for (size_t s = 0; s < n; s++) {
      size_t n_items = option_items(&sigs[s], items);
      sb_add(&b, " * ");
      signature_string(&b, items, n_items);
      sb_add(&b, "\n");
      if ((size_t)(nargs + nkw) != n_items) continue;
      Py_ssize_t u = nkw > 0 ? try_match_kwargs(items, n_items, kwnames, order, unmatched) : 0;
      if (u > 0) {
        sb_add(&b, "      didn't match because some of the keywords were incorrect: ");
        for (Py_ssize_t k = 0; k < u; k++)
          sb_add(&b, "%s%s", k ? ", " : "", PyUnicode_AsUTF8(PyTuple_GET_ITEM(kwnames, unmatched[k])));
        sb_add(&b, "\n");
      } else {
        sb_add(&b, "      didn't match because some of the arguments have invalid types: ");
        formatted_arg_desc(&b, items, n_items, args, nargs, kwnames);
        sb_add(&b, "\n");
      }
    }
  }
  if (b.failed) {
    free(b.data);
    return PyErr_NoMemory();
  }
  PyObject* message = PyUnicode_FromStringAndSize(b.data, (Py_ssize_t)b.len);
  free(b.data);
  return message;
}
