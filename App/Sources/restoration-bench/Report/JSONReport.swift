import ArgumentKit

/// The `--json` output: exactly one object on one line,
/// `{"machine": "...", "cases": [{"nodes": 1000, "library": "...", "encode_ms": 0.5,
/// "decode_ms": 0.6, "bytes": 123}, ...]}`, with medians in milliseconds, keys in this order.
struct JSONReport {
    let machine: String
    let results: [SizeResult]

    func text() -> String {
        let cases = results.flatMap(\.cases).map { result in
            JSONValue.object([
                ("nodes", .int(Int64(result.nodes))), ("library", .string(result.library.rawValue)),
                ("encode_ms", .double(Self.milliseconds(result.encode.median))),
                ("decode_ms", .double(Self.milliseconds(result.decode.median))),
                ("bytes", .int(Int64(result.bytes))),
            ])
        }
        return JSONValue.object([("machine", .string(machine)), ("cases", .array(cases))]).inline
    }

    /// Milliseconds to the nanosecond: enough, and readable. Never NaN or infinite.
    private static func milliseconds(_ milliseconds: Double) -> Double {
        guard milliseconds.isFinite else { return 0 }
        return (milliseconds * 1_000_000).rounded() / 1_000_000
    }
}
