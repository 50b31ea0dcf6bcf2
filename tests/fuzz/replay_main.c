/*
 * replay_main.c - runs a fuzz target on saved inputs, without libFuzzer, so
 * that any build (gcc's Debug or ASan+UBSan too) can replay a corpus.
 *
 *   fuzz_python_replay FILE|DIR...
 *
 * A target's LLVMFuzzerInitialize, when it has one (fuzz_python.c starts
 * CPython there), runs first, as libFuzzer runs it.
 * Each FILE, and each file under each DIR (recursively, in name order), is
 * one input, given to LLVMFuzzerTestOneInput as libFuzzer would; its name is
 * printed on stderr first, so the last name printed before a crash, a
 * sanitizer report or an INTERNAL ASSERT FAILED is the input that caused it.
 * A path that does not exist is skipped (a corpus not made yet).  Exit
 * status 0, or 2 for an input that cannot be read.
 */
#include <dirent.h>
#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size);
/* weak: NULL for a target without one */
__attribute__((weak)) int LLVMFuzzerInitialize(int* argc, char*** argv);

/* Runs the target on the file at `path`; 0, or -1 if it cannot be read. */
static int replay_file(const char* path) {
  FILE* f = fopen(path, "rb");
  if (f == NULL) {
    fprintf(stderr, "replay: %s: %s\n", path, strerror(errno));
    return -1;
  }
  size_t cap = 4096, size = 0;
  uint8_t* data = malloc(cap);
  size_t n;
  while (data != NULL && (n = fread(data + size, 1, cap - size, f)) > 0) {
    size += n;
    if (size == cap) {
      uint8_t* bigger = realloc(data, cap * 2);
      if (bigger == NULL) free(data);
      data = bigger;
      cap *= 2;
    }
  }
  fclose(f);
  if (data == NULL) return -1;
  fprintf(stderr, "replay: %s\n", path);
  /* a copy of exactly `size` bytes, as libFuzzer passes, so ASan sees a
   * read past the input's end */
  uint8_t* exact = malloc(size ? size : 1);
  if (exact != NULL) {
    memcpy(exact, data, size);
    LLVMFuzzerTestOneInput(exact, size);
  }
  free(exact);
  free(data);
  return exact == NULL ? -1 : 0;
}

static int compare_names(const struct dirent** a, const struct dirent** b) {
  return strcmp((*a)->d_name, (*b)->d_name);
}

/* Runs the target on `path`: a file, or every file under a directory. */
static int replay_path(const char* path) {
  struct stat st;
  if (stat(path, &st) != 0) return 0; /* not made yet */
  if (!S_ISDIR(st.st_mode)) return replay_file(path);
  struct dirent** names;
  int n = scandir(path, &names, NULL, compare_names);
  if (n < 0) return -1;
  int rc = 0;
  for (int i = 0; i < n; i++) {
    if (rc == 0 && names[i]->d_name[0] != '.') {
      size_t len = strlen(path) + strlen(names[i]->d_name) + 2;
      char* child = malloc(len);
      if (child == NULL) rc = -1;
      else {
        snprintf(child, len, "%s/%s", path, names[i]->d_name);
        rc = replay_path(child);
        free(child);
      }
    }
    free(names[i]);
  }
  free(names);
  return rc;
}

int main(int argc, char** argv) {
  if (LLVMFuzzerInitialize != NULL) LLVMFuzzerInitialize(&argc, &argv);
  for (int i = 1; i < argc; i++)
    if (replay_path(argv[i]) != 0) return 2;
  return 0;
}
