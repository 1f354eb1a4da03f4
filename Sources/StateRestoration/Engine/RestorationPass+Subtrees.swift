/// The subtrees of a restore (rule R28): where a death is pinned, and the subtree a marker
/// names.
extension RestorationPass {
    /// The first record whose path's ``RestorationPath/description`` is `text`: the
    /// subtree a marker names (R28). The records are walked parents first, and a record's
    /// own component is compared only where its parent's path is the start of `text`, so
    /// each record costs at most its own identifier, never its whole path's text (a marker
    /// naming no record of a huge archive costs one look at each root). A description
    /// shortened in the middle ("…(n more)…", over ``RestorationPath/shownPathLength``)
    /// names no record.
    static func record(shownAs text: String, in view: ArchiveView) -> Int? {
        let text = Array(text.utf8)
        let records = view.records
        let slash = UInt8(ascii: "/")
        // Where each record's path text ends in `text`, if it is a start of it; -1 if not.
        var ends = [Int32](repeating: -1, count: records.count)
        for index in records.indices {
            let parent = Int(records[index].parent)
            var start = 0
            if parent >= 0 {
                let parentEnd = Int(ends[parent])
                guard parentEnd >= 0, parentEnd < text.count, text[parentEnd] == slash else { continue }
                start = parentEnd + 1
            }
            let shown = RestorationPath.shown(view.component(ofRecord: index)).utf8
            guard shown.count <= text.count - start, text[start..<start + shown.count].elementsEqual(shown)
            else { continue }
            let end = start + shown.count
            if end == text.count { return index }
            ends[index] = Int32(end)
        }
        return nil
    }

    /// For each record, the record at the top of its subtree (rule R28): itself at depth 1
    /// or 2 (a root, or a root's child), else its parent's. With more than
    /// ``maximumUnits`` such subtrees, the roots' alone.
    func subtreeUnits() -> [Int32] {
        let records = view.records
        var depth = [UInt8](repeating: 0, count: records.count)
        var units = [Int32](repeating: 0, count: records.count)
        var count = 0
        for index in records.indices {
            let parent = Int(records[index].parent)
            depth[index] = parent < 0 ? 1 : min(depth[parent], 2) + 1
            if depth[index] <= 2 {
                units[index] = Int32(index)
                count += 1
            } else {
                units[index] = units[parent]
            }
        }
        guard count > Self.maximumUnits else { return units }
        for index in records.indices {
            let parent = Int(records[index].parent)
            units[index] = parent < 0 ? Int32(index) : units[parent]
        }
        return units
    }
}
