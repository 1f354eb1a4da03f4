/// A colour made one that a terminal of a lesser ``ColorDepth`` shows: the nearest, by
/// squared distance in RGB, with xterm's default palette for the values of the basic and
/// indexed colours.
extension Color {
    /// The colour as a terminal of `depth` can show it: itself if it can, else the
    /// nearest it has; `.default` stays `.default`. Under ``ColorDepth/none`` it is
    /// returned unchanged: the renderer writes no colour at all then.
    public func reduced(to depth: ColorDepth) -> Color {
        switch (self, depth) {
        case (.rgb(let red, let green, let blue), .indexed256):
            .indexed(Self.nearestIndex(red: red, green: green, blue: blue))
        case (.rgb, .basic), (.indexed, .basic):
            components.map { Self.nearestBasic(red: $0.red, green: $0.green, blue: $0.blue) } ?? self
        default:
            self
        }
    }

    /// The colour's red, green and blue as xterm shows them by default; nil for `.default`.
    public var components: (red: UInt8, green: UInt8, blue: UInt8)? {
        switch self {
        case .default: nil
        case .rgb(let red, let green, let blue): (red, green, blue)
        case .indexed(let index): Self.components(ofIndex: index)
        default: Self.basicPalette.first { $0.color == self }.map { ($0.red, $0.green, $0.blue) }
        }
    }

    /// The basic colours, with xterm's default values.
    private static let basicPalette: [(color: Color, red: UInt8, green: UInt8, blue: UInt8)] = [
        (.black, 0, 0, 0), (.red, 205, 0, 0), (.green, 0, 205, 0), (.yellow, 205, 205, 0),
        (.blue, 0, 0, 238), (.magenta, 205, 0, 205), (.cyan, 0, 205, 205), (.white, 229, 229, 229),
        (.gray, 127, 127, 127),
    ]

    /// xterm's sixteen system colours (normal, then bright).
    private static let systemColors: [(UInt8, UInt8, UInt8)] = [
        (0, 0, 0), (205, 0, 0), (0, 205, 0), (205, 205, 0), (0, 0, 238), (205, 0, 205), (0, 205, 205),
        (229, 229, 229), (127, 127, 127), (255, 0, 0), (0, 255, 0), (255, 255, 0), (92, 92, 255),
        (255, 0, 255), (0, 255, 255), (255, 255, 255),
    ]

    /// The six levels of each component in the 6×6×6 cube (16–231).
    private static let cubeLevels: [UInt8] = [0, 95, 135, 175, 215, 255]

    private static func components(ofIndex index: UInt8) -> (red: UInt8, green: UInt8, blue: UInt8) {
        switch index {
        case 0..<16:
            let system = systemColors[Int(index)]
            return (system.0, system.1, system.2)
        case 16..<232:
            let cube = Int(index) - 16
            return (cubeLevels[cube / 36], cubeLevels[cube / 6 % 6], cubeLevels[cube % 6])
        default:
            let grey = UInt8(8 + 10 * (Int(index) - 232))
            return (grey, grey, grey)
        }
    }

    private static func distance(
        _ first: (red: UInt8, green: UInt8, blue: UInt8), _ second: (red: UInt8, green: UInt8, blue: UInt8)
    ) -> Int {
        let red = Int(first.red) - Int(second.red)
        let green = Int(first.green) - Int(second.green)
        let blue = Int(first.blue) - Int(second.blue)
        return red * red + green * green + blue * blue
    }

    /// The nearest of the cube (16–231) and the grey ramp (232–255); the system colours
    /// are left out because terminals' themes change them.
    static func nearestIndex(red: UInt8, green: UInt8, blue: UInt8) -> UInt8 {
        func level(_ value: UInt8) -> Int {
            let gaps = cubeLevels.map { abs(Int($0) - Int(value)) }
            return gaps.indices.min { gaps[$0] < gaps[$1] } ?? 0
        }
        let target = (red: red, green: green, blue: blue)
        let cube = UInt8(16 + 36 * level(red) + 6 * level(green) + level(blue))
        let average = (Int(red) + Int(green) + Int(blue)) / 3
        let grey = UInt8(232 + min(23, max(0, (average - 8 + 5) / 10)))
        return distance(components(ofIndex: grey), target) < distance(components(ofIndex: cube), target)
            ? grey : cube
    }

    /// The nearest basic colour (grey included).
    static func nearestBasic(red: UInt8, green: UInt8, blue: UInt8) -> Color {
        let target = (red: red, green: green, blue: blue)
        var best = basicPalette[0]
        for entry in basicPalette.dropFirst()
        where distance((entry.red, entry.green, entry.blue), target)
            < distance((best.red, best.green, best.blue), target)
        {
            best = entry
        }
        return best.color
    }
}
