/*
 * fuzz_codegen.c - libFuzzer target: tools/codegen on one YAML text.
 *
 * The input is loaded as if it were a file given to minaten_codegen
 * (Model_loadYamlBuffer) and, when it validates, every generated file is
 * produced in memory (gen_all); nothing is written to disk.  Malformed input
 * must end in a `file:line:col: message` on stderr, never a crash, a
 * sanitizer report or an internal assert.  See docs/fuzzing.md.
 */
#include <stddef.h>
#include <stdint.h>

#include "tools/codegen/gen.h"
#include "tools/codegen/model.h"
#include "tools/codegen/writer.h"

int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  Model m;
  Model_init(&m);
  if (Model_loadYamlBuffer(&m, data, size, "fuzz.yaml") == 0) {
    Writer w;
    Writer_init(&w);
    gen_all(&m, &w);
    Writer_free(&w);
  }
  Model_free(&m);
  return 0;
}
