#include "CICU.h"

#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#if !__has_include(<unicode/ubrk.h>)
#error "ICU's headers were not found: install libicu-dev (apt-get) or icu4c (brew), as SwiftPM's warnings say"
#else
#include <unicode/ubrk.h>
#include <unicode/uchar.h>
#include <unicode/uloc.h>
#include <unicode/unum.h>
#include <unicode/upluralrules.h>
#include <unicode/ures.h>
#include <unicode/ustring.h>
#include <unicode/utext.h>
#include <unicode/uversion.h>

/* Returns `length` when it fits with its NUL, -1 otherwise. */
static int32_t finish(UErrorCode status, int32_t length, char *out, int32_t capacity) {
    if (U_FAILURE(status) || status == U_STRING_NOT_TERMINATED_WARNING || length >= capacity) {
        if (capacity > 0) out[0] = 0;
        return -1;
    }
    out[length] = 0;
    return length;
}

int32_t cicu_locale_base_name(const char *identifier, char *out, int32_t capacity) {
    UErrorCode status = U_ZERO_ERROR;
    int32_t length = uloc_getBaseName(identifier, out, capacity, &status);
    return finish(status, length, out, capacity);
}

int32_t cicu_locale_for_language_tag(const char *tag, char *out, int32_t capacity) {
    UErrorCode status = U_ZERO_ERROR;
    int32_t parsed = 0;
    int32_t length = uloc_forLanguageTag(tag, out, capacity, &parsed, &status);
    return finish(status, length, out, capacity);
}

int32_t cicu_locale_language(const char *identifier, char *out, int32_t capacity) {
    UErrorCode status = U_ZERO_ERROR;
    int32_t length = uloc_getLanguage(identifier, out, capacity, &status);
    return finish(status, length, out, capacity);
}

int32_t cicu_locale_script(const char *identifier, char *out, int32_t capacity) {
    UErrorCode status = U_ZERO_ERROR;
    int32_t length = uloc_getScript(identifier, out, capacity, &status);
    return finish(status, length, out, capacity);
}

int32_t cicu_locale_country(const char *identifier, char *out, int32_t capacity) {
    UErrorCode status = U_ZERO_ERROR;
    int32_t length = uloc_getCountry(identifier, out, capacity, &status);
    return finish(status, length, out, capacity);
}

int32_t cicu_locale_variant(const char *identifier, char *out, int32_t capacity) {
    UErrorCode status = U_ZERO_ERROR;
    int32_t length = uloc_getVariant(identifier, out, capacity, &status);
    return finish(status, length, out, capacity);
}

int32_t cicu_locale_parent(const char *identifier, char *out, int32_t capacity) {
    UErrorCode status = U_ZERO_ERROR;
    int32_t length = uloc_getParent(identifier, out, capacity, &status);
    return finish(status, length, out, capacity);
}

int32_t cicu_locale_minimize_subtags(const char *identifier, char *out, int32_t capacity) {
    UErrorCode status = U_ZERO_ERROR;
    int32_t length = uloc_minimizeSubtags(identifier, out, capacity, &status);
    return finish(status, length, out, capacity);
}

int32_t cicu_locale_add_likely_subtags(const char *identifier, char *out, int32_t capacity) {
    UErrorCode status = U_ZERO_ERROR;
    int32_t length = uloc_addLikelySubtags(identifier, out, capacity, &status);
    return finish(status, length, out, capacity);
}

int32_t cicu_locale_is_right_to_left(const char *identifier) {
    return uloc_isRightToLeft(identifier) ? 1 : 0;
}

static int32_t utf16_to_utf8(const UChar *text, int32_t length, char *out, int32_t capacity) {
    UErrorCode status = U_ZERO_ERROR;
    int32_t written = 0;
    u_strToUTF8(out, capacity, &written, text, length, &status);
    return finish(status, written, out, capacity);
}

int32_t cicu_locale_display_name(const char *identifier, const char *display_locale, char *out, int32_t capacity) {
    UChar buffer[256];
    UErrorCode status = U_ZERO_ERROR;
    int32_t length = uloc_getDisplayName(identifier, display_locale, buffer, 256, &status);
    if (U_FAILURE(status) || length >= 256) {
        if (capacity > 0) out[0] = 0;
        return -1;
    }
    return utf16_to_utf8(buffer, length, out, capacity);
}

/* The language alias table is opened once and only read afterwards. */
static pthread_once_t alias_once = PTHREAD_ONCE_INIT;
static UResourceBundle *alias_table = NULL;

static void open_alias_table(void) {
    UErrorCode status = U_ZERO_ERROR;
    UResourceBundle *bundle = ures_openDirect(NULL, "metadata", &status);
    bundle = ures_getByKey(bundle, "alias", bundle, &status);
    bundle = ures_getByKey(bundle, "language", bundle, &status);
    if (U_SUCCESS(status)) {
        alias_table = bundle;
    } else {
        ures_close(bundle);
    }
}

int32_t cicu_language_alias(const char *identifier, char *out, int32_t capacity) {
    pthread_once(&alias_once, open_alias_table);
    if (capacity > 0) out[0] = 0;
    if (alias_table == NULL || identifier == NULL || identifier[0] == 0) return 0;
    UErrorCode status = U_ZERO_ERROR;
    UResourceBundle *entry = ures_getByKey(alias_table, identifier, NULL, &status);
    if (U_FAILURE(status)) {
        ures_close(entry);
        return 0;
    }
    int32_t length = capacity;
    ures_getUTF8StringByKey(entry, "replacement", out, &length, 1, &status);
    ures_close(entry);
    return finish(status, length, out, capacity);
}

int32_t cicu_version(char *out, int32_t capacity) {
    UVersionInfo info;
    char text[U_MAX_VERSION_STRING_LENGTH];
    u_getVersion(info);
    u_versionToString(info, text);
    int32_t length = (int32_t)strlen(text);
    if (length >= capacity) return -1;
    memcpy(out, text, (size_t)length + 1);
    return length;
}

void *cicu_plural_rules_open(const char *locale) {
    UErrorCode status = U_ZERO_ERROR;
    UPluralRules *rules = uplrules_open(locale, &status);
    if (U_FAILURE(status)) {
        uplrules_close(rules);
        return NULL;
    }
    return rules;
}

void cicu_plural_rules_close(void *rules) {
    if (rules) uplrules_close((UPluralRules *)rules);
}

int32_t cicu_plural_rules_select(void *rules, double number, int32_t fraction_digits, char *out, int32_t capacity) {
    if (!rules) return -1;
    UChar keyword[32];
    UErrorCode status = U_ZERO_ERROR;
    int32_t length;
    if (fraction_digits > 0) {
        /* Visible fraction digits change the category (CLDR operands v and f): select on the
           number as formatted with exactly that many digits. */
        UNumberFormat *format = unum_open(UNUM_DECIMAL, NULL, 0, "en_US_POSIX", NULL, &status);
        if (U_FAILURE(status)) {
            unum_close(format);
            return -1;
        }
        unum_setAttribute(format, UNUM_MIN_FRACTION_DIGITS, fraction_digits);
        unum_setAttribute(format, UNUM_MAX_FRACTION_DIGITS, fraction_digits);
        unum_setAttribute(format, UNUM_GROUPING_USED, 0);
        length = uplrules_selectWithFormat((const UPluralRules *)rules, number, format, keyword, 32, &status);
        unum_close(format);
    } else {
        length = uplrules_select((const UPluralRules *)rules, number, keyword, 32, &status);
    }
    if (U_FAILURE(status) || length >= 32) return -1;
    return utf16_to_utf8(keyword, length, out, capacity);
}

int32_t cicu_plural_rules_keywords(void *rules, char *out, int32_t capacity) {
    if (!rules || capacity <= 0) return -1;
    UErrorCode status = U_ZERO_ERROR;
    UEnumeration *keywords = uplrules_getKeywords((const UPluralRules *)rules, &status);
    if (U_FAILURE(status)) {
        uenum_close(keywords);
        return -1;
    }
    int32_t written = 0;
    out[0] = 0;
    const char *keyword;
    int32_t length;
    while ((keyword = uenum_next(keywords, &length, &status)) != NULL && U_SUCCESS(status)) {
        if (written + length + 2 > capacity) {
            uenum_close(keywords);
            return -1;
        }
        if (written > 0) out[written++] = ' ';
        memcpy(out + written, keyword, (size_t)length);
        written += length;
        out[written] = 0;
    }
    uenum_close(keywords);
    return U_SUCCESS(status) ? written : -1;
}

void *cicu_number_format_open(const char *locale) {
    UErrorCode status = U_ZERO_ERROR;
    UNumberFormat *format = unum_open(UNUM_DECIMAL, NULL, 0, locale, NULL, &status);
    if (U_FAILURE(status)) {
        unum_close(format);
        return NULL;
    }
    return format;
}

void cicu_number_format_close(void *format) {
    if (format) unum_close((UNumberFormat *)format);
}

int32_t cicu_number_format_int64(void *format, int64_t value, char *out, int32_t capacity) {
    if (!format) return -1;
    UChar buffer[128];
    UErrorCode status = U_ZERO_ERROR;
    int32_t length = unum_formatInt64((const UNumberFormat *)format, value, buffer, 128, NULL, &status);
    if (U_FAILURE(status) || length >= 128) return -1;
    return utf16_to_utf8(buffer, length, out, capacity);
}

int32_t cicu_number_format_double(void *format, double value, int32_t minimum_fraction_digits,
                                  int32_t maximum_fraction_digits, char *out, int32_t capacity) {
    if (!format) return -1;
    /* unum_setAttribute mutates the formatter: format with a private clone so that one
       handle can be shared between threads. */
    UErrorCode status = U_ZERO_ERROR;
    UNumberFormat *clone = unum_clone((const UNumberFormat *)format, &status);
    if (U_FAILURE(status)) return -1;
    unum_setAttribute(clone, UNUM_MIN_FRACTION_DIGITS, minimum_fraction_digits);
    unum_setAttribute(clone, UNUM_MAX_FRACTION_DIGITS, maximum_fraction_digits);
    UChar buffer[512];
    int32_t length = unum_formatDouble(clone, value, buffer, 512, NULL, &status);
    unum_close(clone);
    if (U_FAILURE(status) || length >= 512) return -1;
    return utf16_to_utf8(buffer, length, out, capacity);
}

int32_t cicu_east_asian_width(int32_t code_point) {
    return u_getIntPropertyValue(code_point, UCHAR_EAST_ASIAN_WIDTH);
}

int32_t cicu_char_direction(int32_t code_point) {
    return (int32_t)u_charDirection(code_point);
}

int32_t cicu_char_category(int32_t code_point) {
    return (int32_t)u_charType(code_point);
}

int32_t cicu_is_emoji_presentation(int32_t code_point) {
    return u_hasBinaryProperty(code_point, UCHAR_EMOJI_PRESENTATION) ? 1 : 0;
}

int32_t cicu_is_default_ignorable(int32_t code_point) {
    return u_hasBinaryProperty(code_point, UCHAR_DEFAULT_IGNORABLE_CODE_POINT) ? 1 : 0;
}

int32_t cicu_grapheme_boundaries(const char *utf8, int32_t length, int32_t *out, int32_t capacity) {
    UErrorCode status = U_ZERO_ERROR;
    UText *text = utext_openUTF8(NULL, utf8, length, &status);
    UBreakIterator *iterator = ubrk_open(UBRK_CHARACTER, "", NULL, 0, &status);
    ubrk_setUText(iterator, text, &status);
    if (U_FAILURE(status)) {
        ubrk_close(iterator);
        utext_close(text);
        return -1;
    }
    int32_t count = 0;
    for (int32_t boundary = ubrk_first(iterator); boundary != UBRK_DONE; boundary = ubrk_next(iterator)) {
        if (count < capacity) out[count] = boundary;
        count++;
    }
    ubrk_close(iterator);
    utext_close(text);
    return count;
}

#endif /* ICU's headers found */
