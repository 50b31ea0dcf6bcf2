/*
 * interp.h - the interpreter's internal interfaces, between its files.
 *
 * The interpreter runs the dialect of docs/dialect.md, a subset of
 * Python talking to a module named torch, so that the same script runs
 * under real PyTorch.  main.c splits a script into top-level statements (a
 * simple line, or a block: a line ending in ':' with its indented lines)
 * as the reference run does; each is parsed whole, then run.  Its files
 * follow the path of a statement:
 *
 *   lexer.c             text -> tokens (NEWLINE, INDENT, DEDENT included)
 *   parser.c            expressions
 *   statement.c         simple statements
 *   compound.c          blocks, if/while/for/def, the whole text (ast.h), and
 *                       the compiler's checks; Python 3.11's SyntaxErrors
 *   symtable.c          which variable each name is (local, global)
 *   exec.c              running statements and calls: frames, control flow
 *   eval.c              names, expressions, subscripts, assignment targets
 *   traceback.c         reporting an error: `Type: message`, or Python's
 *                       traceback
 *   function.c          functions defined by def: values, argument binding
 *   value.c             the values (value.h): refcounted Python objects
 *   pyops.c             Python's operators on numbers and sequences
 *   sequence.c          subscripts of sequences, slices, list item assignment
 *   iterobject.c        iteration: for loops, unpacking, enumerate, zip
 *   rangeobject.c       range
 *   typeobject.c        type objects: type(), isinstance()
 *   bltinmodule.c       min, max, sum, list.append
 *   builtins.c          print, len, str, int, repr, abs, hasattr, ...: the
 *                       table of builtin names; obj.NAME; calling a value
 *   repl.c              the interactive prompt (libedit), Python's REPL
 *
 * abstract.h declares the object protocol (truth, items, attributes, calls)
 * for code that must not see the syntax tree.
 *
 * ../main.c is the command line.  Tensors, the torch module and its
 * operators are PyTorch's Python bindings (../bindings/): the interpreter
 * reaches them only through ../bindings/torch.h, the one seam, and only
 * where a value is a tensor, the torch module or an operator.  A .c file
 * here that includes torch.h crosses the seam; no header here includes it.
 *
 * Return conventions, everywhere: a function returning Value* returns a new
 * reference, or NULL with the error indicator set (runtime/Exception.h);
 * one returning int returns 0 (or a count), or -1 with the error set.
 * Value* arguments are borrowed.
 */
#ifndef MINATEN_INTERP_INTERP_H
#define MINATEN_INTERP_INTERP_H

#include <stdbool.h>
#include <stdint.h>

#include "tools/minaten/interpreter/abstract.h"
#include "tools/minaten/interpreter/ast.h"
#include "tools/minaten/interpreter/value.h"

/* ---- builtins.c: Python 3.11 Python/bltinmodule.c ---- */

/* Python's builtins that are types' constructors (typeobject.c calls them). */
Value* builtin_int(Value* self, Value** args, int nargs, char** kwnames, Value** kwargs, int nkw);
Value* builtin_float(Value* self, Value** args, int nargs, char** kwnames, Value** kwargs, int nkw);
Value* builtin_bool(Value* self, Value** args, int nargs, char** kwnames, Value** kwargs, int nkw);
Value* builtin_str(Value* self, Value** args, int nargs, char** kwnames, Value** kwargs, int nkw);
Value* builtin_tuple(Value* self, Value** args, int nargs, char** kwnames, Value** kwargs, int nkw);
Value* builtin_list(Value* self, Value** args, int nargs, char** kwnames, Value** kwargs, int nkw);
/* "len() takes exactly one argument (2 given)", "len() takes no keyword arguments" */
int expect_one_arg(const char* name, int nargs, int nkw);
/* "range() takes no keyword arguments", "range expected at least 1 argument,
 * got 0", "isinstance expected 2 arguments, got 1" */
int check_positional(const char* name, int nargs, int nkw, int min, int max);
/* "f() takes from 1 to 2 positional arguments but 3 were given" (keywords refused too) */
int expect_args(const char* name, int nargs, int min, int max, int nkw);

/* ---- pyops.c: Python's operators ----
 * op: + - * / f(//) % p(**) @ & | ^ L(<<) R(>>) < > l(<=) g(>=) =(==) !(!=)
 *     i(is) I(is not) e(in) E(not in) */
Value* python_binary(char op, Value* a, Value* b);
/* a OP= b for values that have no in-place form: a OP b, its TypeError worded
 * for the augmented assignment ("for +=:"). */
Value* python_inplace_binary(char op, Value* a, Value* b);
Value* python_unary(char op, Value* a);      /* '-', '+', '~' or 'n' (not) */
int python_index(const Value* v, int64_t* out); /* operator.index(v) */

/* ---- sequence.c: Python 3.11 Objects/sliceobject.c, listobject.c ---- */

/* A slice's parts once read (PySlice_Unpack), then clamped to a length
 * (PySlice_AdjustIndices, which returns the number of items). */
typedef struct Slice {
  int64_t start, stop, step;
} Slice;
int slice_unpack(const Value* s, Slice* out);
int64_t slice_adjust(int64_t length, Slice* s);
/* obj[index] of a tuple, list, torch.Size or string. */
Value* sequence_subscript(Value* obj, const Value* index);
/* list[index] = value, index not a slice. */
int list_ass_item(Value* obj, const Value* index, Value* value);

/* ---- iterobject.c: Python 3.11 Objects/iterobject.c, Objects/abstract.c (PyObject_GetIter) ---- */

/* iter(v): an iterator over v's items (a tensor's are its unbind(0), as
 * Tensor.__iter__ does), or NULL with "'int' object is not iterable". */
Value* Value_iter(Value* v);
/* next(it): the next item (a new reference), or NULL: at the end with no
 * error set, or with the error. */
Value* Iterator_next(Value* it);
/* A new iterator value of `kind` over source (a new reference is taken);
 * name is its type's name. */
Value* Iterator_new(IterKind kind, const char* name, Value* source);
Value* builtin_enumerate(Value* self, Value** args, int nargs, char** kwnames, Value** kwargs, int nkw);
Value* builtin_zip(Value* self, Value** args, int nargs, char** kwnames, Value** kwargs, int nkw);

/* ---- rangeobject.c: Python 3.11 Objects/rangeobject.c ---- */

Value* builtin_range(Value* self, Value** args, int nargs, char** kwnames, Value** kwargs, int nkw);
Value* range_subscript(Value* r, Value* index);
bool range_contains(const Value* r, const Value* x);

/* ---- typeobject.c: Python 3.11 Objects/typeobject.c ---- */

extern const TypeObject Type_type, Type_int, Type_float, Type_bool, Type_str, Type_tuple, Type_list, Type_range,
    Type_Tensor, Type_Size, Type_dtype, Type_device, Type_enumerate, Type_zip;
const TypeObject* type_of(const Value* v); /* type(v) */
Value* builtin_type(Value* self, Value** args, int nargs, char** kwnames, Value** kwargs, int nkw);
Value* builtin_isinstance(Value* self, Value** args, int nargs, char** kwnames, Value** kwargs, int nkw);
Value* type_attribute(Value* type, const char* name); /* T.__name__ */

/* ---- bltinmodule.c: Python 3.11 Python/bltinmodule.c, Objects/listobject.c ---- */

Value* builtin_min(Value* self, Value** args, int nargs, char** kwnames, Value** kwargs, int nkw);
Value* builtin_max(Value* self, Value** args, int nargs, char** kwnames, Value** kwargs, int nkw);
Value* builtin_sum(Value* self, Value** args, int nargs, char** kwnames, Value** kwargs, int nkw);
Value* list_attribute(Value* list, const char* name); /* l.append */
/* l.append(v) for the interpreter's own lists (a new reference to v is
 * taken); -1 with the error set at kMaxListItems items. */
enum { kMaxListItems = 1 << 28 };
int list_append(Value* list, Value* v);

/* ---- the interpreter's state: eval.c, exec.c, traceback.c ---- */

typedef struct Interp Interp;

/* How a failing statement is reported:
 *   ErrorStyle_Line       `Type: message` (the first line of the message) on
 *                         stdout, the dialect's per-statement try/except;
 *   ErrorStyle_Traceback  Python's traceback on stderr, as `python3 x.py`
 *                         (--strict) or the interactive prompt print it. */
typedef enum ErrorStyle { ErrorStyle_Line, ErrorStyle_Traceback } ErrorStyle;
void Interp_setErrorStyle(Interp* in, ErrorStyle style);
/* Interactive: the value of an expression statement, unless None, is printed
 * as Python's prompt prints it (its repr). */
void Interp_setInteractive(Interp* in, bool interactive);

/* One call level, as CPython's frame: a top-level statement's, or a
 * function's (Python 3.11: Include/internal/pycore_frame.h). */
typedef struct Frame {
  struct Frame* back;     /* the caller's frame */
  const Code* code;       /* the function's; NULL for a top-level statement */
  const Module* module;   /* the top-level statement's */
  Value** fast;           /* the function's local variables, code->varnames (NULL: unbound) */
  Value** comp;           /* the comprehension variables */
  const Stmt* stmt;       /* the statement running */
  const Node* error_node; /* where the pending error was raised in this frame, for its traceback line */
  Value* retval;          /* what `return` returned */
} Frame;

/* One line of a traceback, innermost first (traceback.c). */
typedef struct TracebackEntry {
  char* filename;
  int lineno;
  char* name;       /* "<module>", "f", "<listcomp>" */
  char* line;       /* the source line, NULL when there is none (`<string>`, `<stdin>`) */
  int start, end;   /* the columns the carets span, in characters; -1: none */
  int left_end, right_start; /* the operator of a BinOp, the index of a subscript, relative to start; -1: none */
} TracebackEntry;

struct Variable;
struct Interp {
  struct Variable* globals; /* eval.c */
  Frame* frame;             /* the frame running, NULL between statements */
  int depth;                /* frames on the stack, for RecursionError */
  uintptr_t stack_base;     /* the C stack where the statement started (exec.c's guard) */
  const char* filename;     /* "script.py", "<string>", "<stdin>" */
  int lineno;               /* the first line of the statement running */
  ErrorStyle error_style;
  bool interactive;
  TracebackEntry* tb;       /* the frames the pending error left, innermost first */
  int ntb;
};

/* ---- eval.c ---- */

Interp* Interp_new(void);
void Interp_free(Interp* in);
/* Where the next statement comes from (for SyntaxError messages). */
void Interp_setLocation(Interp* in, const char* filename, int lineno);
/* Evaluates an expression: a new reference, or NULL with the error set
 * (and its node noted in the frame for the traceback). */
Value* eval_expr(Interp* in, const Node* n);
/* The index of a subscript node as Python passes it (a tuple for `t[0, 1]`). */
Value* eval_index(Interp* in, const Node* subscript);
/* obj[index], for every subscriptable value. */
Value* subscript(Value* obj, Value* index);
/* obj[index] = value, for every value that supports item assignment. */
int assign_subscript(Value* obj, Value* index, Value* value);
/* Stores value (borrowed) into an assignment target; deletes a del target. */
int assign_target(Interp* in, const Node* target, Value* value);
int delete_target(Interp* in, const Node* target);
/* Notes n as where the pending error was raised in this frame, unless a
 * node inside it was noted first. */
void note_error(Interp* in, const Node* n);

/* ---- exec.c ---- */

/* Runs one line; returns 0, or -1 after reporting the error. */
int Interp_runLine(Interp* in, const char* line);
/* Runs one top-level statement: a simple line, or a compound statement with
 * its indented body and elif/else clauses, lines separated by '\n' (read as
 * if followed by a newline, as the reference run compiles it), whose
 * first line is line `lineno` of the current file.  Returns 0, or -1 after
 * reporting the error. */
int Interp_runStatement(Interp* in, const char* text, int lineno);
/* Calls a function value: a new reference, or NULL with the error set. */
Value* Interp_callFunction(Value* fn, Value** args, int nargs, char** kwnames, Value** kwargs, int nkw);

/* ---- function.c ---- */

Value* Function_new(Code* code, Value** defaults, int ndefaults, Interp* in);
/* Binds a call's arguments to the parameters: fast[0..nparams) get new
 * references; -1 with CPython's TypeError. */
int Function_bindArguments(const Value* fn, Value** args, int nargs, char** kwnames, Value** kwargs, int nkw,
                           Value** fast);

/* ---- pylifecycle.c: Python 3.11 Python/pylifecycle.c ---- */

/* Makes stdout, unless it is a terminal, a buffered stream on descriptor 1
 * whose failed writes keep their errno; main() calls it before writing. */
void Interp_createStdout(void);
/* Flushes stdout: the one way the tools do it.  A write that failed (now or
 * inside an earlier printf) is remembered with its errno. */
void Interp_flushStdout(void);
/* Flushes stdout; then 0 if every write to it succeeded, else the errno of
 * the first that failed (EIO when its own was not seen). */
int Interp_stdoutErrno(void);
/* At the end of a script's run: 0, or -1 after python3's report of a
 * failed write to stdout on stderr ("Exception ignored in: <_io.TextIOWrapper
 * name='<stdout>' ...>", "OSError: [Errno 28] No space left on device"),
 * for which python3 exits with status 120.  A closed stdout (EBADF) is not
 * reported: python3's sys.stdout is then None. */
int flush_std_files(void);

/* ---- traceback.c ---- */

/* Adds the frame an error is leaving to the traceback; name NULL: the
 * frame's own ("<module>", the function's). */
void traceback_push(Interp* in, const Frame* f, const char* name);
void traceback_clear(Interp* in);
/* Prints the pending error in the interpreter's style and clears it. */
void report_error(Interp* in);
/* Prints a SyntaxError of the statement `text` (lines numbered from first_line). */
void report_syntax_error(Interp* in, const char* text, int first_line, const SyntaxLocation* where);


#endif
