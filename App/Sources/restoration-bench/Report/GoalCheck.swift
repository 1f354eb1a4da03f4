/// The performance goals, checked against one run's figures (no assertion: a report).
///
/// At 1,000 objects: engine encode at most 2x the floor and at least 8x faster than
/// JSONEncoder; engine decode at most 2.5x the floor (the floor checks nothing, the engine
/// checks every byte first); archive bytes no larger than PropertyListEncoder's; and from
/// 1,000 to 100,000 objects, the engine's growth at most 1.15x the floor's own growth in the
/// same run (the machine's caches shape both alike). These are the engine issue's
/// restatement of issue 6's goals.
struct GoalCheck {
    static let goalSize = 1_000
    static let largeSize = 100_000

    let results: [SizeResult]

    var lines: [String] {
        var lines = ["Goals, from this run:"]
        let small = results.first { $0.nodes == Self.goalSize }
        let engine = small?.result(.stateRestoration)
        let floor = small?.result(.floor)
        let json = small?.result(.json)
        let plist = small?.result(.propertyList)
        if let engine, let floor {
            lines.append(
                goal(
                    "engine encode ≤ 2x floor", engine.encode.median / floor.encode.median, limit: 2,
                    unit: "x"))
            lines.append(
                goal(
                    "engine decode ≤ 2.5x floor", engine.decode.median / floor.decode.median, limit: 2.5,
                    unit: "x"))
        } else {
            lines.append("  engine vs floor at 1,000: not measured in this run")
        }
        if let engine, let json {
            let speedup = json.encode.median / engine.encode.median
            lines.append(
                "  engine encode ≥ 8x faster than JSONEncoder: "
                    + String(format: "%.1fx", speedup) + (speedup >= 8 ? "  met" : "  NOT met"))
        } else {
            lines.append("  engine vs JSONEncoder at 1,000: not measured in this run")
        }
        if let engine, let plist {
            lines.append(
                "  archive bytes ≤ PropertyListEncoder: \(TableReport.grouped(engine.bytes)) vs "
                    + "\(TableReport.grouped(plist.bytes))"
                    + (engine.bytes <= plist.bytes ? "  met" : "  NOT met"))
        } else {
            lines.append("  archive bytes vs PropertyListEncoder at 1,000: not measured in this run")
        }
        let large = results.first { $0.nodes == Self.largeSize }
        if let engine, let floor, let largeEngine = large?.result(.stateRestoration),
            let largeFloor = large?.result(.floor)
        {
            for (phase, engineSmall, engineLarge, floorSmall, floorLarge) in [
                (
                    "encode", engine.encode.median, largeEngine.encode.median, floor.encode.median,
                    largeFloor.encode.median
                ),
                (
                    "decode", engine.decode.median, largeEngine.decode.median, floor.decode.median,
                    largeFloor.decode.median
                ),
            ] {
                let growth = engineLarge / engineSmall
                let floorGrowth = floorLarge / floorSmall
                lines.append(
                    goal(
                        "engine \(phase) growth 1,000 → 100,000 ≤ 1.15x the floor's ("
                            + String(format: "%.1fx vs %.1fx", growth, floorGrowth) + ")",
                        growth / floorGrowth,
                        limit: 1.15, unit: "x"))
            }
        } else {
            lines.append("  growth 1,000 → 100,000: not measured in this run")
        }
        return lines
    }

    private func goal(_ name: String, _ value: Double, limit: Double, unit: String) -> String {
        "  \(name): " + String(format: "%.2f", value) + unit + (value <= limit ? "  met" : "  NOT met")
    }
}
