// Number conversions in the C locale, whatever locale the host process or thread has set.
//
// `strtod` and `printf("%g")` read and write the decimal point of the current locale: after
// `setlocale(LC_ALL, "de_DE.UTF-8")` (or `uselocale` on the calling thread) `strtod("1.5")` is 1
// and `%g` writes "1,5". JSON's decimal point is always ".", so the library converts with an
// explicit C locale, made once: `strtod_l` on glibc and Apple platforms (Foundation's own JSON
// parser does the same), the plain functions where the numeric locale is always C (musl).
//
//     codablebridge_strtod_c("1.5e3]", &end)            → 1500.0, end at "]"
//     codablebridge_format_double_c(buf, 32, 17, 0.1)   → "0.10000000000000001"

#ifndef CCODABLEBRIDGE_NUMBERS_H
#define CCODABLEBRIDGE_NUMBERS_H

#include <stddef.h>

#include "CCodableBridgePowersOfTen.h"  // the tables of the fast decimal → double conversion

/// `strtod` in the C locale: the longest prefix of `text` that is a number; `*end` (when not
/// NULL) receives the address after it.
double codablebridge_strtod_c(const char *text, char **end);

/// `snprintf(buffer, size, "%.*g", precision, value)` in the C locale; returns what `snprintf`
/// returns.
int codablebridge_format_double_c(char *buffer, size_t size, int precision, double value);

#endif
