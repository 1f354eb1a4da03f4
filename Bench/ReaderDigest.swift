// What one version of the archive reader makes of each file, so that two readers can be
// compared on the same inputs: the package's `reader-digest` target (the working tree's
// engine), and scripts/compare-readers builds this same file, copied into a package it
// generates, against an older commit's engine checked out in a git worktree.

import Foundation
import StateRestoration

/// Reads file paths from standard input; prints, per file, whether it parses and either a
/// digest of the parsed archive (its public fields) or the error's description, which names
/// the reason and the offset.
func fnv(_ text: String) -> UInt64 {
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    for byte in text.utf8 { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
    return hash
}

@main
struct ReaderDigest {
    static func main() {
        while let path = readLine() {
            guard let data = FileManager.default.contents(atPath: path) else { continue }
            do {
                let archive = try Archive(bytes: Array(data))
                let text =
                    "\(archive.metadata)|\(archive.applicationState)|\(archive.records)|\(archive.byteCount)|\(archive.stringCount)"
                print("\(path)\tok\t\(String(fnv(text), radix: 16))")
            } catch {
                print("\(path)\terr\t\(error)")
            }
        }
    }
}
