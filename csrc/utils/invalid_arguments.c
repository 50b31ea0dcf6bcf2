/*
 * invalid_arguments.c - see invalid_arguments.h.
 *
 * PyTorch 1.13: torch/csrc/utils/invalid_arguments.cpp (_argDesc,
 * _formattedArgDesc, format_invalid_args)
 */
#include "csrc/utils/invalid_arguments.h"

#include <stdio.h>

#include "csrc/utils/python_arg_parser.h"

/* Describes the argument types for a TypeError: "int, int, x=int", as
 * _argDesc does: tp_names; the keywords after the positional arguments, in
 * the reverse of their order in the call (1.13 keeps them in a
 * std::unordered_map, which libstdc++ walks newest first while no two share
 * a bucket); and, with no positional argument, a ", " left after the last
 * keyword (`got (shape=list, )`), which _argDesc removes only after a
 * positional one. */
void describe_arguments(char* buf, size_t size, PyObject* const* args, Py_ssize_t nargs, PyObject* kwnames) {
  size_t n = 0;
  buf[0] = '\0';
  for (Py_ssize_t i = 0; i < nargs && n < size; i++)
    n += (size_t)snprintf(buf + n, size - n, "%s%s", i ? ", " : "", Py_TYPE(args[i])->tp_name);
  Py_ssize_t nkw = kwnames != NULL ? PyTuple_GET_SIZE(kwnames) : 0;
  for (Py_ssize_t k = nkw - 1; k >= 0 && n < size; k--) {
    const char* name = PyUnicode_AsUTF8(PyTuple_GET_ITEM(kwnames, k));
    if (name == NULL) {
      PyErr_Clear();
      name = "?";
    }
    n += (size_t)snprintf(buf + n, size - n, "%s%s=%s%s", nargs > 0 ? ", " : "", name,
                          Py_TYPE(args[nargs + k])->tp_name, nargs > 0 ? "" : ", ");
  }
}

/* The positional arguments, those the option's positional parameter at that
 * place does not accept, or one past them, marked `!str!` (its colours when
 * not on a terminal). */
void describe_marked_arguments(char* buf, size_t size, const FunctionSignature* sig, PyObject* const* args,
                               Py_ssize_t nargs) {
  size_t n = 0;
  int param = 0;
  buf[0] = '\0';
  for (Py_ssize_t i = 0; i < nargs && n < size; i++) {
    while (param < sig->num_params && sig->params[param].keyword_only) param++;
    int ok = param < sig->num_params &&
             FunctionParameter_check(sig->params[param].argument, args[i], sig->numbers_as_tensors, param) > 0;
    if (PyErr_Occurred()) { /* a Tensor[] refusing its elements: marked */
      PyErr_Clear();
      ok = 0;
    }
    n += (size_t)snprintf(buf + n, size - n, "%s%s%s%s", i ? ", " : "", ok ? "" : "!", Py_TYPE(args[i])->tp_name,
                          ok ? "" : "!");
    param++;
  }
}

void describe_signature(char* buf, size_t size, const FunctionSignature* sig) {
  size_t n = (size_t)snprintf(buf, size, "(");
  bool keyword = false;
  for (int k = 0; k < sig->num_params && n < size; k++) {
    const FunctionParameter* p = &sig->params[k];
    n += (size_t)snprintf(buf + n, size - n, "%s%s%s %s", k ? ", " : "", p->keyword_only && !keyword ? "*, " : "",
                          p->several_out ? "tuple of Tensors" : FunctionParameter_typeName(p->argument), p->name);
    keyword |= p->keyword_only;
  }
  if (n < size) snprintf(buf + n, size - n, ")");
}
