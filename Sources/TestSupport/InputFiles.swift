import Foundation

/// The inputs a replay driver was given on its command line (the archive fuzzer's and
/// Homepwner's): each file named, and the files of each directory named, sorted, hidden
/// names left out.
///
/// Part of `TestSupport`, which is for this repository's tests and tools, not API.
public enum InputFiles {
    /// The files named, and the files of the directories named, sorted.
    public static func expanding(_ paths: [String]) -> [String] {
        paths.flatMap { path -> [String] in
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory),
                isDirectory.boolValue
            else { return [path] }
            let names = (try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []
            return names.filter { !$0.hasPrefix(".") }.sorted().map { path + "/" + $0 }
        }
    }
}
