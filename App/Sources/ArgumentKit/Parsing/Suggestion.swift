/// Did-you-mean: the candidate closest to a mistyped word, if one is close enough.
enum Suggestion {
    /// The candidate nearest to `word` by edit distance (counting a swap of two neighbours
    /// as one edit), or nil when none is close.
    ///
    /// "Close" allows one edit per three characters of the candidate, at least one and at
    /// most three, ignoring case; a word that is a prefix of exactly one candidate (at least
    /// two characters) also matches. Ties go to the earlier candidate, so the order of
    /// declaration decides.
    static func closest(to word: String, among candidates: [String]) -> String? {
        let lowered = Array(word.lowercased())
        var best: (candidate: String, distance: Int)?
        for candidate in candidates {
            let target = Array(candidate.lowercased())
            let allowed = min(3, max(1, target.count / 3))
            let distance = editDistance(lowered, target)
            if distance <= allowed, distance < (best?.distance ?? .max) {
                best = (candidate, distance)
            }
        }
        if let best { return best.candidate }
        let prefixed = candidates.filter { lowered.count >= 2 && $0.lowercased().hasPrefix(String(lowered)) }
        return prefixed.count == 1 ? prefixed.first : nil
    }

    /// The optimal-string-alignment distance: insertions, deletions, substitutions and
    /// transpositions of adjacent characters each cost one. O(n·m) time, O(m) memory.
    static func editDistance(_ source: [Character], _ target: [Character]) -> Int {
        if source.isEmpty { return target.count }
        if target.isEmpty { return source.count }
        var twoBack = [Int](repeating: 0, count: target.count + 1)
        var previous = Array(0...target.count)
        var current = [Int](repeating: 0, count: target.count + 1)
        for i in 1...source.count {
            current[0] = i
            for j in 1...target.count {
                let cost = source[i - 1] == target[j - 1] ? 0 : 1
                var value = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
                if i > 1, j > 1, source[i - 1] == target[j - 2], source[i - 2] == target[j - 1] {
                    value = min(value, twoBack[j - 2] + 1)
                }
                current[j] = value
            }
            (twoBack, previous, current) = (previous, current, twoBack)
        }
        return previous[target.count]
    }
}
