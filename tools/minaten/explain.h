/*
 * explain.h - `minaten explain`: why a shape operator took the route it
 * took (docs/explain.md).
 *
 * explain.c runs the setup lines and the expression in CPython (the runner's
 * statements, python/minaten/_runner.py),
 * with the trace on; the operator's narrator (explain_reshape.c for reshape
 * and view, explain_strided.c for contiguous, expand and as_strided) listens
 * to the real kernels' decisions through their explain hooks
 * (computeStride_explain, Tensor_contiguousExplain), tells them, and
 * predicts the operators the trace will show.  explain.c then prints that
 * route and checks it against the trace: a difference is a bug in minaten.
 */
#ifndef MINATEN_TOOLS_EXPLAIN_H
#define MINATEN_TOOLS_EXPLAIN_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include "runtime/TensorImpl.h"

enum { kExplainMaxArgs = 8, kExplainMaxRoute = 4 };

/* One call being explained: self (the receiver, evaluated before the call),
 * the arguments as integer lists where they are (an int is a list of one;
 * is_ints false otherwise), and, once the call ran, its result or error. */
typedef struct ExplainCall {
  const char* method; /* "reshape" */
  const char* text;   /* the expression as written */
  Tensor* self;
  int nargs;
  struct {
    bool is_ints;
    bool is_sequence; /* a tuple, list or torch.Size (not a bare int) */
    int n;
    int64_t v[MINATEN_MAX_DIM];
  } args[kExplainMaxArgs];
  Tensor* result; /* NULL when the call failed */
  char* error;    /* "RuntimeError: message" when it failed */
  /* The call failed before it reached its operator: Python's argument
   * parser refused it (a TypeError: `a.reshape(size=[3, 8])`), where the
   * operators fail with a RuntimeError.  after() then clears its hooks and
   * tells nothing: there is no route to explain. */
  bool refused;
  /* the narrator's prediction: the operators the trace shows, in order */
  const char* route[kExplainMaxRoute];
  int nroute;
  FILE* out;
} ExplainCall;

/* The shape the arguments of reshape/view/expand spell: the ints of a
 * single sequence argument, or of all the int arguments.  Returns the
 * number of sizes, -1 when they are not ints. */
int ExplainCall_shape(const ExplainCall* c, int64_t* out);

/* A narrator: before(c) sets its hooks (before the call runs); after(c)
 * clears them and tells the story, setting c->route. */
typedef struct ExplainNarrator {
  const char* method;
  void (*before)(ExplainCall* c);
  void (*after)(ExplainCall* c);
} ExplainNarrator;

extern const ExplainNarrator explain_reshape_narrator, explain_view_narrator, explain_contiguous_narrator,
    explain_expand_narrator, explain_as_strided_narrator;

/* "[2, 3, 4]" into buf. */
const char* explain_ints(const int64_t* v, int64_t n, char* buf, size_t size);
/* One sentence or item, printf-formatted, wrapped at 78 columns: a text
 * that starts with spaces keeps them and continues 2 columns further in. */
void explain_say(FILE* out, const char* fmt, ...) __attribute__((format(printf, 2, 3)));
/* "sizes [3, 2, 4], strides [4, 12, 1], storage offset 0" (and ", lazy"). */
void explain_describe(FILE* out, const char* what, const Tensor* t);

/* `minaten explain ARGS...`: the command (main.c); its exit status. */
int explain_main(int argc, char** argv);

#endif
