import StateRestoration
import TestSupport

/// Archive bytes with their header's body length and their CRC-32 made right, as the
/// engine's archive fuzzer does (`Fuzz/ArchiveFuzzer.swift`): most mutations of a real
/// archive would otherwise stop at the checksum. Inputs of odd length are left as they
/// are, so the checksum's refusal is fuzzed too. The sealing itself is the tests' own
/// (`TestSupport.ArchiveSealing`), with its CRC-32 written apart from the engine's.
enum Reseal {
    static func resealed(_ input: [UInt8]) -> [UInt8] {
        let overhead = ArchiveFormat.headerSize + ArchiveFormat.trailerSize
        guard input.count >= overhead, input.count % 2 == 0 else { return input }
        return ArchiveSealing.resealed(input)
    }
}
