/*
 * utf8.h - the dialect's strings are UTF-8; Python's are sequences of code
 * points.  A script must be valid UTF-8 (Python 3.11 refuses a source file
 * that is not: "Non-UTF-8 code starting with '\xc3' in file ..."), so every
 * string the interpreter makes is valid UTF-8 and len(), indexing, slicing
 * and iteration count code points through these functions.
 *
 * Python 3.11: Objects/stringlib/codecs.h (utf8_decode), Objects/unicodeobject.c
 */
#ifndef MINATEN_TOOLS_MINATEN_UTF8_H
#define MINATEN_TOOLS_MINATEN_UTF8_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* True when the script `text` is valid UTF-8.  Otherwise it must not run
 * (nothing of it): prints python3's message on stderr, as python3 FILE.py
 * does (the caller exits with status 1):
 *   SyntaxError: Non-UTF-8 code starting with '\xc3' in file bad.py on line 2, but no encoding declared; see ...
 * NB(minaten): the file is named as the caller gives it (python3 gives its
 * absolute path), and an encoding declaration is not read.
 * Python 3.11: Parser/tokenizer.c (decoding_fgets, "Non-UTF-8 code starting with") */
bool utf8_check_script(const char* text, const char* filename);

/* The offset of the first byte that is not part of a valid UTF-8 sequence
 * in s[0, len) (Python's strict decoder: no overlong forms, no surrogates,
 * nothing above U+10FFFF), or -1 when s is valid. */
int64_t utf8_find_invalid(const char* s, size_t len);

/* The byte length of the code point at s in a valid string (1 to 4); 1 for
 * a byte that does not start a complete sequence. */
int utf8_char_len(const char* s);

/* The number of code points of the NUL-terminated string s (valid UTF-8;
 * otherwise each stray byte counts as one). */
int64_t utf8_length(const char* s);

/* The code point i (0 <= i <= utf8_length(s)) of the valid string s. */
const char* utf8_at(const char* s, int64_t i);

/* Writes code point cp (< 0x110000) at out as UTF-8; returns its length. */
int utf8_encode(unsigned cp, char* out);

#endif
