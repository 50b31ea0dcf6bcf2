/*
 * writer.c - generated files in memory, written if changed; see writer.h.
 *
 * Each file is an open_memstream: generators print to it with fprintf, as
 * torchgen's templates are filled with strings, and nothing touches the disk
 * until Writer_commit has every file in hand.
 *
 * PyTorch 1.13: torchgen/utils.py FileManager
 */
#include "tools/codegen/writer.h"

#include <errno.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

void Writer_init(Writer* w) { memset(w, 0, sizeof *w); }

FILE* Writer_open(Writer* w, const char* name) {
  if (w->num_files == kWriterMaxFiles || strlen(name) >= sizeof w->files[0].name) {
    fprintf(stderr, "tools/codegen: cannot generate %s: too many files\n", name);
    return NULL;
  }
  GeneratedFile* g = &w->files[w->num_files];
  memset(g, 0, sizeof *g);
  snprintf(g->name, sizeof g->name, "%s", name);
  g->stream = open_memstream(&g->text, &g->len);
  if (g->stream == NULL) {
    fprintf(stderr, "tools/codegen: cannot generate %s: %s\n", name, strerror(errno));
    return NULL;
  }
  w->num_files++;
  return g->stream;
}

/* Closes every stream; afterwards text/len hold the final content. */
static int close_streams(Writer* w) {
  int rc = 0;
  for (size_t i = 0; i < w->num_files; i++) {
    GeneratedFile* g = &w->files[i];
    if (g->stream != NULL && fclose(g->stream) != 0) {
      fprintf(stderr, "tools/codegen: cannot generate %s: out of memory\n", g->name);
      rc = -1;
    }
    g->stream = NULL;
  }
  return rc;
}

/* mkdir -p */
static int make_dirs(const char* dir) {
  char path[4096];
  if (snprintf(path, sizeof path, "%s", dir) >= (int)sizeof path) return -1;
  for (char* p = path + 1; *p; p++) {
    if (*p != '/') continue;
    *p = '\0';
    if (mkdir(path, 0777) != 0 && errno != EEXIST) return -1;
    *p = '/';
  }
  if (mkdir(path, 0777) != 0 && errno != EEXIST) return -1;
  return 0;
}

/* True if `path` exists with exactly this content. */
static bool same_content(const char* path, const char* text, size_t len) {
  FILE* f = fopen(path, "rb");
  if (f == NULL) return false;
  bool same = true;
  char buf[8192];
  size_t pos = 0;
  size_t n;
  while (same && (n = fread(buf, 1, sizeof buf, f)) > 0) {
    same = pos + n <= len && memcmp(buf, text + pos, n) == 0;
    pos += n;
  }
  same = same && !ferror(f) && pos == len;
  fclose(f);
  return same;
}

static int write_file(const char* path, const char* text, size_t len) {
  char tmp[4200];
  snprintf(tmp, sizeof tmp, "%s.tmp", path);
  FILE* f = fopen(tmp, "wb");
  if (f == NULL) goto fail;
  bool ok = fwrite(text, 1, len, f) == len;
  if (fclose(f) != 0 || !ok) {
    remove(tmp);
    goto fail;
  }
  if (rename(tmp, path) != 0) {
    remove(tmp);
    goto fail;
  }
  return 0;
fail:
  fprintf(stderr, "%s: cannot write: %s\n", path, strerror(errno));
  return -1;
}

int Writer_commit(Writer* w, const char* out_dir) {
  if (close_streams(w) < 0) return -1;
  if (make_dirs(out_dir) < 0) {
    fprintf(stderr, "%s: cannot create the output folder: %s\n", out_dir, strerror(errno));
    return -1;
  }
  for (size_t i = 0; i < w->num_files; i++) {
    const GeneratedFile* g = &w->files[i];
    char path[4096];
    if (snprintf(path, sizeof path, "%s/%s", out_dir, g->name) >= (int)sizeof path) {
      fprintf(stderr, "%s: path too long\n", out_dir);
      return -1;
    }
    if (same_content(path, g->text, g->len)) continue;
    if (write_file(path, g->text, g->len) < 0) return -1;
  }
  return 0;
}

void Writer_free(Writer* w) {
  close_streams(w);
  for (size_t i = 0; i < w->num_files; i++) free(w->files[i].text);
  memset(w, 0, sizeof *w);
}
