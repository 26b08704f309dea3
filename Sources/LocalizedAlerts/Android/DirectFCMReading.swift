/// FCM messages read straight from their bytes, as ``DirectPayloadReader`` reads payloads: the
/// common `{"message": {…}}` with notification objects of strings and an `apns.payload` the
/// direct payload reader takes. It gives up on anything the located reading would remark on,
/// on a value of a type it does not expect even where that reading passes over it silently,
/// and on the message object without its `message` wrapper; the located reading then reads
/// the message.
extension DirectPayloadReader {
    /// What the direct reading of an FCM message gives. A class: handed back through the
    /// reading's layers, the value (the Android fields and the payload's whole model) was
    /// copied at each.
    final class FCMReading {
        var android: FCMMessage.AndroidNotification?
        var apnsPayload: Reading?
        let rootLocation: SourceLocation

        init(apnsPayload: Reading?, rootLocation: SourceLocation) {
            self.apnsPayload = apnsPayload
            self.rootLocation = rootLocation
        }

        /// The Android fields, moved out rather than copied (which would retain each string
        /// only for the reading to release it).
        func takeAndroid() -> FCMMessage.AndroidNotification? {
            var taken: FCMMessage.AndroidNotification?
            swap(&taken, &android)
            return taken
        }

        /// The payload's reading, moved out.
        func takeAPNsPayload() -> Reading? {
            var taken: Reading?
            swap(&taken, &apnsPayload)
            return taken
        }
    }

    /// The keys from the document's root to the `apns.payload` object.
    static let apnsPayloadPath = ["message", "apns", "payload"]

    /// The message of `bytes`, read directly; the payload inside must be short enough not to
    /// need measuring, as for a payload.
    static func readFCM(_ bytes: [UInt8], file: String?) -> FCMReading? {
        readDocument(bytes, file: file) { reader throws(GiveUp) in try reader.readFCMRoot() }
    }

    /// `{"message": {…}}` and whatever beside the message FCM's request may hold.
    private mutating func readFCMRoot() throws(GiveUp) -> FCMReading {
        guard pos < text.count else { throw GiveUp() }
        let rootLocation = lines.location(of: pos, in: text)
        var reading: FCMReading?
        var root = try enter(UInt8(ascii: "{"))
        while let key = try nextKey(&root) {
            try checkUnique(key, in: root)
            if equals(key, "message") {
                reading = try readMessage(rootLocation: rootLocation)
            } else if equals(key, "validate_only") {
                // Huawei Push Kit's request body: the located reading reads it as Huawei's.
                throw GiveUp()
            } else {
                try skipValue(depth: 2)
            }
        }
        guard let reading else { throw GiveUp() }
        return reading
    }

    /// The fields of a `notification` object that a phone may read.
    private struct NotificationFields {
        var title: FCMMessage.Field?
        var body: FCMMessage.Field?
        var titleLocKey: FCMMessage.Field?
        var bodyLocKey: FCMMessage.Field?
        var titleLocArgs: [String]?
        var bodyLocArgs: [String]?
    }

    private mutating func readMessage(rootLocation: SourceLocation) throws(GiveUp) -> FCMReading {
        var common: NotificationFields?
        var specific: NotificationFields?
        var apnsPayload: Reading?
        var message = try enter(UInt8(ascii: "{"))
        while let key = try nextKey(&message) {
            try checkUnique(key, in: message)
            if equals(key, "notification") {
                common = try readNotification(depth: 3)
            } else if equals(key, "android") {
                var android = try enter(UInt8(ascii: "{"))
                while try nextMember(named: "notification", in: &android, depth: 4) {
                    specific = try readNotification(depth: 4)
                }
            } else if equals(key, "apns") {
                var apns = try enter(UInt8(ascii: "{"))
                while try nextMember(named: "payload", in: &apns, depth: 4) { apnsPayload = try readPayload(depth: 4) }
            } else if equals(key, "token"), pos < text.count, text[pos] == UInt8(ascii: "[") {
                // A list of tokens is Huawei Push Kit's: the located tree reads it as such.
                throw GiveUp()
            } else {
                try skipValue(depth: 3)
            }
        }
        let reading = FCMReading(apnsPayload: apnsPayload, rootLocation: rootLocation)
        // As `FCMMessage(parsing:)` merges them: android.notification over notification for
        // title and body, loc keys and args from android.notification only.
        guard common != nil || specific != nil else { return reading }
        var notification = FCMMessage.AndroidNotification(
            title: (common: common?.title, specific: specific?.title), body: (common: common?.body, specific: specific?.body))
        notification.titleLocKey = specific?.titleLocKey
        notification.bodyLocKey = specific?.bodyLocKey
        notification.titleLocArgs = specific?.titleLocArgs
        notification.bodyLocArgs = specific?.bodyLocArgs
        reading.android = notification
        return reading
    }

    /// A `notification` object: its text fields strings or null, its loc args arrays of
    /// strings or null; other members are passed over.
    private mutating func readNotification(depth: Int) throws(GiveUp) -> NotificationFields {
        var fields = NotificationFields()
        var object = try enter(UInt8(ascii: "{"))
        while let key = try nextKey(&object) {
            try checkUnique(key, in: object)
            if equals(key, "title") {
                fields.title = try readField()
            } else if equals(key, "body") {
                fields.body = try readField()
            } else if equals(key, "title_loc_key") {
                fields.titleLocKey = try readField()
            } else if equals(key, "body_loc_key") {
                fields.bodyLocKey = try readField()
            } else if equals(key, "title_loc_args") {
                fields.titleLocArgs = try readStrings()
            } else if equals(key, "body_loc_args") {
                fields.bodyLocArgs = try readStrings()
            } else if HuaweiMessageReading.notificationKeys.contains(where: { equals(key, $0) }) {
                // A Huawei Push Kit field: the located reading reads the message as Huawei's.
                throw GiveUp()
            } else {
                try skipValue(depth: depth + 1)
            }
        }
        return fields
    }

    /// A string with where its value is, or nil for null.
    private mutating func readField() throws(GiveUp) -> FCMMessage.Field? {
        guard pos < text.count else { throw GiveUp() }
        if text[pos] == UInt8(ascii: "n") {
            try expectLiteral("null")
            return nil
        }
        let location = lines.location(of: pos, in: text)
        return FCMMessage.Field(value: try readString(), location: location)
    }

    /// Loc args: nil for null and for an empty array, which FCM does not send.
    private mutating func readStrings() throws(GiveUp) -> [String]? {
        guard pos < text.count else { throw GiveUp() }
        if text[pos] == UInt8(ascii: "n") {
            try expectLiteral("null")
            return nil
        }
        var strings: [String] = []
        var items = try enter(UInt8(ascii: "["))
        while try nextItem(&items) {
            strings.append(try readString())
            // A long list is left to the located reader, which takes every one as Android does.
            guard strings.count <= NotificationPayload.maximumLocArguments else { throw GiveUp() }
        }
        return strings.isEmpty ? nil : strings
    }
}
