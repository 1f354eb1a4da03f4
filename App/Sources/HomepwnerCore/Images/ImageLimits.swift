/// What the image store accepts. The defaults cover a modern phone photo with room to
/// spare and bound the memory of one decode (about 3 bytes a pixel for PNG, less for
/// JPEG, which is decoded scaled down).
public struct ImageLimits: Hashable, Sendable {
    /// The largest file, in bytes. Default: 20 MiB.
    public var maximumFileBytes: Int
    /// The most pixels (width × height). Default: 40 million (for example 8000 × 5000).
    public var maximumPixels: Int
    /// The most scans of a progressive JPEG. Each scan is a pass over the whole image: 500
    /// of them in a 111 KB file cost seconds. Encoders write about ten; default 64.
    public var maximumScans: Int

    /// Custom limits (tests use small ones).
    public init(maximumFileBytes: Int, maximumPixels: Int, maximumScans: Int = 64) {
        self.maximumFileBytes = maximumFileBytes
        self.maximumPixels = maximumPixels
        self.maximumScans = maximumScans
    }

    /// 20 MiB, 40 megapixels and 64 scans.
    public static let standard = ImageLimits(maximumFileBytes: 20 << 20, maximumPixels: 40_000_000)
}
