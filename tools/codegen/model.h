/*
 * model.h - the code generator's model of the YAML: one NativeFunction per
 * `- func:` entry, validated, with the source location of everything that
 * can be wrong so that errors read `file:line:col: message`.
 *
 * PyTorch 1.13: torchgen/model.py (NativeFunction, BackendMetadata)
 */
#ifndef MINATEN_CODEGEN_MODEL_H
#define MINATEN_CODEGEN_MODEL_H

#include <stdbool.h>
#include <stddef.h>

#include "dispatch/DispatchKey.h"
#include "dispatch/FunctionSchema.h"

typedef struct SourceLoc {
  const char* file; /* as printed: relative to --source-root when under it */
  int line;         /* 1-based */
  int col;          /* 1-based */
} SourceLoc;

typedef struct BackendKernel {
  DispatchKey key;
  char* kernel; /* "reshape" -> at_native_reshape */
  SourceLoc loc;
} BackendKernel;

typedef struct NativeFunction {
  char* func;            /* the schema string */
  FunctionSchema schema;
  char* unambiguous;     /* "transpose_int": at_<unambiguous>, at_op_<unambiguous> */
  char qualified[128];   /* "aten::transpose.int" */
  SourceLoc loc;         /* of the `func:` value */
  bool function_variant;
  bool method_variant;
  BackendKernel kernels[8];
  size_t num_kernels;
} NativeFunction;

typedef struct Model {
  NativeFunction* functions;
  size_t num_functions;
  const char* files[16]; /* the input files, as printed */
  size_t num_files;
} Model;

/* Parses and validates `path` into the model (appending).  On error prints
 * `file:line:col: message` to stderr and returns -1.
 * PyTorch 1.13: torchgen/gen.py parse_native_yaml */
int Model_loadYaml(Model* m, const char* path, const char* display_path);
/* Cross-entry checks after every file is loaded (kernel named twice). */
int Model_validate(const Model* m);
void Model_free(Model* m);

#endif
