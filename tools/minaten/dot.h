/*
 * dot.h - the picture commands: minaten's runtime drawn as Graphviz graphs.
 *
 *   minaten memory [-c SETUP]... [-o FILE] [--format dot|svg|png] EXPR...
 *       tensors drawn over their storage (dot_memory.c)
 *   minaten lazy-graph [-c SETUP]... [-o FILE] [--format ...] EXPR...
 *       a lazy tensor's IR graph, as torch._C._lazy._get_tensors_dot
 *       prints it (dot_lazy.c)
 *   minaten autograd-graph [-c SETUP]... [-o FILE] [--format ...] EXPR...
 *       the backward graph behind a tensor's grad_fn (dot_autograd.c)
 *   minaten --trace=dispatch --dot FILE run script.py
 *       every traced call's dispatch path (dispatch/DispatchGraph.c)
 *
 * Each writes DOT (the text Graphviz reads) to stdout or FILE, or, with
 * --format svg|png (or --dot FILE.svg), pipes it through Graphviz's `dot`.
 * The DOT is deterministic: nodes are numbered in the order they are met,
 * never by address, so a test can compare it with a committed file.
 *
 * Every user error is one line on stderr, `minaten: COMMAND: ...`, exit
 * status 1 (2 for a usage error), never a crash.
 */
#ifndef MINATEN_TOOLS_DOT_H
#define MINATEN_TOOLS_DOT_H

#include <stdbool.h>
#include <stdio.h>

#include "runtime/TensorImpl.h"

/* Where a picture goes: `path` NULL for stdout; `format` "dot" (the text
 * itself), "svg" or "png" (rendered by Graphviz's dot). */
typedef struct DotOutput {
  const char* command; /* "memory", "--dot": names the command in messages */
  const char* path;
  const char* format;
} DotOutput;

/* Writes `text` (DOT) as `o` asks.  0, or 1 after one line on stderr: a file
 * that cannot be written (every write checked: /dev/full is refused), a
 * missing `dot` binary ("... needs Graphviz's dot: apt-get install
 * graphviz"), dot failing.  A failed write to stdout is main.c's to report
 * at exit, with stdout's other writes. */
int Dot_emit(const DotOutput* o, const char* text);
/* The format a file name asks for: "svg" for *.svg, "png" for *.png, else "dot". */
const char* Dot_formatOfPath(const char* path);
/* Writes `s` as a DOT string, quoted and escaped ("a\"b"). */
void Dot_quote(FILE* out, const char* s);
/* The same without the quotes, for a part of a label. */
void Dot_escape(FILE* out, const char* s);
/* Writes `s` escaped for an HTML-like label (& < > "). */
void Dot_html(FILE* out, const char* s);

/* The picture commands' shared front end (dot_command.c): parses
 * argv[0..argc) (after the command word), runs the setup, evaluates each
 * EXPR and hands the values to the command's drawer.  Returns the exit
 * status. */
int DotCommand_main(const char* command, int argc, char** argv);

/* The drawers: write the DOT of `tensors` (borrowed; exprs their source
 * text) to `out`.  0, or -1 after one line on stderr (no storage, not
 * lazy, no grad_fn, ...). */
int Dot_drawMemory(FILE* out, Tensor* const* tensors, const char* const* exprs, int n);
int Dot_drawLazyGraph(FILE* out, Tensor* const* tensors, const char* const* exprs, int n);
int Dot_drawAutogradGraph(FILE* out, Tensor* const* tensors, const char* const* exprs, int n);

/* --dot FILE: writes the recorded dispatch hops to FILE (dot_dispatch.c);
 * returns `status`, or 1 if it was 0 and FILE could not be written. */
int Dot_writeDispatchGraph(const char* path, int status);

#endif
