#include "archive_checksum.h"

// CRC-32 (the reflected IEEE polynomial 0xEDB88320) by folding: the register is a 128-bit
// value, and moving it n bits further along the message is a carry-less multiplication by
// x^n modulo the polynomial, which PCLMULQDQ does 64 bits at a time. Four registers fold
// 64 bytes per step, side by side; then they fold into one, 128 bits reduce to 64 and 32,
// and a Barrett reduction gives the remainder. This is the method of Gopal et al., "Fast
// CRC Computation for Generic Polynomials Using PCLMULQDQ Instruction" (Intel, 2009), with
// its constants for this polynomial in the reflected bit order. The tests compare it with
// the table-driven loop at every length and offset that matters (ChecksumTests).

#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))

#include <cpuid.h>
#include <immintrin.h>

int archive_crc32_fold_available(void) {
    unsigned int eax = 0, ebx = 0, ecx = 0, edx = 0;
    if (!__get_cpuid(1, &eax, &ebx, &ecx, &edx)) return 0;
    const unsigned int pclmulqdq = 1u << 1, sse41 = 1u << 19;
    return (ecx & pclmulqdq) && (ecx & sse41) ? 1 : 0;
}

#define ARCHIVE_FOLD_TARGET __attribute__((target("pclmul,sse4.1")))

/// `value` moved 128 bits on by `constants` (x^(128+32) and x^(128-32) for the next 16
/// bytes, x^(512+32) and x^(512-32) for the next 64), added to `next`.
ARCHIVE_FOLD_TARGET static inline __m128i fold(__m128i value, __m128i constants, __m128i next) {
    __m128i low = _mm_clmulepi64_si128(value, constants, 0x00);
    __m128i high = _mm_clmulepi64_si128(value, constants, 0x11);
    return _mm_xor_si128(_mm_xor_si128(low, high), next);
}

ARCHIVE_FOLD_TARGET static inline __m128i load(const uint8_t *bytes) {
    return _mm_loadu_si128((const __m128i *)bytes);
}

ARCHIVE_FOLD_TARGET uint32_t archive_crc32_fold(const uint8_t *bytes, size_t length, uint32_t crc) {
    // Low 64 bits first, as _mm_set_epi64x takes them last.
    const __m128i by64 = _mm_set_epi64x(0x01c6e41596, 0x0154442bd4);
    const __m128i by16 = _mm_set_epi64x(0x00ccaa009e, 0x01751997d0);
    const __m128i to32 = _mm_set_epi64x(0, 0x0163cd6124);
    // The polynomial with its x^32 term, and floor(x^64 / polynomial), for Barrett.
    const __m128i barrett = _mm_set_epi64x(0x01f7011641, 0x01db710641);
    const __m128i low32 = _mm_setr_epi32(-1, 0, -1, 0);

    __m128i a = _mm_xor_si128(load(bytes), _mm_cvtsi32_si128((int)crc));
    __m128i b = load(bytes + 16);
    __m128i c = load(bytes + 32);
    __m128i d = load(bytes + 48);
    bytes += 64;
    length -= 64;
    while (length >= 64) {
        a = fold(a, by64, load(bytes));
        b = fold(b, by64, load(bytes + 16));
        c = fold(c, by64, load(bytes + 32));
        d = fold(d, by64, load(bytes + 48));
        bytes += 64;
        length -= 64;
    }
    a = fold(a, by16, b);
    a = fold(a, by16, c);
    a = fold(a, by16, d);
    while (length >= 16) {
        a = fold(a, by16, load(bytes));
        bytes += 16;
        length -= 16;
    }
    // 128 bits to 64: the low half moved on by 64 bits, added to the high half.
    __m128i moved = _mm_clmulepi64_si128(a, by16, 0x10);
    a = _mm_xor_si128(_mm_srli_si128(a, 8), moved);
    // 64 bits to 32.
    moved = _mm_srli_si128(a, 4);
    a = _mm_clmulepi64_si128(_mm_and_si128(a, low32), to32, 0x00);
    a = _mm_xor_si128(a, moved);
    // Barrett reduction: the quotient from the low 32 bits, times the polynomial.
    __m128i quotient = _mm_clmulepi64_si128(_mm_and_si128(a, low32), barrett, 0x10);
    __m128i product = _mm_clmulepi64_si128(_mm_and_si128(quotient, low32), barrett, 0x00);
    a = _mm_xor_si128(a, product);
    return (uint32_t)_mm_extract_epi32(a, 1);
}

#else

int archive_crc32_fold_available(void) { return 0; }

uint32_t archive_crc32_fold(const uint8_t *bytes, size_t length, uint32_t crc) {
    (void)bytes;
    (void)length;
    return crc;
}

#endif
