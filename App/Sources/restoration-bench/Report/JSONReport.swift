/// The `--json` output: exactly one object on one line,
/// `{"machine": "...", "cases": [{"nodes": 1000, "library": "...", "encode_ms": 0.5,
/// "decode_ms": 0.6, "bytes": 123}, ...]}`, with medians in milliseconds, keys in this order.
struct JSONReport {
    let machine: String
    let results: [SizeResult]

    func text() -> String {
        var cases: [String] = []
        for size in results {
            for result in size.cases {
                cases.append(
                    "{\"nodes\": \(result.nodes), \"library\": \(Self.quoted(result.library.rawValue)), "
                        + "\"encode_ms\": \(Self.number(result.encode.median)), "
                        + "\"decode_ms\": \(Self.number(result.decode.median)), \"bytes\": \(result.bytes)}")
            }
        }
        return "{\"machine\": \(Self.quoted(machine)), \"cases\": [\(cases.joined(separator: ", "))]}"
    }

    /// Milliseconds to the nanosecond: enough, and readable. Never NaN or infinite.
    private static func number(_ milliseconds: Double) -> String {
        guard milliseconds.isFinite else { return "0" }
        return "\((milliseconds * 1_000_000).rounded() / 1_000_000)"
    }

    /// A JSON string literal.
    private static func quoted(_ text: String) -> String {
        var result = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            case _ where scalar.value < 0x20:
                let hex = String(scalar.value, radix: 16)
                result += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result + "\""
    }
}
