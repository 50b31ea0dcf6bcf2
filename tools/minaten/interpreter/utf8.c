/*
 * utf8.c - validating UTF-8 and counting code points (utf8.h).
 *
 * Python 3.11: Objects/stringlib/codecs.h utf8_decode (the valid sequences:
 * Unicode's table 3-7)
 */
#include "tools/minaten/interpreter/utf8.h"

#include <stdio.h>
#include <string.h>

/* The length of the valid sequence at u[0, n), or 0. */
static int valid_sequence(const unsigned char* u, size_t n) {
  unsigned char c = u[0];
  if (c < 0x80) return 1;
  int len;
  unsigned char lo = 0x80, hi = 0xBF; /* the second byte's range */
  if (c >= 0xC2 && c <= 0xDF) len = 2;
  else if (c >= 0xE0 && c <= 0xEF) len = 3, lo = c == 0xE0 ? 0xA0 : 0x80, hi = c == 0xED ? 0x9F : 0xBF;
  else if (c >= 0xF0 && c <= 0xF4) len = 4, lo = c == 0xF0 ? 0x90 : 0x80, hi = c == 0xF4 ? 0x8F : 0xBF;
  else return 0; /* a continuation byte, an overlong C0/C1, or F5..FF */
  if (n < (size_t)len || u[1] < lo || u[1] > hi) return 0;
  for (int i = 2; i < len; i++)
    if ((u[i] & 0xC0) != 0x80) return 0;
  return len;
}

int64_t utf8_find_invalid(const char* s, size_t len) {
  const unsigned char* u = (const unsigned char*)s;
  size_t i = 0;
  while (i < len) {
    int n = valid_sequence(u + i, len - i);
    if (n == 0) return (int64_t)i;
    i += (size_t)n;
  }
  return -1;
}

int utf8_char_len(const char* s) {
  unsigned char c = (unsigned char)*s;
  int len = c >= 0xF0 ? 4 : c >= 0xE0 ? 3 : c >= 0xC0 ? 2 : 1;
  /* a stray byte (never in a string minaten made) is one character: never step over the '\0' */
  for (int i = 1; i < len; i++)
    if (((unsigned char)s[i] & 0xC0) != 0x80) return 1;
  return len;
}

int64_t utf8_length(const char* s) {
  int64_t n = 0;
  for (; *s; s += utf8_char_len(s)) n++;
  return n;
}

const char* utf8_at(const char* s, int64_t i) {
  while (i-- > 0 && *s) s += utf8_char_len(s);
  return s;
}

int utf8_encode(unsigned cp, char* out) {
  if (cp < 0x80) {
    out[0] = (char)cp;
    return 1;
  }
  if (cp < 0x800) {
    out[0] = (char)(0xC0 | (cp >> 6)), out[1] = (char)(0x80 | (cp & 0x3F));
    return 2;
  }
  if (cp < 0x10000) {
    out[0] = (char)(0xE0 | (cp >> 12)), out[1] = (char)(0x80 | ((cp >> 6) & 0x3F)), out[2] = (char)(0x80 | (cp & 0x3F));
    return 3;
  }
  out[0] = (char)(0xF0 | (cp >> 18)), out[1] = (char)(0x80 | ((cp >> 12) & 0x3F));
  out[2] = (char)(0x80 | ((cp >> 6) & 0x3F)), out[3] = (char)(0x80 | (cp & 0x3F));
  return 4;
}

bool utf8_check_script(const char* text, const char* filename) {
  int64_t bad = utf8_find_invalid(text, strlen(text));
  if (bad < 0) return true;
  int lineno = 1;
  for (int64_t i = 0; i < bad; i++) lineno += text[i] == '\n';
  fprintf(stderr,
          "SyntaxError: Non-UTF-8 code starting with '\\x%02x' in file %s on line %d, but no encoding declared; "
          "see https://peps.python.org/pep-0263/ for details\n",
          (unsigned char)text[bad], filename, lineno);
  return false;
}
