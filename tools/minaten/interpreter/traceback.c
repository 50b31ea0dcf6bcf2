/*
 * traceback.c - reporting the error that ended a top-level statement, in
 * one of two styles (interp.h ErrorStyle).
 *
 * The dialect's style is the reference run's try/except: one line on
 * stdout, `Type: message` with the message's first line; a SyntaxError
 * adds where compile() found it, `(FILE:LINE, line K)`, FILE:LINE being the
 * statement's first line and K the line within the statement.
 *
 * The traceback style is what Python prints on stderr for an uncaught
 * exception (`python3 x.py`, --strict, the interactive prompt):
 *
 *   Traceback (most recent call last):
 *     File "x.py", line 13, in <module>
 *       y = f(i)
 *           ^^^^
 *     File "x.py", line 3, in f
 *       return a + b
 *              ~~^~~
 *   TypeError: unsupported operand type(s) for +: 'int' and 'str'
 *
 * one entry per frame the error left, outermost first, each with the line
 * of the failing node and, unless it spans the whole line, Python 3.11's
 * markers under it: `^` under the node, or, for a binary operator and a
 * subscript, `~` under the operands and `^` under the operator or the
 * index.  A node over several lines is marked to the end of its first
 * line.  The same entry more than three times in a row (recursion) is
 * printed three times, then "[Previous line repeated N more times]".
 * Lines are shown only for real files (not `<string>` or `<stdin>`,
 * which Python's linecache cannot read).  A SyntaxError prints the file
 * and line, the line, a caret line, then `Type: message`.
 *
 * Python 3.11: Python/traceback.c (tb_print_internal, tb_displayline,
 * extract_anchors_from_line), Lib/traceback.py (format_frame_summary,
 * _extract_caret_anchors_from_line_segment), Python/pythonrun.c
 * (print_exception, print_error_text)
 */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "runtime/Exception.h"
#include "tools/minaten/interpreter/array.h"
#include "tools/minaten/interpreter/interp.h"

enum { kRecursiveCutoff = 3 }; /* TB_RECURSIVE_CUTOFF */

void traceback_clear(Interp* in) {
  for (int i = 0; i < in->ntb; i++) {
    free(in->tb[i].filename);
    free(in->tb[i].name);
    free(in->tb[i].line);
  }
  free(in->tb);
  in->tb = NULL;
  in->ntb = 0;
}

/* Line `lineno` of a text whose first line is first_line (a new string), or NULL. */
static char* source_line(const char* text, int first_line, int lineno) {
  if (lineno < first_line) return NULL;
  const char* p = text;
  for (int l = first_line; l < lineno; l++) {
    p = strchr(p, '\n');
    if (p == NULL) return NULL;
    p++;
  }
  return strndup(p, strcspn(p, "\n"));
}

/* The number of characters in the first `bytes` bytes of UTF-8 text
 * (_byte_offset_to_character_offset). */
static int chars(const char* s, int bytes) {
  int n = 0;
  for (int i = 0; i < bytes && s[i]; i++) n += ((unsigned char)s[i] & 0xC0) != 0x80;
  return n;
}

static bool is_space(char c) { return c == ' ' || c == '\t' || c == '\f' || c == '\n' || c == '\r' || c == '\v'; }

/* The anchors of a binary operator or a subscript (byte offsets relative to
 * the node's start), as _extract_caret_anchors_from_line_segment finds them. */
static void find_anchors(const Node* n, const char* segment, int* left, int* right) {
  *left = *right = -1;
  if (n->kind == Node_Binary && n->op != 'A' && n->op != 'O' && n->op != '?') {
    int from = n->a->end_col - n->col, to = n->b->col - n->col;
    int off = 0;
    while (from + off < to && is_space(segment[from + off])) off++;
    *left = from + off;
    *right = *left + 1;
    if (off + 1 < to - from && !is_space(segment[from + off + 1])) (*right)++;
  } else if (n->kind == Node_Subscript && n->n > 0) {
    *left = n->a->end_col - n->col;
    *right = n->items[n->n - 1]->end_col - n->col + 1;
  }
}

void traceback_push(Interp* in, const Frame* f, const char* name) {
  const Source* src = f->code ? f->code->source : f->module ? f->module->source : NULL;
  TracebackEntry e = {NULL, in->lineno, NULL, NULL, -1, -1, -1, -1};
  e.filename = strdup(src ? src->filename : in->filename ? in->filename : "<string>");
  e.name = strdup(name ? name : f->code ? f->code->name : "<module>");
  const Node* n = f->error_node;
  int lineno = n ? n->lineno : f->stmt ? f->stmt->lineno : in->lineno;
  int end_lineno = n ? n->end_lineno : f->stmt ? f->stmt->end_lineno : lineno;
  int col = n ? n->col : f->stmt ? f->stmt->col : -1;
  int end_col = n ? n->end_col : f->stmt ? f->stmt->end_col : -1;
  e.lineno = lineno;
  if (src != NULL && e.filename[0] != '<') e.line = source_line(src->text, src->first_line, lineno);
  if (e.line != NULL && col >= 0) {
    int len = (int)strlen(e.line);
    if (end_lineno == lineno && end_col <= len) {
      e.start = chars(e.line, col);
      e.end = chars(e.line, end_col);
      int left, right;
      if (n != NULL) {
        find_anchors(n, e.line + col, &left, &right);
        if (left >= 0) {
          e.left_end = chars(e.line + col, left);
          e.right_start = chars(e.line + col, right);
        }
      }
    } else { /* over several lines: to the end of the first */
      while (len > 0 && is_space(e.line[len - 1])) len--;
      e.start = chars(e.line, col);
      e.end = chars(e.line, len);
    }
  }
  in->tb = array_grow(in->tb, in->ntb, sizeof *in->tb);
  in->tb[in->ntb++] = e;
}

/* tb_displayline: the entry's lines. */
static void print_entry(const TracebackEntry* e, FILE* out) {
  fprintf(out, "  File \"%s\", line %d, in %s\n", e->filename, e->lineno, e->name);
  if (e->line == NULL) return;
  const char* text = e->line;
  while (is_space(*text)) text++;
  int indent = chars(e->line, (int)(text - e->line));
  int len = (int)strlen(text);
  while (len > 0 && is_space(text[len - 1])) len--;
  fprintf(out, "    %.*s\n", len, text);
  if (e->start < 0) return;
  int stripped_len = chars(text, len);
  bool anchors = e->left_end >= 0 && e->right_start > e->left_end;
  if (e->end - e->start >= stripped_len && !anchors) return; /* the whole line: no markers */
  fprintf(out, "    %*s", e->start - indent, "");
  for (int i = 0; i < e->end - e->start; i++) {
    bool primary = !anchors || (i >= e->left_end && i < e->right_start);
    fputc(primary ? '^' : '~', out);
  }
  fputc('\n', out);
}

/* tb_print_internal, then the exception's line. */
static void print_traceback(Interp* in, FILE* out) {
  fputs("Traceback (most recent call last):\n", out);
  int count = 0;
  const TracebackEntry* last = NULL;
  for (int i = in->ntb - 1; i >= 0; i--) {
    const TracebackEntry* e = &in->tb[i];
    if (last == NULL || strcmp(e->filename, last->filename) != 0 || e->lineno != last->lineno ||
        strcmp(e->name, last->name) != 0) {
      if (count > kRecursiveCutoff)
        fprintf(out, "  [Previous line repeated %d more time%s]\n", count - kRecursiveCutoff,
                count - kRecursiveCutoff > 1 ? "s" : "");
      last = e;
      count = 0;
    }
    if (++count <= kRecursiveCutoff) print_entry(e, out);
  }
  if (count > kRecursiveCutoff)
    fprintf(out, "  [Previous line repeated %d more time%s]\n", count - kRecursiveCutoff,
            count - kRecursiveCutoff > 1 ? "s" : "");
}

/* print_exception_message: `Type: message`, or `Type` when the message is empty. */
static void print_message(FILE* out) {
  const char* msg = Error_message();
  fprintf(out, "%s%s%s\n", ErrorType_name(Error_type()), msg[0] ? ": " : "", msg);
}

void report_error(Interp* in) {
  if (in->error_style == ErrorStyle_Traceback) {
    Interp_flushStdout();
    print_traceback(in, stderr);
    print_message(stderr);
    fflush(stderr);
  } else {
    const char* msg = Error_message();
    printf("%s: %.*s\n", ErrorType_name(Error_type()), (int)strcspn(msg, "\n"), msg);
  }
  Error_clear();
  traceback_clear(in);
}

static bool is_syntax_error(ErrorType t) {
  return t == ErrorType_SyntaxError || t == ErrorType_IndentationError || t == ErrorType_TabError;
}

/* print_error_text: the line without its indentation, and a caret line
 * (none when the column falls in the indentation). */
static void print_error_text(const char* line, int col, int end_col, FILE* out) {
  int offset = col < 0 ? -1 : chars(line, col); /* 0-based */
  int width = end_col > col && col >= 0 ? chars(line, end_col) - offset : 1;
  const char* text = line;
  while (*text == ' ' || *text == '\t' || *text == '\f') {
    text++;
    offset--;
  }
  int len = chars(text, (int)strlen(text));
  if (offset > len) offset = len;
  fprintf(out, "    %s\n", text);
  if (offset < 0) return;
  fprintf(out, "    %*s", offset, "");
  for (int i = 0; i < width; i++) fputc('^', out);
  fputc('\n', out);
}

void report_syntax_error(Interp* in, const char* text, int first_line, const SyntaxLocation* where) {
  const char* filename = in->filename ? in->filename : "<string>";
  if (in->error_style == ErrorStyle_Line) {
    const char* msg = Error_message();
    printf("%s: %.*s", ErrorType_name(Error_type()), (int)strcspn(msg, "\n"), msg);
    if (is_syntax_error(Error_type())) printf(" (%s:%d, line %d)", filename, in->lineno, where->lineno);
    putchar('\n');
    Error_clear();
    return;
  }
  Interp_flushStdout();
  char* line = source_line(text, first_line, where->lineno);
  if (is_syntax_error(Error_type())) {
    fprintf(stderr, "  File \"%s\", line %d\n", filename, where->lineno);
    if (line != NULL) print_error_text(line, where->col, where->end_col, stderr);
  } else { /* NotImplementedError: Python would have run it */
    fprintf(stderr, "Traceback (most recent call last):\n  File \"%s\", line %d, in <module>\n", filename,
            where->lineno);
  }
  print_message(stderr);
  fflush(stderr);
  free(line);
  Error_clear();
}
