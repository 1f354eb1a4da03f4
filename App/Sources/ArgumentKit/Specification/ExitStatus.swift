/// A process exit status, with the `sysexits.h` values command-line tools share.
public struct ExitStatus: RawRepresentable, Hashable, Sendable {
    /// The number the process exits with.
    public var rawValue: Int32

    /// Creates a status from its number.
    public init(rawValue: Int32) {
        self.rawValue = rawValue
    }

    /// 0: it worked.
    public static let success = ExitStatus(rawValue: 0)
    /// 1: a negative answer that is not an error, as `diff` exits 1 when files differ.
    public static let failure = ExitStatus(rawValue: 1)
    /// 64 (`EX_USAGE`): the command line is wrong.
    public static let usage = ExitStatus(rawValue: 64)
    /// 65 (`EX_DATAERR`): the input data is malformed.
    public static let dataError = ExitStatus(rawValue: 65)
    /// 66 (`EX_NOINPUT`): an input file does not exist or cannot be read.
    public static let noInput = ExitStatus(rawValue: 66)
    /// 70 (`EX_SOFTWARE`): an internal error.
    public static let software = ExitStatus(rawValue: 70)
    /// 73 (`EX_CANTCREAT`): an output file cannot be created.
    public static let cannotCreate = ExitStatus(rawValue: 73)
    /// 74 (`EX_IOERR`): reading or writing failed.
    public static let ioError = ExitStatus(rawValue: 74)
    /// 77 (`EX_NOPERM`): a file or directory may not be used, as a directory that others
    /// can write.
    /// `EX_TEMPFAIL`: try again later (something is in use).
    public static let temporaryFailure = ExitStatus(rawValue: 75)
    public static let noPermission = ExitStatus(rawValue: 77)
}
