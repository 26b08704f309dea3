#ifndef CBYTESCAN_H
#define CBYTESCAN_H

/*
 * The readers' scans over runs of ordinary bytes, sixteen at a time with SSE2 where the
 * machine has it (every x86-64), a byte at a time elsewhere. Swift's SIMD types do not lower to
 * vector compares on every toolchain, so these few loops are written in C.
 */

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/*
 * 1 when `bytes` (`count` long) are valid UTF-8 (no overlong form, surrogate or value above
 * U+10FFFF, no sequence cut short), else 0. Sixteen bytes at a time with SSSE3's table lookups
 * where the processor has them (asked when called), else by an automaton a byte at a time,
 * ASCII sixteen at a time with SSE2.
 */
int bytescan_is_valid_utf8(const uint8_t *bytes, size_t count);

/*
 * The offset of the first byte of `bytes` (`count` long) that ends a run of an XML value's
 * text: '<', '&', ']' or CR; `count` when there is none.
 */
size_t bytescan_value_text_end(const uint8_t *bytes, size_t count);

/*
 * The offset of the first byte of `bytes` (`count` long) that ends an attribute value quoted
 * with `quote`: the quote, or a byte the value may not hold as it is ('<', '&', tab, LF, CR);
 * `count` when there is none.
 */
size_t bytescan_attribute_value_end(const uint8_t *bytes, size_t count, uint8_t quote);

/*
 * Copies onto `output` the longest prefix of `bytes` that aapt2's string compiling leaves as it
 * is outside double quotes: no control character, '"', '\'' or '\\', no two spaces in a row,
 * and no space first when `after_space` (the byte before was one). Returns how many bytes it
 * copied.
 */
size_t bytescan_copy_plain_text(const uint8_t *bytes, size_t count, uint8_t *output, int after_space);

/*
 * The offset of the first byte of `bytes` (`count` long) that ends the plain run of a quoted
 * `.strings` literal: its `quote`, or a backslash; `count` when there is none.
 */
size_t bytescan_quoted_text_end(const uint8_t *bytes, size_t count, uint8_t quote);

/*
 * How many UTF-8 scalars start in `bytes` (`count` long): every byte but the 10xxxxxx
 * continuation bytes.
 */
size_t bytescan_scalar_count(const uint8_t *bytes, size_t count);

/*
 * The offset of the first byte of `bytes` (`count` long) that is not JSON white space (space,
 * tab, LF, CR); `count` when there is none.
 */
size_t bytescan_json_space_end(const uint8_t *bytes, size_t count);

/*
 * The offset of the first byte of `bytes` (`count` long) that ends the plain run of a JSON
 * string literal: '"', '\\' or a control character (below 0x20, which a literal may not hold as
 * it is); `count` when there is none.
 */
size_t bytescan_json_string_end(const uint8_t *bytes, size_t count);

/*
 * The offset of the first byte of `bytes` (`count` long) that a JSON writer may have to escape:
 * '"', '\\', a control character, or 0xE2 (the lead byte of U+2028 and U+2029, which are
 * escaped for JavaScript readers); `count` when there is none.
 */
size_t bytescan_json_unescaped_end(const uint8_t *bytes, size_t count);

/*
 * The same nine, a byte at a time: what machines without SSE2 run, exported so that the tests
 * hold them to the same definitions on every machine.
 */
int bytescan_portable_is_valid_utf8(const uint8_t *bytes, size_t count);
size_t bytescan_portable_value_text_end(const uint8_t *bytes, size_t count);
size_t bytescan_portable_attribute_value_end(const uint8_t *bytes, size_t count, uint8_t quote);
size_t bytescan_portable_copy_plain_text(const uint8_t *bytes, size_t count, uint8_t *output, int after_space);
size_t bytescan_portable_quoted_text_end(const uint8_t *bytes, size_t count, uint8_t quote);
size_t bytescan_portable_scalar_count(const uint8_t *bytes, size_t count);
size_t bytescan_portable_json_space_end(const uint8_t *bytes, size_t count);
size_t bytescan_portable_json_string_end(const uint8_t *bytes, size_t count);
size_t bytescan_portable_json_unescaped_end(const uint8_t *bytes, size_t count);

#ifdef __cplusplus
}
#endif

#endif
