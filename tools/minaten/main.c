/*
 * main.c - the `minaten` command.
 *
 *   minaten run FILE.py        run a script of the dialect
 *   minaten -c 'CODE'          run statements separated by newlines or ';'
 *   minaten ops                print every registered schema
 *   minaten dispatch OP        print OP's computed dispatch table
 *   options: --trace=dispatch (print every dispatcher hop), --strict (stop at
 *   the first failing line with exit status 1), --help
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "dispatch/Dispatcher.h"
#include "runtime/Exception.h"
#include "tools/minaten/interp.h"

static void usage(FILE* out) {
  fputs("usage: minaten [--trace=dispatch] [--strict] run FILE.py\n"
        "       minaten [--trace=dispatch] [--strict] -c 'CODE'\n"
        "       minaten ops\n"
        "       minaten dispatch aten::NAME[.OVERLOAD]\n"
        "\n"
        "Runs scripts of the dialect in ../shared/conformance/DIALECT.md against minaten's\n"
        "operators; `ops` lists every registered schema; `dispatch` prints an operator's\n"
        "computed dispatch table (as torch._C._dispatch_dump_table does).\n"
        "  --trace=dispatch  print every dispatcher hop: operator, key, kernel\n"
        "  --strict          stop at the first failing line, exit status 1\n",
        out);
}

/* Python's str.strip() whitespace (ASCII). */
static bool is_strip_space(char c) { return strchr(" \t\n\v\f\r\x1c\x1d\x1e\x1f", c) != NULL && c != '\0'; }

/* The line [p, p + len) without the whitespace at both ends. */
static const char* strip(const char* p, size_t* len) {
  while (*len > 0 && is_strip_space(*p)) p++, (*len)--;
  while (*len > 0 && is_strip_space(p[*len - 1])) (*len)--;
  return p;
}

static bool is_word_char(char c) { return c == '_' || (c >= '0' && c <= '9') || ((c | 32) >= 'a' && (c | 32) <= 'z') || (c & 0x80); }

/* Whether a line continues the block before it: indented, blank, or an
 * elif/else/except/finally clause (the reference run's test:
 * `re.match(r"(elif\b|else\s*:|except\b|finally\s*:)", line)`). */
static bool continues_block(const char* line, size_t len) {
  size_t n = len;
  if (len > 0 && (line[0] == ' ' || line[0] == '\t')) return true;
  if (strip(line, &n), n == 0) return true;
  static const struct { const char* word; bool colon; } kClauses[] = {
      {"elif", false}, {"else", true}, {"except", false}, {"finally", true}};
  for (size_t i = 0; i < sizeof kClauses / sizeof kClauses[0]; i++) {
    size_t w = strlen(kClauses[i].word);
    if (len < w || strncmp(line, kClauses[i].word, w) != 0) continue;
    if (!kClauses[i].colon) {
      if (len == w || !is_word_char(line[w])) return true;
      continue;
    }
    while (w < len && strchr(" \t\n\v\f\r\x1c\x1d\x1e\x1f", line[w]) != NULL) w++;
    if (w < len && line[w] == ':') return true;
  }
  return false;
}

/* Runs a simple line, for -c split at ';' outside strings (each part its
 * own statement, reporting its own error).  Returns -1 on an error. */
static int run_simple(Interp* in, char* line, int lineno, bool split_semicolons, bool strict) {
  int status = 0;
  char* part = line;
  while (part != NULL) {
    char* end = part;
    char quote = 0;
    for (; *end; end++) {
      if (quote) {
        if (*end == quote) quote = 0;
      } else if (*end == '\'' || *end == '"') {
        quote = *end;
      } else if (*end == ';' && split_semicolons) {
        break;
      } else if (*end == '#') {
        end += strlen(end);
        break;
      }
    }
    char saved = *end;
    *end = '\0';
    size_t len = strlen(part);
    const char* t = strip(part, &len);
    char* stmt = strndup(t, len);
    if (len > 0 && Interp_runStatement(in, stmt, lineno) < 0) status = -1;
    free(stmt);
    *end = saved;
    part = saved == ';' && !(status < 0 && strict) ? end + 1 : NULL;
  }
  return status;
}

/*
 * Runs `text` statement by statement, splitting it as the reference run
 * does: blank lines, `#` lines and `import torch` are skipped; a line
 * ending in ':' starts a block that takes the indented and blank lines
 * after it and its elif/else/except/finally clause lines, run as one
 * statement (its lines joined by '\n'); any other line is one statement
 * (stripped), compiled whole (a ';' inside it is the parser's), except that
 * -c splits it at ';'.  Each statement reports its own error; --strict
 * (Python's traceback on stderr) stops at the first.  Lines end with '\n',
 * "\r\n" or '\r', as Python's text files read.
 */
static int run_text(char* text, const char* filename, bool split_semicolons, bool strict) {
  Interp* in = Interp_new();
  if (strict) Interp_setErrorStyle(in, ErrorStyle_Traceback);
  /* universal newlines */
  char* w = text;
  for (const char* r = text; *r; r++) {
    if (*r == '\r') {
      *w++ = '\n';
      if (r[1] == '\n') r++;
    } else {
      *w++ = *r;
    }
  }
  *w = '\0';
  int status = 0, lineno = 0, block_line = 0;
  char* block = NULL; /* the block being gathered */
  size_t block_len = 0;
  for (char* line = text; line != NULL && status == 0;) {
    char* nl = strchr(line, '\n');
    size_t len = nl ? (size_t)(nl - line) : strlen(line);
    char* next = nl ? nl + 1 : NULL;
    if (nl == NULL && len == 0) break; /* the end of a text ending in a newline */
    lineno++;
    if (block != NULL && continues_block(line, len)) {
      block = realloc(block, block_len + len + 2);
      block[block_len++] = '\n';
      memcpy(block + block_len, line, len);
      block[block_len += len] = '\0';
      line = next;
      continue;
    }
    if (block != NULL) {
      Interp_setLocation(in, filename, block_line);
      if (Interp_runStatement(in, block, block_line) < 0 && strict) status = 1;
      free(block);
      block = NULL;
      if (status != 0) break;
    }
    size_t tlen = len;
    const char* t = strip(line, &tlen);
    if (tlen == 0 || t[0] == '#' || (tlen == 12 && strncmp(t, "import torch", 12) == 0)) {
      line = next;
      continue;
    }
    if (t[tlen - 1] == ':') {
      block = strndup(line, len);
      block_len = len;
      block_line = lineno;
      line = next;
      continue;
    }
    Interp_setLocation(in, filename, lineno);
    if (nl) *nl = '\0';
    if (run_simple(in, (char*)t, lineno, split_semicolons, strict) < 0 && strict) status = 1;
    if (nl) *nl = '\n';
    line = next;
  }
  if (block != NULL) {
    Interp_setLocation(in, filename, block_line);
    if (status == 0 && Interp_runStatement(in, block, block_line) < 0 && strict) status = 1;
    free(block);
  }
  Interp_free(in);
  return status;
}

static char* read_file(const char* path) {
  FILE* f = fopen(path, "rb");
  if (f == NULL) return NULL;
  size_t cap = 4096, len = 0;
  char* buf = malloc(cap);
  size_t n;
  while (buf && (n = fread(buf + len, 1, cap - len - 1, f)) > 0) {
    len += n;
    if (len + 1 == cap) buf = realloc(buf, cap *= 2);
  }
  fclose(f);
  if (buf) buf[len] = '\0';
  return buf;
}

int main(int argc, char** argv) {
  bool strict = false;
  int i = 1;
  for (; i < argc && argv[i][0] == '-' && strcmp(argv[i], "-c") != 0; i++) {
    if (strcmp(argv[i], "--trace=dispatch") == 0) {
      Dispatcher_verbose = true;
    } else if (strcmp(argv[i], "--strict") == 0) {
      strict = true;
    } else if (strcmp(argv[i], "--help") == 0 || strcmp(argv[i], "-h") == 0) {
      usage(stdout);
      return 0;
    } else {
      fprintf(stderr, "minaten: unknown option %s\n", argv[i]);
      usage(stderr);
      return 2;
    }
  }
  if (i >= argc) {
    usage(stderr);
    return 2;
  }
  if (at_register_all() < 0) {
    fprintf(stderr, "minaten: %s: %s\n", ErrorType_name(Error_type()), Error_message());
    return 1;
  }
  int status = 0;
  const char* cmd = argv[i];
  if (strcmp(cmd, "run") == 0 && i + 1 < argc) {
    char* text = read_file(argv[i + 1]);
    if (text == NULL) {
      fprintf(stderr, "minaten: cannot read %s\n", argv[i + 1]);
      status = 2;
    } else {
      const char* base = strrchr(argv[i + 1], '/');
      status = run_text(text, base ? base + 1 : argv[i + 1], false, strict);
      free(text);
    }
  } else if (strcmp(cmd, "-c") == 0 && i + 1 < argc) {
    char* text = strdup(argv[i + 1]);
    status = run_text(text, "<string>", true, strict);
    free(text);
  } else if (strcmp(cmd, "ops") == 0) {
    for (size_t k = 0; k < Dispatcher_numOperators(); k++) {
      const OperatorEntry* op = Dispatcher_operator(k);
      printf("%s%s%s\n", strstr(op->schema_text, "::") ? "" : op->schema.ns,
             strstr(op->schema_text, "::") ? "" : "::", op->schema_text);
    }
  } else if (strcmp(cmd, "dispatch") == 0 && i + 1 < argc) {
    char name[256];
    const char* arg = argv[i + 1];
    snprintf(name, sizeof name, "%s%s", strstr(arg, "::") ? "" : "aten::", arg);
    const OperatorEntry* op = Dispatcher_findSchema(name);
    if (op == NULL) {
      fprintf(stderr, "minaten: no operator named %s\n", name);
      status = 1;
    } else {
      printf("===== %s\n", op->qualified_name);
      OperatorEntry_dumpComputedTable(op, stdout);
    }
  } else {
    usage(stderr);
    status = 2;
  }
  Dispatcher_cleanup();
  return status;
}
