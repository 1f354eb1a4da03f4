import Foundation
import Testing

@testable import Homepwner

/// Rule H10: a value given on the command line and quoted back in a message cannot add a
/// line of its own (a line feed in `--open` or `--session`).
@Suite("H10: option values quoted in Homepwner's messages")
@MainActor
struct OptionValueQuotingTests {
    @Test(
        "H10: --open and --session values with a line feed are reported on one line",
        arguments: ["--open", "--session"])
    func lineFeedStaysQuoted(option: String) {
        let scratch = Scratch()
        let run = CommandRun(
            [
                option, "zz\nhomepwner: planted", "--data-dir", scratch.file("data"), "--state-dir",
                scratch.file("state"),
            ],
            in: scratch)
        let (status, errors) = (run.status, run.errors)
        #expect(status != 0)
        #expect(errors.contains("zz\\nhomepwner: planted"), "the value is shown, escaped")
        #expect(!errors.split(separator: "\n").contains { $0.hasPrefix("homepwner: planted") }, "\(errors)")
    }
}
