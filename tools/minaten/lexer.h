/*
 * lexer.h - the tokens of one dialect line (see lexer.c).
 */
#ifndef MINATEN_INTERP_LEXER_H
#define MINATEN_INTERP_LEXER_H

#include <stddef.h>
#include <stdint.h>

typedef enum TokKind {
  Tok_End,   /* end of the line (Python's NEWLINE/ENDMARKER) */
  Tok_Name,  /* identifiers and keywords */
  Tok_Int,   /* u.i */
  Tok_Float, /* u.f */
  Tok_Str,   /* s: the decoded value (adjacent literals are separate tokens) */
  Tok_Op,    /* op: "(", "**", "<=", "...", "+=", ... */
  Tok_Bad,   /* a character Python's tokenizer returns as ERRORTOKEN ($, ?, `) */
} TokKind;

typedef struct Token {
  TokKind kind;
  char op[4];
  const char* start; /* in the line */
  size_t len;
  int level;  /* bracket depth before this token */
  int64_t i;
  double f;
  char* s;    /* owned, for Tok_Str */
  size_t slen;
} Token;

/*
 * A tokenized line.  Tokenizing stops at the first error of Python's
 * tokenizer ("unterminated string literal (detected at line 1)", "invalid
 * decimal literal", "unmatched ')'", ...): `error` holds its message and
 * tokens[ntokens - 1] is a Tok_End standing where it was found.  Python
 * reports such an error whatever the parser thought of the tokens before it.
 */
typedef struct TokenList {
  Token* tokens;
  int ntokens;
  char* error;      /* NULL, or the tokenizer's message */
  char open[200];   /* the brackets still open, innermost last (CPython's MAXLEVEL) */
  int nopen;
} TokenList;

/* Tokenizes `line` (no newline inside).  Never fails: errors go to ->error. */
void TokenList_init(TokenList* tl, const char* line);
void TokenList_free(TokenList* tl);

#endif
