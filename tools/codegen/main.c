/*
 * main.c - tools/codegen: native_functions.yaml -> C.
 *
 *   minaten_codegen --source-root DIR --output-dir OUT file.yaml [more.yaml ...]
 *
 * Reads every YAML file (later files add operators: a test or a user can
 * bring a file of their own ops), validates them, and writes the generated
 * files into OUT.  Any error prints `file:line:col: message` and exits 1
 * having written nothing.
 *
 * PyTorch 1.13: torchgen/gen.py main
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "tools/codegen/gen.h"
#include "tools/codegen/model.h"

static const char* display_path(const char* path, const char* root) {
  size_t n = root ? strlen(root) : 0;
  if (n && strncmp(path, root, n) == 0 && path[n] == '/') return path + n + 1;
  return path;
}

int main(int argc, char** argv) {
  const char* root = NULL;
  const char* out_dir = NULL;
  Model m;
  memset(&m, 0, sizeof m);
  int nfiles = 0;
  int rc = 0;
  for (int i = 1; i < argc && rc == 0; i++) {
    if (strcmp(argv[i], "--source-root") == 0 && i + 1 < argc) {
      root = argv[++i];
    } else if (strcmp(argv[i], "--output-dir") == 0 && i + 1 < argc) {
      out_dir = argv[++i];
    } else if (argv[i][0] == '-') {
      fprintf(stderr, "usage: %s --source-root DIR --output-dir OUT file.yaml...\n", argv[0]);
      rc = -1;
    } else {
      nfiles++;
      rc = Model_loadYaml(&m, argv[i], display_path(argv[i], root));
    }
  }
  if (rc == 0 && (out_dir == NULL || nfiles == 0)) {
    fprintf(stderr, "usage: %s --source-root DIR --output-dir OUT file.yaml...\n", argv[0]);
    rc = -1;
  }
  if (rc == 0) rc = Model_validate(&m);
  if (rc == 0) {
    mkdir(out_dir, 0777);
    rc = gen_all(&m, out_dir);
  }
  Model_free(&m);
  return rc == 0 ? 0 : 1;
}
