#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation

/// `preview --app-icon FILE`: the image embedded in the page as a `data:` URI, so that the page
/// stays one file that fetches nothing. Only PNG and JPEG (what every browser shows), known by
/// their first bytes rather than the file's name, and at most 1 MiB: the icon is drawn at 38
/// points (the page holds it once, in its stylesheet).
enum AppIcon {
    static let maximumBytes = 1 << 20

    static func dataURI(_ path: String) throws(InputOutputError) -> String {
        let what = "cannot use the app icon"
        // Before reading: a large file is refused without being read whole.
        var info = stat()
        if stat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFREG && Int(info.st_size) > maximumBytes {
            throw InputOutputError(what, path, reason: "\(info.st_size) bytes; an icon may have at most \(maximumBytes) (1 MiB)")
        }
        let bytes = try FileReading.bytes(path, what)
        guard bytes.count <= maximumBytes else { throw InputOutputError(what, path, reason: "more than \(maximumBytes) bytes (1 MiB)") }
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
