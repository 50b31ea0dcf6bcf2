/*
 * fuzz_schema.c - libFuzzer target: the schema parser
 * (dispatch/FunctionSchema.c) on one schema string.
 *
 * The input, cut at its first NUL, is parsed as a `func:` value of
 * native_functions.yaml.  A schema that parses is printed back (its
 * qualified name and every argument's and return's type); one that does not
 * must come back with a message and a column inside the text (1 to its
 * length + 1), which the harness checks.  See docs/fuzzing.md.
 */
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "dispatch/FunctionSchema.h"

int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  char* text = malloc(size + 1);
  if (text == NULL) return 0;
  memcpy(text, data, size);
  text[size] = '\0';
  FunctionSchema s;
  SchemaParseError err;
  if (FunctionSchema_parse(text, &s, &err) == 0) {
    char buf[256];
    FunctionSchema_qualifiedName(&s, buf, sizeof buf);
    for (size_t i = 0; i < s.num_arguments; i++) SchemaType_format(&s.arguments[i].type, buf, sizeof buf);
    for (size_t i = 0; i < s.num_returns; i++) SchemaType_format(&s.returns[i].type, buf, sizeof buf);
    FunctionSchema_free(&s);
  } else {
    /* A parse error says where, inside the text, and why. */
    if (err.column < 1 || (size_t)err.column > strlen(text) + 1 || err.message[0] == '\0') abort();
  }
  free(text);
  return 0;
}
