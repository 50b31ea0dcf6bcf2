/*
 * gen.h - writing the C files from the model.
 * PyTorch 1.13: torchgen/gen.py (gen_aggregated_headers, RegisterDispatchKey)
 */
#ifndef MINATEN_CODEGEN_GEN_H
#define MINATEN_CODEGEN_GEN_H

#include "tools/codegen/model.h"

/* Writes every generated file into out_dir (a file is rewritten only when its
 * content changed).  Returns 0 or -1 (message on stderr). */
int gen_all(const Model* m, const char* out_dir);

#endif
