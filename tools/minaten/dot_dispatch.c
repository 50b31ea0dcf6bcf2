/*
 * dot_dispatch.c - `minaten --trace=dispatch --dot FILE`: after the script
 * ran, the hops dispatch/DispatchGraph.c recorded go to FILE: DOT, or SVG or
 * PNG when FILE ends in .svg or .png (Graphviz's dot renders it).
 */
#include <stdlib.h>

#include "dispatch/DispatchGraph.h"
#include "tools/minaten/dot.h"

int Dot_writeDispatchGraph(const char* path, int status) {
  char* text = NULL;
  size_t len = 0;
  FILE* out = open_memstream(&text, &len);
  DispatchGraph_writeDot(out);
  fclose(out);
  DispatchGraph_clear();
  DotOutput o = {"--dot", path, Dot_formatOfPath(path)};
  int r = Dot_emit(&o, text);
  free(text);
  return status != 0 ? status : r;
}
