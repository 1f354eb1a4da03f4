// A helper for HomepwnerTests and for measuring the item store; not part of the app.
//
//   homepwner-store-stress edits DIR SEED COUNT
//       Opens the store in DIR and makes COUNT quick random edits (create, update, move,
//       delete). Before each edit it prints "begin <edit>", after its commit "ok", both
//       unbuffered, so a parent that kills it with SIGKILL knows what must be on disk.
//   homepwner-store-stress bench DIR COUNT
//       Fills a store in DIR with COUNT random items, then times reopening it, the first
//       page, and loading everything.
//   homepwner-store-stress load DIR [REPETITIONS]
//       Opens the existing store in DIR (a data directory: DIR/items.sqlite) and loads every
//       item with allItems(), REPETITIONS times (default 1), printing each load's time; with
//       more than one, also the median (min–max). One repetition is the whole-process figure
//       scripts/bench-homepwner-load sets against sqlite3 (docs/PERFORMANCE.md).
//   homepwner-store-stress longtext DIR [BYTES]
//       Stores one item whose name is BYTES bytes (default 1,000,000) of Latin and Chinese
//       text, runs Homepwner on a headless 80x24 terminal, opens the item and times each
//       key typed into the name, with the frame it draws (docs/PERFORMANCE.md, "Long text").
//   homepwner-store-stress longnotes DIR [BYTES]
//       The same with notes of BYTES bytes in lines of 60 characters, typed into the
//       notes' text view at their end (rule T4).
//   homepwner-store-stress clustertext DIR [BYTES], clusternotes DIR [BYTES]
//       The same with one grapheme cluster of BYTES bytes: "e" and combining acute
//       accents (U+0301), in the name or the notes (docs/PERFORMANCE.md, "Long text").
//   homepwner-store-stress search DIR [COUNT]
//       Fills a store in DIR with COUNT random items (default 100,000), runs Homepwner on a
//       headless 80x24 terminal, and times the list's / search (rule H20): each key typed
//       with its frame, and the whole search, step by step, for a query found in the last
//       row and for one found nowhere (docs/PERFORMANCE.md, "Finding in a long list").
import Foundation
import Homepwner
import HomepwnerCore
import StateRestoration
import TerminalKit

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

func say(_ line: String) {
    var bytes = Array((line + "\n").utf8)
    var offset = 0
    while offset < bytes.count {
        let count = bytes.withUnsafeMutableBytes {
            write(1, $0.baseAddress.map { $0 + offset }, $0.count - offset)
        }
        if count <= 0 { exit(3) }
        offset += count
    }
    bytes.removeAll()
}

func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data(("homepwner-store-stress: " + message + "\n").utf8))
    exit(2)
}

func open(_ directory: String) -> ItemStore {
    do {
        return try ItemStore(paths: HomepwnerPaths(dataDirectory: directory, stateDirectory: directory))
    } catch {
        fail(error.description)
    }
}

func edits(directory: String, seed: UInt64, count: Int) {
    let store = open(directory)
    var generator = SeededRandomNumberGenerator(seed: seed)
    do {
        var keys = try store.orderedKeys()
        for step in 0..<count {
            let choice = generator.next() % 10
            if keys.count < 5 || choice < 3 {
                var item = Item.random(using: &generator)
                item.name = "n\(step)"
                say("begin create \(ItemKey.text(item.key)) \(item.name) \(item.valueInDollars)")
                try store.insert([item])
                keys.append(item.key)
            } else if choice < 6 {
                let key = keys[Int(generator.next() % UInt64(keys.count))]
                guard var item = try store.item(forKey: key) else { fail("missing \(key)") }
                item.name = "u\(step)"
                item.valueInDollars = step
                say("begin update \(ItemKey.text(key)) \(item.name) \(item.valueInDollars)")
                try store.update(item)
            } else if choice < 9 {
                let from = Int(generator.next() % UInt64(keys.count))
                let to = Int(generator.next() % UInt64(keys.count))
                say("begin move \(from) \(to)")
                try store.moveItem(from: from, to: to)
                keys.insert(keys.remove(at: from), at: to)
            } else {
                let index = Int(generator.next() % UInt64(keys.count))
                say("begin delete \(ItemKey.text(keys[index]))")
                try store.deleteItem(withKey: keys[index])
                keys.remove(at: index)
            }
            say("ok")
        }
    } catch {
        fail(error.description)
    }
}

func milliseconds(_ body: () throws(ItemStoreError) -> Void) -> Double {
    let start = ContinuousClock.now
    do {
        try body()
    } catch {
        fail(error.description)
    }
    let elapsed = ContinuousClock.now - start
    return Double(elapsed.components.seconds) * 1000 + Double(elapsed.components.attoseconds) / 1e15
}

func bench(directory: String, count: Int) {
    var generator = SeededRandomNumberGenerator(seed: 1)
    let items = (0..<count).map { _ in Item.random(using: &generator) }
    let fill = milliseconds { () throws(ItemStoreError) in try open(directory).insert(items) }
    say(String(format: "insert %d items in one transaction: %.1f ms", count, fill))
    var store: ItemStore?
    var total = 0
    var page: [Item] = []
    let first = milliseconds { () throws(ItemStoreError) in
        let opened = try ItemStore(paths: HomepwnerPaths(dataDirectory: directory, stateDirectory: directory))
        total = try opened.count()
        page = try opened.items(offset: 0, limit: 60)
        store = opened
    }
    say(String(format: "open + count (%d) + first page (%d rows): %.2f ms", total, page.count, first))
    guard let store else { fail("no store") }
    var all: [Item] = []
    let load = milliseconds { () throws(ItemStoreError) in all = try store.allItems() }
    say(String(format: "load all %d items: %.1f ms", all.count, load))
    var keys: [UUID] = []
    let keyTime = milliseconds { () throws(ItemStoreError) in keys = try store.orderedKeys() }
    say(String(format: "ordered keys (%d): %.1f ms", keys.count, keyTime))
    let deep = milliseconds { () throws(ItemStoreError) in
        page = try store.items(offset: count - 60, limit: 60)
    }
    say(String(format: "last page (offset %d): %.2f ms", count - 60, deep))
    let moves = 100
    let before = milliseconds { () throws(ItemStoreError) in
        for index in 0..<moves { try store.moveItem(from: count - 1 - index, to: index) }
    }
    say(String(format: "move (committed, synced): %.2f ms each", before / Double(moves)))
}

func load(directory: String, repetitions: Int) {
    guard FileManager.default.fileExists(atPath: directory + "/items.sqlite") else {
        fail("no items.sqlite in \(directory)")
    }
    let store = open(directory)
    var times: [Double] = []
    for _ in 0..<repetitions {
        var all: [Item] = []
        let time = milliseconds { () throws(ItemStoreError) in all = try store.allItems() }
        say(String(format: "load all %d items: %.2f ms", all.count, time))
        times.append(time)
    }
    guard repetitions > 1 else { return }
    times.sort()
    let middle = times.count / 2
    let median = times.count % 2 == 1 ? times[middle] : (times[middle - 1] + times[middle]) / 2
    say(String(format: "median of %d: %.2f ms (%.2f–%.2f)", repetitions, median, times[0], times.last ?? 0))
}

/// The milliseconds `body` takes.
func time(_ body: () -> Void) -> Double {
    let start = ContinuousClock.now
    body()
    let elapsed = ContinuousClock.now - start
    return Double(elapsed.components.seconds) * 1000 + Double(elapsed.components.attoseconds) / 1e15
}

/// Median, and maximum, of some times, as "median X ms, max Y ms".
func summary(_ times: [Double]) -> String {
    let sorted = times.sorted()
    let median = sorted.isEmpty ? 0 : sorted[sorted.count / 2]
    return String(format: "median %.3f ms, max %.3f ms", median, sorted.last ?? 0)
}

/// Homepwner on `store` and a headless 80x24 terminal, launched fresh with its state in
/// `directory`.
@MainActor
func launchedHeadless(_ store: ItemStore, directory: String) -> (HeadlessTerminal, Application) {
    let terminal = HeadlessTerminal(size: Size(width: 80, height: 24))
    let application = HomepwnerApplication.makeApplication(
        context: HomepwnerContext(store: store, colorEnabled: true), driver: terminal,
        storage: FileRestorationStorage(directory: directory),
        configuration: HomepwnerApplication.configuration(debugOutput: .off), startsFresh: true)
    do {
        try application.launch()
    } catch {
        fail(error.description)
    }
    return (terminal, application)
}

/// The milliseconds a key takes to be handled, with the frame it draws.
@MainActor
func timedPress(_ key: Key, _ terminal: HeadlessTerminal, _ application: Application) -> Double {
    time {
        terminal.press(key)
        application.processEvents()
    }
}

/// Where `longtext` types: the name field, or the notes' text view (rule T4).
enum LongField {
    case name, notes
}

@MainActor
func longText(directory: String, bytes: Int, field: LongField = .name, cluster: Bool = false) {
    let pattern = "abc熊猫 def"
    var text = String(repeating: pattern, count: max(1, bytes / pattern.utf8.count))
    if cluster {
        text = "e" + String(repeating: "\u{301}", count: (bytes - 1) / 2)
    } else if field == .notes {
        // The notes in lines of about 60 characters, as notes are written.
        text = String(text.enumerated().map { $0.offset % 60 == 59 ? "\n" : $0.element })
    }
    let store = open(directory)
    do {
        if field == .name {
            _ = try store.createItem(name: text, serialNumber: "LONG1", valueInDollars: 1)
        } else {
            _ = try store.createItem(
                name: "Long notes", serialNumber: "LONG1", valueInDollars: 1, notes: text)
        }
    } catch {
        fail(error.description)
    }
    let (terminal, application) = launchedHeadless(store, directory: directory)
    func press(_ key: Key) -> Double { timedPress(key, terminal, application) }
    say(
        "\(field == .name ? "name" : "notes"): \(text.utf8.count) bytes, "
            + "\(TextClusters.count(text[...])) characters (TextClusters); "
            + "80x24 headless, one frame per key")
    say(String(format: "open the item (Enter): %.1f ms", press(.enter)))
    if field == .notes {
        // Tab to the notes, then to the end of the text (Ctrl-End).
        for _ in 0..<4 { _ = press(.tab) }
        say(String(format: "go to the end (Ctrl-End): %.1f ms", press(Key(.end, modifiers: .control))))
    }
    let typing = (0..<200).map { _ in press(.character("x")) }
    say("type 200 characters at the end: " + summary(typing))
    let editing = (0..<50).flatMap { _ in
        [press(.home), press(.right), press(.character("y")), press(.end), press(.left), press(.backspace)]
    }
    say("Home, →, type, End, ←, Backspace, 50 times each: " + summary(editing))
    say(String(format: "save the state (the whole draft): %.1f ms", time { application.preserveState() }))
    let perKey = (typing + editing).sorted()
    say(
        String(
            format: "per key, all %d: median %.3f ms, max %.3f ms", perKey.count, perKey[perKey.count / 2],
            perKey.last ?? 0))
}

@MainActor
func search(directory: String, count: Int) {
    let store = open(directory)
    var generator = SystemRandomNumberGenerator()
    do {
        try store.insertRandomItems(count, using: &generator)
        try store.createItem(name: "Needle in the haystack", serialNumber: "NEEDLE", valueInDollars: 1)
    } catch {
        fail(error.description)
    }
    let (terminal, application) = launchedHeadless(store, directory: directory)
    func press(_ key: Key) -> Double { timedPress(key, terminal, application) }
    /// Turns of the run loop (1 ms of the terminal's clock each) until the search line
    /// stops saying `searching…`, and the milliseconds they took, frames included.
    func finish() -> (turns: Int, milliseconds: Double) {
        var turns = 0
        let elapsed = time {
            while terminal.text.contains("searching…") && turns < 100_000 {
                terminal.advanceTime(by: .milliseconds(1))
                application.processEvents()
                turns += 1
            }
        }
        return (turns, elapsed)
    }
    say("\(count + 1) items; 80x24 headless, one frame per key and per turn")
    for query in ["needle", "qqqqqq"] {
        _ = press(.character("/"))
        let keys = query.map { press(.character($0)) }
        let (turns, whole) = finish()
        let line = terminal.text.split(separator: "\n").first { $0.hasPrefix(" / ") }.map(String.init) ?? ""
        say("/\(query): per key " + summary(keys) + String(format: "; then %d turns, %.1f ms", turns, whole))
        say("  search line: " + line.trimmingCharacters(in: .whitespaces))
        _ = press(.escape)
    }
}

let arguments = CommandLine.arguments
switch (arguments.count, arguments.dropFirst().first) {
case (5, "edits"):
    guard let seed = UInt64(arguments[3]), let count = Int(arguments[4]) else { fail("bad numbers") }
    edits(directory: arguments[2], seed: seed, count: count)
case (4, "bench"):
    guard let count = Int(arguments[3]), count >= 200 else { fail("COUNT must be at least 200") }
    bench(directory: arguments[2], count: count)
case (3, "load"), (4, "load"):
    let repetitions = arguments.count == 4 ? Int(arguments[3]) : 1
    guard let repetitions, repetitions >= 1 else { fail("REPETITIONS must be at least 1") }
    load(directory: arguments[2], repetitions: repetitions)
case (3, "longtext"), (4, "longtext"), (3, "longnotes"), (4, "longnotes"), (3, "clustertext"),
    (4, "clustertext"), (3, "clusternotes"), (4, "clusternotes"):
    let bytes = arguments.count == 4 ? Int(arguments[3]) : 1_000_000
    guard let bytes, bytes >= 13 else { fail("BYTES must be at least 13") }
    let field: LongField = arguments[1].hasSuffix("notes") ? .notes : .name
    let cluster = arguments[1].hasPrefix("cluster")
    MainActor.assumeIsolated {
        longText(directory: arguments[2], bytes: bytes, field: field, cluster: cluster)
    }
case (3, "search"), (4, "search"):
    let count = arguments.count == 4 ? Int(arguments[3]) : 100_000
    guard let count, count >= 1 else { fail("COUNT must be at least 1") }
    MainActor.assumeIsolated { search(directory: arguments[2], count: count) }
default:
    fail(
        "usage: homepwner-store-stress edits DIR SEED COUNT | bench DIR COUNT | load DIR [REPETITIONS]"
            + " | longtext DIR [BYTES] | longnotes DIR [BYTES] | clustertext DIR [BYTES]"
            + " | clusternotes DIR [BYTES] | search DIR [COUNT]")
}
