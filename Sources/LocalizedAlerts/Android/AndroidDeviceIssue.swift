/// What an Android phone does with an FCM message that its author did not mean, found by
/// resolving each field as Firebase and Android do. Preview, localization on the server and
/// lint all report these issues with these IDs and words: one explanation of the phone, as
/// ``DeviceIssue`` is of an iPhone.
public struct AndroidDeviceIssue: Sendable, Hashable {
    /// A notification field with a loc key.
    public enum Field: String, Sendable, Hashable {
        case title, body
    }

    /// What the phone does, with the details its message needs.
    public enum Kind: Sendable, Hashable {
        /// A non-empty raw title or body wins over the loc key, which is never used.
        case rawFieldHidesLocKey(raw: String, isCommon: Bool)
        /// `getIdentifier` gives 0 (no such string, a removed one, a plural's name, another
        /// package): the field falls back. The reason is the resources' explanation.
        case locKeyNotFound(reason: String, id: DiagnosticID, hint: String?)
        /// The key reads as a resource ID the app does not have: `getString` throws, uncaught.
        case identifierNotInApp(reason: String)
        /// The resource has no value for the locale chosen: `getString` throws, uncaught.
        case noValueForLocale(AndroidResourceName, locale: String?)
        /// The key names a plural or an array by its type: a bag has no text; it throws.
        case bagHasNoText(AndroidResourceName)
        /// The string reads arguments and the message sends none: shown with its specifiers.
        case argumentsNotSent(count: Int, shown: String, folder: String)
        /// Fewer loc args than the string reads: Firebase catches it; the field falls back.
        case argumentsShort(given: Int, specifier: String, folder: String)
        /// `String.format` throws something Firebase does not catch: the app crashes.
        case formatThrows(exception: String, specifier: String, folder: String)
        /// The text is longer than a notification keeps.
        case textCut(length: Int)
        /// No title: the phone shows the app's name.
        case untitled
        /// Huawei: neither multi_lang_key nor strings.xml resolves the key; the literal text
        /// is shown (an assumption).
        case locKeyUnresolved(reason: String, literal: String?)
        /// Huawei, style 1: the literal big text is shown instead of the localized field.
        case bigTextHidesLocKey(bigText: String)
        /// The loc key is a resource ID: it names `resource` in this build only.
        /// `mayCountUnreadLibraries`: libraries known by their locales alone may renumber it.
        case identifierLocKey(AndroidResourceName, mayCountUnreadLibraries: Bool)
        /// The string's references never reach text: the phone shows `shown`, the ID of the
        /// last one. `chain` runs from the key's resource to the first repeat.
        case referenceNeverReachesText(chain: [AndroidResourceName], shown: String, mayCountUnreadLibraries: Bool)
    }

    /// What happens.
    public var kind: Kind
    /// The field concerned.
    public var field: Field
    /// The field's loc key, when the issue is about it.
    public var key: String?
    /// Where in the message (the loc key, or the field).
    public var location: SourceLocation

    /// The ID every command reports this issue with.
    public var id: DiagnosticID {
        switch kind {
        case .rawFieldHidesLocKey: .androidRawFieldHidesLocKey
        case .locKeyNotFound(_, let id, _): id
        case .identifierNotInApp, .noValueForLocale: .androidMissingLocKey
        case .bagHasNoText: .androidLocKeyNotAString
        case .argumentsNotSent: .androidLocArgsMissing
        case .argumentsShort: .androidMissingFormatArgument
        case .formatThrows: .androidFormatCrash
        case .textCut: .androidTextCut
        case .untitled: .androidAppNameTitle
        case .locKeyUnresolved: .huaweiLocKeyUnresolved
        case .bigTextHidesLocKey: .huaweiBigTextHidesLocKey
        case .identifierLocKey: .androidIdentifierLocKey
        case .referenceNeverReachesText: .androidReferenceLoop
        }
    }

    /// Whether the phone shows something other than the message meant (a crash, a field empty,
    /// specifiers), as opposed to a warning or a note: what a server must not send.
    public var breaksTheNotification: Bool { id.defaultSeverity == .error }

    /// The finding, at ``location``.
    public var diagnostic: LocalizationDiagnostic {
        let label = field.rawValue
        let key = self.key ?? ""
        switch kind {
        case .rawFieldHidesLocKey(let raw, let isCommon):
            return LocalizationDiagnostic(
                id, at: location,
                "the \(isCommon ? "common notification's " : "")\(label) \"\(raw)\" is shown; \(label)_loc_key \"\(key)\" is ignored",
                hint: isCommon ? "remove message.notification.\(label), or set android.notification.\(label) to \"\"" : "remove \(label)")
        case .locKeyNotFound(let reason, _, let hint):
            return LocalizationDiagnostic(id, at: location, reason, hint: hint)
        case .identifierNotInApp(let reason):
            return LocalizationDiagnostic(id, at: location, reason)
        case .noValueForLocale(let resource, let locale):
            return LocalizationDiagnostic(
                id, at: location,
                "\(resource.type) \"\(resource.name)\" has no value for \(locale ?? "the device"): Resources.NotFoundException crashes the app",
                hint: resource.type == "string" ? "add it to values/" : "name a string")
        case .bagHasNoText(let resource):
            return LocalizationDiagnostic(
                id, at: location,
                "\(resource.type) \"\(resource.name)\" has no text getString can give (a \(resource.type) is a bag of values): Resources.NotFoundException crashes the app",
                hint: "name a string")
        case .argumentsNotSent(let count, let shown, let folder):
            return LocalizationDiagnostic(
                id, at: location,
                "\"\(key)\" in \(folder) takes \(count) argument\(count == 1 ? "" : "s") but the message sends no \(label)_loc_args: the phone shows \(shown) as it is",
                hint: "send \(label)_loc_args with \(count) value\(count == 1 ? "" : "s")")
        case .argumentsShort(let given, let specifier, let folder):
            return LocalizationDiagnostic(
                id, at: location, "\"\(key)\" in \(folder) needs more than the \(given) \(label)_loc_args given (\(specifier))")
        case .formatThrows(let exception, let specifier, let folder):
            let thrown = JavaFormatException(name: exception, specifier: specifier)
            if thrown.isOutOfMemory {
                return LocalizationDiagnostic(
                    id, at: location, "\"\(key)\" in \(folder) formatted with its \(label)_loc_args \(thrown.overBudgetExplanation)",
                    hint: OutputBudget.hint)
            }
            return LocalizationDiagnostic(
                id, at: location, "\"\(key)\" in \(folder) throws \(exception) for \(specifier) with String args: the app crashes",
                hint: "loc args are Strings: use %s or %1$s")
        case .textCut(let length):
            return LocalizationDiagnostic(
                id, at: location, "the \(label) is \(length) UTF-16 code units long: the phone keeps the first \(AndroidRenderer.maximumTextLength)",
                hint: "shorten the \(label); a notification shows a few lines of it")
        case .untitled:
            return LocalizationDiagnostic(id, at: location, "no title: the phone shows the app's name")
        case .locKeyUnresolved(let reason, let literal):
            let shown = literal.map { "the literal \(label) \"\($0)\"" } ?? (field == .title ? "the app's name" : "no \(label)")
            return LocalizationDiagnostic(
                id, at: location, "\(reason): the phone shows \(shown) instead (assumed; Huawei does not document it)",
                hint: "add \"\(key)\" to strings.xml, or give its text in multi_lang_key")
        case .bigTextHidesLocKey(let bigText):
            return LocalizationDiagnostic(
                id, at: location,
                "style 1 shows big_\(label) \"\(DisplayText.truncate(bigText, columns: 60))\", not the localized \(label)_loc_key \"\(key)\"",
                hint: "leave out style 1, or fill big_\(label) with the localized text on the server (render-alert localize)")
        case .identifierLocKey(let resource, let mayCountUnreadLibraries):
            return LocalizationDiagnostic(
                id, at: location,
                "\(label)_loc_key \"\(key)\" is read as a resource ID: it names \(resource.type) \"\(resource.name)\" in this build, and another once resources are added or removed"
                    + (mayCountUnreadLibraries ? Self.unreadLibrariesCaveat : ""),
                hint: "send the name, \"\(resource.name)\"")
        case .referenceNeverReachesText(let chain, let shown, let mayCountUnreadLibraries):
            return LocalizationDiagnostic(
                id, at: location,
                "\"\(key)\" " + Self.neverReachesText(chain: chain, shown: shown) + (mayCountUnreadLibraries ? Self.unreadLibrariesCaveat : ""),
                hint: Self.referenceLoopHint(chain))
        }
    }

    /// Why a reference shows as an ID, said the same by lint and by every rendering.
    static func neverReachesText(chain: [AndroidResourceName], shown: String) -> String {
        let names = chain.map { "@\($0.type)/\($0.name)" }
        let path = names.count > 5 ? names.prefix(4).joined(separator: " → ") + " → …" : names.joined(separator: " → ")
        let isLoop = chain.count >= 2 && chain.dropLast().contains(chain[chain.count - 1])
        return
            "never reaches text: its references \(isLoop ? "go round" : "run on") (\(path)) and Android stops after 20, so getString gives the resource ID \"\(shown)\""
    }

    static func referenceLoopHint(_ chain: [AndroidResourceName]) -> String {
        "give \(chain.last.map { "@\($0.type)/\($0.name)" } ?? "the string") a text, or refer to a string that has one"
    }

    /// Said of a resource ID worked out from res/ folders when libraries were given by their
    /// locales alone: their resources take IDs too.
    static let unreadLibrariesCaveat =
        " (counting the app's resources alone: the libraries, given by their locales only, take IDs too and may move it; give their res/ folders for the phone's number)"
}
