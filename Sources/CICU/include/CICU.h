#ifndef CICU_H
#define CICU_H

/*
 * A narrow C interface to the system ICU (libicu-dev). Only plain C types cross it, so Swift
 * modules that also import Foundation (which bundles its own, clashing ICU headers) can use it.
 * Strings are UTF-8 and NUL-terminated. Functions that write into `out` return the length
 * written (without the NUL), or a negative value when ICU fails or `capacity` is too small.
 */

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Locale identifiers (uloc_*). */
int32_t cicu_locale_base_name(const char *identifier, char *out, int32_t capacity);
/* A BCP 47 tag (ar-u-nu-latn) as an ICU identifier with keywords (ar@numbers=latn). */
int32_t cicu_locale_for_language_tag(const char *tag, char *out, int32_t capacity);
int32_t cicu_locale_language(const char *identifier, char *out, int32_t capacity);
int32_t cicu_locale_script(const char *identifier, char *out, int32_t capacity);
int32_t cicu_locale_country(const char *identifier, char *out, int32_t capacity);
int32_t cicu_locale_variant(const char *identifier, char *out, int32_t capacity);
int32_t cicu_locale_parent(const char *identifier, char *out, int32_t capacity);
int32_t cicu_locale_minimize_subtags(const char *identifier, char *out, int32_t capacity);
int32_t cicu_locale_add_likely_subtags(const char *identifier, char *out, int32_t capacity);
/* 1 when the locale's script is written right to left. */
int32_t cicu_locale_is_right_to_left(const char *identifier);
/* Display name of `identifier` in the language `display_locale` (e.g. "French (Canada)"). */
int32_t cicu_locale_display_name(const char *identifier, const char *display_locale, char *out, int32_t capacity);
/* ICU's language alias data (metadata/alias/language): the replacement for `identifier`, or 0
   when there is none. */
int32_t cicu_language_alias(const char *identifier, char *out, int32_t capacity);
/* The ICU version, e.g. "72.1". */
int32_t cicu_version(char *out, int32_t capacity);

/* Plural rules (uplrules_*). The handle is immutable and safe to use from several threads. */
void *cicu_plural_rules_open(const char *locale);
void cicu_plural_rules_close(void *rules);
/* The category keyword ("zero", "one", …) for a number. `fraction_digits` is the count of
   visible fraction digits (0 for integers): 1.0 written with one decimal is not "one" in English. */
int32_t cicu_plural_rules_select(void *rules, double number, int32_t fraction_digits, char *out, int32_t capacity);
/* All category keywords of the locale, separated by spaces. */
int32_t cicu_plural_rules_keywords(void *rules, char *out, int32_t capacity);

/* Number formatting for a locale (unum_*): grouping, digits and signs as the locale writes them. */
void *cicu_number_format_open(const char *locale);
void cicu_number_format_close(void *format);
int32_t cicu_number_format_int64(void *format, int64_t value, char *out, int32_t capacity);
int32_t cicu_number_format_double(void *format, double value, int32_t minimum_fraction_digits,
                                  int32_t maximum_fraction_digits, char *out, int32_t capacity);

/* Text properties. */
/* UCharEastAsianWidth: 0 neutral, 1 ambiguous, 2 halfwidth, 3 fullwidth, 4 narrow, 5 wide. */
int32_t cicu_east_asian_width(int32_t code_point);
/* UCharDirection of a code point (0 L, 1 R, 13 AL, …). */
int32_t cicu_char_direction(int32_t code_point);
/* General category (UCharCategory) of a code point. */
int32_t cicu_char_category(int32_t code_point);
/* 1 when the code point is shown as an emoji by default (Emoji_Presentation). */
int32_t cicu_is_emoji_presentation(int32_t code_point);
/* 1 when the code point is default-ignorable (zero width, invisible). */
int32_t cicu_is_default_ignorable(int32_t code_point);
/* Grapheme cluster boundaries of UTF-8 text, as byte offsets (0 and `length` included). Returns
   the number of boundaries, or -1 on failure; writes at most `capacity`. */
int32_t cicu_grapheme_boundaries(const char *utf8, int32_t length, int32_t *out, int32_t capacity);

#ifdef __cplusplus
}
#endif

#endif
