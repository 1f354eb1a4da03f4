// Unchecked code lives in this folder only (docs/DECISIONS.md, "Unsafe code in one folder";
// rule C2), one type per file. This one: the C library's file calls, which take C strings and buffers as
// pointers.

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// The C library's file calls, with Swift strings and arrays in place of pointers.
///
/// Invariant: each function hands the C library pointers only for the length of the call,
/// to memory Swift owns for that long (a string's C copy, an array's storage, a local
/// `stat`), with the length that memory has; the results are copied into Swift values
/// before it returns. Each returns what the C call returns, with `errno` as it left it.
enum UncheckedSystem {
    static func open(_ path: String, _ flags: Int32, _ mode: mode_t = 0) -> Int32 {
        unsafe Glibc.open(path, flags, mode)
    }

    /// The status of the file at `path`, following a final symbolic link; nil on failure.
    static func status(ofPath path: String) -> stat? {
        var status = stat()
        return unsafe stat(path, &status) == 0 ? status : nil
    }

    /// The status of the file at `path` itself, a symbolic link included; nil on failure.
    static func linkStatus(ofPath path: String) -> stat? {
        var status = stat()
        return unsafe lstat(path, &status) == 0 ? status : nil
    }

    /// The status of the open file; nil on failure.
    static func status(of descriptor: Int32) -> stat? {
        var status = stat()
        return unsafe fstat(descriptor, &status) == 0 ? status : nil
    }

    @discardableResult
    static func mkdir(_ path: String, _ mode: mode_t) -> Int32 {
        unsafe Glibc.mkdir(path, mode)
    }

    @discardableResult
    static func chmod(_ path: String, _ mode: mode_t) -> Int32 {
        unsafe Glibc.chmod(path, mode)
    }

    static func rename(_ source: String, _ destination: String) -> Int32 {
        unsafe Glibc.rename(source, destination)
    }

    @discardableResult
    static func unlink(_ path: String) -> Int32 {
        unsafe Glibc.unlink(path)
    }

    /// Gives the file at `source` the second name `destination` (a hard link).
    static func link(_ source: String, _ destination: String) -> Int32 {
        unsafe Glibc.link(source, destination)
    }

    /// Removes an empty directory.
    @discardableResult
    static func removeDirectory(_ path: String) -> Int32 {
        unsafe Glibc.rmdir(path)
    }

    /// Reads into `bytes[offset...]`; returns the count read, 0 at the end, -1 on failure.
    static func read(_ descriptor: Int32, into bytes: inout [UInt8], at offset: Int) -> Int {
        precondition(offset >= 0 && offset <= bytes.count)
        return unsafe bytes.withUnsafeMutableBytes { buffer in
            unsafe Glibc.read(
                descriptor, buffer.baseAddress.map { unsafe $0 + offset }, buffer.count - offset)
        }
    }

    /// Writes `bytes[offset...]`; returns the count written, -1 on failure.
    static func write(_ descriptor: Int32, _ bytes: [UInt8], from offset: Int) -> Int {
        precondition(offset >= 0 && offset <= bytes.count)
        return unsafe bytes.withUnsafeBytes { buffer in
            unsafe Glibc.write(
                descriptor, buffer.baseAddress.map { unsafe $0 + offset }, buffer.count - offset)
        }
    }

    /// The C library's message for an `errno` value.
    static func errorMessage(_ code: Int32) -> String {
        unsafe String(cString: strerror(code))
    }

    /// The names in the directory at `path`, `.` and `..` included; nil if it cannot be
    /// opened.
    static func directoryEntries(_ path: String) -> [String]? {
        guard let stream = unsafe opendir(path) else { return nil }
        defer { unsafe closedir(stream) }
        var names: [String] = []
        while let entry = unsafe readdir(stream) {
            names.append(
                unsafe withUnsafeBytes(of: unsafe entry.pointee.d_name) { raw in
                    let name = unsafe raw.prefix { $0 != 0 }
                    return unsafe String(decoding: name, as: UTF8.self)
                })
        }
        return names
    }
}
