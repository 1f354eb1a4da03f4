#ifndef ARCHIVE_CHECKSUM_H
#define ARCHIVE_CHECKSUM_H

#include <stddef.h>
#include <stdint.h>

// The archive's CRC-32 by carry-less multiplication, where the processor has it: the one
// thing the engine does in C, because Swift has no way to name the instruction. Used only
// through UncheckedBytes.swift (docs/DECISIONS.md, "The checksum by carry-less
// multiplication").

/// 1 if `archive_crc32_fold` can run on this processor (x86-64 with PCLMULQDQ and
/// SSE4.1), else 0.
int archive_crc32_fold_available(void);

/// The CRC-32 register (the running value, inverted, as the table-driven loop keeps it)
/// after the `length` bytes at `bytes`, starting from `crc`. `length` is at least 64 and a
/// multiple of 16. Call it only where `archive_crc32_fold_available()` is 1.
uint32_t archive_crc32_fold(const uint8_t *bytes, size_t length, uint32_t crc);

#endif
