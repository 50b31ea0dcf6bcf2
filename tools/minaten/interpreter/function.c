/*
 * function.c - the functions a script defines with `def`: their values,
 * and how a call's arguments become their parameters.
 *
 * A function value holds its code object (ast.h's Code, shared with the
 * def statement that made it), the values of its defaults (computed once,
 * when the def ran: a mutable default is shared by every call, as in
 * Python) and the interpreter whose globals it reads.  Calling it (exec.c
 * Interp_callFunction) binds the arguments here, then runs the body in a
 * frame of its own.
 *
 * The binding follows CPython's order and words: positional arguments
 * fill the first parameters; each keyword argument goes to the parameter
 * of its name ("f() got an unexpected keyword argument 'z'", "f() got
 * multiple values for argument 'a'"); then too many positional arguments
 * ("f() takes 2 positional arguments but 3 were given", "takes from 1 to
 * 3"), then the parameters still missing without a default ("f() missing 2
 * required positional arguments: 'a' and 'b'").  Messages name the
 * function by its qualified name (`outer.<locals>.inner()`).
 *
 * Python 3.11: Python/ceval.c (initialize_locals, too_many_positional,
 * missing_arguments, format_missing), Objects/funcobject.c
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "runtime/Exception.h"
#include "tools/minaten/interpreter/interp.h"

Value* Function_new(Code* code, Value** defaults, int ndefaults, Interp* in) {
  Value* v = Value_alloc(Value_Function);
  v->u.function.code = Code_retain(code);
  v->u.function.defaults = calloc(ndefaults > 0 ? (size_t)ndefaults : 1, sizeof(Value*));
  TORCH_INTERNAL_ASSERT(v->u.function.defaults != NULL);
  for (int i = 0; i < ndefaults; i++) v->u.function.defaults[i] = Value_retain(defaults[i]);
  v->u.function.ndefaults = ndefaults;
  v->u.function.interp = in;
  return v;
}

/* "'a'", "'a' and 'b'", "'a', 'b', and 'c'": CPython's format_missing. */
static void format_names(char* buf, size_t size, const char* const* names, int n) {
  size_t len = 0;
  buf[0] = '\0';
  for (int i = 0; i < n && len < size; i++) {
    const char* sep = i == 0 ? "" : n == 2 ? " and " : i == n - 1 ? ", and " : ", ";
    len += (size_t)snprintf(buf + len, size - len, "%s'%s'", sep, names[i]);
  }
}

enum { kMaxMissingNames = 32 }; /* the missing parameters a TypeError names, at most */

/* Python 3.11: Python/ceval.c missing_arguments */
static void missing_arguments(const Code* code, Value** fast, int first_required_missing, int end) {
  const char* names[kMaxMissingNames];
  int n = 0;
  for (int i = first_required_missing; i < end; i++)
    if (fast[i] == NULL && n < kMaxMissingNames) names[n++] = code->varnames[i];
  char list[512];
  format_names(list, sizeof list, names, n);
  Error_set(ErrorType_TypeError, "%s() missing %d required positional argument%s: %s", code->qualname, n,
            n == 1 ? "" : "s", list);
}

/* Python 3.11: Python/ceval.c too_many_positional */
static void too_many_positional(const Code* code, int ndefaults, int given) {
  char sig[64];
  bool plural;
  if (ndefaults > 0) {
    snprintf(sig, sizeof sig, "from %d to %d", code->nparams - ndefaults, code->nparams);
    plural = true;
  } else {
    snprintf(sig, sizeof sig, "%d", code->nparams);
    plural = code->nparams != 1;
  }
  Error_set(ErrorType_TypeError, "%s() takes %s positional argument%s but %d %s given", code->qualname, sig,
            plural ? "s" : "", given, given == 1 ? "was" : "were");
}

int Function_bindArguments(const Value* fn, Value** args, int nargs, char** kwnames, Value** kwargs, int nkw,
                           Value** fast) {
  const Code* code = fn->u.function.code;
  int nparams = code->nparams, ndefaults = fn->u.function.ndefaults;
  for (int i = 0; i < nargs && i < nparams; i++) fast[i] = Value_retain(args[i]);
  for (int k = 0; k < nkw; k++) {
    int j = 0;
    while (j < nparams && strcmp(code->varnames[j], kwnames[k]) != 0) j++;
    if (j == nparams) {
      Error_set(ErrorType_TypeError, "%s() got an unexpected keyword argument '%s'", code->qualname, kwnames[k]);
      return -1;
    }
    if (fast[j] != NULL) {
      Error_set(ErrorType_TypeError, "%s() got multiple values for argument '%s'", code->qualname, kwnames[k]);
      return -1;
    }
    fast[j] = Value_retain(kwargs[k]);
  }
  if (nargs > nparams) {
    too_many_positional(code, ndefaults, nargs);
    return -1;
  }
  int required = nparams - ndefaults;
  for (int i = nargs; i < required; i++) {
    if (fast[i] == NULL) {
      missing_arguments(code, fast, i, required);
      return -1;
    }
  }
  for (int i = required; i < nparams; i++)
    if (fast[i] == NULL) fast[i] = Value_retain(fn->u.function.defaults[i - required]);
  return 0;
}
