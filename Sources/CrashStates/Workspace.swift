import Foundation
import TestSupport

/// The scratch directories of one exploration: where a scenario runs, and where each
/// power-loss state is laid out for a launch. Removed with everything in it at the end.
final class Workspace {
    /// Under /dev/shm where there is one: each launch writes its markers with two `fsync`s,
    /// which a tmpfs makes free and a disk makes the bulk of the run's time.
    private let root: TemporaryDirectory

    var path: String { root.path }

    init() {
        var status = stat()
        let memory = stat("/dev/shm", &status) == 0 && access("/dev/shm", W_OK) == 0
        root = TemporaryDirectory(prefix: "crash-states", in: memory ? "/dev/shm" : nil)
    }

    /// Makes `directory` with mode 0700, as the engine wants its state directory.
    func makeDirectory(_ directory: String) throws {
        try FileManager.default.createDirectory(
            atPath: directory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
    }

    /// The regular files and the directories under `directory`, by path from it.
    func image(of directory: String) throws -> DirectoryImage {
        var image = DirectoryImage()
        var pending = [""]
        while let relative = pending.popLast() {
            let absolute = relative.isEmpty ? directory : directory + "/" + relative
            for name in try FileManager.default.contentsOfDirectory(atPath: absolute) {
                let path = relative.isEmpty ? name : relative + "/" + name
                var isDirectory: ObjCBool = false
                _ = FileManager.default.fileExists(atPath: directory + "/" + path, isDirectory: &isDirectory)
                if isDirectory.boolValue {
                    image.directories.insert(path)
                    pending.append(path)
                } else {
                    image.files[path] = TemporaryDirectory.bytes(of: directory + "/" + path) ?? []
                }
            }
        }
        return image
    }

    /// Lays `state` out in a fresh directory (files 0600, directories 0700) and returns
    /// its path.
    func materialise(_ state: DirectoryImage) throws -> String {
        let directory = path + "/launch"
        if FileManager.default.fileExists(atPath: directory) {
            try FileManager.default.removeItem(atPath: directory)
        }
        try makeDirectory(directory)
        for subdirectory in state.directories.sorted(by: { $0.count < $1.count }) {
            try makeDirectory(directory + "/" + subdirectory)
        }
        for (name, bytes) in state.files {
            guard
                FileManager.default.createFile(
                    atPath: directory + "/" + name, contents: Data(bytes),
                    attributes: [.posixPermissions: 0o600])
            else { throw WorkspaceError.cannotWrite(directory + "/" + name) }
        }
        return directory
    }
}

/// A scratch file that could not be written.
enum WorkspaceError: Error, CustomStringConvertible {
    case cannotWrite(String)

    var description: String {
        switch self {
        case .cannotWrite(let path): "cannot write the scratch file \(path)"
        }
    }
}
