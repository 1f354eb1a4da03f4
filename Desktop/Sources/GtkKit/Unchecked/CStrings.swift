import CGtk

/// Calls `body` with `strings` as a NULL-terminated C array (`const char * const *`),
/// valid only during the call.
func withCStringArray<Result>(
    _ strings: [String], _ body: (UnsafeMutablePointer<UnsafePointer<CChar>?>?) -> Result
) -> Result {
    var copies: [UnsafePointer<CChar>?] = strings.map { UnsafePointer(strdup($0)) } + [nil]
    defer { for copy in copies { free(UnsafeMutablePointer(mutating: copy)) } }
    return copies.withUnsafeMutableBufferPointer { body($0.baseAddress) }
}

/// Calls `body` with `argv`: `programName` alone, as GLib wants it, valid during the call.
func withArgumentVector<Result>(
    programName: String, _ body: (Int32, UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> Result
) -> Result {
    var arguments: [UnsafeMutablePointer<CChar>?] = [strdup(programName), nil]
    defer { free(arguments[0]) }
    return arguments.withUnsafeMutableBufferPointer { body(1, $0.baseAddress) }
}
