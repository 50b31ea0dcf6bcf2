/*
 * Exception.c - the thread-local error indicator; see Exception.h.
 * PyTorch 1.13: c10/util/Exception.cpp
 */
#include "runtime/Exception.h"

#include <stdio.h>
#include <stdlib.h>

enum { kMaxMessage = 2048 };

static _Thread_local ErrorType tls_type = ErrorType_None;
static _Thread_local char tls_message[kMaxMessage];

void Error_setv(ErrorType type, const char* fmt, va_list ap) {
  tls_type = type;
  vsnprintf(tls_message, sizeof tls_message, fmt, ap);
}

void Error_set(ErrorType type, const char* fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  Error_setv(type, fmt, ap);
  va_end(ap);
}

bool Error_occurred(void) { return tls_type != ErrorType_None; }
ErrorType Error_type(void) { return tls_type; }
const char* Error_message(void) { return tls_type == ErrorType_None ? "" : tls_message; }

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
  tls_message[0] = '\0';
}

void Warning_warn(const char* fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  fputs("UserWarning: ", stderr);
  vfprintf(stderr, fmt, ap);
  fputc('\n', stderr);
  va_end(ap);
}

void minaten_internal_assert_fail(const char* file, int line, const char* cond) {
  fprintf(stderr, "%s:%d: INTERNAL ASSERT FAILED: %s (a bug in minaten)\n", file, line, cond);
  abort();
}
