#include "CByteScan.h"

#include <string.h>

#if defined(__SSE2__)
#include <emmintrin.h>
#endif
#if defined(__x86_64__) && (defined(__clang__) || defined(__GNUC__))
#include <tmmintrin.h>
#define BYTESCAN_SSSE3 1
#endif

/*
 * UTF-8 validation as a shift-based automaton: each entry holds, for every state, the state
 * after that byte at the bit offset the state stands for. Error is offset 0, whose field is 0
 * in every entry, so it stays; the others are: complete (6), one continuation byte to come (12),
 * two (18), after E0 (24: A0-BF next), after ED (30: 80-9F next), after F0 (36: 90-BF next),
 * after F1-F3 (42), after F4 (48: 80-8F next). The next state depends on the byte's entry,
 * loaded ahead, and a shift: no branch per byte.
 */
static const uint64_t utf8_transitions[256] = {
    0x0000000000000180ULL, 0x0000000000000180ULL, 0x0000000000000180ULL, 0x0000000000000180ULL,
    0x0000000000000180ULL, 0x0000000000000180ULL, 0x0000000000000180ULL, 0x0000000000000180ULL,
    0x0000000000000180ULL, 0x0000000000000180ULL, 0x0000000000000180ULL, 0x0000000000000180ULL,
    0x0000000000000180ULL, 0x0000000000000180ULL, 0x0000000000000180ULL, 0x0000000000000180ULL,
    0x0000000000000180ULL, 0x0000000000000180ULL, 0x0000000000000180ULL, 0x0000000000000180ULL,
    0x0000000000000180ULL, 0x0000000000000180ULL, 0x0000000000000180ULL, 0x0000000000000180ULL,
    0x0000000000000180ULL, 0x0000000000000180ULL, 0x0000000000000180ULL, 0x0000000000000180ULL,
    0x0000000000000180ULL, 0x0000000000000180ULL, 0x0000000000000180ULL, 0x0000000000000180ULL,
    0x0000000000000180ULL, 0x0000000000000180ULL, 0x0000000000000180ULL, 0x0000000000000180ULL,
    0x0000000000000180ULL, 0x0000000000000180ULL, 0x0000000000000180ULL, 0x0000000000000180ULL,
    0x0000000000000180ULL, 0x0000000000000180ULL, 0x0000000000000180ULL, 0x0000000000000180ULL,
    0x0000000000000180ULL, 0x0000000000000180ULL, 0x0000000000000180ULL, 0x0000000000000180ULL,
    0x0000000000000180ULL, 0x0000000000000180ULL, 0x0000000000000180ULL, 0x0000000000000180ULL,
    0x0000000000000180ULL, 0x0000000000000180ULL, 0x0000000000000180ULL, 0x0000000000000180ULL,
    0x0000000000000180ULL, 0x0000000000000180ULL, 0x0000000000000180ULL, 0x0000000000000180ULL,
    0x0000000000000180ULL, 0x0000000000000180ULL, 0x0000000000000180ULL, 0x0000000000000180ULL,
    0x0000000000000180ULL, 0x0000000000000180ULL, 0x0000000000000180ULL, 0x0000000000000180ULL,
    0x0000000000000180ULL, 0x0000000000000180ULL, 0x0000000000000180ULL, 0x0000000000000180ULL,
    0x0000000000000180ULL, 0x0000000000000180ULL, 0x0000000000000180ULL, 0x0000000000000180ULL,
    0x0000000000000180ULL, 0x0000000000000180ULL, 0x0000000000000180ULL, 0x0000000000000180ULL,
    0x0000000000000180ULL, 0x0000000000000180ULL, 0x0000000000000180ULL, 0x0000000000000180ULL,
    0x0000000000000180ULL, 0x0000000000000180ULL, 0x0000000000000180ULL, 0x0000000000000180ULL,
    0x0000000000000180ULL, 0x0000000000000180ULL, 0x0000000000000180ULL, 0x0000000000000180ULL,
    0x0000000000000180ULL, 0x0000000000000180ULL, 0x0000000000000180ULL, 0x0000000000000180ULL,
    0x0000000000000180ULL, 0x0000000000000180ULL, 0x0000000000000180ULL, 0x0000000000000180ULL,
    0x0000000000000180ULL, 0x0000000000000180ULL, 0x0000000000000180ULL, 0x0000000000000180ULL,
    0x0000000000000180ULL, 0x0000000000000180ULL, 0x0000000000000180ULL, 0x0000000000000180ULL,
    0x0000000000000180ULL, 0x0000000000000180ULL, 0x0000000000000180ULL, 0x0000000000000180ULL,
    0x0000000000000180ULL, 0x0000000000000180ULL, 0x0000000000000180ULL, 0x0000000000000180ULL,
    0x0000000000000180ULL, 0x0000000000000180ULL, 0x0000000000000180ULL, 0x0000000000000180ULL,
    0x0000000000000180ULL, 0x0000000000000180ULL, 0x0000000000000180ULL, 0x0000000000000180ULL,
    0x0000000000000180ULL, 0x0000000000000180ULL, 0x0000000000000180ULL, 0x0000000000000180ULL,
    0x0012480300306000ULL, 0x0012480300306000ULL, 0x0012480300306000ULL, 0x0012480300306000ULL,
    0x0012480300306000ULL, 0x0012480300306000ULL, 0x0012480300306000ULL, 0x0012480300306000ULL,
    0x0012480300306000ULL, 0x0012480300306000ULL, 0x0012480300306000ULL, 0x0012480300306000ULL,
    0x0012480300306000ULL, 0x0012480300306000ULL, 0x0012480300306000ULL, 0x0012480300306000ULL,
    0x0000492300306000ULL, 0x0000492300306000ULL, 0x0000492300306000ULL, 0x0000492300306000ULL,
    0x0000492300306000ULL, 0x0000492300306000ULL, 0x0000492300306000ULL, 0x0000492300306000ULL,
    0x0000492300306000ULL, 0x0000492300306000ULL, 0x0000492300306000ULL, 0x0000492300306000ULL,
    0x0000492300306000ULL, 0x0000492300306000ULL, 0x0000492300306000ULL, 0x0000492300306000ULL,
    0x000049200C306000ULL, 0x000049200C306000ULL, 0x000049200C306000ULL, 0x000049200C306000ULL,
    0x000049200C306000ULL, 0x000049200C306000ULL, 0x000049200C306000ULL, 0x000049200C306000ULL,
    0x000049200C306000ULL, 0x000049200C306000ULL, 0x000049200C306000ULL, 0x000049200C306000ULL,
    0x000049200C306000ULL, 0x000049200C306000ULL, 0x000049200C306000ULL, 0x000049200C306000ULL,
    0x000049200C306000ULL, 0x000049200C306000ULL, 0x000049200C306000ULL, 0x000049200C306000ULL,
    0x000049200C306000ULL, 0x000049200C306000ULL, 0x000049200C306000ULL, 0x000049200C306000ULL,
    0x000049200C306000ULL, 0x000049200C306000ULL, 0x000049200C306000ULL, 0x000049200C306000ULL,
    0x000049200C306000ULL, 0x000049200C306000ULL, 0x000049200C306000ULL, 0x000049200C306000ULL,
    0x0000000000000000ULL, 0x0000000000000000ULL, 0x0000000000000300ULL, 0x0000000000000300ULL,
    0x0000000000000300ULL, 0x0000000000000300ULL, 0x0000000000000300ULL, 0x0000000000000300ULL,
    0x0000000000000300ULL, 0x0000000000000300ULL, 0x0000000000000300ULL, 0x0000000000000300ULL,
    0x0000000000000300ULL, 0x0000000000000300ULL, 0x0000000000000300ULL, 0x0000000000000300ULL,
    0x0000000000000300ULL, 0x0000000000000300ULL, 0x0000000000000300ULL, 0x0000000000000300ULL,
    0x0000000000000300ULL, 0x0000000000000300ULL, 0x0000000000000300ULL, 0x0000000000000300ULL,
    0x0000000000000300ULL, 0x0000000000000300ULL, 0x0000000000000300ULL, 0x0000000000000300ULL,
    0x0000000000000300ULL, 0x0000000000000300ULL, 0x0000000000000300ULL, 0x0000000000000300ULL,
    0x0000000000000600ULL, 0x0000000000000480ULL, 0x0000000000000480ULL, 0x0000000000000480ULL,
    0x0000000000000480ULL, 0x0000000000000480ULL, 0x0000000000000480ULL, 0x0000000000000480ULL,
    0x0000000000000480ULL, 0x0000000000000480ULL, 0x0000000000000480ULL, 0x0000000000000480ULL,
    0x0000000000000480ULL, 0x0000000000000780ULL, 0x0000000000000480ULL, 0x0000000000000480ULL,
    0x0000000000000900ULL, 0x0000000000000A80ULL, 0x0000000000000A80ULL, 0x0000000000000A80ULL,
    0x0000000000000C00ULL, 0x0000000000000000ULL, 0x0000000000000000ULL, 0x0000000000000000ULL,
    0x0000000000000000ULL, 0x0000000000000000ULL, 0x0000000000000000ULL, 0x0000000000000000ULL,
    0x0000000000000000ULL, 0x0000000000000000ULL, 0x0000000000000000ULL, 0x0000000000000000ULL,
};

enum { utf8_error = 0, utf8_complete = 6 };

int bytescan_portable_is_valid_utf8(const uint8_t *bytes, size_t count) {
    /* Only the low six bits are the state: the shift uses no more, so they are never masked
       between bytes. */
    uint64_t state = utf8_complete;
    size_t index = 0;
    while (index + 16 <= count) {
        for (int offset = 0; offset < 16; offset++) state = utf8_transitions[bytes[index + offset]] >> (state & 63);
        if ((state & 63) == utf8_error) return 0;
        index += 16;
    }
    for (; index < count; index++) state = utf8_transitions[bytes[index]] >> (state & 63);
    return (state & 63) == utf8_complete;
}

#if defined(BYTESCAN_SSSE3)
/*
 * UTF-8 validation sixteen bytes at a time with SSSE3's table lookups (Keiser and Lemire,
 * "Validating UTF-8 in less than one instruction per byte", 2021, as simdjson writes it): each
 * byte and the one before it are classified by three lookups, on the high nibble of the byte
 * before, its low nibble, and the high nibble of the byte; a bit set in all three is an error
 * (an overlong form, a surrogate, a value past U+10FFFF, a continuation byte too many or too
 * few). The third and fourth bytes of three- and four-byte sequences, which those pairs cannot
 * see, are checked against the bytes two and three before. A block of ASCII is checked only for
 * a sequence the block before left unfinished.
 */
enum {
    utf8_too_short = 1 << 0, utf8_too_long = 1 << 1, utf8_overlong_3 = 1 << 2, utf8_too_large = 1 << 3,
    utf8_surrogate = 1 << 4, utf8_overlong_2 = 1 << 5, utf8_too_large_1000 = 1 << 6, utf8_overlong_4 = 1 << 6,
    utf8_two_continuations = 1 << 7,
    utf8_carry = utf8_too_short | utf8_too_long | utf8_two_continuations,
};

__attribute__((target("ssse3"))) static inline __m128i utf8_block_errors(__m128i input, __m128i previous) {
    const __m128i low_nibble = _mm_set1_epi8(0x0F);
    __m128i previous1 = _mm_alignr_epi8(input, previous, 15);
    const __m128i byte_1_high_table = _mm_setr_epi8(
        utf8_too_long, utf8_too_long, utf8_too_long, utf8_too_long, utf8_too_long, utf8_too_long, utf8_too_long, utf8_too_long,
        (char)utf8_two_continuations, (char)utf8_two_continuations, (char)utf8_two_continuations, (char)utf8_two_continuations,
        utf8_too_short | utf8_overlong_2, utf8_too_short, utf8_too_short | utf8_overlong_3 | utf8_surrogate,
        utf8_too_short | utf8_too_large | utf8_too_large_1000 | utf8_overlong_4);
    const __m128i byte_1_low_table = _mm_setr_epi8(
        (char)(utf8_carry | utf8_overlong_3 | utf8_overlong_2 | utf8_overlong_4), (char)(utf8_carry | utf8_overlong_2), (char)utf8_carry,
        (char)utf8_carry, (char)(utf8_carry | utf8_too_large), (char)(utf8_carry | utf8_too_large | utf8_too_large_1000),
        (char)(utf8_carry | utf8_too_large | utf8_too_large_1000), (char)(utf8_carry | utf8_too_large | utf8_too_large_1000),
        (char)(utf8_carry | utf8_too_large | utf8_too_large_1000), (char)(utf8_carry | utf8_too_large | utf8_too_large_1000),
        (char)(utf8_carry | utf8_too_large | utf8_too_large_1000), (char)(utf8_carry | utf8_too_large | utf8_too_large_1000),
        (char)(utf8_carry | utf8_too_large | utf8_too_large_1000), (char)(utf8_carry | utf8_too_large | utf8_too_large_1000 | utf8_surrogate),
        (char)(utf8_carry | utf8_too_large | utf8_too_large_1000), (char)(utf8_carry | utf8_too_large | utf8_too_large_1000));
    const __m128i byte_2_high_table = _mm_setr_epi8(
        utf8_too_short, utf8_too_short, utf8_too_short, utf8_too_short, utf8_too_short, utf8_too_short, utf8_too_short, utf8_too_short,
        (char)(utf8_too_long | utf8_overlong_2 | utf8_two_continuations | utf8_overlong_3 | utf8_too_large_1000 | utf8_overlong_4),
        (char)(utf8_too_long | utf8_overlong_2 | utf8_two_continuations | utf8_overlong_3 | utf8_too_large),
        (char)(utf8_too_long | utf8_overlong_2 | utf8_two_continuations | utf8_surrogate | utf8_too_large),
        (char)(utf8_too_long | utf8_overlong_2 | utf8_two_continuations | utf8_surrogate | utf8_too_large), utf8_too_short, utf8_too_short,
        utf8_too_short, utf8_too_short);
    __m128i byte_1_high = _mm_shuffle_epi8(byte_1_high_table, _mm_and_si128(_mm_srli_epi16(previous1, 4), low_nibble));
    __m128i byte_1_low = _mm_shuffle_epi8(byte_1_low_table, _mm_and_si128(previous1, low_nibble));
    __m128i byte_2_high = _mm_shuffle_epi8(byte_2_high_table, _mm_and_si128(_mm_srli_epi16(input, 4), low_nibble));
    __m128i special_cases = _mm_and_si128(_mm_and_si128(byte_1_high, byte_1_low), byte_2_high);
    /* A byte two after a lead of three or more bytes, or three after a lead of four, must be a
       continuation byte: the special cases marked those with utf8_two_continuations. */
    __m128i previous2 = _mm_alignr_epi8(input, previous, 14);
    __m128i previous3 = _mm_alignr_epi8(input, previous, 13);
    __m128i third = _mm_subs_epu8(previous2, _mm_set1_epi8((char)(0xE0 - 0x80)));
    __m128i fourth = _mm_subs_epu8(previous3, _mm_set1_epi8((char)(0xF0 - 0x80)));
    __m128i must_continue = _mm_and_si128(_mm_or_si128(third, fourth), _mm_set1_epi8((char)0x80));
    return _mm_xor_si128(must_continue, special_cases);
}

/* Nonzero where the block's last bytes start a sequence that runs past it. */
__attribute__((target("ssse3"))) static inline __m128i utf8_unfinished(__m128i input) {
    const __m128i limits = _mm_setr_epi8(
        (char)0xFF, (char)0xFF, (char)0xFF, (char)0xFF, (char)0xFF, (char)0xFF, (char)0xFF, (char)0xFF, (char)0xFF, (char)0xFF, (char)0xFF,
        (char)0xFF, (char)0xFF, (char)(0xF0 - 1), (char)(0xE0 - 1), (char)(0xC0 - 1));
    return _mm_subs_epu8(input, limits);
}

__attribute__((target("ssse3"))) static int utf8_valid_ssse3(const uint8_t *bytes, size_t count) {
    __m128i error = _mm_setzero_si128(), previous = _mm_setzero_si128(), unfinished = _mm_setzero_si128();
    size_t index = 0;
    for (; index + 16 <= count; index += 16) {
        __m128i input = _mm_loadu_si128((const __m128i *)(bytes + index));
        if (_mm_movemask_epi8(input) == 0) {
            error = _mm_or_si128(error, unfinished);
            continue;
        }
        error = _mm_or_si128(error, utf8_block_errors(input, previous));
        unfinished = utf8_unfinished(input);
        previous = input;
    }
    if (index < count) {
        /* The last bytes, followed by ASCII zeros: a sequence they leave unfinished is too short. */
        uint8_t last[16] = {0};
        memcpy(last, bytes + index, count - index);
        __m128i input = _mm_loadu_si128((const __m128i *)last);
        error = _mm_or_si128(error, utf8_block_errors(input, previous));
        unfinished = _mm_setzero_si128();
    }
    error = _mm_or_si128(error, unfinished);
    return _mm_movemask_epi8(_mm_cmpeq_epi8(error, _mm_setzero_si128())) == 0xFFFF;
}
#endif

int bytescan_is_valid_utf8(const uint8_t *bytes, size_t count) {
#if defined(BYTESCAN_SSSE3)
    if (__builtin_cpu_supports("ssse3")) return utf8_valid_ssse3(bytes, count);
#endif
#if defined(__SSE2__)
    uint64_t state = utf8_complete;
    size_t index = 0;
    while (index + 16 <= count) {
        /* ASCII, sixteen bytes at a time, between characters. */
        if ((state & 63) == utf8_complete && _mm_movemask_epi8(_mm_loadu_si128((const __m128i *)(bytes + index))) == 0) {
            index += 16;
            continue;
        }
        for (int offset = 0; offset < 16; offset++) state = utf8_transitions[bytes[index + offset]] >> (state & 63);
        if ((state & 63) == utf8_error) return 0;
        index += 16;
    }
    for (; index < count; index++) state = utf8_transitions[bytes[index]] >> (state & 63);
    return (state & 63) == utf8_complete;
#else
    return bytescan_portable_is_valid_utf8(bytes, count);
#endif
}

/* The offset of the first byte of `bytes` that is one of six (repeated to fill), or `count`. */
static inline size_t portable_first_of_six(const uint8_t *bytes, size_t count, const uint8_t needles[6]) {
    for (size_t index = 0; index < count; index++) {
        for (int needle = 0; needle < 6; needle++) {
            if (bytes[index] == needles[needle]) return index;
        }
    }
    return count;
}

static inline size_t first_of_six(const uint8_t *bytes, size_t count, const uint8_t needles[6]) {
    size_t index = 0;
#if defined(__SSE2__)
    __m128i splats[6];
    for (int needle = 0; needle < 6; needle++) splats[needle] = _mm_set1_epi8((char)needles[needle]);
    while (index + 16 <= count) {
        __m128i block = _mm_loadu_si128((const __m128i *)(bytes + index));
        __m128i found = _mm_cmpeq_epi8(block, splats[0]);
        for (int needle = 1; needle < 6; needle++) found = _mm_or_si128(found, _mm_cmpeq_epi8(block, splats[needle]));
        int mask = _mm_movemask_epi8(found);
        if (mask != 0) return index + (size_t)__builtin_ctz((unsigned)mask);
        index += 16;
    }
#endif
    return index + portable_first_of_six(bytes + index, count - index, needles);
}

static const uint8_t value_text_ends[6] = {'<', '&', ']', '\r', '\r', '\r'};

size_t bytescan_value_text_end(const uint8_t *bytes, size_t count) { return first_of_six(bytes, count, value_text_ends); }

size_t bytescan_portable_value_text_end(const uint8_t *bytes, size_t count) {
    return portable_first_of_six(bytes, count, value_text_ends);
}

size_t bytescan_attribute_value_end(const uint8_t *bytes, size_t count, uint8_t quote) {
    const uint8_t ends[6] = {quote, '<', '&', '\t', '\n', '\r'};
    return first_of_six(bytes, count, ends);
}

size_t bytescan_portable_attribute_value_end(const uint8_t *bytes, size_t count, uint8_t quote) {
    const uint8_t ends[6] = {quote, '<', '&', '\t', '\n', '\r'};
    return portable_first_of_six(bytes, count, ends);
}

size_t bytescan_quoted_text_end(const uint8_t *bytes, size_t count, uint8_t quote) {
    const uint8_t ends[6] = {quote, '\\', '\\', '\\', '\\', '\\'};
    return first_of_six(bytes, count, ends);
}

size_t bytescan_portable_quoted_text_end(const uint8_t *bytes, size_t count, uint8_t quote) {
    const uint8_t ends[6] = {quote, '\\', '\\', '\\', '\\', '\\'};
    return portable_first_of_six(bytes, count, ends);
}

size_t bytescan_portable_scalar_count(const uint8_t *bytes, size_t count) {
    size_t scalars = 0;
    for (size_t index = 0; index < count; index++) scalars += (bytes[index] & 0xC0) != 0x80;
    return scalars;
}

size_t bytescan_scalar_count(const uint8_t *bytes, size_t count) {
    size_t index = 0, scalars = 0;
#if defined(__SSE2__)
    /* A continuation byte, 0x80-0xBF, is -128 to -65 as a signed byte: any other starts a scalar. */
    const __m128i last_continuation = _mm_set1_epi8(-65);
    while (index + 16 <= count) {
        __m128i block = _mm_loadu_si128((const __m128i *)(bytes + index));
        scalars += (size_t)__builtin_popcount((unsigned)_mm_movemask_epi8(_mm_cmpgt_epi8(block, last_continuation)));
        index += 16;
    }
#endif
    return scalars + bytescan_portable_scalar_count(bytes + index, count - index);
}

size_t bytescan_portable_copy_plain_text(const uint8_t *bytes, size_t count, uint8_t *output, int after_space) {
    size_t index = 0;
    for (; index < count; index++) {
        uint8_t byte = bytes[index];
        if (byte < 0x20 || byte == '"' || byte == '\'' || byte == '\\' || (byte == ' ' && after_space)) break;
        output[index] = byte;
        after_space = byte == ' ';
    }
    return index;
}

#if defined(__SSE2__)
/*
 * The bytes of a block that compiling changes, one bit each: control characters, '"', '\'' and
 * '\\', and a space after a space (`space_before` says whether the byte before bit 0 was one).
 */
static inline unsigned changed_bytes(__m128i block, int space_before) {
    const __m128i control_top = _mm_set1_epi8(0x1F), quote = _mm_set1_epi8('"'), apostrophe = _mm_set1_epi8('\''),
                  backslash = _mm_set1_epi8('\\'), space = _mm_set1_epi8(' ');
    /* A byte at most 0x1F is its own unsigned minimum with 0x1F. */
    __m128i special = _mm_or_si128(
        _mm_or_si128(_mm_cmpeq_epi8(_mm_min_epu8(block, control_top), block), _mm_cmpeq_epi8(block, quote)),
        _mm_or_si128(_mm_cmpeq_epi8(block, apostrophe), _mm_cmpeq_epi8(block, backslash)));
    unsigned spaces = (unsigned)_mm_movemask_epi8(_mm_cmpeq_epi8(block, space));
    return (unsigned)_mm_movemask_epi8(special) | (spaces & ((spaces << 1) | (unsigned)(space_before != 0)));
}
#endif

size_t bytescan_copy_plain_text(const uint8_t *bytes, size_t count, uint8_t *output, int after_space) {
#if defined(__SSE2__)
    if (count >= 16) {
        size_t index = 0;
        while (index + 16 <= count) {
            __m128i block = _mm_loadu_si128((const __m128i *)(bytes + index));
            unsigned changed = changed_bytes(block, after_space);
            /* The whole block is stored: the output has room for all of `count`. */
            _mm_storeu_si128((__m128i *)(output + index), block);
            if (changed != 0) return index + (size_t)__builtin_ctz(changed);
            after_space = bytes[index + 15] == ' ';
            index += 16;
        }
        if (index == count) return count;
        /* The last sixteen bytes, some of them already copied (the same again). */
        size_t start = count - 16;
        __m128i block = _mm_loadu_si128((const __m128i *)(bytes + start));
        unsigned changed = changed_bytes(block, 0) & ~((1u << (index - start)) - 1);
        _mm_storeu_si128((__m128i *)(output + start), block);
        return changed != 0 ? start + (size_t)__builtin_ctz(changed) : count;
    }
#endif
    return bytescan_portable_copy_plain_text(bytes, count, output, after_space);
}

size_t bytescan_portable_json_space_end(const uint8_t *bytes, size_t count) {
    size_t index = 0;
    while (index < count && (bytes[index] == ' ' || bytes[index] == '\n' || bytes[index] == '\r' || bytes[index] == '\t')) index++;
    return index;
}

size_t bytescan_json_space_end(const uint8_t *bytes, size_t count) {
    size_t index = 0;
#if defined(__SSE2__)
    const __m128i space = _mm_set1_epi8(' '), line_feed = _mm_set1_epi8('\n'), carriage_return = _mm_set1_epi8('\r'),
                  tab = _mm_set1_epi8('\t');
    while (index + 16 <= count) {
        __m128i block = _mm_loadu_si128((const __m128i *)(bytes + index));
        __m128i white = _mm_or_si128(
            _mm_or_si128(_mm_cmpeq_epi8(block, space), _mm_cmpeq_epi8(block, line_feed)),
            _mm_or_si128(_mm_cmpeq_epi8(block, carriage_return), _mm_cmpeq_epi8(block, tab)));
        unsigned other = ~(unsigned)_mm_movemask_epi8(white) & 0xFFFFu;
        if (other != 0) return index + (size_t)__builtin_ctz(other);
        index += 16;
    }
#endif
    return index + bytescan_portable_json_space_end(bytes + index, count - index);
}

size_t bytescan_portable_json_string_end(const uint8_t *bytes, size_t count) {
    size_t index = 0;
    while (index < count && bytes[index] >= 0x20 && bytes[index] != '"' && bytes[index] != '\\') index++;
    return index;
}

size_t bytescan_json_string_end(const uint8_t *bytes, size_t count) {
    size_t index = 0;
#if defined(__SSE2__)
    const __m128i control_top = _mm_set1_epi8(0x1F), quote = _mm_set1_epi8('"'), backslash = _mm_set1_epi8('\\');
    while (index + 16 <= count) {
        __m128i block = _mm_loadu_si128((const __m128i *)(bytes + index));
        /* A byte at most 0x1F is its own unsigned minimum with 0x1F. */
        __m128i ends = _mm_or_si128(
            _mm_cmpeq_epi8(_mm_min_epu8(block, control_top), block), _mm_or_si128(_mm_cmpeq_epi8(block, quote), _mm_cmpeq_epi8(block, backslash)));
        unsigned mask = (unsigned)_mm_movemask_epi8(ends);
        if (mask != 0) return index + (size_t)__builtin_ctz(mask);
        index += 16;
    }
#endif
    return index + bytescan_portable_json_string_end(bytes + index, count - index);
}

size_t bytescan_portable_json_unescaped_end(const uint8_t *bytes, size_t count) {
    size_t index = 0;
    while (index < count && bytes[index] >= 0x20 && bytes[index] != '"' && bytes[index] != '\\' && bytes[index] != 0xE2) index++;
    return index;
}

size_t bytescan_json_unescaped_end(const uint8_t *bytes, size_t count) {
    size_t index = 0;
#if defined(__SSE2__)
    const __m128i control_top = _mm_set1_epi8(0x1F), quote = _mm_set1_epi8('"'), backslash = _mm_set1_epi8('\\');
    const __m128i separator_lead = _mm_set1_epi8((char)0xE2);
    while (index + 16 <= count) {
        __m128i block = _mm_loadu_si128((const __m128i *)(bytes + index));
        __m128i ends = _mm_or_si128(
            _mm_or_si128(_mm_cmpeq_epi8(_mm_min_epu8(block, control_top), block), _mm_cmpeq_epi8(block, separator_lead)),
            _mm_or_si128(_mm_cmpeq_epi8(block, quote), _mm_cmpeq_epi8(block, backslash)));
        unsigned mask = (unsigned)_mm_movemask_epi8(ends);
        if (mask != 0) return index + (size_t)__builtin_ctz(mask);
        index += 16;
    }
#endif
    return index + bytescan_portable_json_unescaped_end(bytes + index, count - index);
}
