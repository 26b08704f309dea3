import Foundation
import ZIPFoundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `preview --app-icon FILE`: the image embedded in the page as a `data:` URI, so that the page
/// stays one file that fetches nothing. Only PNG and JPEG (what every browser shows), known by
/// their first bytes rather than the file's name, and at most 1 MiB: the icon is drawn at 38
/// points (the page holds it once, in its stylesheet).
enum AppIcon {
    static let maximumBytes = 1 << 20

    private static let what = "cannot use the app icon"

    /// An icon file's bytes, at most ``maximumBytes``: a larger file is refused before it is read
    /// whole, whether given with --app-icon or found in a bundle.
    static func bytes(_ path: String) throws(InputOutputError) -> [UInt8] {
        var info = stat()
        if stat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFREG && Int(info.st_size) > maximumBytes {
            throw InputOutputError(what, path, reason: "\(info.st_size) bytes; an icon may have at most \(maximumBytes) (1 MiB)")
        }
        let bytes = try FileReading.bytes(path, what)
        guard bytes.count <= maximumBytes else { throw InputOutputError(what, path, reason: "more than \(maximumBytes) bytes (1 MiB)") }
        return bytes
    }

    static func dataURI(_ path: String) throws(InputOutputError) -> String {
        let bytes = try Self.bytes(path)
        let type: String
        if bytes.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) {
            type = "image/png"
        } else if bytes.starts(with: [0xFF, 0xD8, 0xFF]) {
            type = "image/jpeg"
        } else {
            throw InputOutputError(what, path, reason: bytes.isEmpty ? "the file is empty" : "not a PNG or JPEG image (by its first bytes)")
        }
        return "data:\(type);base64," + Data(bytes).base64EncodedString()
    }
}

extension AppIcon {
    /// The app's own icon, from a folder holding a built app (an `.app`, or the app of an `.ipa`
    /// copied out): the largest PNG beside Info.plist among the files it names (`names`, from
    /// ``AppLocalizations/iconFiles``: `AppIcon60x60` finds `AppIcon60x60@2x.png` and
    /// `AppIcon60x60@3x.png`). Xcode writes those in Apple's CgBI variant, which browsers cannot
    /// show; they are converted to standard PNG. Nil when the app has no such file (its icons
    /// only in `Assets.car`) or none can be read: the page then shows the name's initial.
    static func fromBundle(_ folder: String, names: [String]) -> String? {
        guard let files = try? FileManager.default.contentsOfDirectory(atPath: folder) else { return nil }
        return fromBundle(files: files, names: names) { try? Self.bytes(folder + "/" + $0) }
    }

    /// The same, for icons already read (an archive's, by file name).
    static func fromBundle(icons: [String: [UInt8]], names: [String]) -> String? {
        fromBundle(files: Array(icons.keys), names: names) { icons[$0] }
    }

    private static func fromBundle(files: [String], names: [String], read: (String) -> [UInt8]?) -> String? {
        let stems = Set(names.map { $0.lowercased().hasSuffix(".png") ? String($0.dropLast(4)) : $0 })
        guard !stems.isEmpty else { return nil }
        var candidates: [(pixels: Int, png: [UInt8])] = []
        for file in files.sorted() where file.lowercased().hasSuffix(".png") {
            // AppIcon60x60@2x.png, AppIcon76x76@2x~ipad.png, Icon.png.
            let stem = String(file.dropLast(4).prefix { $0 != "@" && $0 != "~" })
            guard stems.contains(stem), let bytes = read(file), bytes.count <= maximumBytes, let size = CgBIImage.size(bytes) else { continue }
            candidates.append((size.width * size.height, bytes))
        }
        // The largest that can be shown: a damaged icon gives way to the next.
        for candidate in candidates.sorted(by: { $0.pixels > $1.pixels }) {
            guard let png = CgBIImage.isCgBI(candidate.png) ? (try? CgBIImage.standardPNG(candidate.png)) : candidate.png else { continue }
            return "data:image/png;base64," + Data(png).base64EncodedString()
        }
        return nil
    }
}

/// Apple's CgBI PNG (what Xcode's `pngcrush -iphone` writes into app bundles): a `CgBI` chunk
/// first, image data deflated without zlib's header and checksum, pixels in BGRA order with
/// premultiplied alpha. Converted here to a standard PNG: RGBA, straight alpha, zlib-wrapped.
/// Hostile input is bounded: at most 4,096 × 4,096 pixels, and the image data may not inflate
/// past the size its header declares.
enum CgBIImage {
    struct Failure: Error { var reason: String }
    static let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
    static let maximumSide = 4_096

    /// Width and height from a PNG's IHDR (CgBI or not); nil when it is no PNG.
    static func size(_ bytes: [UInt8]) -> (width: Int, height: Int)? {
        guard let chunks = try? chunks(bytes), let header = chunks.first(where: { $0.type == "IHDR" }), header.data.count == 13 else { return nil }
        return (Int(be32(bytes, header.data.lowerBound)), Int(be32(bytes, header.data.lowerBound + 4)))
    }

    static func isCgBI(_ bytes: [UInt8]) -> Bool {
        bytes.count > 16 && bytes.starts(with: signature) && bytes[12..<16].elementsEqual("CgBI".utf8)
    }

    static func standardPNG(_ bytes: [UInt8]) throws -> [UInt8] {
        let all = try chunks(bytes)
        guard let headerRange = all.first(where: { $0.type == "IHDR" })?.data, headerRange.count == 13 else { throw Failure(reason: "no IHDR chunk") }
        let header = Array(bytes[headerRange])
        let width = Int(be32(header, 0))
        let height = Int(be32(header, 4))
        // 8-bit RGBA, not interlaced: what Xcode writes for icons.
        guard (1...maximumSide).contains(width), (1...maximumSide).contains(height), header[8] == 8, header[9] == 6, header[12] == 0 else {
            throw Failure(reason: "only 8-bit RGBA, non-interlaced CgBI images up to \(maximumSide) pixels a side are converted")
        }
        let compressed = all.filter { $0.type == "IDAT" }.flatMap { bytes[$0.data] }
        let stride = 1 + width * 4
        var raw = try inflate(compressed, expected: height * stride)
        guard raw.count == height * stride else { throw Failure(reason: "the image data holds \(raw.count) bytes, not \(height * stride)") }
        try unfilter(&raw, width: width, height: height)
        // BGRA premultiplied → RGBA straight, each row with filter 0 (none).
        for row in 0..<height {
            raw[row * stride] = 0
            for x in 0..<width {
                let p = row * stride + 1 + x * 4
                let (b, g, r, a) = (raw[p], raw[p + 1], raw[p + 2], raw[p + 3])
                func straight(_ c: UInt8) -> UInt8 {
                    guard a != 0 else { return 0 }
                    let alpha = Int(a)
                    let value: Int = (Int(c) * 255 + alpha / 2) / alpha
                    return UInt8(min(255, value))
                }
                (raw[p], raw[p + 1], raw[p + 2]) = (straight(r), straight(g), straight(b))
            }
        }
        var out = signature
        out += chunk("IHDR", header)
        out += chunk("IDAT", try zlibDeflate(raw))
        out += chunk("IEND", [])
        return out
    }

    /// A chunk's type and where its data lies in the file (nothing is copied to find them).
    struct Chunk {
        var type: String
        var data: Range<Int>
    }

    static func chunks(_ bytes: [UInt8]) throws -> [Chunk] {
        guard bytes.starts(with: signature) else { throw Failure(reason: "not a PNG") }
        var chunks: [Chunk] = []
        var at = 8
        while at + 12 <= bytes.count {
            let length = Int(be32(bytes, at))
            guard length <= bytes.count - at - 12 else { throw Failure(reason: "a chunk runs past the file") }
            let type = String(decoding: bytes[(at + 4)..<(at + 8)], as: UTF8.self)
            chunks.append(Chunk(type: type, data: (at + 8)..<(at + 8 + length)))
            at += 12 + length
            if type == "IEND" { break }
        }
        return chunks
    }

    /// Raw deflate (CgBI has no zlib header), stopping at `expected` bytes.
    static func inflate(_ compressed: [UInt8], expected: Int) throws -> [UInt8] {
        guard !compressed.isEmpty else { throw Failure(reason: "no image data") }
        // ZIPFoundation's inflater reads `bufferSize` bytes from each chunk it is given: the data
        // goes in as one chunk padded to that size, and asking for more means the stream never
        // ended.
        let bufferSize = max(compressed.count, 1 << 16)
        var output: [UInt8] = []
        output.reserveCapacity(expected)
        _ = try Data.decompress(
            size: Int64(compressed.count), bufferSize: bufferSize, skipCRC32: true,
            provider: { position, _ in
                guard position == 0 else { throw Failure(reason: "the image data ends early") }
                return Data(compressed + [UInt8](repeating: 0, count: bufferSize - compressed.count))
            },
            consumer: { chunk in
                output += chunk
                if output.count > expected { throw Failure(reason: "the image data inflates past its declared size") }
            })
        return output
    }

    /// PNG's five row filters undone in place (four bytes a pixel).
    static func unfilter(_ raw: inout [UInt8], width: Int, height: Int) throws {
        let stride = 1 + width * 4
        for row in 0..<height {
            let start = row * stride + 1
            let filter = raw[row * stride]
            for i in 0..<(width * 4) {
                let left = i >= 4 ? Int(raw[start + i - 4]) : 0
                let up = row > 0 ? Int(raw[start + i - stride]) : 0
                let upLeft = row > 0 && i >= 4 ? Int(raw[start + i - stride - 4]) : 0
                let predictor: Int
                switch filter {
                case 0: predictor = 0
                case 1: predictor = left
                case 2: predictor = up
                case 3: predictor = (left + up) / 2
                case 4:
                    let estimate = left + up - upLeft
                    let (a, b, c) = (abs(estimate - left), abs(estimate - up), abs(estimate - upLeft))
                    predictor = a <= b && a <= c ? left : b <= c ? up : upLeft
                default: throw Failure(reason: "unknown row filter \(filter)")
                }
                raw[start + i] = UInt8(truncatingIfNeeded: Int(raw[start + i]) + predictor)
            }
        }
    }

    /// zlib's format: header, raw deflate, Adler-32.
    static func zlibDeflate(_ raw: [UInt8]) throws -> [UInt8] {
        var out: [UInt8] = [0x78, 0x9C]
        _ = try Data.compress(
            size: Int64(raw.count), bufferSize: 1 << 16,
            provider: { position, size in Data(raw[Int(position)..<(Int(position) + size)]) },
            consumer: { out += $0 })
        var a: UInt32 = 1
        var b: UInt32 = 0
        for byte in raw {
            a = (a + UInt32(byte)) % 65_521
            b = (b + a) % 65_521
        }
        return out + withUnsafeBytes(of: ((b << 16) | a).bigEndian, Array.init)
    }

    static func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
        let typed = Array(type.utf8) + data
        let crc = Data(typed).crc32(checksum: 0)
        return withUnsafeBytes(of: UInt32(data.count).bigEndian, Array.init) + typed + withUnsafeBytes(of: crc.bigEndian, Array.init)
    }

    static func be32(_ bytes: [UInt8], _ at: Int) -> UInt32 {
        bytes[at..<(at + 4)].reduce(0) { $0 << 8 | UInt32($1) }
    }
}
