/*
 * stub.c - the one source of the extension module's own target: the rest
 * of minaten._C is the archives (cmake/python.cmake), linked whole, and its
 * PyInit__C is csrc/Module.c's.  (CMake wants a source for every target.)
 *
 * PyTorch 1.13: torch/csrc/stub.c (PyInit__C calling initModule)
 */
#include "csrc/python_headers.h"
