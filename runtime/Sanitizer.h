/*
 * Sanitizer.h - whether this is an AddressSanitizer build (MINATEN_SANITIZE:
 * the asan preset, or clang's fuzz preset): MINATEN_ASAN is 1 then.  gcc
 * says so with __SANITIZE_ADDRESS__, clang with __has_feature.
 */
#ifndef MINATEN_RUNTIME_SANITIZER_H
#define MINATEN_RUNTIME_SANITIZER_H

#if defined(__SANITIZE_ADDRESS__)
#define MINATEN_ASAN 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define MINATEN_ASAN 1
#endif
#endif

#endif
