extension String {
    /// `bytes` as a String, for bytes already known to be valid UTF-8 (a run of a file whose
    /// UTF-8 was checked whole, cut at ASCII bytes): made without checking them again, which is
    /// half the cost of making text past ASCII.
    init(validatedUTF8 bytes: UnsafeBufferPointer<UInt8>) {
        if #available(macOS 26, iOS 26, tvOS 26, watchOS 26, visionOS 26, *) {
            self = String(copying: unsafe UTF8Span(unchecked: bytes.span))
        } else {
            self = String(decoding: bytes, as: UTF8.self)
        }
    }
}
