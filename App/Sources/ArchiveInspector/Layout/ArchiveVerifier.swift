import StateRestoration

/// Checks archive bytes as the engine would at launch, and explains what is wrong.
public enum ArchiveVerifier {
    /// Parses `bytes` with the engine's reader.
    /// - Parameters:
    ///   - bytes: The whole file.
    ///   - limits: The reader's limits; the engine's defaults unless an app configured others.
    /// - Returns: The archive, or the problem with its reason, offset and section.
    public static func verify(_ bytes: [UInt8], limits: ArchiveLimits = .default) -> Result<
        Archive, ArchiveProblem
    > {
        do {
            return .success(try Archive(bytes: bytes, limits: limits))
        } catch {
            return .failure(ArchiveProblem(error, in: bytes))
        }
    }
}
