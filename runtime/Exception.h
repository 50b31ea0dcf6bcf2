/*
 * Exception.h - the thread-local error indicator.
 *
 * C has no exceptions, so minaten follows CPython's model: a function that
 * fails sets the thread-local error indicator (an error type and a message)
 * and returns NULL (pointer results) or -1 (int results); every caller checks,
 * releases what it holds and returns the same way.  The interpreter prints the
 * indicator as `Type: message` and clears it before the next line.
 *
 * Messages are PyTorch's, word for word, so that grep finds them in both trees.
 * The TORCH_CHECK family sets the indicator and jumps to the enclosing
 * function's `fail:` label, where the references it holds are dropped.
 *
 * PyTorch 1.13: c10/util/Exception.h (c10::Error, TORCH_CHECK, TORCH_CHECK_INDEX, ...)
 */
#ifndef MINATEN_RUNTIME_EXCEPTION_H
#define MINATEN_RUNTIME_EXCEPTION_H

#include <stdarg.h>
#include <stdbool.h>

/* The Python exception type a C++ c10::Error subclass is translated to.
 * PythonError: a Python exception raised in Python code minaten called back
 * (a TorchDispatchMode, a hook), on its way out through C frames; the
 * CPython layer keeps the exception itself and raises it again, unchanged,
 * at the border (1.13's python_error, csrc/Exceptions.h). */
#define MINATEN_FORALL_ERROR_TYPES(_) \
  _(RuntimeError)                     \
  _(IndexError)                       \
  _(ValueError)                       \
  _(TypeError)                        \
  _(AttributeError)                   \
  _(NotImplementedError)              \
  _(NameError)                        \
  _(SyntaxError)                      \
  _(IndentationError)                 \
  _(TabError)                         \
  _(UnboundLocalError)                \
  _(RecursionError)                   \
  _(ZeroDivisionError)                \
  _(OverflowError)                    \
  _(OSError)                          \
  _(PythonError)

typedef enum ErrorType {
  ErrorType_None = 0,
#define DEFINE_ERROR_TYPE(n) ErrorType_##n,
  MINATEN_FORALL_ERROR_TYPES(DEFINE_ERROR_TYPE)
#undef DEFINE_ERROR_TYPE
} ErrorType;

/* Sets the indicator (replacing any earlier error). printf-style message. */
void Error_set(ErrorType type, const char* fmt, ...)
    __attribute__((format(printf, 2, 3)));
void Error_setv(ErrorType type, const char* fmt, va_list ap);

/* True when an error is pending on this thread. Cheap: one TLS read. */
bool Error_occurred(void);
ErrorType Error_type(void);
/* The pending message ("" when none); valid until the next Error_set/clear. */
const char* Error_message(void);
const char* ErrorType_name(ErrorType type);
void Error_clear(void);

/*
 * Warnings.  A warning is printed to stderr as "UserWarning: <message>" and
 * the operation goes on.  Which are printed is Python's: 1.13's C++
 * TORCH_WARN becomes a Python UserWarning, attributed to the Python line
 * running, and the warnings module's default filter shows it once per
 * place: a registry per module (`__warningregistry__`) keyed by the text
 * and the line number.  So a loop's warning prints once, and the same
 * text at another line again.
 *
 * The place comes from the front end (Warning_setLocationHook: the
 * interpreter's running statement); while torch's own Python code runs
 * (backward()'s and grad()'s call into the engine) it is that code's line
 * (Warning_enterTorchFrame).  With no place (no front end, nothing
 * running: a library loaded at start-up) every warning prints, as c10's
 * own handler does.
 *
 * PyTorch 1.13: c10/util/Exception.h TORCH_WARN, torch/csrc/Exceptions.cpp
 * PyWarningHandler (PyErr_WarnEx, stacklevel 1); Python 3.11:
 * Lib/warnings.py warn_explicit ("default" action)
 */
typedef struct WarningLocation {
  const char* module; /* the registry: "__main__" (the script), "torch.autograd"; NULL: none */
  int lineno;
} WarningLocation;

/* Where the running Python statement is: its module and line, or module
 * NULL when none runs. */
typedef WarningLocation (*WarningLocationHook)(void);
void Warning_setLocationHook(WarningLocationHook hook);

/* While torch's own Python code runs at `where`: warnings raised below it
 * are attributed there.  Returns what to pass to Warning_exitTorchFrame. */
WarningLocation Warning_enterTorchFrame(WarningLocation where);
void Warning_exitTorchFrame(WarningLocation previous);

/* TORCH_WARN: printed unless the same text was warned at the same place
 * before.  PyTorch 1.13: c10/util/Exception.h TORCH_WARN */
void Warning_warn(const char* fmt, ...) __attribute__((format(printf, 1, 2)));
/* warnings.warn(text) in torch's own Python code at `where` (a fixed
 * line of torch/autograd/__init__.py): once per text, as the default
 * filter shows it.  PyTorch 1.13: torch/autograd/__init__.py warnings.warn */
void Warning_warnAt(WarningLocation where, const char* fmt, ...) __attribute__((format(printf, 2, 3)));

/*
 * A front end with a warnings machinery of its own takes the warnings over:
 * while a handler is set, Warning_warn and Warning_warnAt format the text
 * and pass it to the handler instead of filtering and printing it
 * themselves (no registry, no location hook).  The CPython extension sets
 * one (csrc/Exceptions.c), which hands each text to Python's warnings
 * module as a UserWarning of the Python line running, so that Python's
 * filters, `warnings.catch_warnings` and -W flags decide; a program
 * without Python keeps the behaviour above.  Returns the previous handler.
 * PyTorch 1.13: c10/util/Exception.h WarningHandler, Warning::set_warning_handler
 */
typedef void (*WarningHandler)(const char* text);
WarningHandler Warning_setHandler(WarningHandler handler);

/*
 * The check macros.  Each sets the indicator with a PyTorch message and jumps
 * to `fail`.  TORCH_INTERNAL_ASSERT is for bugs in minaten only: it aborts.
 */
#define TORCH_CHECK_TYPE_(type, cond, ...)         \
  do {                                             \
    if (__builtin_expect(!(cond), 0)) {            \
      Error_set(ErrorType_##type, __VA_ARGS__);    \
      goto fail;                                   \
    }                                              \
  } while (0)
#define TORCH_CHECK(cond, ...) TORCH_CHECK_TYPE_(RuntimeError, cond, __VA_ARGS__)
#define TORCH_CHECK_INDEX(cond, ...) TORCH_CHECK_TYPE_(IndexError, cond, __VA_ARGS__)
#define TORCH_CHECK_VALUE(cond, ...) TORCH_CHECK_TYPE_(ValueError, cond, __VA_ARGS__)
#define TORCH_CHECK_TYPE(cond, ...) TORCH_CHECK_TYPE_(TypeError, cond, __VA_ARGS__)
#define TORCH_CHECK_NOT_IMPLEMENTED(cond, ...) \
  TORCH_CHECK_TYPE_(NotImplementedError, cond, __VA_ARGS__)

/* A small allocation that failed (a tensor header, a list, a node, a
 * buffer: not a tensor's storage): `cond` is its success condition,
 * TORCH_CHECK_ALLOC(p != NULL).  The error is 1.13's for a failed
 * `operator new`, "std::bad_alloc" (a RuntimeError in Python); see Note
 * [Out of memory] in runtime/Allocator.h.  Error_setBadAlloc sets the same
 * error where no `fail` label is at hand. */
#define TORCH_CHECK_ALLOC(cond) TORCH_CHECK_TYPE_(RuntimeError, cond, "%s", kBadAllocMessage)
extern const char kBadAllocMessage[];
void Error_setBadAlloc(void);

/* Propagate a failure of a callee: jump to `fail` unless `cond` holds.
 * `cond` is the success condition, always written as a comparison with the
 * callee's result, whose form follows what the callee returns:
 *   TRY(t != NULL)              a pointer, NULL on error
 *   TRY(check_x(...) == 0)      a status, 0 on success, -1 on error
 *   TRY(dim >= 0)               a value (a wrapped dim, a count, a tri-state
 *                               0/1), -1 on error
 *   TRY(!Error_occurred())      a callee whose result cannot say (void, or
 *                               any value possible)
 * so a reader sees the callee's error value at the call; never a bare
 * pointer (`TRY(t)`) nor a negation of a status (`TRY(!check_x(...))`). */
#define TRY(cond)                              \
  do {                                         \
    if (__builtin_expect(!(cond), 0)) goto fail; \
  } while (0)

void minaten_internal_assert_fail(const char* file, int line, const char* cond)
    __attribute__((noreturn));
#define TORCH_INTERNAL_ASSERT(cond)                                  \
  do {                                                               \
    if (__builtin_expect(!(cond), 0))                                \
      minaten_internal_assert_fail(__FILE__, __LINE__, #cond);       \
  } while (0)

#endif
