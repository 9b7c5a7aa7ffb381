import Foundation
import ZIPFoundation

/// The pixels of a PNG file, enough to tell a rendered page from a blank one: 8-bit greyscale,
/// RGB and RGBA images without interlacing, which is what chromium's screenshots are. The
/// image data is inflated by ZIPFoundation (zlib's inflate).
struct PNGImage {
    let width: Int
    let height: Int
    /// Bytes per pixel.
    let channels: Int
    /// The unfiltered rows, `width * channels` bytes each.
    let pixels: [UInt8]

    struct Unsupported: Error, CustomStringConvertible {
        var description: String
    }

    init(_ data: Data) throws {
        let bytes = [UInt8](data)
        guard bytes.count > 33, bytes[0..<8] == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] else { throw Unsupported(description: "not a PNG") }
        func integer(_ offset: Int) -> Int { bytes[offset..<offset + 4].reduce(0) { $0 << 8 | Int($1) } }
        var offset = 8
        var header: [UInt8] = []
        var compressed = Data()
        while offset + 8 <= bytes.count {
            let length = integer(offset)
            let type = String(decoding: bytes[(offset + 4)..<(offset + 8)], as: UTF8.self)
            let body = Array(bytes[(offset + 8)..<min(offset + 8 + length, bytes.count)])
            if type == "IHDR" { header = body }
            if type == "IDAT" { compressed.append(contentsOf: body) }
            if type == "IEND" { break }
            offset += 12 + length
        }
        guard header.count == 13 else { throw Unsupported(description: "no IHDR chunk") }
        width = header[0..<4].reduce(0) { $0 << 8 | Int($1) }
        height = header[4..<8].reduce(0) { $0 << 8 | Int($1) }
        guard header[8] == 8, header[12] == 0 else { throw Unsupported(description: "bit depth \(header[8]), interlace \(header[12])") }
        switch header[9] {
        case 0: channels = 1
        case 2: channels = 3
        case 4: channels = 2
        case 6: channels = 4
        default: throw Unsupported(description: "colour type \(header[9])")
        }
        // zlib's two-byte header off: ZIPFoundation inflates raw deflate data. One chunk of
        // exactly the data's size, since its inflate takes each chunk to be as long as asked for.
        let deflated = Data(compressed.dropFirst(2))
        var inflated = Data()
        _ = try Data.decompress(size: Int64(deflated.count), bufferSize: max(1, deflated.count), skipCRC32: true, provider: { position, _ in
            guard position == 0 else { throw Unsupported(description: "the image data ends before its deflate stream") }
            return deflated
        }, consumer: { inflated.append($0) })
        pixels = try Self.unfiltered([UInt8](inflated), width: width, height: height, channels: channels)
    }

    /// Undoes each row's filter (none, sub, up, average, Paeth).
    private static func unfiltered(_ data: [UInt8], width: Int, height: Int, channels: Int) throws -> [UInt8] {
        let stride = width * channels
        guard data.count >= height * (stride + 1) else { throw Unsupported(description: "\(data.count) bytes of image data for \(height) rows") }
        var pixels = [UInt8](repeating: 0, count: height * stride)
        for row in 0..<height {
            let filter = data[row * (stride + 1)]
            let source = row * (stride + 1) + 1
            let target = row * stride
            for column in 0..<stride {
                let x = Int(data[source + column])
                let a = column >= channels ? Int(pixels[target + column - channels]) : 0
                let b = row > 0 ? Int(pixels[target - stride + column]) : 0
                let c = row > 0 && column >= channels ? Int(pixels[target - stride + column - channels]) : 0
                let predictor: Int
                switch filter {
                case 0: predictor = 0
                case 1: predictor = a
                case 2: predictor = b
                case 3: predictor = (a + b) / 2
                case 4:
                    let p = a + b - c
                    let (pa, pb, pc) = (abs(p - a), abs(p - b), abs(p - c))
                    predictor = pa <= pb && pa <= pc ? a : (pb <= pc ? b : c)
                default: throw Unsupported(description: "filter \(filter) in row \(row)")
                }
                pixels[target + column] = UInt8((x + predictor) & 0xFF)
            }
        }
        return pixels
    }

    /// How many different colours the image holds.
    var colourCount: Int {
        var colours = Set<UInt32>()
        var index = 0
        while index < pixels.count {
            var colour: UInt32 = 0
            for channel in 0..<min(channels, 3) { colour = colour << 8 | UInt32(pixels[index + channel]) }
            colours.insert(colour)
            index += channels
        }
        return colours.count
    }

    /// Whether a pixel's colour is within `tolerance` of `colour` in each channel.
    func hasColour(near colour: (UInt8, UInt8, UInt8), tolerance: Int = 24) -> Bool {
        guard channels >= 3 else { return false }
        var index = 0
        while index + 2 < pixels.count {
            if abs(Int(pixels[index]) - Int(colour.0)) <= tolerance && abs(Int(pixels[index + 1]) - Int(colour.1)) <= tolerance
                && abs(Int(pixels[index + 2]) - Int(colour.2)) <= tolerance { return true }
            index += channels
        }
        return false
    }

    /// The share of the rows, from the top, that hold more than one colour.
    var shareOfRowsDrawn: Double {
        let stride = width * channels
        var drawn = 0
        for row in 0..<height {
            let start = row * stride
            let first = pixels[start..<start + channels]
            if stride > channels, (1..<width).contains(where: { pixels[(start + $0 * channels)..<(start + $0 * channels + channels)] != first }) {
                drawn += 1
            }
        }
        return Double(drawn) / Double(max(1, height))
    }
}
