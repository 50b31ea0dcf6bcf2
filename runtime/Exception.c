/*
 * Exception.c - the thread-local error indicator; see Exception.h.
 * PyTorch 1.13: c10/util/Exception.cpp
 */
#include "runtime/Exception.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { kMaxMessage = 2048 };

/* NB(minaten): the message buffer is on the heap (made by the thread's
 * first error, kept until the process ends): the thread-local storage of a
 * module that Python dlopens (minaten._C) comes from glibc's small surplus
 * of static TLS, since LocalDispatchKeySet.h asks for the initial-exec
 * model, and 2 KiB there would not fit. */
static _Thread_local ErrorType tls_type = ErrorType_None;
static _Thread_local char* tls_message;

void Error_setv(ErrorType type, const char* fmt, va_list ap) {
  tls_type = type;
  if (tls_message == NULL && (tls_message = malloc(kMaxMessage)) == NULL) return; /* Error_message: "" */
  vsnprintf(tls_message, kMaxMessage, fmt, ap);
}

void Error_set(ErrorType type, const char* fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  Error_setv(type, fmt, ap);
  va_end(ap);
}

/* PyTorch 1.13: what std::bad_alloc's what() says, which torch/csrc/Exceptions.h
 * CATCH_ALL_ERRORS turns into a RuntimeError (Note [Out of memory]). */
const char kBadAllocMessage[] = "std::bad_alloc";

void Error_setBadAlloc(void) { Error_set(ErrorType_RuntimeError, "%s", kBadAllocMessage); }

bool Error_occurred(void) { return tls_type != ErrorType_None; }
ErrorType Error_type(void) { return tls_type; }
const char* Error_message(void) { return tls_type == ErrorType_None || tls_message == NULL ? "" : tls_message; }

const char* ErrorType_name(ErrorType type) {
  switch (type) {
#define ERROR_TYPE_CASE(n) \
  case ErrorType_##n:      \
    return #n;
    MINATEN_FORALL_ERROR_TYPES(ERROR_TYPE_CASE)
#undef ERROR_TYPE_CASE
    case ErrorType_None:
      break;
  }
  return "None";
}

void Error_clear(void) {
  tls_type = ErrorType_None;
  if (tls_message != NULL) tls_message[0] = '\0';
}

/* ---- warnings: Python's default filter (see Exception.h) ---- */

static WarningLocationHook location_hook = NULL;
static WarningLocation torch_frame = {NULL, 0};

void Warning_setLocationHook(WarningLocationHook hook) { location_hook = hook; }

WarningLocation Warning_enterTorchFrame(WarningLocation where) {
  WarningLocation previous = torch_frame;
  torch_frame = where;
  return previous;
}

void Warning_exitTorchFrame(WarningLocation previous) { torch_frame = previous; }

/* The registries, as one set of keys: FNV-1a of (module, line, text).
 * Grown as warnings come; kept for the process's life, as Python's are. */
static uint64_t* registry = NULL;
static size_t registry_size = 0, registry_capacity = 0;

static uint64_t fnv1a(uint64_t h, const void* data, size_t n) {
  const unsigned char* p = data;
  for (size_t i = 0; i < n; i++) h = (h ^ p[i]) * 1099511628211ull;
  return h;
}

/* Whether a warning of `text` at `where` is shown: the first time only
 * (then registered); always when there is no place or no memory to
 * remember it.  Python 3.11: Lib/warnings.py warn_explicit */
static bool registry_first(WarningLocation where, const char* text) {
  if (where.module == NULL) return true;
  uint64_t key = fnv1a(14695981039346656037ull, where.module, strlen(where.module) + 1);
  key = fnv1a(key, &where.lineno, sizeof where.lineno);
  key = fnv1a(key, text, strlen(text));
  for (size_t i = 0; i < registry_size; i++)
    if (registry[i] == key) return false;
  if (registry_size == registry_capacity) {
    size_t capacity = registry_capacity ? 2 * registry_capacity : 16;
    uint64_t* grown = realloc(registry, capacity * sizeof *grown);
    if (grown == NULL) return true;
    registry = grown;
    registry_capacity = capacity;
  }
  registry[registry_size++] = key;
  return true;
}

static WarningHandler warning_handler = NULL;

WarningHandler Warning_setHandler(WarningHandler handler) {
  WarningHandler previous = warning_handler;
  warning_handler = handler;
  return previous;
}

static void warn_at(WarningLocation where, const char* fmt, va_list ap) {
  char text[kMaxMessage];
  vsnprintf(text, sizeof text, fmt, ap);
  if (warning_handler != NULL) {
    warning_handler(text);
    return;
  }
  if (!registry_first(where, text)) return;
  fprintf(stderr, "UserWarning: %s\n", text);
}

void Warning_warn(const char* fmt, ...) {
  WarningLocation where = torch_frame;
  if (where.module == NULL && location_hook != NULL && warning_handler == NULL) where = location_hook();
  va_list ap;
  va_start(ap, fmt);
  warn_at(where, fmt, ap);
  va_end(ap);
}

void Warning_warnAt(WarningLocation where, const char* fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  warn_at(where, fmt, ap);
  va_end(ap);
}

void minaten_internal_assert_fail(const char* file, int line, const char* cond) {
  fprintf(stderr, "%s:%d: INTERNAL ASSERT FAILED: %s (a bug in minaten)\n", file, line, cond);
  abort();
}
