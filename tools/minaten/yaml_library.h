/*
 * yaml_library.h - `minaten --yaml my_ops.yaml`: operators defined at run
 * time from a YAML file in native_functions.yaml's syntax, whose kernels
 * come from the loaded operator libraries by symbol name.
 *
 *   - func: myops::cube(Tensor self) -> Tensor
 *     dispatch:
 *       CPU: cube                  # the C function at_native_cube
 *
 * The file is read and checked by the code generator's own reader
 * (tools/codegen/model.c: the same entries, the same kernel names, the same
 * `file:line:col: message` errors), then registered through the Library
 * API (dispatch/Library.h), so that the file is one unit: all of its
 * operators or none, unloaded like an operator library (OperatorLibrary).
 * See yaml_library.c for the rules.
 *
 * PyTorch 1.13 has no counterpart: there, a schema without rebuilding is a
 * TORCH_LIBRARY block's m.def() (torch/library.h) compiled into a library.
 */
#ifndef MINATEN_TOOLS_MINATEN_YAML_LIBRARY_H
#define MINATEN_TOOLS_MINATEN_YAML_LIBRARY_H

/* Defines the operators of the YAML file at `path` (printed as given).
 * Returns 0, or -1 after printing `path:line:col: message` on stderr, with
 * nothing of the file left registered. */
int YamlLibrary_load(const char* path);

#endif
