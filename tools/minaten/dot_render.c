/*
 * dot_render.c - writing a picture: DOT text as it is, or rendered to SVG or
 * PNG by Graphviz's `dot` (Debian's graphviz package).
 *
 * DOT goes to stdout or a file.  A rendered format runs `dot -Tsvg` (found
 * on PATH) with the text on its standard input and `-o FILE` (or its
 * standard output).  When no `dot` is on PATH, the command says which
 * package provides it, in one line, and nothing is written.
 */
#include <errno.h>
#include <spawn.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "tools/minaten/dot.h"

extern char** environ;

const char* Dot_formatOfPath(const char* path) {
  size_t n = path ? strlen(path) : 0;
  if (n > 4 && strcmp(path + n - 4, ".svg") == 0) return "svg";
  if (n > 4 && strcmp(path + n - 4, ".png") == 0) return "png";
  return "dot";
}

void Dot_quote(FILE* out, const char* s) {
  fputc('"', out);
  Dot_escape(out, s);
  fputc('"', out);
}

void Dot_escape(FILE* out, const char* s) {
  for (; *s; s++) {
    if (*s == '"' || *s == '\\') fputc('\\', out);
    if (*s == '\n') {
      fputs("\\n", out);
      continue;
    }
    fputc(*s, out);
  }
}

void Dot_html(FILE* out, const char* s) {
  for (; *s; s++) {
    switch (*s) {
      case '&': fputs("&amp;", out); break;
      case '<': fputs("&lt;", out); break;
      case '>': fputs("&gt;", out); break;
      case '"': fputs("&quot;", out); break;
      default: fputc(*s, out);
    }
  }
}

/* Whether an executable `name` is on PATH (as execvp would find it). */
static bool on_path(const char* name) {
  const char* path = getenv("PATH");
  if (path == NULL) return false;
  char buf[4096];
  for (const char* p = path;; p++) {
    const char* end = strchr(p, ':');
    size_t len = end ? (size_t)(end - p) : strlen(p);
    snprintf(buf, sizeof buf, "%.*s%s%s", (int)len, p, len ? "/" : "", name);
    if (access(buf, X_OK) == 0) return true;
    if (end == NULL) return false;
    p = end;
  }
}

/* Runs `dot -TFORMAT [-o PATH]` with `text` on its stdin: 0, or 1. */
static int render(const DotOutput* o, const char* text) {
  if (!on_path("dot")) {
    fprintf(stderr, "minaten: %s: %s output needs Graphviz's dot: apt-get install graphviz\n", o->command,
            o->format);
    return 1;
  }
  int fds[2];
  if (pipe(fds) < 0) {
    fprintf(stderr, "minaten: %s: pipe: %s\n", o->command, strerror(errno));
    return 1;
  }
  char format[16];
  snprintf(format, sizeof format, "-T%s", o->format);
  char* argv[] = {"dot", format, o->path ? "-o" : NULL, (char*)o->path, NULL};
  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  posix_spawn_file_actions_adddup2(&actions, fds[0], STDIN_FILENO);
  posix_spawn_file_actions_addclose(&actions, fds[1]);
  posix_spawn_file_actions_addclose(&actions, fds[0]);
  fflush(stdout);
  pid_t pid;
  int err = posix_spawnp(&pid, "dot", &actions, NULL, argv, environ);
  posix_spawn_file_actions_destroy(&actions);
  close(fds[0]);
  if (err != 0) {
    close(fds[1]);
    fprintf(stderr, "minaten: %s: cannot run dot: %s\n", o->command, strerror(err));
    return 1;
  }
  size_t len = strlen(text), off = 0;
  int write_errno = 0;
  while (off < len) {
    ssize_t w = write(fds[1], text + off, len - off);
    if (w < 0 && errno == EINTR) continue;
    if (w <= 0) {
      write_errno = w < 0 ? errno : EIO;
      break;
    }
    off += (size_t)w;
  }
  close(fds[1]);
  int status;
  while (waitpid(pid, &status, 0) < 0 && errno == EINTR) {
  }
  if (!WIFEXITED(status) || WEXITSTATUS(status) != 0) {
    fprintf(stderr, "minaten: %s: dot -T%s failed\n", o->command, o->format);
    return 1;
  }
  if (write_errno != 0) { /* dot succeeded on part of the picture */
    fprintf(stderr, "minaten: %s: cannot write to dot: %s\n", o->command, strerror(write_errno));
    return 1;
  }
  return 0;
}

int Dot_emit(const DotOutput* o, const char* text) {
  if (strcmp(o->format, "dot") != 0) return render(o, text);
  if (o->path == NULL) {
    /* a failed write is reported at exit, with stdout's others (main.c) */
    fputs(text, stdout);
    fflush(stdout);
    return 0;
  }
  FILE* f = fopen(o->path, "w");
  /* the file's every write checked: fputs, then the flush of fclose */
  bool ok = f != NULL && fputs(text, f) != EOF;
  int err = errno;
  if (f != NULL && fclose(f) != 0 && ok) {
    ok = false;
    err = errno;
  }
  if (!ok) {
    fprintf(stderr, "minaten: %s: cannot write %s: %s\n", o->command, o->path, strerror(err));
    return 1;
  }
  return 0;
}
