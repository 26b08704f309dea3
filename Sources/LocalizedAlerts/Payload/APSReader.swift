#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Reads `aps` the way the device does, noting every departure from the documented types.
struct APSReader {
    let file: String?
    var diagnostics: [LocalizationDiagnostic]

    mutating func note(
        _ id: DiagnosticID, _ location: SourceLocation?, _ message: String, hint: String? = nil
    ) {
        diagnostics.append(
            LocalizationDiagnostic(
                id, at: location ?? SourceLocation(file: file, line: 1, column: 1),
                message, hint: hint))
    }

    static let knownAPSKeys: Set<String> = [
        "alert", "badge", "sound", "thread-id", "category", "content-available", "mutable-content",
        "interruption-level", "relevance-score", "target-content-id", "filter-criteria", "url-args",
        // Live Activities
        "timestamp", "event", "content-state", "stale-date", "dismissal-date", "attributes-type", "attributes",
        "input-push-token", "input-push-channel",
    ]

    mutating func readAPS(_ value: LocatedJSON) -> APSDictionary {
        var aps = APSDictionary()
        guard let members = value.members else {
            note(.payloadTypeMismatch, value.location, "\"aps\" is \(value.kindDescription), not an object: the device shows nothing")
            return aps
        }
        var live = LiveActivity()
        var hasLive = false
        // The Live Activity shape of an alert (object-valued title and body) belongs to a Live
        // Activity push only: an aps with event and content-state, or timestamp and event.
        // A scan, not a Set: an aps has a handful of keys, and hashing them was 3% of reading a payload.
        let isLiveActivity = members.contains { $0.key == "event" } && members.contains { $0.key == "content-state" || $0.key == "timestamp" }
        // ActivityKit reads every push with an event; its relevance score is any Double.
        let isActivityPush = members.contains { $0.key == "event" }
        for member in members {
            let v = member.value
            let at = member.keyLocation ?? v.location
            switch member.key {
            case "alert":
                aps.alert = readAlert(v, isLiveActivity: isLiveActivity)
            case "badge":
                if case .number(let n) = v.value {
                    let number = n.doubleValue
                    if number < 0 {
                        note(.payloadValueOutOfRange, at, "a negative badge (\(n.text)) is ignored by the device", hint: "use 0 to clear the badge")
                    } else {
                        aps.badge = Int(exactly: number.rounded(.towardZero)) ?? Int.max
                        if number != number.rounded(.towardZero) {
                            note(.payloadCoercedValue, at, "badge \(n.text) is not a whole number; the device shows \(aps.badge!)")
                        }
                    }
                } else {
                    typeMismatch("badge", expected: "a number", v, at)
                }
            case "sound":
                aps.sound = readSound(v, at: at)
            case "thread-id": aps.threadID = string("thread-id", v, at)
            case "category": aps.category = string("category", v, at)
            case "target-content-id": aps.targetContentID = string("target-content-id", v, at)
            case "filter-criteria": aps.filterCriteria = string("filter-criteria", v, at)
            case "content-available": aps.contentAvailable = flag("content-available", v, at)
            case "mutable-content": aps.mutableContent = flag("mutable-content", v, at)
            case "interruption-level":
                if let text = v.stringValue {
                    if let level = InterruptionLevel(rawValue: text) {
                        aps.interruptionLevel = level
                    } else {
                        aps.unknownInterruptionLevel = text
                        note(
                            .payloadValueOutOfRange, at, "unknown interruption level \"\(text)\": the device treats it as active",
                            hint: "use passive, active, time-sensitive or critical")
                    }
                } else {
                    typeMismatch("interruption-level", expected: "a string", v, at)
                }
            case "relevance-score":
                if case .number(let n) = v.value {
                    let score = n.doubleValue
                    // A Live Activity's relevanceScore is unbounded: the highest leads the
                    // Dynamic Island. A notification's is clamped to 0…1.
                    aps.relevanceScore = isActivityPush ? score : min(max(score, 0), 1)
                    if !isActivityPush && (score < 0 || score > 1) {
                        note(.payloadValueOutOfRange, at, "relevance-score \(n.text) is outside 0…1; the device uses \(aps.relevanceScore!)")
                    }
                } else {
                    typeMismatch("relevance-score", expected: "a number", v, at)
                }
            case "timestamp":
                hasLive = true
                live.timestamp = number("timestamp", v, at)
            case "event":
                hasLive = true
                live.event = string("event", v, at)
            case "content-state":
                hasLive = true
                live.contentState = v
            case "stale-date":
                hasLive = true
                live.staleDate = number("stale-date", v, at)
            case "dismissal-date":
                hasLive = true
                live.dismissalDate = number("dismissal-date", v, at)
            case "attributes-type":
                hasLive = true
                live.attributesType = string("attributes-type", v, at)
            case "attributes":
                hasLive = true
                live.attributes = v
            case "url-args", "input-push-token", "input-push-channel":
                break
            default:
                aps.unknownKeys.append(member.key)
                note(
                    .payloadUnknownAPSKey, at,
                    "\"\(member.key)\" is not an aps key: APNs passes it on and the device ignores it",
                    hint: "custom data belongs beside \"aps\", at the top level")
            }
        }
        if hasLive {
            aps.liveActivity = live
            checkLiveActivity(live, members: members, at: value.location)
        }
        return aps
    }

    /// What ActivityKit needs of a Live Activity push: an event it knows, what that event
    /// needs beside it, and dates in seconds.
    mutating func checkLiveActivity(_ live: LiveActivity, members: [LocatedJSON.Member], at location: SourceLocation?) {
        func has(_ key: String) -> Bool { members.contains { $0.key == key } }
        func place(_ key: String) -> SourceLocation? { members.first { $0.key == key }.flatMap { $0.keyLocation ?? $0.value.location } ?? location }
        guard let event = live.event else {
            if has("content-state") || has("attributes") {
                note(
                    .liveActivityInvalid, location, "a Live Activity push without \"event\": ActivityKit ignores it",
                    hint: "add \"event\": \"update\" (or start, or end)")
            }
            return
        }
        guard ["start", "update", "end"].contains(event) else {
            note(
                .liveActivityInvalid, place("event"), "event \"\(event)\" is not start, update or end: ActivityKit ignores the push",
                hint: "use start (push-to-start), update or end")
            return
        }
        var missing: [String] = []
        if event == "start" { missing += ["attributes-type", "attributes", "content-state"].filter { !has($0) } }
        if event == "update" && !has("content-state") { missing.append("content-state") }
        if !has("timestamp") { missing.append("timestamp") }
        if !missing.isEmpty {
            let list = missing.map { "\"\($0)\"" }.joined(separator: ", ")
            let why =
                event == "start" ? "a push-to-start (iOS 17.2) needs them to create the activity" : "ActivityKit needs them to \(event) the activity"
            note(.liveActivityInvalid, place("event"), "a Live Activity \(event) push without \(list): \(why)")
        }
        // Dates are seconds since 1970; a value in milliseconds is thousands of years away.
        for (key, date) in [("timestamp", live.timestamp), ("stale-date", live.staleDate), ("dismissal-date", live.dismissalDate)] {
            guard let date, date > 100_000_000_000 else { continue }
            note(
                .liveActivityInvalid, place(key),
                "\"\(key)\" \(Int(date)) is in milliseconds: ActivityKit reads seconds since 1970, so this date is thousands of years away",
                hint: "divide by 1000")
        }
    }

    // MARK: Alert

    /// The keys an alert object may hold.
    enum AlertKey: String, CaseIterable {
        case title, subtitle, body, sound, action
        case titleLocKey = "title-loc-key"
        case titleLocArgs = "title-loc-args"
        case subtitleLocKey = "subtitle-loc-key"
        case subtitleLocArgs = "subtitle-loc-args"
        case locKey = "loc-key"
        case locArgs = "loc-args"
        case launchImage = "launch-image"
        case actionLocKey = "action-loc-key"
        case summaryArg = "summary-arg"
        case summaryArgCount = "summary-arg-count"

        static let count = allCases.count

        /// The alert key named `name`: a switch over the names, where `init(rawValue:)` searched
        /// a table of them through a generic call for every member.
        static func named(_ name: String) -> AlertKey? {
            switch name {
            case "title": .title
            case "subtitle": .subtitle
            case "body": .body
            case "sound": .sound
            case "action": .action
            case "title-loc-key": .titleLocKey
            case "title-loc-args": .titleLocArgs
            case "subtitle-loc-key": .subtitleLocKey
            case "subtitle-loc-args": .subtitleLocArgs
            case "loc-key": .locKey
            case "loc-args": .locArgs
            case "launch-image": .launchImage
            case "action-loc-key": .actionLocKey
            case "summary-arg": .summaryArg
            case "summary-arg-count": .summaryArgCount
            default: nil
            }
        }

        /// A field's raw text, key and arguments.
        static func keys(of field: AlertFieldName) -> (text: AlertKey, locKey: AlertKey, locArgs: AlertKey) {
            switch field {
            case .title: (.title, .titleLocKey, .titleLocArgs)
            case .subtitle: (.subtitle, .subtitleLocKey, .subtitleLocArgs)
            case .body: (.body, .locKey, .locArgs)
            }
        }

        /// The field this key belongs to, and whether it is the field's raw text; nil for the
        /// alert's other keys.
        var field: (name: AlertFieldName, isText: Bool)? {
            switch self {
            case .title: (.title, true)
            case .titleLocKey, .titleLocArgs: (.title, false)
            case .subtitle: (.subtitle, true)
            case .subtitleLocKey, .subtitleLocArgs: (.subtitle, false)
            case .body: (.body, true)
            case .locKey, .locArgs: (.body, false)
            default: nil
            }
        }

        var slot: Int {
            switch self {
            case .title: 0
            case .subtitle: 1
            case .body: 2
            case .sound: 3
            case .action: 4
            case .titleLocKey: 5
            case .titleLocArgs: 6
            case .subtitleLocKey: 7
            case .subtitleLocArgs: 8
            case .locKey: 9
            case .locArgs: 10
            case .launchImage: 11
            case .actionLocKey: 12
            case .summaryArg: 13
            case .summaryArgCount: 14
            }
        }
    }

    /// An alert object's members by key, the last of equal keys winning (as JSON readers keep
    /// it), found in one pass: looking each key up by scanning the members and comparing strings
    /// was a fifth of reading a payload.
    struct AlertMembers {
        let members: [LocatedJSON.Member]
        /// The member each alert key's last occurrence is, by ``AlertKey/slot`` (-1: absent).
        private var last: [Int]
        /// Members whose key is not an alert key, in order.
        private(set) var unknown: [Int] = []

        init(_ members: [LocatedJSON.Member]) {
            self.members = members
            last = Array(repeating: -1, count: AlertKey.count)
            for (index, member) in members.enumerated() {
                if let key = AlertKey.named(member.key) { last[key.slot] = index } else { unknown.append(index) }
            }
        }

        subscript(key: AlertKey) -> LocatedJSON? {
            let index = last[key.slot]
            return index < 0 ? nil : members[index].value
        }

        /// Where `key` is written (its key, else its value).
        func location(_ key: AlertKey) -> SourceLocation? {
            let index = last[key.slot]
            return index < 0 ? nil : members[index].keyLocation ?? members[index].value.location
        }
    }

    mutating func readAlert(_ value: LocatedJSON, isLiveActivity: Bool) -> AlertContent? {
        switch value.value {
        case .string(let text):
            if text.isEmpty {
                note(.payloadEmptyAlert, value.location, "an empty alert string means no alert: nothing is shown")
                return nil
            }
            var alert = AlertContent()
            alert.body = AlertField(text: text, location: value.location)
            return alert
        case .object(let members):
            var alert = AlertContent()
            let fieldValues = AlertMembers(members)
            for name in AlertFieldName.inDisplayOrder {
                let keys = AlertKey.keys(of: name)
                var field = AlertField()
                if let raw = fieldValues[keys.text] {
                    if let members = raw.members, name != .subtitle, isLiveActivity {
                        // Live Activity shape: {"loc-key": …, "loc-args": […]} is the whole
                        // field; the outer *-loc-key and *-loc-args are not mixed into it.
                        alert.isLiveActivityAlert = true
                        let object = LocatedJSON(.object(members), location: raw.location)
                        field.locKey = nonEmptyString("\(keys.text.rawValue).loc-key", object["loc-key"], fieldValues.location(keys.text))
                        field.location = raw.location
                        if let args = object["loc-args"] {
                            field.locArgs = field.locKey == nil ? nil : arguments("\(keys.text.rawValue).loc-args", args)
                            field.unreadLocArgCount = field.locKey == nil ? 0 : Self.unreadCount(args)
                        }
                        for outer in [keys.locKey, keys.locArgs] where fieldValues[outer] != nil {
                            note(
                                .payloadIgnoredKey, fieldValues.location(outer),
                                "\(outer.rawValue) is ignored: this Live Activity alert's \(keys.text.rawValue) object supplies the \(name.rawValue)")
                        }
                        switch name {
                        case .title: alert.title = field
                        case .subtitle: alert.subtitle = field
                        case .body: alert.body = field
                        }
                        continue
                    } else if raw.members != nil {
                        // In an ordinary alert an object is a wrong-typed value: absent.
                        typeMismatch(
                            keys.text.rawValue,
                            expected: "a string (an object is the Live Activity shape, which needs an aps with event and content-state)",
                            raw, fieldValues.location(keys.text))
                    } else {
                        field.text = nonEmptyString(keys.text.rawValue, raw, fieldValues.location(keys.text))
                        field.location = fieldValues.location(keys.text)
                    }
                }
                if let key = fieldValues[keys.locKey] {
                    field.locKey = nonEmptyString(keys.locKey.rawValue, key, fieldValues.location(keys.locKey))
                    field.location = fieldValues.location(keys.locKey)
                }
                if let args = fieldValues[keys.locArgs] {
                    if field.locKey == nil {
                        note(
                            .payloadLocArgumentsWithoutKey, fieldValues.location(keys.locArgs),
                            "\(keys.locArgs.rawValue) is ignored: there is no \(keys.locKey.rawValue)")
                    } else {
                        field.locArgs = arguments(keys.locArgs.rawValue, args)
                        field.unreadLocArgCount = Self.unreadCount(args)
                    }
                }
                switch name {
                case .title: alert.title = field
                case .subtitle: alert.subtitle = field
                case .body: alert.body = field
                }
            }
            for index in fieldValues.unknown {
                let member = members[index]
                note(
                    .payloadUnknownAPSKey, member.keyLocation ?? member.value.location,
                    "\"\(member.key)\" is not an alert key: the device ignores it")
            }
            alert.launchImage = fieldValues[.launchImage].flatMap { string("launch-image", $0, fieldValues.location(.launchImage)) }
            if let action = fieldValues[.actionLocKey] {
                alert.actionLocKey = string("action-loc-key", action, fieldValues.location(.actionLocKey))
                note(.payloadDeprecatedKey, fieldValues.location(.actionLocKey), "action-loc-key has no visible effect since iOS 10")
            }
            if let summary = fieldValues[.summaryArg] {
                alert.summaryArgument = string("summary-arg", summary, fieldValues.location(.summaryArg))
                note(.payloadDeprecatedKey, fieldValues.location(.summaryArg), "summary-arg is used by iOS 12–14 only (deprecated)")
            }
            if let count = fieldValues[.summaryArgCount] {
                alert.summaryArgumentCount = number("summary-arg-count", count, fieldValues.location(.summaryArgCount)).flatMap {
                    Int(exactly: $0.rounded(.towardZero))
                }
            }
            if let sound = fieldValues[.sound] {
                alert.liveActivitySound = string("alert.sound", sound, fieldValues.location(.sound))
            }
            return alert
        default:
            note(
                .payloadTypeMismatch, value.location, "\"alert\" is \(value.kindDescription): the device shows no alert",
                hint: "use a string or an object")
            return nil
        }
    }

    /// Values of an arguments array past what is read.
    static func unreadCount(_ value: LocatedJSON) -> Int {
        max(0, (value.items?.count ?? 0) - NotificationPayload.maximumLocArguments)
    }

    mutating func arguments(_ name: String, _ value: LocatedJSON) -> [LocArgument]? {
        guard let items = value.items else {
            typeMismatch(name, expected: "an array", value, value.location)
            return nil
        }
        if items.count > NotificationPayload.maximumLocArguments {
            note(
                .payloadTooManyArguments, items[NotificationPayload.maximumLocArguments].location,
                "\(name) has \(items.count) values; this tool reads only the first \(NotificationPayload.maximumLocArguments) (its own bound for hostile input; a device reads them all)",
                hint: "send only the arguments the format uses")
        }
        return items.prefix(NotificationPayload.maximumLocArguments).enumerated().map { index, item in
            let argument = LocArgument(json: item)
            switch argument.kind {
            case .string: break
            case .number:
                // Past 64 bits NSNumber's own printing has not been observed: what is shown is
                // the tool's assumption, and the message says so.
                var isWide = false
                if case .number(let number) = item.value { isWide = number.isWiderThan64Bits }
                let printed =
                    isWide
                    ? "an integer wider than 64 bits: assumed to print as a double, \(argument.text) (how a device prints it is not known)"
                    : "a number: the device prints \(argument.text)"
                note(
                    .payloadLocArgumentType, item.location, "\(name)[\(index)] is \(printed)",
                    hint: "send arguments as strings, formatted for the user's language")
            case .boolean:
                note(.payloadLocArgumentType, item.location, "\(name)[\(index)] is a boolean: the device prints \(argument.text)")
            case .null, .object, .array:
                note(
                    .payloadUnprintableArgument, item.location,
                    "\(name)[\(index)] is \(item.kindDescription): the device prints nothing for it")
            }
            return argument
        }
    }

    // MARK: Scalars

    mutating func readSound(_ value: LocatedJSON, at: SourceLocation?) -> AlertSound? {
        switch value.value {
        case .string(let name): return .named(name)
        case .object:
            var critical = false
            if let flag = value["critical"] {
                if case .number(let n) = flag.value { critical = n.doubleValue != 0 } else if case .bool(let b) = flag.value { critical = b }
            }
            let name = value["name"].flatMap { string("sound.name", $0, $0.location) }
            var volume: Double?
            if let v = value["volume"] {
                volume = number("sound.volume", v, v.location)
                if let raw = volume, raw < 0 || raw > 1 {
                    volume = min(max(raw, 0), 1)
                    note(.payloadValueOutOfRange, v.location, "sound volume \(raw) is outside 0…1; the device uses \(volume!)")
                }
            }
            return .dictionary(name: name, critical: critical, volume: volume)
        default:
            typeMismatch("sound", expected: "a string or an object", value, at)
            return nil
        }
    }

    /// `content-available`, `mutable-content`: a positive number, or any value that is not a
    /// number, counts as set (docs/device-behaviour.md §5).
    mutating func flag(_ name: String, _ value: LocatedJSON, _ at: SourceLocation?) -> Bool {
        switch value.value {
        case .number(let n): return n.doubleValue > 0
        case .bool(let b): return b
        default:
            note(
                .payloadCoercedValue, at,
                "\(name) is \(value.kindDescription); the device counts any value that is not a number as 1",
                hint: "write \(name): 1")
            return true
        }
    }

    mutating func string(_ name: String, _ value: LocatedJSON, _ at: SourceLocation?) -> String? {
        if let s = value.stringValue { return s }
        typeMismatch(name, expected: "a string", value, at)
        return nil
    }

    /// A string key where "" counts as absent.
    mutating func nonEmptyString(_ name: String, _ value: LocatedJSON?, _ at: SourceLocation?) -> String? {
        guard let value else { return nil }
        guard let s = string(name, value, at) else { return nil }
        return s.isEmpty ? nil : s
    }

    mutating func number(_ name: String, _ value: LocatedJSON, _ at: SourceLocation?) -> Double? {
        if case .number(let n) = value.value { return n.doubleValue }
        typeMismatch(name, expected: "a number", value, at)
        return nil
    }

    mutating func typeMismatch(_ name: String, expected: String, _ value: LocatedJSON, _ at: SourceLocation?) {
        note(
            .payloadTypeMismatch, at ?? value.location,
            "\"\(name)\" is \(value.kindDescription), not \(expected): the device ignores it")
    }
}

extension LocatedJSON.Number {
    /// How a device prints this number in `loc-args`: its `NSNumber`'s `stringValue`. A JSON
    /// integer prints as an integer (`5`); any other number as C's `%0.16g` (`2.5`, `0.3` for
    /// 0.30000000000000004, `9348.309999999999` for 9348.31, `1e+20`, `-0`). An integer past 64
    /// bits (signed or unsigned) becomes a double first; that is not verified on a device.
    /// An integer that neither `Int64` nor `UInt64` holds, whose printing on a device is not known.
    public var isWiderThan64Bits: Bool { isInteger && Int64(text) == nil && UInt64(text) == nil }

    public var devicePrinted: String {
        if isInteger {
            if let integer = Int64(text) { return String(integer) }
            if let unsigned = UInt64(text) { return String(unsigned) }
        }
        return Self.cFormatted(doubleValue)
    }

    /// `%0.16g`, as `-[NSNumber stringValue]` prints a double.
    static func cFormatted(_ value: Double) -> String {
        var buffer = [CChar](repeating: 0, count: 64)
        _ = withVaList([value]) { arguments in
            buffer.withUnsafeMutableBufferPointer { vsnprintf($0.baseAddress, $0.count, "%0.16g", arguments) }
        }
        return buffer.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
    }
}
