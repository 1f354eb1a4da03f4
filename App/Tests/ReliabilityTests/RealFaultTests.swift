import Foundation
import Testing

/// Faults from a real file system: a tiny tmpfs that fills up, and one remounted
/// read-only. Each scenario runs in its own mount namespace (`unshare -m`), so the mount
/// disappears with the shell, whatever happens. Needs root (or CAP_SYS_ADMIN); skipped
/// where mounting is not allowed.
@Suite("R10: faults on save from a real file system (tmpfs)", .enabled(if: Mounting.allowed))
struct RealFaultTests {
    let scratch = Scratch()

    /// Runs `script` with `$S` the state directory on a fresh tmpfs of `size`, `$M` its
    /// mount point, and `$SOAK` the soak tool; diagnostics go to standard error.
    func onTmpfs(size: String, _ script: String) throws -> Tools.Run {
        let mountPoint = scratch.file("mnt")
        try FileManager.default.createDirectory(atPath: mountPoint, withIntermediateDirectories: true)
        let body =
            "set -u; exec 2>&1; M=\"$0\"; S=\"$M/state\"; mount -t tmpfs -o size=\(size) tmpfs \"$M\" || exit 90\n"
            + script
        return try Tools.run(
            "/usr/bin/unshare", ["-m", "/bin/sh", "-c", body, mountPoint],
            environment: ["SOAK": Tools.soak, "RESTORATION_DEBUG": "1", "RESTORATION_DEBUG_LOG": ""])
    }

    @Test(
        "R10: a full disk: the save fails with ENOSPC, the previous archive stays whole, no temporary file is left, and the freed space lets the next save through"
    )
    func fullDisk() throws {
        let run = try onTmpfs(
            size: "96k",
            """
            "$SOAK" saves "$S" 1:4000
            "$SOAK" saves "$S" 2:400000; echo "exit $?"
            "$SOAK" check "$S"
            echo "files: $(ls -A "$S" | tr '\\n' ' ')"
            "$SOAK" saves "$S" 3:4000
            "$SOAK" check "$S"
            echo "files: $(ls -A "$S" | tr '\\n' ' ')"
            """)
        #expect(run.exitedNormally, "\(run)")
        let lines = run.lines
        #expect(lines.first == "saved 1", "\(run)")
        let failure = try #require(lines.first { $0.hasPrefix("failed 2: ") }, "\(run)")
        #expect(failure.hasSuffix("failed: No space left on device"), "\(run)")
        #expect(failure.contains("/state/.restoration.archive.tmp-"), "\(run)")
        #expect(
            lines.contains {
                $0.hasPrefix("restoration: save failed: ") && $0.hasSuffix("; the previous archive is intact")
            },
            "\(run)")
        #expect(lines.contains("exit 1"))
        #expect(lines.filter { $0.hasPrefix("pass ") } == ["pass 1", "pass 3"], "\(run)")
        #expect(
            lines.filter { $0.hasPrefix("files: ") } == [
                "files: restoration.archive ", "files: restoration.archive ",
            ])
        #expect(lines.contains("saved 3"))
    }

    @Test(
        "R10: a read-only file system: the save fails with EROFS, the previous archive stays, nothing is left; after remounting read-write, saves work again"
    )
    func readOnly() throws {
        let run = try onTmpfs(
            size: "1m",
            """
            "$SOAK" saves "$S" 1:4000
            mount -o remount,ro "$M" || exit 91
            "$SOAK" saves "$S" 2:4000; echo "exit $?"
            "$SOAK" check "$S"
            echo "files: $(ls -A "$S" | tr '\\n' ' ')"
            mount -o remount,rw "$M" || exit 92
            "$SOAK" saves "$S" 3:4000
            "$SOAK" check "$S"
            """)
        #expect(run.exitedNormally, "\(run)")
        let lines = run.lines
        let failure = try #require(lines.first { $0.hasPrefix("failed 2: ") }, "\(run)")
        #expect(failure.hasPrefix("failed 2: create '"), "\(run)")
        #expect(failure.hasSuffix("failed: Read-only file system"), "\(run)")
        #expect(lines.contains { $0.hasPrefix("restoration: save failed: create ") }, "\(run)")
        #expect(lines.contains("exit 1"))
        #expect(lines.filter { $0.hasPrefix("pass ") } == ["pass 1", "pass 3"], "\(run)")
        #expect(lines.contains("files: restoration.archive "), "\(run)")
    }
}

/// Whether this process may mount a tmpfs in a mount namespace of its own.
enum Mounting {
    static let allowed: Bool = {
        let scratch = Scratch()
        let run = try? Tools.run(
            "/usr/bin/unshare",
            ["-m", "/bin/sh", "-c", "mount -t tmpfs -o size=16k tmpfs \"$0\"", scratch.path])
        return run?.exitedNormally == true
    }()
}
