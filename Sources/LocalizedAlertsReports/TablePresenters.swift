@_spi(Presentation) import LocalizedAlerts

/// `dump --format json`: one object per table file.
public enum TableJSON {
    /// The table's file, format, entries (duplicates included), effective values and `diagnostics` as JSON.
    public static func make(_ table: LocalizationTable, diagnostics: [LocalizationDiagnostic]) -> LocatedJSON {
        var effective: [LocatedJSON.Member] = []
        for key in table.keys {
            effective.append(LocatedJSON.Member(key: key, value: .string(table[key] ?? "")))
        }
        let entries: [LocatedJSON] = table.entries.map { entry in
            var members: [(String, LocatedJSON)] = [
                ("key", .string(entry.key)),
                ("value", .string(entry.value)),
                ("line", .number(entry.location.line)),
                ("column", .number(entry.location.column)),
                ("comment", .string(entry.comment)),
            ]
            if entry.valueKind != .string { members.append(("valueKind", .string(entry.valueKind.rawValue))) }
            if !entry.isReadByDevice { members.append(("readByDevice", .bool(false))) }
            return .object(members)
        }
        return .object([
            ("file", .string(table.file)),
            ("format", .string(table.format.description)),
            ("readableOnDevice", .bool(table.isReadableOnDevice)),
            ("table", LocatedJSON(.object(effective))),
            ("entries", .array(entries)),
            ("diagnostics", .array(diagnostics.map(DiagnosticJSON.make))),
        ])
    }
}

/// One finding as JSON, the same in every JSON output (lint, preview, localize, dump).
public enum DiagnosticJSON {
    /// `diagnostic` as a JSON object: ID, severity, location, message, and hint, keys (of a
    /// finding about many, with their count) and notes when it has them.
    public static func make(_ diagnostic: LocalizationDiagnostic) -> LocatedJSON {
        var members: [(String, LocatedJSON)] = [
            ("id", .string(diagnostic.id.rawValue)),
            ("severity", .string(diagnostic.severity.rawValue)),
        ]
        if let file = diagnostic.location.file { members.append(("file", .string(file))) }
        members += [
            ("line", .number(diagnostic.location.line)),
            ("column", .number(diagnostic.location.column)),
            ("message", .string(diagnostic.message)),
        ]
        if let hint = diagnostic.hint { members.append(("hint", .string(hint))) }
        if !diagnostic.keys.isEmpty || diagnostic.unlistedKeyCount > 0 {
            // A finding about many keys: those it lists, and how many there are in all.
            members.append(("keys", .array(diagnostic.keys.map { .string($0) })))
            members.append(("keyCount", .number(diagnostic.keys.count + diagnostic.unlistedKeyCount)))
        }
        if !diagnostic.notes.isEmpty {
            members.append(
                (
                    "notes",
                    .array(
                        diagnostic.notes.map { note in
                            .object([
                                ("file", .string(note.location.file)),
                                ("line", .number(note.location.line)),
                                ("column", .number(note.location.column)),
                                ("message", .string(note.message)),
                            ])
                        })
                ))
        }
        return .object(members)
    }
}

/// `dump` in text: a readable listing.
public enum TableText {
    /// The table's file, format and key count, each entry, and `diagnostics`.
    public static func render(_ table: LocalizationTable, diagnostics: [LocalizationDiagnostic]) -> String {
        var out = "\(printable(table.file ?? "<input>")) — \(table.format)"
        out += table.isReadableOnDevice ? ", \(table.count) keys\n" : ", NOT readable on a device (the table is empty there)\n"
        for entry in table.entries {
            let marker = entry.isReadByDevice ? " " : "✗"
            out += "\(marker) \(entry.location.line):\(entry.location.column)  \(quoted(entry.key)) = \(quoted(entry.value))"
            if entry.valueKind != .string { out += "  (\(entry.valueKind.rawValue))" }
            if let comment = entry.comment { out += "    // \(printable(comment.replacingNewlines()))" }
            out += "\n"
        }
        return out + LintXcode.render(diagnostics)
    }

    static func quoted(_ s: String) -> String {
        let escaped = s.replacingScalars { scalar in
            switch scalar {
            case "\n": "\\n"
            case "\t": "\\t"
            case "\r": "\\r"
            case "\"": "\\\""
            case "\\": "\\\\"
            default: printableReplacement(scalar)
            }
        }
        return "\"" + escaped + "\""
    }
}

extension String {
    /// The text with each scalar that `replacement` names replaced by what it returns: the one
    /// loop behind every escaping of the presenters (HTML, quoted strings, runner commands).
    func replacingScalars(_ replacement: (Unicode.Scalar) -> String?) -> String {
        var out = ""
        out.reserveCapacity(utf8.count)
        for scalar in unicodeScalars {
            if let replaced = replacement(scalar) { out += replaced } else { out.unicodeScalars.append(scalar) }
        }
        return out
    }

    func replacingNewlines() -> String {
        String(unicodeScalars.map { $0 == "\n" || $0 == "\r" ? " " : Character($0) })
    }
}
