/*
 * lexer.h - the tokens of a statement's text (see lexer.c).
 */
#ifndef MINATEN_INTERP_LEXER_H
#define MINATEN_INTERP_LEXER_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "runtime/Exception.h"

typedef enum TokKind {
  Tok_End,     /* ENDMARKER, or the place where the tokenizer's error was found */
  Tok_Name,    /* identifiers and keywords */
  Tok_Int,     /* u.i */
  Tok_Float,   /* u.f */
  Tok_Str,     /* s: the decoded value (adjacent literals are separate tokens) */
  Tok_Op,      /* op: "(", "**", "<=", "...", "+=", ... */
  Tok_Bad,     /* a character Python's tokenizer returns as ERRORTOKEN ($, ?, `) */
  Tok_Newline, /* NEWLINE: the end of a logical line */
  Tok_Indent,  /* INDENT: a line indented deeper than the one before */
  Tok_Dedent,  /* DEDENT: one per indentation level a line closes */
} TokKind;

typedef struct Token {
  TokKind kind;
  char op[4];
  const char* start; /* in the text */
  size_t len;
  int level;  /* bracket depth before this token */
  /* Where the token is: lines are numbered from the text's first line
   * (TokenList_init), columns are byte offsets from 0, the end exclusive. */
  int lineno, col, end_lineno, end_col;
  int64_t i;
  double f;
  char* s;    /* owned, for Tok_Str */
  size_t slen;
} Token;

/*
 * A tokenized text.  Tokenizing stops at the first error of Python's
 * tokenizer ("unterminated string literal (detected at line 1)", "invalid
 * decimal literal", "unmatched ')'", "unindent does not match any outer
 * indentation level", ...): `error` holds its message and
 * tokens[ntokens - 1] is a Tok_End standing where it was found.
 *
 * `error_raised` tells the two kinds of tokenizer errors apart, as CPython
 * 3.11 does: the errors its tokenizer raises as exceptions (strings,
 * numbers, characters, brackets) win over any error of the parser, even one
 * found earlier in the text (_PyPegen_tokenize_full_source_to_check_for_errors);
 * the indentation errors (IndentationError, TabError) and an end of file
 * after `\` are only seen by a parser that gets that far.
 */
typedef struct TokenList {
  Token* tokens;
  int ntokens, capacity;
  const char* text;
  int first_line;    /* the number of the text's first line */
  char* error;       /* NULL, or the tokenizer's message */
  ErrorType error_type;
  bool error_raised;
  int error_lineno, error_col, error_end_col; /* error_end_col -1: none */
  char open[200];    /* the brackets still open, innermost last (CPython's MAXLEVEL) */
  int open_lineno[200], open_col[200];
  int nopen;
} TokenList;

/* Tokenizes `text` (lines separated by '\n', the last one with or without
 * it), numbering its lines from first_line.  Never fails: errors go to
 * ->error. */
void TokenList_init(TokenList* tl, const char* text, int first_line);
void TokenList_free(TokenList* tl);
/* Line `lineno` of the text, without its '\n' (length in *len); NULL past the end. */
const char* TokenList_line(const TokenList* tl, int lineno, size_t* len);

#endif
