// See include/CCodableBridgeNumbers.h.

#if defined(__linux__) && !defined(_GNU_SOURCE)
#define _GNU_SOURCE 1   // glibc declares strtod_l under it
#endif

#include "CCodableBridgeNumbers.h"

#include <stdio.h>
#include <stdlib.h>

#if defined(__APPLE__)
#include <xlocale.h>
#define CODABLEBRIDGE_HAS_LOCALE_T 1
#elif defined(__GLIBC__)
#include <locale.h>
#define CODABLEBRIDGE_HAS_LOCALE_T 1
#elif defined(_WIN32)
#include <windows.h>
#endif

#ifdef CODABLEBRIDGE_HAS_LOCALE_T
#include <pthread.h>

static locale_t c_locale;
static pthread_once_t c_locale_once = PTHREAD_ONCE_INIT;

static void make_c_locale(void) {
    c_locale = newlocale(LC_ALL_MASK, "C", (locale_t)0);
}

/// The C locale, made on first use and never freed.
static locale_t the_c_locale(void) {
    pthread_once(&c_locale_once, make_c_locale);
    return c_locale;
}

double codablebridge_strtod_c(const char *text, char **end) {
    return strtod_l(text, end, the_c_locale());
}


int codablebridge_format_double_c(char *buffer, size_t size, int precision, double value) {
#if defined(__APPLE__)
    return snprintf_l(buffer, size, the_c_locale(), "%.*g", precision, value);
#else
    // glibc has no snprintf_l: switch this thread's locale for the one call.
    locale_t previous = uselocale(the_c_locale());
    int written = snprintf(buffer, size, "%.*g", precision, value);
    uselocale(previous);
    return written;
#endif
}

#elif defined(_WIN32)
#include <locale.h>

static _locale_t c_locale;
static INIT_ONCE c_locale_once = INIT_ONCE_STATIC_INIT;

static BOOL CALLBACK make_c_locale(PINIT_ONCE once, PVOID parameter, PVOID *context) {
    c_locale = _create_locale(LC_ALL, "C");
    return TRUE;
}

static _locale_t the_c_locale(void) {
    InitOnceExecuteOnce(&c_locale_once, make_c_locale, NULL, NULL);
    return c_locale;
}

double codablebridge_strtod_c(const char *text, char **end) {
    return _strtod_l(text, end, the_c_locale());
}


int codablebridge_format_double_c(char *buffer, size_t size, int precision, double value) {
    return _snprintf_s_l(buffer, size, _TRUNCATE, "%.*g", the_c_locale(), precision, value);
}

#else
// musl and others whose LC_NUMERIC is always the C locale.

double codablebridge_strtod_c(const char *text, char **end) {
    return strtod(text, end);
}


int codablebridge_format_double_c(char *buffer, size_t size, int precision, double value) {
    return snprintf(buffer, size, "%.*g", precision, value);
}
#endif
