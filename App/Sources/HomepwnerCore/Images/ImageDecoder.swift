import CImageDecode

#if canImport(Glibc)
    import Glibc
#endif

/// Swift's side of the C shim: header probe, limits, and the box-filtered decode. Pure: any
/// thread may call it (Homepwner decodes off the main thread).
package enum ImageDecoder {
    /// Decodes `bytes` (read from `path`, named in errors) into a thumbnail of at most
    /// `maximumColumns × maximumRows` cells. Checks the pixel limit from the header, before
    /// any pixel memory is allocated.
    static func thumbnail(
        of bytes: [UInt8], path: String, limits: ImageLimits, maximumColumns: Int, maximumRows: Int,
        background: RGB = .black
    ) throws(ImageStoreError) -> Thumbnail {
        var info = hp_image_info()
        let probed = bytes.withUnsafeBufferPointer { hp_image_probe($0.baseAddress, $0.count, &info) }
        try check(probed, info, path: path, limits: limits)
        let width = Int(info.width)
        let height = Int(info.height)
        if width == 0 || height == 0 {
            throw .corruptImage(path: path, format: formatName(info), detail: "the image has no pixels")
        }
        let (pixelCount, overflow) = width.multipliedReportingOverflow(by: height)
        if overflow || pixelCount > limits.maximumPixels {
            throw .tooManyPixels(path: path, width: width, height: height, limit: limits.maximumPixels)
        }
        let size = Thumbnail.size(
            width: width, height: height, maximumColumns: maximumColumns, maximumRows: maximumRows)
        let pixelRows = min(2 * size.rows, height)
        var output = [UInt8](repeating: 0, count: size.columns * pixelRows * 3)
        let backdrop = [background.red, background.green, background.blue]
        let decoded = bytes.withUnsafeBufferPointer { input in
            output.withUnsafeMutableBufferPointer { output in
                hp_image_decode_box(
                    input.baseAddress, input.count, UInt64(limits.maximumPixels),
                    UInt32(clamping: limits.maximumScans), UInt32(size.columns), UInt32(pixelRows), backdrop,
                    output.baseAddress, &info)
            }
        }
        try check(decoded, info, path: path, limits: limits)
        var pixels: [RGB] = []
        pixels.reserveCapacity(size.columns * pixelRows)
        for index in stride(from: 0, to: output.count, by: 3) {
            pixels.append(RGB(output[index], output[index + 1], output[index + 2]))
        }
        return Thumbnail(columns: size.columns, rows: size.rows, pixels: pixels, pixelRows: pixelRows)
    }

    /// The pixels (width × height) the header of `bytes` declares, or nil if it is no PNG
    /// or JPEG header: cheap, for choosing where to decode.
    static func pixelCount(of bytes: [UInt8]) -> Int? {
        var info = hp_image_info()
        let probed = bytes.withUnsafeBufferPointer { hp_image_probe($0.baseAddress, $0.count, &info) }
        guard probed == HP_IMAGE_OK else { return nil }
        return Int(info.width) * Int(info.height)
    }

    /// A `width` × `height` gradient as a JPEG (progressive: libjpeg's ten scans), for
    /// tests and tools; nil if libjpeg refused.
    package static func gradientJPEG(width: Int, height: Int, progressive: Bool, quality: Int = 75)
        -> [UInt8]?
    {
        var info = hp_image_info()
        var data: UnsafeMutablePointer<UInt8>?
        var size: UInt = 0
        let status = hp_image_encode_jpeg_gradient(
            UInt32(width), UInt32(height), progressive ? 1 : 0, Int32(quality), &data, &size, &info)
        defer { free(data) }
        guard status == HP_IMAGE_OK, let data else { return nil }
        return Array(UnsafeBufferPointer(start: data, count: Int(size)))
    }

    private static func check(
        _ status: hp_image_status, _ info: hp_image_info, path: String, limits: ImageLimits
    ) throws(ImageStoreError) {
        switch status {
        case HP_IMAGE_OK:
            return
        case HP_IMAGE_UNKNOWN_FORMAT:
            throw .notAnImage(path: path)
        case HP_IMAGE_TOO_MANY_PIXELS:
            throw .tooManyPixels(
                path: path, width: Int(info.width), height: Int(info.height), limit: limits.maximumPixels)
        case HP_IMAGE_TOO_MANY_SCANS:
            throw .tooManyScans(path: path, limit: limits.maximumScans)
        case HP_IMAGE_TRUNCATED:
            throw .incompleteImage(path: path, format: formatName(info))
        default:
            throw .corruptImage(path: path, format: formatName(info), detail: message(info))
        }
    }

    private static func formatName(_ info: hp_image_info) -> String {
        switch info.format {
        case HP_IMAGE_FORMAT_PNG: "PNG"
        case HP_IMAGE_FORMAT_JPEG: "JPEG"
        default: "an image"
        }
    }

    private static func message(_ info: hp_image_info) -> String {
        var message = info.message
        let text = withUnsafeBytes(of: &message) { raw in
            String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
        }
        return text.isEmpty ? "unknown error" : text
    }
}
