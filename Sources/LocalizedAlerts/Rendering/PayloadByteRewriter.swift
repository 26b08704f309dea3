import CByteScan

extension PayloadRewriter {
    /// The bytes ``rewrite(_:texts:keepKeys:)`` gives once serialized compactly, written straight
    /// from the JSON text of a payload the direct reader took (valid UTF-8, no duplicate keys,
    /// no key with escapes), without reading it into a tree: reading, rewriting and writing the
    /// tree was three tenths of localizing a batch line.
    ///
    /// Nil when the text holds what the tree's writer would write otherwise than as read: a
    /// string with an escape (the tree decodes it and writes it again its own way), U+2028 or
    /// U+2029 (written as escapes), or Xcode's `Simulator Target Bundle` (left out of what is
    /// sent but not of the tree). The tree then does it.
    static func rewrittenBytes(_ text: ArraySlice<UInt8>, texts: AlertTexts, keepKeys: Bool) -> [UInt8]? {
        CompactJSONCopier.write(text) { copier throws(CompactJSONCopier.GiveUp) in
            try copier.rewritePayload(texts: texts, keepKeys: keepKeys)
        }
    }
}

/// Copies JSON text compactly (white space outside strings left out), as ``LocatedJSON``'s
/// writer writes the tree read from it, and rewrites a payload's alert, or an FCM message's
/// notification, on the way.
struct CompactJSONCopier {
    struct GiveUp: Error {}

    let text: UnsafeBufferPointer<UInt8>
    var pos = 0
    var output: [UInt8] = []

    init(text: UnsafeBufferPointer<UInt8>, at position: Int = 0) {
        self.text = text
        self.pos = position
    }

    /// `text` copied by `copy`, which must reach its end; nil when it gives up.
    static func write(_ text: ArraySlice<UInt8>, _ copy: (inout CompactJSONCopier) throws(GiveUp) -> Void) -> [UInt8]? {
        text.withUnsafeBufferPointer { buffer -> [UInt8]? in
            var copier = CompactJSONCopier(text: buffer)
            copier.output.reserveCapacity(buffer.count + 64)
            do throws(GiveUp) {
                copier.skipWhitespace()
                guard copier.next == UInt8(ascii: "{") else { throw GiveUp() }
                try copy(&copier)
                copier.skipWhitespace()
                guard copier.pos == buffer.count else { throw GiveUp() }
            } catch {
                return nil
            }
            return copier.output
        }
    }

    /// A payload object at `pos`, its `aps.alert` rewritten.
    mutating func rewritePayload(texts: AlertTexts, keepKeys: Bool) throws(GiveUp) {
        try copyObject(rewritingMember: "aps", refusing: "Simulator Target Bundle") { aps throws(GiveUp) in
            try aps.copyObject(rewritingMember: "alert") { alert throws(GiveUp) in try alert.rewriteAlert(texts: texts, keepKeys: keepKeys) }
        }
    }

    /// An FCM request (`{"message": {…}}`, or the message alone) at `pos`, its
    /// `android.notification` rewritten as ``FCMMessageRewriter/rewrite(_:title:body:)`` does.
    mutating func rewriteFCMRequest(title: String?, body: String?) throws(GiveUp) {
        var probe = CompactJSONCopier(text: text, at: pos)
        var wrapped = false
        try probe.copyObject { probe, key, _ throws(GiveUp) in
            if key.elementsEqual("message".utf8) { wrapped = true }
            try probe.skipValue()
            return .handled(wrote: false)
        }
        func message(_ message: inout CompactJSONCopier) throws(GiveUp) {
            try message.copyObject(rewritingMember: "android") { android throws(GiveUp) in
                try android.copyObject(rewritingMember: "notification") { notification throws(GiveUp) in
                    try notification.rewriteNotification(title: title, body: body)
                }
            }
        }
        if wrapped {
            try copyObject(rewritingMember: "message", message)
        } else {
            try message(&self)
        }
    }

    /// `android.notification` at `pos`: the first of `title` and `title_loc_key` becomes the
    /// title (when there is one), the first of `body` and `body_loc_key` the body; the others,
    /// and the loc args and `multi_lang_key`, are left out.
    private mutating func rewriteNotification(title: String?, body: String?) throws(GiveUp) {
        var wroteTitle = false
        var wroteBody = false
        try copyObject { copier, key, isFirst throws(GiveUp) in
            let name = String(decoding: key, as: UTF8.self)
            var text: (key: String, value: String)?
            switch name {
            case "title", "title_loc_key":
                if !wroteTitle, let title { text = ("title", title) }
                wroteTitle = true
            case "body", "body_loc_key":
                if !wroteBody, let body { text = ("body", body) }
                wroteBody = true
            case _ where FCMMessageRewriter.locMembers.contains(name):
                break
            default:
                return .copy
            }
            try copier.skipValue()
            guard let text else { return .handled(wrote: false) }
            copier.writeKey(text.key.utf8, isFirst: isFirst)
            LocatedJSON.writeString(text.value, into: &copier.output)
            return .handled(wrote: true)
        }
    }

    /// The alert object at `pos`, each field's keys replaced by its text where its first key
    /// was, as ``PayloadRewriter/rewrite(_:texts:keepKeys:)`` does.
    private mutating func rewriteAlert(texts: AlertTexts, keepKeys: Bool) throws(GiveUp) {
        // With keepKeys, a field whose loc args are not empty has its percent signs doubled:
        // found first, since the arguments may come after the text's place.
        var argumentsGiven: UInt8 = 0
        if keepKeys {
            var scan = CompactJSONCopier(text: text, at: pos)
            try scan.copyObject { scan, key, _ throws(GiveUp) in
                if let (name, isText) = Self.alertField(key), !isText, name.keys.locArgs.utf8.elementsEqual(key), scan.next == UInt8(ascii: "[") {
                    var probe = CompactJSONCopier(text: scan.text, at: scan.pos + 1)
                    probe.skipWhitespace()
                    if probe.next != UInt8(ascii: "]") { argumentsGiven |= PayloadRewriter.bit(name) }
                }
                try scan.skipValue()
                return .handled(wrote: false)
            }
        }
        var written: UInt8 = 0
        try copyObject { copier, key, isFirst throws(GiveUp) in
            guard let (name, isText) = Self.alertField(key) else { return .copy }
            let bit = PayloadRewriter.bit(name)
            let isFirstKey = written & bit == 0
            written |= bit
            var wrote = false
            if isFirstKey, var value = texts[field: name] {
                if keepKeys, argumentsGiven & bit != 0 { value = value.replacing("%", with: "%%") }
                copier.writeKey(name.keys.text.utf8, isFirst: isFirst)
                LocatedJSON.writeString(value, into: &copier.output)
                wrote = true
            }
            if keepKeys && !isText && texts[field: name] != nil {
                copier.writeKey(key, isFirst: isFirst && !wrote)
                try copier.copyValue()
                return .handled(wrote: true)
            }
            try copier.skipValue()
            return .handled(wrote: wrote)
        }
    }

    private static func alertField(_ key: UnsafeBufferPointer<UInt8>) -> (name: AlertFieldName, isText: Bool)? {
        APSReader.AlertKey.named(String(decoding: key, as: UTF8.self))?.field
    }

    var next: UInt8? { pos < text.count ? text[pos] : nil }

    /// What to do with an object's member.
    enum MemberAction {
        /// Copy it as it is.
        case copy
        /// It was taken care of: what stands for it written (`wrote`), its value passed.
        case handled(wrote: Bool)
    }

    /// Copies the object at `pos`, the value of its member `name`, when an object, written by
    /// `rewrite`; a member named `refused` gives up.
    mutating func copyObject(
        rewritingMember name: String, refusing refused: String? = nil, _ rewrite: (inout CompactJSONCopier) throws(GiveUp) -> Void
    ) throws(GiveUp) {
        try copyObject { copier, key, isFirst throws(GiveUp) in
            if let refused, key.elementsEqual(refused.utf8) { throw GiveUp() }
            guard key.elementsEqual(name.utf8), copier.next == UInt8(ascii: "{") else { return .copy }
            copier.writeKey(key, isFirst: isFirst)
            try rewrite(&copier)
            return .handled(wrote: true)
        }
    }

    /// Copies the object at `pos`. `member` is given each key, `pos` at its value, and whether
    /// nothing has been written in the object yet (a member written then needs no comma first:
    /// ``writeKey(_:isFirst:)``).
    mutating func copyObject(
        _ member: (inout CompactJSONCopier, UnsafeBufferPointer<UInt8>, Bool) throws(GiveUp) -> MemberAction
    ) throws(GiveUp) {
        pos += 1
        output.append(UInt8(ascii: "{"))
        skipWhitespace()
        if next == UInt8(ascii: "}") {
            pos += 1
            output.append(UInt8(ascii: "}"))
            return
        }
        var isFirst = true
        while true {
            skipWhitespace()
            guard next == UInt8(ascii: "\"") else { throw GiveUp() }
            let key = try stringContents()
            skipWhitespace()
            guard next == UInt8(ascii: ":") else { throw GiveUp() }
            pos += 1
            skipWhitespace()
            switch try member(&self, key, isFirst) {
            case .copy:
                writeKey(key, isFirst: isFirst)
                try copyValue()
                isFirst = false
            case .handled(let wrote):
                if wrote { isFirst = false }
            }
            skipWhitespace()
            guard let b = next else { throw GiveUp() }
            pos += 1
            if b == UInt8(ascii: "}") { break }
            guard b == UInt8(ascii: ",") else { throw GiveUp() }
        }
        output.append(UInt8(ascii: "}"))
    }

    /// A member's key and colon, after a comma unless it is the first written.
    mutating func writeKey(_ key: some Sequence<UInt8>, isFirst: Bool) {
        if !isFirst { output.append(UInt8(ascii: ",")) }
        writeQuoted(key)
        output.append(UInt8(ascii: ":"))
    }

    /// The bytes between the quotes of the string at `pos`, which is moved past it; gives up
    /// on what the tree's writer would write differently (an escape, U+2028, U+2029).
    private mutating func stringContents() throws(GiveUp) -> UnsafeBufferPointer<UInt8> {
        guard let base = text.baseAddress else { throw GiveUp() }
        let start = pos + 1
        var i = start
        while true {
            i += bytescan_json_unescaped_end(base + i, text.count - i)
            guard i < text.count else { throw GiveUp() }
            switch text[i] {
            case UInt8(ascii: "\""):
                pos = i + 1
                return UnsafeBufferPointer(rebasing: text[start..<i])
            case 0xE2:
                // U+2028 and U+2029 are written as escapes; any other E2 sequence as it is.
                if i + 2 < text.count, text[i + 1] == 0x80, text[i + 2] == 0xA8 || text[i + 2] == 0xA9 { throw GiveUp() }
                i += 1
            default:
                // A backslash, or a control character (not valid JSON).
                throw GiveUp()
            }
        }
    }

    private mutating func writeQuoted(_ contents: some Sequence<UInt8>) {
        output.append(UInt8(ascii: "\""))
        output.append(contentsOf: contents)
        output.append(UInt8(ascii: "\""))
    }

    /// Copies the value at `pos` without its white space.
    mutating func copyValue() throws(GiveUp) { try walkValue(writing: true) }

    /// Moves past the value at `pos`.
    mutating func skipValue() throws(GiveUp) { try walkValue(writing: false) }

    private mutating func walkValue(writing: Bool) throws(GiveUp) {
        var depth = 0
        repeat {
            skipWhitespace()
            guard let b = next else { throw GiveUp() }
            switch b {
            case UInt8(ascii: "{"), UInt8(ascii: "["):
                depth += 1
                pos += 1
                if writing { output.append(b) }
            case UInt8(ascii: "}"), UInt8(ascii: "]"):
                depth -= 1
                pos += 1
                if writing { output.append(b) }
            case UInt8(ascii: ","), UInt8(ascii: ":"):
                pos += 1
                if writing { output.append(b) }
            case UInt8(ascii: "\""):
                let contents = try stringContents()
                if writing { writeQuoted(contents) }
            default:
                // A number, true, false or null: written as read.
                let start = pos
                while pos < text.count, !Self.endsScalar(text[pos]) { pos += 1 }
                guard pos > start else { throw GiveUp() }
                if writing { output.append(contentsOf: UnsafeBufferPointer(rebasing: text[start..<pos])) }
            }
        } while depth > 0
        guard depth == 0 else { throw GiveUp() }
    }

    private static func endsScalar(_ b: UInt8) -> Bool {
        switch b {
        case UInt8(ascii: ","), UInt8(ascii: "}"), UInt8(ascii: "]"), UInt8(ascii: ":"), 0x20, 0x0A, 0x0D, 0x09, UInt8(ascii: "\""): true
        default: false
        }
    }

    mutating func skipWhitespace() {
        while pos < text.count {
            switch text[pos] {
            case 0x20, 0x0A, 0x0D, 0x09: pos += 1
            default: return
            }
        }
    }
}
