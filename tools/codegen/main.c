/*
 * main.c - minaten_codegen: yaml/native_functions.yaml -> C.  See codegen.h.
 * PyTorch 1.13: torchgen/gen.py main
 */
#include "tools/codegen/codegen.h"

int main(int argc, char** argv) { return codegen_run(argc, argv); }
