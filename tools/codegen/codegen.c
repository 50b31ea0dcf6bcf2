/*
 * codegen.c - the command line of tools/codegen; see codegen.h.
 *
 * Three phases, each finished before the next starts, so that an error
 * leaves the output folder untouched:
 *   1. load: every YAML file into one Model (model.c), validating as it reads;
 *   2. generate: every file into memory (gen*.c, writer.c);
 *   3. commit: write the files whose content changed.
 *
 * PyTorch 1.13: torchgen/gen.py main (parse_native_yaml, then
 * gen_source_files / gen_headers through a FileManager)
 */
#include "tools/codegen/codegen.h"

#include <limits.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tools/codegen/gen.h"
#include "tools/codegen/model.h"
#include "tools/codegen/writer.h"

static const char kUsage[] =
    "usage: minaten_codegen [--source-root DIR] --output-dir OUT file.yaml [file.yaml ...]\n"
    "  --output-dir OUT   the folder the generated files are written into (required)\n"
    "  --source-root DIR  print the YAML files under DIR relative to it, in messages and in\n"
    "                     the generated files (`yaml/native_functions.yaml:42`); without it\n"
    "                     they are printed as given\n";

/* `path` as errors and banners print it: relative to `root` when under it
 * (`yaml/native_functions.yaml`), else as given.  Returns a pointer into
 * `path` or into `buf`. */
static const char* display_path(const char* path, const char* root, char* buf, size_t buf_size) {
  char real_root[PATH_MAX];
  char real_path[PATH_MAX];
  if (root == NULL || realpath(root, real_root) == NULL || realpath(path, real_path) == NULL)
    return path;
  size_t n = strlen(real_root);
  if (n == 1) n = 0; /* root is "/" */
  if (strncmp(real_path, real_root, n) != 0 || real_path[n] != '/') return path;
  snprintf(buf, buf_size, "%s", real_path + n + 1);
  return buf;
}

/* True if argv[i] is an option that takes the next argument as its value. */
static bool is_option_with_value(char** argv, int i) {
  return strcmp(argv[i], "--source-root") == 0 || strcmp(argv[i], "--output-dir") == 0;
}

int codegen_run(int argc, char** argv) {
  const char* root = NULL;
  const char* out_dir = NULL;
  int num_yaml = 0;
  for (int i = 1; i < argc; i++) {
    if (is_option_with_value(argv, i) && i + 1 < argc) {
      if (strcmp(argv[i], "--source-root") == 0) root = argv[i + 1];
      else out_dir = argv[i + 1];
      i++;
    } else if (argv[i][0] == '-') {
      fprintf(stderr, "minaten_codegen: bad option '%s'\n%s", argv[i], kUsage);
      return 1;
    } else {
      num_yaml++;
    }
  }
  if (out_dir == NULL || num_yaml == 0) {
    fputs(kUsage, stderr);
    return 1;
  }

  Model m;
  Model_init(&m);
  Writer w;
  Writer_init(&w);
  int rc = 0;
  for (int i = 1; i < argc && rc == 0; i++) {
    if (is_option_with_value(argv, i)) {
      i++;
      continue;
    }
    char buf[PATH_MAX];
    rc = Model_loadYaml(&m, argv[i], display_path(argv[i], root, buf, sizeof buf));
  }
  if (rc == 0) rc = gen_all(&m, &w);
  if (rc == 0) rc = Writer_commit(&w, out_dir);
  Writer_free(&w);
  Model_free(&m);
  return rc == 0 ? 0 : 1;
}
