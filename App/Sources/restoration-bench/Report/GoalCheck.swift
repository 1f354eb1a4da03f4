/// The performance goals, checked against one run's figures (no assertion: a report).
///
/// At 1,000 objects: engine encode at most 2x the floor and at least 8x faster than
/// JSONEncoder; engine decode at most 2.5x the floor (the floor checks nothing, the engine
/// checks every byte first); archive bytes no larger than PropertyListEncoder's; and from
/// 1,000 to 100,000 objects, the engine's growth at most 1.15x the floor's own growth in the
/// same run (the machine's caches shape both alike). These are rule P4's goals, as
/// docs/PERFORMANCE.md states them ("The goals").
///
/// The goals that compare the engine with the floor are read from the back-to-back groups
/// (``PairedRun``) when the run has them: the median of the groups' ratios. The ratio of the
/// table's medians is shown beside each, in brackets.
struct GoalCheck {
    static let goalSize = 1_000
    static let largeSize = 100_000

    let results: [SizeResult]
    var paired: PairedResult?

    var lines: [String] {
        let small = results.first { $0.nodes == Self.goalSize }
        let engine = small?.result(.stateRestoration)
        let floor = small?.result(.floor)
        let json = small?.result(.json)
        let plist = small?.result(.propertyList)
        let pairedSmall = paired.flatMap { $0.small == Self.goalSize ? $0 : nil }
        let pairedLarge = pairedSmall.flatMap { $0.large == Self.largeSize ? $0 : nil }
        var lines = [
            pairedSmall == nil
                ? "Goals, from this run:"
                : "Goals, from this run (engine against floor: the median of the back-to-back groups; "
                    + "[the ratio of the table's medians]):"
        ]
        if let engine, let floor {
            let encode = engine.encode.median / floor.encode.median
            let decode = engine.decode.median / floor.decode.median
            lines.append(
                goal(
                    "engine encode ≤ 2x floor",
                    pairedSmall.map { Statistics($0.encodeSmall).median } ?? encode,
                    limit: 2, unit: "x", table: pairedSmall == nil ? nil : encode))
            lines.append(
                goal(
                    "engine decode ≤ 2.5x floor",
                    pairedSmall.map { Statistics($0.decodeSmall).median } ?? decode, limit: 2.5, unit: "x",
                    table: pairedSmall == nil ? nil : decode))
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
            for (phase, engineSmall, engineLarge, floorSmall, floorLarge, groups) in [
                (
                    "encode", engine.encode.median, largeEngine.encode.median, floor.encode.median,
                    largeFloor.encode.median, pairedLarge?.encodeGrowth
                ),
                (
                    "decode", engine.decode.median, largeEngine.decode.median, floor.decode.median,
                    largeFloor.decode.median, pairedLarge?.decodeGrowth
                ),
            ] {
                let growth = engineLarge / engineSmall
                let floorGrowth = floorLarge / floorSmall
                let table = growth / floorGrowth
                lines.append(
                    goal(
                        "engine \(phase) growth 1,000 → 100,000 ≤ 1.15x the floor's",
                        groups.map { Statistics($0).median } ?? table, limit: 1.15, unit: "x",
                        table: groups == nil ? nil : table)
                        + " (table: " + String(format: "%.1fx vs %.1fx", growth, floorGrowth) + ")")
            }
        } else {
            lines.append("  growth 1,000 → 100,000: not measured in this run")
        }
        return lines
    }

    /// `name: value  met`, with the table's figure in brackets when the value is from the
    /// back-to-back groups.
    private func goal(_ name: String, _ value: Double, limit: Double, unit: String, table: Double? = nil)
        -> String
    {
        "  \(name): " + String(format: "%.2f", value) + unit
            + (table.map { " [" + String(format: "%.2f", $0) + unit + "]" } ?? "")
            + (value <= limit ? "  met" : "  NOT met")
    }
}
