/*
 * main.c - the `minaten` command: its arguments, and which of the
 * interpreter's ways of reading input runs.
 *
 *   minaten                    on a terminal: the interactive prompt (repl.c);
 *                              otherwise: run standard input as a script
 *   minaten run FILE.py        run a script of the dialect (FILE `-`: stdin)
 *   minaten -c 'CODE'          run statements separated by newlines or ';'
 *   minaten ops [PATTERN]      print the registered schemas (whose operator
 *                              name matches PATTERN)
 *   minaten dispatch OP        print OP's computed dispatch table
 *   minaten memory|lazy-graph|autograd-graph [-c SETUP] EXPR...
 *                              draw tensors in Graphviz's DOT (dot.h)
 *   minaten explain [-c SETUP]... 'EXPR' | FILE.py:LINE
 *                              why a reshape, view, contiguous, expand or
 *                              as_strided took its route (explain.c)
 *   options: --load LIB.so (load an operator library first, as
 *   torch.ops.load_library does), --yaml FILE (define the operators of a
 *   YAML file in native_functions.yaml's syntax, their kernels found by
 *   symbol name in the --load libraries or minaten: yaml_library.h; after
 *   every --load), --trace=dispatch (print every dispatcher hop; with --dot
 *   FILE also drawn as a graph: dispatch/DispatchGraph.h), --strict
 *   (stop at the first failing line with exit status 1), --help
 *
 * Exit status: 0 when the script ran (a failing line is reported and the
 * next one runs: the dialect's per-line try/except), 1 with --strict at the
 * first failing line, 2 for a usage error or a script that cannot be read
 * (python3's 2 and its "can't open file" message), 1 for a script or -c
 * command that is not UTF-8 (python3's SyntaxError, nothing runs); `ops` and `dispatch`
 * exit 1 when no operator matches; 1 when a --load library or a --yaml file
 * cannot be loaded (nothing runs); 120 when a script's write to standard
 * output failed (python3's exit status then: /dev/full, a full disk), 1 for
 * another command's.
 */
#include <errno.h>
#include <fnmatch.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "autograd/autograd.h"
#include "dispatch/DispatchGraph.h"
#include "dispatch/Dispatcher.h"
#include "dispatch/OperatorLibrary.h"
#include "runtime/Allocator.h"
#include "runtime/Exception.h"
#include "tools/minaten/dot.h"
#include "tools/minaten/explain.h"
#include "tools/minaten/interpreter/interp.h"
#include "tools/minaten/interpreter/repl.h"
#include "tools/minaten/interpreter/utf8.h"
#include "tools/minaten/yaml_library.h"

static void usage(FILE* out) {
  fputs("usage: minaten [--load LIB.so]... [--yaml FILE]... [--trace=dispatch] [--strict]\n"
        "               [--stats[=N]]\n"
        "               [run FILE.py | run - | -c CODE]\n"
        "       minaten ops [PATTERN]\n"
        "       minaten dispatch [NAMESPACE::]NAME[.OVERLOAD]\n"
        "       minaten memory|lazy-graph|autograd-graph [-c SETUP]... [-o FILE]\n"
        "               [--format dot|svg|png] EXPR...\n"
        "       minaten explain [-c SETUP]... 'EXPR' | FILE.py:LINE\n"
        "\n"
        "Runs scripts in minaten's dialect of Python (docs/dialect.md), which run\n"
        "unchanged under PyTorch 1.13, against minaten's operators.  A line that fails\n"
        "prints `Type: message` on stdout and the next line runs.\n"
        "\n"
        "commands:\n"
        "  (none)          stdin a terminal: the interactive prompt, like python3's:\n"
        "                  `>>> `, and `... ` while a statement goes on (a bracket is\n"
        "                  open; a block, until an empty line); an expression's value\n"
        "                  is printed (its repr), an error as Python's traceback on\n"
        "                  stderr, and the session goes on (--strict or not).  Line\n"
        "                  editing and history (libedit); Ctrl-C drops the input;\n"
        "                  Ctrl-D on an empty line leaves (exit status 0).\n"
        "                  stdin not a terminal: runs stdin as a script, as `run -`.\n"
        "  run FILE.py     run a script; `run -` reads it from stdin (named <stdin>)\n"
        "  -c CODE         run CODE: statements separated by newlines or ';'\n"
        "  ops [PATTERN]   print every registered schema, or those whose operator\n"
        "                  name (aten::add.Tensor) matches PATTERN: a shell glob\n"
        "                  (fnmatch) when it has * ? or [, tried on the name with\n"
        "                  and without its namespace ('aten::add*', 'add.*');\n"
        "                  otherwise a substring ('add').  No match: a line on\n"
        "                  stderr saying so, exit status 1.\n"
        "  dispatch NAME   print the operator's computed dispatch table, as\n"
        "                  torch._C._dispatch_dump_table does; the namespace defaults\n"
        "                  to aten.  Without an overload (aten::add), NAME is the\n"
        "                  default overload, else the only one; if there are several,\n"
        "                  they are listed on stderr (exit status 1, as for an unknown\n"
        "                  operator).\n"
        "  memory EXPR...  draw tensors over their storage (DOT; docs/pictures.md)\n"
        "  lazy-graph EXPR...      draw lazy tensors' IR graph\n"
        "  autograd-graph EXPR...  draw the backward graph behind tensors' grad_fn\n"
        "                  (after running the -c SETUP statements; -o FILE, and\n"
        "                  --format svg|png runs Graphviz's dot)\n"
        "  explain EXPR    run the SETUP lines (or FILE's lines before LINE), then\n"
        "                  tell why EXPR (x.reshape(3, 8), x.view(...), x.contiguous(),\n"
        "                  x.expand(...), x.as_strided(...)) took its route, and\n"
        "                  check that route against the trace (docs/explain.md)\n"
        "\n"
        "options:\n"
        "  --load LIB.so     load an operator library first, as torch.ops.load_library\n"
        "                    does (docs/operator-libraries.md); its operators are then\n"
        "                    listed by ops and dispatch.  Repeatable.\n"
        "  --yaml FILE       define the operators of FILE, entries in the syntax of\n"
        "                    native_functions.yaml with a namespace of your own\n"
        "                    (`- func: myops::cube(Tensor self) -> Tensor`, `dispatch:`\n"
        "                    `CPU: cube`), their kernels found by symbol name\n"
        "                    (at_native_cube) in the --load libraries or minaten\n"
        "                    (docs/adding-an-operator.md).  Repeatable; read after\n"
        "                    every --load.  An error is `FILE:LINE:COL: message`,\n"
        "                    exit status 1, and nothing of that file is defined.\n"
        "  --trace=dispatch  print every dispatcher hop: operator, key, kernel\n"
        "  --dot FILE        with --trace=dispatch: also draw the hops as a graph\n"
        "                    (DOT; FILE.svg or FILE.png: rendered by Graphviz's dot)\n"
        "  --strict          stop at the first failing line, exit status 1\n"
        "  --stats[=N]       at exit (and every N lines of a script), print the\n"
        "                    allocator's counters (allocations, frees, bytes live,\n"
        "                    cache hits, misses, bytes) and the resident set on stderr\n"
        "  -h, --help        print this help and exit\n"
        "\n"
        "exit status: 0 done; 1 a line failed under --strict, no operator matched, or\n"
        "a --load library or --yaml file could not be loaded; 2 a usage error or a\n"
        "script that cannot be read; 120 a script's output could not be written\n"
        "(python3's status; 1 for the other commands).\n"
        "Documentation: docs/ in minaten's source tree.\n",
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

/* The resident set now and its peak, in kB: VmRSS and VmHWM of
 * /proc/self/status, read together (the kernel reports VmHWM >= VmRSS; two
 * sources, statm's pages and getrusage's ru_maxrss, could disagree and
 * showed a peak below the current size).  -1 when unknown. */
static void resident_set(long* rss_kb, long* max_rss_kb) {
  *rss_kb = *max_rss_kb = -1;
  FILE* status = fopen("/proc/self/status", "r");
  if (status == NULL) return;
  char line[256];
  while (fgets(line, sizeof line, status) != NULL) {
    if (strncmp(line, "VmRSS:", 6) == 0) *rss_kb = strtol(line + 6, NULL, 10);
    if (strncmp(line, "VmHWM:", 6) == 0) *max_rss_kb = strtol(line + 6, NULL, 10);
  }
  fclose(status);
}

/* --stats: the allocator's counters (at exit: bytes live 0 and as many frees
 * as allocations, unless storage leaked; its cache's hits, misses, bytes), the
 * resident set now and its peak; tests/soak/soak.py reads them (--stats=N). */
static long stats_every;
static void print_stats(FILE* out, const char* at) {
  Interp_flushStdout();
  AllocatorStats a = Allocator_stats();
  long rss_kb, max_rss_kb;
  resident_set(&rss_kb, &max_rss_kb);
  fprintf(out,
          "minaten: stats at %s: allocations=%lld frees=%lld bytes_live=%lld bytes_total=%lld rss_kb=%ld "
          "max_rss_kb=%ld cache_hits=%lld cache_misses=%lld bytes_cached=%lld\n",
          at, (long long)a.allocations, (long long)a.frees, (long long)a.bytes_current, (long long)a.bytes_total,
          rss_kb, max_rss_kb, (long long)a.cache_hits, (long long)a.cache_misses, (long long)a.bytes_cached);
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
    if (stats_every > 0 && lineno > 0 && lineno % stats_every == 0 && block == NULL) {
      char at[32];
      snprintf(at, sizeof at, "line %d", lineno);
      print_stats(stderr, at);
    }
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

/* Reads all of `f` into a new NUL-terminated buffer; NULL (errno set) on a
 * read error or when out of memory. */
static char* read_stream(FILE* f) {
  size_t cap = 4096, len = 0;
  char* buf = malloc(cap);
  if (buf == NULL) return NULL;
  size_t n;
  while ((n = fread(buf + len, 1, cap - len - 1, f)) > 0) {
    len += n;
    if (len + 1 == cap) {
      char* bigger = realloc(buf, cap *= 2);
      if (bigger == NULL) {
        free(buf);
        return NULL;
      }
      buf = bigger;
    }
  }
  if (ferror(f)) {
    int err = errno;
    free(buf);
    errno = err ? err : EIO;
    return NULL;
  }
  buf[len] = '\0';
  return buf;
}

/* The script `run PATH` names: a file, or standard input for `-`.  On
 * failure prints python3's message and returns NULL (exit status 2):
 *   python3: can't open file '/abs/path': [Errno 2] No such file or directory */
static char* read_script(const char* path) {
  FILE* f = strcmp(path, "-") == 0 ? stdin : fopen(path, "rb");
  char* text = f ? read_stream(f) : NULL;
  int err = errno;
  if (f != NULL && f != stdin) fclose(f);
  if (text == NULL) {
    char cwd[4096] = "";
    if (path[0] != '/' && strcmp(path, "-") != 0 && getcwd(cwd, sizeof cwd - 1) != NULL) strcat(cwd, "/");
    fprintf(stderr, "minaten: can't open file '%s%s': [Errno %d] %s\n", cwd, path, err, strerror(err));
  }
  return text;
}

/* A -c command that is not valid UTF-8 does not run: python3's message on
 * stderr, exit status 1.  python3 decodes its arguments with
 * surrogateescape, so the first bad byte B is the character U+DC00+B at the
 * position counted in characters.  Python 3.11: Modules/main.c
 * (pymain_run_command, "Unable to decode the command from the command line:") */
static bool is_utf8_command(const char* command) {
  int64_t bad = utf8_find_invalid(command, strlen(command));
  if (bad < 0) return true;
  int64_t position = 0;
  for (int64_t i = 0; i < bad; i++) position += (command[i] & 0xC0) != 0x80;
  fprintf(stderr,
          "Unable to decode the command from the command line:\n"
          "UnicodeEncodeError: 'utf-8' codec can't encode character '\\udc%02x' in position %lld: surrogates not "
          "allowed\n",
          (unsigned char)command[bad], (long long)position);
  return false;
}

/* `run PATH`: 0, 1 (--strict, a line failed; or not UTF-8) or 2 (unreadable). */
static int run_script(const char* path, bool strict) {
  char* text = read_script(path);
  if (text == NULL) return 2;
  const char* base = strrchr(path, '/');
  const char* filename = strcmp(path, "-") == 0 ? "<stdin>" : base ? base + 1 : path;
  if (!utf8_check_script(text, filename)) {
    free(text);
    return 1;
  }
  int status = run_text(text, filename, false, strict);
  free(text);
  return status;
}

/* Whether operator `op` matches the `ops` PATTERN: a glob (it has one of
 * `*?[`) matched by fnmatch(3) against the full name (aten::add.Tensor) or
 * the name after the namespace (add.Tensor); otherwise a substring of the
 * full name. */
static bool operator_matches(const OperatorEntry* op, const char* pattern) {
  const char* name = op->qualified_name;
  if (strpbrk(pattern, "*?[") == NULL) return strstr(name, pattern) != NULL;
  const char* sep = strstr(name, "::");
  return fnmatch(pattern, name, 0) == 0 || (sep != NULL && fnmatch(pattern, sep + 2, 0) == 0);
}

/* `ops [PATTERN]`: prints the schemas, all or those matching; 0, or 1 after
 * a line on stderr when PATTERN matches none. */
static int list_operators(const char* pattern) {
  size_t printed = 0;
  for (size_t k = 0; k < Dispatcher_numOperators(); k++) {
    const OperatorEntry* op = Dispatcher_operator(k);
    if (pattern != NULL && !operator_matches(op, pattern)) continue;
    bool qualified = strstr(op->schema_text, "::") != NULL;
    printf("%s%s%s\n", qualified ? "" : op->schema.ns, qualified ? "" : "::", op->schema_text);
    printed++;
  }
  if (pattern == NULL || printed > 0) return 0;
  fprintf(stderr, "minaten: ops: no operator's name matches '%s' (%s)\n", pattern,
          strpbrk(pattern, "*?[") != NULL ? "a glob, tried with and without the namespace"
                                          : "a substring of names such as aten::add.Tensor");
  return 1;
}

/* `dispatch NAME`: the operator NAME names, as the dispatcher looks it up
 * (an exact name; no overload means the default one), or else the only
 * overload of that base name.  Returns NULL after printing why: no such
 * operator, or several overloads (listed, for the user to pick one). */
static const OperatorEntry* resolve_operator(const char* name) {
  /* findOp: an operator a library gave kernels but no schema has a table too */
  const OperatorEntry* op = Dispatcher_findOp(name);
  if (op != NULL) return op;
  const char* sep = strstr(name, "::");
  size_t nmatch = 0;
  const OperatorEntry* only = NULL;
  if (sep != NULL && strchr(sep, '.') == NULL) {
    for (size_t k = 0; k < Dispatcher_numOperators(); k++) {
      const OperatorEntry* o = Dispatcher_operator(k);
      size_t ns_len = (size_t)(sep - name);
      if (strlen(o->schema.ns) == ns_len && strncmp(o->schema.ns, name, ns_len) == 0 &&
          strcmp(o->schema.name, sep + 2) == 0) {
        only = o;
        nmatch++;
      }
    }
  }
  if (nmatch == 1) return only;
  if (nmatch == 0) {
    fprintf(stderr, "minaten: no operator named %s\n", name);
    return NULL;
  }
  fprintf(stderr, "minaten: %s is ambiguous: it has %zu overloads and no default one; name one of\n", name, nmatch);
  for (size_t k = 0; k < Dispatcher_numOperators(); k++) {
    const OperatorEntry* o = Dispatcher_operator(k);
    if (strcmp(o->schema.name, sep + 2) == 0 && strncmp(o->qualified_name, name, (size_t)(sep - name) + 2) == 0)
      fprintf(stderr, "  %s\n", o->qualified_name);
  }
  return NULL;
}

/* `dispatch NAME`: 0, or 1 when NAME names no single operator. */
static int dump_dispatch_table(const char* arg) {
  char name[256];
  snprintf(name, sizeof name, "%s%s", strstr(arg, "::") ? "" : "aten::", arg);
  const OperatorEntry* op = resolve_operator(name);
  if (op == NULL) return 1;
  printf("===== %s\n", op->qualified_name);
  OperatorEntry_dumpComputedTable(op, stdout);
  return 0;
}

/* The exit status once every write to standard output has been checked
 * (interpreter/pylifecycle.c): `status`, unless one failed (/dev/full, a
 * full disk): then a script's (no command, run, -c) is python3's report
 * and its exit status 120; another command's is one line,
 * `minaten: COMMAND: cannot write standard output: ...`, and 1. */
static int check_stdout(int status, const char* cmd) {
  if (cmd == NULL || strcmp(cmd, "run") == 0 || strcmp(cmd, "-c") == 0) return flush_std_files() < 0 ? 120 : status;
  int err = Interp_stdoutErrno();
  if (err == 0) return status;
  fprintf(stderr, "minaten: %s: cannot write standard output: %s\n", cmd, strerror(err));
  return status != 0 ? status : 1;
}

/* A usage error: the message, then the usage, on stderr; exit status 2. */
static int usage_error(const char* what, const char* arg) {
  fprintf(stderr, "minaten: %s%s\n", what, arg ? arg : "");
  usage(stderr);
  return 2;
}

/* The operator libraries of --load, loaded after minaten's own operators,
 * then the YAML files of --yaml: 0, or 1 after saying why one failed (a
 * missing file, an undefined symbol, a block that failed; FILE:LINE:COL for
 * a YAML file). */
static int load_libraries(const char** paths, int n, const char** yaml_paths, int num_yaml) {
  if (OperatorLibrary_registerStaticBlocks() < 0) {
    fprintf(stderr, "minaten: %s: %s\n", ErrorType_name(Error_type()), Error_message());
    return 1;
  }
  for (int k = 0; k < n; k++) {
    if (OperatorLibrary_load(paths[k]) == NULL) {
      fprintf(stderr, "minaten: --load %s: %s: %s\n", paths[k], ErrorType_name(Error_type()), Error_message());
      Error_clear();
      return 1;
    }
  }
  for (int k = 0; k < num_yaml; k++)
    if (YamlLibrary_load(yaml_paths[k]) < 0) return 1;
  return 0;
}

int main(int argc, char** argv) {
  Interp_createStdout(); /* every write checked: check_stdout */
  bool strict = false, stats = false;
  const char* load[16];
  int num_load = 0;
  const char* yaml[16];
  int num_yaml = 0;
  const char* dot_path = NULL;
  int i = 1;
  for (; i < argc && argv[i][0] == '-' && strcmp(argv[i], "-c") != 0; i++) {
    if (strcmp(argv[i], "--load") == 0 || strncmp(argv[i], "--load=", 7) == 0) {
      const char* path = argv[i][6] == '=' ? argv[i] + 7 : (i + 1 < argc ? argv[++i] : NULL);
      if (path == NULL || path[0] == '\0') return usage_error("--load: expected a shared library", NULL);
      if (num_load == (int)(sizeof load / sizeof load[0])) return usage_error("too many --load options", NULL);
      load[num_load++] = path;
    } else if (strcmp(argv[i], "--yaml") == 0 || strncmp(argv[i], "--yaml=", 7) == 0) {
      const char* path = argv[i][6] == '=' ? argv[i] + 7 : (i + 1 < argc ? argv[++i] : NULL);
      if (path == NULL || path[0] == '\0') return usage_error("--yaml: expected a YAML file", NULL);
      if (num_yaml == (int)(sizeof yaml / sizeof yaml[0])) return usage_error("too many --yaml options", NULL);
      yaml[num_yaml++] = path;
    } else if (strcmp(argv[i], "--trace=dispatch") == 0) {
      Dispatcher_verbose = true;
    } else if (strcmp(argv[i], "--dot") == 0 || strncmp(argv[i], "--dot=", 6) == 0) {
      dot_path = argv[i][5] == '=' ? argv[i] + 6 : (i + 1 < argc ? argv[++i] : NULL);
      if (dot_path == NULL || dot_path[0] == '\0') return usage_error("--dot: expected a file", NULL);
    } else if (strcmp(argv[i], "--strict") == 0) {
      strict = true;
    } else if (strcmp(argv[i], "--stats") == 0) {
      stats = true;
    } else if (strncmp(argv[i], "--stats=", 8) == 0) {
      char* end;
      stats = true;
      stats_every = strtol(argv[i] + 8, &end, 10);
      if (*end != '\0' || end == argv[i] + 8 || stats_every <= 0) return usage_error("bad option ", argv[i]);
    } else if (strcmp(argv[i], "--help") == 0 || strcmp(argv[i], "-h") == 0) {
      usage(stdout);
      return check_stdout(0, argv[i]);
    } else {
      return usage_error("unknown option ", argv[i]);
    }
  }
  /* The command and how many arguments it takes (optional ones: max). */
  const char* cmd = i < argc ? argv[i] : NULL;
  int nargs = argc - i - 1;
  if (cmd == NULL) {
    /* as python3 with no arguments */
  } else if (strcmp(cmd, "run") == 0 || strcmp(cmd, "-c") == 0 || strcmp(cmd, "dispatch") == 0) {
    if (nargs < 1)
      return usage_error(strcmp(cmd, "-c") == 0  ? "Argument expected for the -c option"
                         : strcmp(cmd, "run") == 0 ? "run: expected FILE.py, or - for stdin"
                                                   : "dispatch: expected an operator name",
                         NULL);
    if (nargs > 1) return usage_error("unexpected argument ", argv[i + 2]);
  } else if (strcmp(cmd, "explain") == 0) {
    /* its own arguments: explain.c */
  } else if (strcmp(cmd, "ops") == 0) {
    if (nargs > 1) return usage_error("unexpected argument ", argv[i + 2]);
  } else if (strcmp(cmd, "memory") == 0 || strcmp(cmd, "lazy-graph") == 0 || strcmp(cmd, "autograd-graph") == 0) {
    /* DotCommand_main parses its own arguments */
  } else {
    return usage_error("unknown command ", cmd);
  }
  if (dot_path != NULL && !Dispatcher_verbose) {
    fputs("minaten: --dot FILE draws the hops --trace=dispatch traces: add --trace=dispatch\n", stderr);
    return 2;
  }
  DispatchGraph_recording = dot_path != NULL;
  if (at_register_all() < 0 || at_register_VariableType() < 0 || at_register_ADInplaceOrViewType() < 0) {
    fprintf(stderr, "minaten: %s: %s\n", ErrorType_name(Error_type()), Error_message());
    return 1;
  }
  int status = load_libraries(load, num_load, yaml, num_yaml);
  if (status != 0) {
    /* nothing to run */
  } else if (cmd == NULL) {
    status = isatty(STDIN_FILENO) ? Repl_interactiveLoop() : run_script("-", strict);
  } else if (strcmp(cmd, "run") == 0) {
    status = run_script(argv[i + 1], strict);
  } else if (strcmp(cmd, "-c") == 0) {
    char* text = is_utf8_command(argv[i + 1]) ? strdup(argv[i + 1]) : NULL;
    status = text ? run_text(text, "<string>", true, strict) : 1;
    free(text);
  } else if (strcmp(cmd, "explain") == 0) {
    status = explain_main(nargs, argv + i + 1);
  } else if (strcmp(cmd, "ops") == 0) {
    status = list_operators(nargs == 1 ? argv[i + 1] : NULL);
  } else if (strcmp(cmd, "dispatch") != 0) {
    status = DotCommand_main(cmd, nargs, argv + i + 1);
  } else {
    status = dump_dispatch_table(argv[i + 1]);
  }
  if (dot_path != NULL) status = Dot_writeDispatchGraph(dot_path, status);
  status = check_stdout(status, cmd);
  OperatorLibrary_unloadAll();
  Dispatcher_cleanup();
  Allocator_emptyCache(); /* nothing held at exit: bytes_cached=0 */
  if (stats) print_stats(stderr, "exit");
  return status;
}
