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

/* Runs the lines of `text`: split at newlines, and for -c also at ';'
 * outside strings, so that each statement reports its own error.  A file's
 * line is compiled whole, as the reference run compiles it (a ';' inside it
 * is the parser's). */
static int run_text(char* text, const char* filename, bool split_semicolons, bool strict) {
  Interp* in = Interp_new();
  int status = 0;
  int lineno = 1;
  char* line = text;
  while (line != NULL && *line) {
    char* end = line;
    char quote = 0;
    for (; *end && *end != '\n'; end++) {
      if (quote) {
        if (*end == quote) quote = 0;
      } else if (*end == '\'' || *end == '"') {
        quote = *end;
      } else if (*end == ';' && split_semicolons) {
        break;
      } else if (*end == '#') {
        while (*end && *end != '\n') end++;
        break;
      }
    }
    char saved = *end;
    *end = '\0';
    Interp_setLocation(in, filename, lineno);
    if (Interp_runLine(in, line) < 0 && strict) {
      status = 1;
      break;
    }
    if (saved == '\n') lineno++;
    line = saved ? end + 1 : NULL;
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
