/*
 * codegen.h - tools/codegen as a library call, so that tests drive it
 * without a process (tests/codegen/test_codegen.c) and main.c stays a line.
 *
 *   minaten_codegen [--source-root DIR] --output-dir OUT file.yaml [more.yaml ...]
 *
 * Reads every YAML file in order (a later file adds operators: a test's own
 * ops, a user's extension), validates them, and writes Functions.h,
 * Functions.c, NativeFunctions.h, Operators.h, Operators.c, Register<Key>.c
 * for each key a YAML may name, RegisterBackendSelect.c and RegisterAll.c
 * into OUT -- always all of them, each only if its content changed.
 *
 * Paths are printed relative to DIR when they are under it
 * (`yaml/native_functions.yaml:42:9: ...`), as given without --source-root.  On any error the first one is
 * printed as `file:line:col: message` on stderr and nothing is written.
 *
 * PyTorch 1.13: torchgen/gen.py main
 */
#ifndef MINATEN_CODEGEN_CODEGEN_H
#define MINATEN_CODEGEN_CODEGEN_H

/* Runs the generator on a command line (argv[0] is the program name).
 * Returns the exit status: 0, or 1 after printing an error. */
int codegen_run(int argc, char** argv);

#endif
