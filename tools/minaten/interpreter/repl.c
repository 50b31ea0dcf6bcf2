/*
 * repl.c - the interactive prompt: `minaten` with no command, on a terminal.
 *
 * It is Python 3.11's interactive loop as `python3` runs it when standard
 * input is a terminal (Modules/main.c pymain_run_stdin ->
 * Python/pythonrun.c PyRun_InteractiveLoopFlags): a banner on stderr, then
 * one statement at a time read, run and reported, until end of file.
 *
 *   reading a line      Parser/myreadline.c PyOS_Readline: with line editing
 *                       and history (Modules/readline.c call_readline; here
 *                       Debian's libedit, through its readline-compatible
 *                       API) when stdin and stdout are both terminals, else a
 *                       plain read with the prompt on stderr
 *                       (PyOS_StdioReadline).
 *   gathering a         Parser/tokenizer.c with tok->prompt set: `>>> ` for
 *   statement           the first line, `... ` for each further one.  A
 *                       statement goes on while a bracket or a triple-quoted
 *                       string is open or a line ends in a backslash.  A
 *                       compound statement (its first word is if, for,
 *                       while, try, with, def, class or async) goes on until
 *                       a totally empty line -- one with only blanks or a
 *                       comment does not end it -- or until a line at column
 *                       0 that is not one of its clauses (elif, else, except,
 *                       finally), which Python's parser rejects at once and
 *                       which is therefore sent with the statement, for the
 *                       parser to report.  A tokenizer error (an unmatched
 *                       ')', an unterminated string) also ends the statement
 *                       at once.  A first line with only blanks or a comment
 *                       runs nothing.
 *   running it          Interp_runStatement, as line 1 of "<stdin>" (each
 *                       interactive statement is compiled on its own), in
 *                       interactive mode (an expression's value is printed as
 *                       its repr: sys.displayhook) with errors as Python's
 *                       traceback on stderr.  No error ends the session.
 *   keys                Ctrl-C while typing drops the statement and prints
 *                       KeyboardInterrupt; Ctrl-D on an empty line prints a
 *                       newline, then runs the statement being gathered, or
 *                       at `>>> ` ends the session with exit status 0.  Up and
 *                       down arrows walk the history (each line read, except
 *                       empty ones and a repeat of the line before, as
 *                       call_readline adds them); Tab inserts a tab.
 *
 * NB(minaten): Ctrl-C while a statement runs ends minaten, where Python
 * raises KeyboardInterrupt inside the running code: the interpreter has no
 * point where it checks for signals, so SIGINT keeps its usual action
 * outside of reading.
 *
 * Invariant: SIGINT is caught (on_sigint) only between catch_sigint and
 * release_sigint, around reading one line.
 */
#include "tools/minaten/interpreter/repl.h"

#include <ctype.h>
#include <errno.h>
#include <langinfo.h>
#include <limits.h>
#include <locale.h>
#include <signal.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/select.h>
#include <unistd.h>
#include <wchar.h>

#include <editline/readline.h>

#include "tools/minaten/interpreter/interp.h"

/* ---- Ctrl-C while reading: Modules/signalmodule.c's flag, checked by the reader ---- */

static volatile sig_atomic_t interrupted;
static struct sigaction saved_sigint;
static bool sigint_caught;

static void on_sigint(int signo) {
  (void)signo;
  interrupted = 1;
}

/* Catches SIGINT for the time of one read, unless it was ignored when
 * minaten started (then, as in Python, Ctrl-C does nothing). */
static void catch_sigint(void) {
  struct sigaction sa;
  memset(&sa, 0, sizeof sa);
  sa.sa_handler = on_sigint;
  sigemptyset(&sa.sa_mask);
  sa.sa_flags = 0; /* no SA_RESTART: a read in progress fails with EINTR */
  interrupted = 0;
  sigint_caught = sigaction(SIGINT, NULL, &saved_sigint) == 0 && saved_sigint.sa_handler != SIG_IGN &&
                  sigaction(SIGINT, &sa, NULL) == 0;
}

static void release_sigint(void) {
  if (sigint_caught) sigaction(SIGINT, &saved_sigint, NULL);
  sigint_caught = false;
}

/* ---- reading a line: Parser/myreadline.c PyOS_Readline ---- */

typedef enum ReadResult { Read_Line, Read_EOF, Read_Interrupt } ReadResult;

static bool use_readline;   /* stdin and stdout are terminals: libedit reads */
static char* last_history;  /* the newest history entry (call_readline's check) */

/* The next byte of stdin, or EOF at end of file, on an error, or once
 * Ctrl-C was pressed (`interrupted` tells which).  SIGINT is unblocked only
 * inside pselect, so a Ctrl-C is never missed between the check and the
 * wait; and stdin is read without stdio's buffer, which pselect could not
 * see. */
static int read_byte(void) {
  sigset_t sigint, unblocked;
  sigemptyset(&sigint);
  sigaddset(&sigint, SIGINT);
  for (;;) {
    sigprocmask(SIG_BLOCK, &sigint, &unblocked);
    int ready = -1, err = EINTR;
    if (!interrupted) {
      fd_set fds;
      FD_ZERO(&fds);
      FD_SET(STDIN_FILENO, &fds);
      ready = pselect(STDIN_FILENO + 1, &fds, NULL, NULL, NULL, &unblocked);
      err = errno;
    }
    sigprocmask(SIG_SETMASK, &unblocked, NULL);
    if (interrupted) return EOF;
    if (ready < 0) {
      if (err == EINTR) continue;
      return EOF;
    }
    unsigned char byte;
    ssize_t got = read(STDIN_FILENO, &byte, 1);
    if (got < 0 && errno == EINTR) continue;
    return got == 1 ? byte : EOF;
  }
}

/* rl_getc_function: the next character typed, or EOF (read_byte's cases);
 * Ctrl-C makes libedit's readline() return NULL, as at end of file.  The
 * bytes are decoded here as libedit's own read_char decodes them (mbrtowc,
 * invalid bytes dropped), since libedit takes a custom function's int as
 * the wide character. */
static int repl_getc(FILE* stream) {
  (void)stream;
  char bytes[MB_LEN_MAX];
  size_t n = 0;
  for (;;) {
    int c = read_byte();
    if (c == EOF) return EOF;
    bytes[n++] = (char)c;
    wchar_t wc;
    mbstate_t state;
    memset(&state, 0, sizeof state);
    size_t len = mbrtowc(&wc, bytes, n, &state);
    if (len == (size_t)-2 && n < sizeof bytes) continue; /* a character's first bytes */
    if (len == (size_t)-1 || len == (size_t)-2) {
      n = 0; /* not a character: dropped */
      continue;
    }
    return (int)wc;
  }
}

/* Python 3.11: Modules/readline.c setup_readline. */
static void setup_readline(void) {
  rl_readline_name = "minaten"; /* the section of ~/.editrc that applies */
  rl_instream = stdin;
  rl_outstream = stdout;
  rl_catch_signals = 0; /* libedit would re-raise SIGINT to the process group */
  rl_getc_function = repl_getc;
  rl_inhibit_completion = 1; /* Tab inserts itself, for indenting a block */
  /* NB: libedit's using_history() initializes too when rl_initialize() was
   * not called yet, and a second rl_initialize() drops the first editor's
   * strings (LeakSanitizer sees them): so this order, once. */
  use_readline = rl_initialize() == 0;
  using_history();
}

/* Python 3.11: Modules/readline.c call_readline.  On Read_Line, *line is
 * a new string without its newline. */
static ReadResult call_readline(const char* prompt, char** line) {
  *line = readline(prompt);
  if (interrupted) {
    free(*line);
    *line = NULL;
    return Read_Interrupt;
  }
  if (*line == NULL) return Read_EOF;
  if ((*line)[0] != '\0' && (last_history == NULL || strcmp(*line, last_history) != 0)) {
    add_history(*line);
    free(last_history);
    last_history = strdup(*line);
  }
  return Read_Line;
}

/* Python 3.11: Parser/myreadline.c PyOS_StdioReadline: the prompt on
 * stderr, a line from stdin (the terminal's own line editing).  On
 * Read_Line, *line is a new string without its newline. */
static ReadResult stdio_readline(const char* prompt, char** line) {
  fputs(prompt, stderr);
  fflush(stderr);
  char* text = NULL;
  size_t len = 0;
  int c;
  while ((c = read_byte()) != EOF && c != '\n') {
    if (len % 128 == 0) {
      char* bigger = realloc(text, len + 129);
      if (bigger == NULL) break;
      text = bigger;
    }
    text[len++] = (char)c;
  }
  if (interrupted || (c == EOF && len == 0)) {
    free(text);
    *line = NULL;
    return interrupted ? Read_Interrupt : Read_EOF;
  }
  *line = text ? text : malloc(1);
  if (*line == NULL) return Read_EOF;
  (*line)[len] = '\0';
  return Read_Line;
}

/* Python 3.11: Parser/myreadline.c PyOS_Readline. */
static ReadResult PyOS_Readline(const char* prompt, char** line) {
  Interp_flushStdout();
  catch_sigint();
  ReadResult r = use_readline ? call_readline(prompt, line) : stdio_readline(prompt, line);
  release_sigint();
  return r;
}

/* ---- gathering a statement: Parser/tokenizer.c in interactive mode ---- */

enum { kMaxLevel = 200 }; /* Parser/tokenizer.h MAXLEVEL: brackets open at once */

/* What the tokenizer knows at the end of a line, of the statement so far. */
typedef struct StatementReader {
  char paren[kMaxLevel]; /* the open brackets, innermost last (tok->parenstack) */
  int level;             /* how many (tok->level) */
  char quote;            /* the quote of a string still open, or 0 */
  bool triple;           /* ... a triple-quoted one */
  bool backslash;        /* the line ended in a backslash: a continuation line follows */
  bool compound;         /* the statement is a compound statement */
  bool error;            /* a tokenizer error: Python reports it without reading on */
  int nlines;
} StatementReader;

static bool is_blank_or_comment(const char* line) {
  line += strspn(line, " \t\f");
  return *line == '\0' || *line == '#';
}

/* Whether the line, at column 0, starts with one of the keywords in
 * `words` (space-separated). */
static bool starts_with_keyword(const char* line, const char* words) {
  size_t n = 0;
  while (isalnum((unsigned char)line[n]) || line[n] == '_') n++;
  for (const char* w = words; n > 0 && *w;) {
    size_t len = strcspn(w, " ");
    if (len == n && strncmp(w, line, n) == 0) return true;
    w += len + (w[len] == ' ');
  }
  return false;
}

/* Reads the line's strings, brackets, comment and final backslash into r. */
static void scan_line(StatementReader* r, const char* line) {
  r->backslash = false;
  bool string_goes_on = false; /* the line ends in a backslash inside a string */
  for (const char* p = line; *p && !r->error; p++) {
    if (r->quote) {
      if (*p == '\\') {
        string_goes_on = p[1] == '\0';
        if (string_goes_on) break;
        p++;
      } else if (*p == r->quote && (!r->triple || (p[1] == r->quote && p[2] == r->quote))) {
        p += r->triple ? 2 : 0;
        r->quote = 0;
      }
      continue;
    }
    if (*p == '#') {
      p += strlen(p) - 1;
    } else if (*p == '\'' || *p == '"') {
      r->quote = *p;
      r->triple = p[1] == *p && p[2] == *p;
      p += r->triple ? 2 : 0;
    } else if (strchr("([{", *p) != NULL) {
      if (r->level == kMaxLevel)
        r->error = true; /* too many nested parentheses */
      else
        r->paren[r->level++] = *p;
    } else if (strchr(")]}", *p) != NULL) {
      char open = *p == ')' ? '(' : *p == ']' ? '[' : '{';
      if (r->level == 0 || r->paren[r->level - 1] != open)
        r->error = true; /* unmatched, or does not match the opening one */
      else
        r->level--;
    } else if (*p == '\\') {
      if (p[1] == '\0')
        r->backslash = true;
      else
        r->error = true; /* unexpected character after line continuation character */
    }
  }
  if (r->quote && !r->triple && !string_goes_on) {
    r->error = true; /* unterminated string literal */
    r->quote = 0;
  }
}

/* Takes the next line of a statement; returns whether the statement goes
 * on.  *keep says whether the line is part of its text (the empty line
 * that closes a block is not). */
static bool statement_continues(StatementReader* r, const char* line, bool* keep) {
  bool logical_start = r->level == 0 && r->quote == 0 && !r->backslash;
  *keep = true;
  if (r->nlines++ == 0) {
    r->compound = starts_with_keyword(line, "if while for try with def class async");
  } else if (r->compound && logical_start) {
    if (line[0] == '\0') {
      *keep = false;
      return false;
    }
    if (!is_blank_or_comment(line) && !isspace((unsigned char)line[0]) &&
        !starts_with_keyword(line, "elif else except finally")) {
      scan_line(r, line);
      return false;
    }
  }
  scan_line(r, line);
  return !r->error && (r->quote != 0 || r->level > 0 || r->backslash || r->compound);
}

/* The statement's text: its lines joined by '\n'.  false when out of memory. */
static bool append_line(char** text, size_t* len, const char* line) {
  size_t n = strlen(line);
  char* bigger = realloc(*text, *len + n + 2);
  if (bigger == NULL) return false;
  *text = bigger;
  if (*len > 0) (*text)[(*len)++] = '\n';
  memcpy(*text + *len, line, n + 1);
  *len += n;
  return true;
}

/* ---- the loop: Python/pythonrun.c ---- */

/* Python 3.11: Python/pythonrun.c PyRun_InteractiveOneObjectEx: reads one
 * statement and runs it.  Returns 0, or EOF at end of file at `>>> `. */
static int PyRun_InteractiveOne(Interp* in) {
  StatementReader r;
  memset(&r, 0, sizeof r);
  char* text = NULL;
  size_t len = 0;
  bool more = true;
  while (more) {
    char* line = NULL;
    ReadResult res = PyOS_Readline(r.nlines == 0 ? ">>> " : "... ", &line);
    FILE* term = use_readline ? stdout : stderr; /* where the prompt went */
    if (res == Read_Interrupt) {
      fputc('\n', term);
      fflush(term);
      fputs("KeyboardInterrupt\n", stderr);
      free(text);
      return 0;
    }
    if (res == Read_EOF) {
      fputc('\n', term);
      fflush(term);
      if (r.nlines == 0) return EOF;
      break; /* the end of the input ends the statement */
    }
    if (r.nlines == 0 && is_blank_or_comment(line)) {
      free(line);
      return 0;
    }
    bool keep;
    more = statement_continues(&r, line, &keep);
    bool ok = !keep || append_line(&text, &len, line);
    free(line);
    if (!ok) {
      fputs("MemoryError\n", stderr);
      free(text);
      return 0;
    }
  }
  if (text != NULL) Interp_runStatement(in, text, 1);
  free(text);
  return 0;
}

/* PEP 538 (Python/pylifecycle.c _Py_CoerceLegacyLocale): Python reads a
 * terminal as UTF-8 even in the C locale; libedit decodes what is typed
 * with the C library's LC_CTYPE, so that is made UTF-8 likewise. */
static void coerce_legacy_locale(void) {
  if (setlocale(LC_CTYPE, "") == NULL || strcmp(nl_langinfo(CODESET), "UTF-8") != 0) {
    const char* name = setlocale(LC_CTYPE, NULL);
    if (name == NULL || strcmp(name, "C") == 0 || strcmp(name, "POSIX") == 0) setlocale(LC_CTYPE, "C.UTF-8");
  }
}

/* Python 3.11: Python/pythonrun.c PyRun_InteractiveLoopFlags. */
int Repl_interactiveLoop(void) {
  coerce_legacy_locale();
  if (isatty(STDIN_FILENO) && isatty(STDOUT_FILENO)) setup_readline();
  /* Modules/main.c pymain_header: the banner, on stderr */
  fputs("minaten: a C11 model of PyTorch 1.13's op runtime. Ctrl-D (i.e. EOF) to exit.\n", stderr);
  Interp* in = Interp_new();
  Interp_setInteractive(in, true);
  Interp_setErrorStyle(in, ErrorStyle_Traceback);
  Interp_setLocation(in, "<stdin>", 1);
  while (PyRun_InteractiveOne(in) != EOF) {
  }
  Interp_free(in);
  if (use_readline) clear_history();
  free(last_history);
  last_history = NULL;
  return 0;
}
