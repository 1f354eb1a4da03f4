import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// Ending sessions (rule S4): pruning by age and count, removing one, and clearing what a
/// killed launch left half made or half removed.
extension RestorationSessions {
    // MARK: Pruning

    /// Removes sessions unused for longer than the policy's age, then the least recently
    /// used beyond its count, passing over those in `keeping`; never a held one (rule S4).
    /// - Returns: The removed sessions' identifiers.
    @discardableResult
    public func prune(now: Date = Date(), keeping: Set<String> = []) -> [String] {
        let all = sessions()
        let maximumAge = Double(policy.maximumAge.components.seconds)
        var kept = all.count
        var removed: [String] = []
        // Oldest first.
        for info in all.reversed() where !info.isHeld {
            let tooOld = now.timeIntervalSince(info.lastUsed) > maximumAge
            guard tooOld || kept > max(policy.maximumCount, 0) && !keeping.contains(info.id) else { continue }
            if remove(info.id, syncing: false) {
                removed.append(info.id)
                kept -= 1
            }
        }
        // One sync for them all: a session a power cut brings back, whole or emptied, is
        // pruned again at the next launch.
        if !removed.isEmpty { files.syncDirectory(sessionsDirectory) }
        return removed
    }

    /// Removes session `id` if no instance holds it: it is renamed to a hidden name with
    /// its lock held, so no launch can take it half-removed. Returns whether it went.
    @discardableResult
    public func remove(_ id: String) -> Bool {
        remove(id, syncing: true)
    }

    /// ``remove(_:)``, syncing the directories after each step or not (pruning many).
    fileprivate func remove(_ id: String, syncing: Bool) -> Bool {
        let directory = directory(of: id)
        let path = directory + "/" + SessionFiles.lockName
        let lock = UncheckedSystem.open(path, O_RDWR | O_CREAT | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK, 0o600)
        guard lock >= 0 else { return false }
        defer { close(lock) }
        guard flock(lock, LOCK_EX | LOCK_NB) == 0 else { return false }
        let hidden = sessionsDirectory + "/.removing-\(id)-\(UInt32.random(in: 0...UInt32.max))"
        guard files.rename(directory, hidden) else { return false }
        if syncing { files.syncDirectory(sessionsDirectory) }
        _ = try? files.removeDirectory(hidden, syncingParent: syncing)
        return true
    }

    /// Removes hidden directories that a launch killed while making or removing a session
    /// left behind: those whose lock can be taken, a minute old or more (a launch makes
    /// its directory and locks it within that minute).
    func removeAbandonedWork() {
        guard let names = UncheckedSystem.directoryEntries(sessionsDirectory) else { return }
        let cutoff = Date().addingTimeInterval(-60)
        for name in names where name.hasPrefix(".new-") || name.hasPrefix(".removing-") {
            let directory = sessionsDirectory + "/" + name
            guard let status = UncheckedSystem.linkStatus(ofPath: directory),
                status.st_mode & S_IFMT == S_IFDIR,
                Self.modified(status) < cutoff
            else { continue }
            let lock = UncheckedSystem.open(
                directory + "/" + SessionFiles.lockName, O_RDONLY | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK)
            if lock >= 0 {
                defer { close(lock) }
                guard flock(lock, LOCK_EX | LOCK_NB) == 0 else { continue }
            }
            _ = try? files.removeDirectory(directory)
        }
    }
}
