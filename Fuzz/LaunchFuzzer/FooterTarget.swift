import Foundation
import StateRestoration

/// The activity footer (docs/ARCHIVE-FORMAT.md, "The activity footer"): the input is what
/// follows a valid archive in its file. The file is launched from a session's storage.
///
/// What must hold, whatever the bytes:
/// - the archive is kept, and every object restored, unless a whole activity (its magic,
///   a length that fits, a matching checksum, the grammar) says the archive ends elsewhere:
///   a damaged footer costs only the activity, never the archive;
/// - `ActivityFooter.split`, `Archive(fileBytes:)` and the launch agree on where the
///   archive ends;
/// - when the archive is not used, the activity that said so is what the app goes back to;
/// - no marker is left after the launch.
@MainActor
enum FooterTarget {
    static func run(_ input: [UInt8]) {
        let archive = LaunchFixture.archive
        let file = archive + input
        let (length, found) = ActivityFooter.split(file)
        let kept = length == archive.count
        var activity: RestorationActivity?
        if case .activity(let whole) = found { activity = whole }
        if !kept, activity == nil {
            LaunchFixture.finding(
                "a footer that is not a whole activity moved the archive's end to \(length)")
        }
        if input.isEmpty, found != .none {
            LaunchFixture.finding("an archive alone was read as having a footer")
        }
        let parsed = (try? Archive(fileBytes: file)) != nil
        if parsed != kept {
            LaunchFixture.finding(
                "Archive(fileBytes:) \(parsed ? "read" : "refused") an archive split at \(length)")
        }
        let directory = LaunchFixture.scratch("footer")
        let storage = FileRestorationStorage(directory: directory)
        do {
            try storage.store(file, as: .archive)
        } catch {
            LaunchFixture.finding("cannot write the file: \(error)")
        }
        let report = LaunchFixture.launch(storage)
        if kept {
            let paths = report.restoredPaths.map(\.description)
            guard report.restored, paths == LaunchFixture.allPaths else {
                LaunchFixture.finding("the archive before the footer restored \(paths.count) objects", report)
            }
        } else {
            guard !report.restored, report.restoredActivity == activity else {
                LaunchFixture.finding(
                    "a launch that could not use the archive did not go back to its activity", report)
            }
        }
        if (try? storage.load(.restoringMarker)) != nil {
            LaunchFixture.finding("the launch left the in-progress marker behind", report)
        }
        LaunchFixture.note("\(kept ? "archive kept" : "archive split at \(length)"), \(found)")
    }

    /// Seeds: footers as the engine writes them, and a few damaged ones.
    static func seeds() -> [(String, [UInt8])] {
        let viewing = RestorationActivity(
            type: "homepwner.viewItem", version: 2, title: "Viewing Red Sofa",
            userInfo: ["item": "6F9619FF-8B86-D011-B42D-00CF4FC964FF", "session": "a1"])
        let whole = ActivityFooter.encode(viewing)
        var flippedLength = whole
        flippedLength[whole.count - 16] ^= 0x01
        var flippedMagic = whole
        flippedMagic[whole.count - 3] ^= 0x40
        return [
            ("whole", whole),
            ("bare-type", ActivityFooter.encode(RestorationActivity(type: "t"))),
            ("many-keys", ActivityFooter.encode(manyKeys)),
            ("length-bit", flippedLength),
            ("magic-bit", flippedMagic),
            ("truncated", Array(whole.dropFirst(5))),
            ("junk-then-whole", [0x00, 0x01, 0x02] + whole),
            ("magic-only", ActivityFooter.magic),
        ]
    }

    private static var manyKeys: RestorationActivity {
        var info: [String: String] = [:]
        for index in 0..<RestorationActivity.maximumKeyCount {
            info["k\(index)"] = String(repeating: "v", count: index)
        }
        return RestorationActivity(type: "homepwner.list", title: "Items", userInfo: info)
    }
}
