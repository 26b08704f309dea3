import LocalizedAlerts

/// `dump --format json`: one object per table file.
enum TableJSON {
    static func make(_ table: LocalizationTable) -> JSON {
        var effective: [JSON.Member] = []
        for key in table.keys {
            effective.append(JSON.Member(key: key, value: .string(table[key] ?? "")))
        }
        let entries: [JSON] = table.entries.map { entry in
            var members: [(String, JSON)] = [
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
            ("table", JSON(.object(effective))),
            ("entries", .array(entries)),
            ("diagnostics", .array(table.diagnostics.map(DiagnosticJSON.make))),
        ])
    }
}

enum DiagnosticJSON {
    static func make(_ diagnostic: Diagnostic) -> JSON {
        var members: [(String, JSON)] = [
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
        if !diagnostic.notes.isEmpty {
            members.append(
                ("notes",
                 .array(diagnostic.notes.map { note in
                     .object([
                         ("file", .string(note.location.file)),
                         ("line", .number(note.location.line)),
                         ("column", .number(note.location.column)),
                         ("message", .string(note.message)),
                     ])
                 })))
        }
        return .object(members)
    }
}

/// `dump` in text: a readable listing.
enum TableText {
    static func render(_ table: LocalizationTable) -> String {
        var out = "\(table.file ?? "<input>") — \(table.format)"
        out += table.isReadableOnDevice ? ", \(table.count) keys\n" : ", NOT readable on a device (the table is empty there)\n"
        for entry in table.entries {
            let marker = entry.isReadByDevice ? " " : "✗"
            out += "\(marker) \(entry.location.line):\(entry.location.column)  \(quoted(entry.key)) = \(quoted(entry.value))"
            if entry.valueKind != .string { out += "  (\(entry.valueKind.rawValue))" }
            if let comment = entry.comment { out += "    // \(comment.replacingNewlines())" }
            out += "\n"
        }
        return out + LintXcode.render(table.diagnostics)
    }

    static func quoted(_ s: String) -> String {
        var out = "\""
        for scalar in s.unicodeScalars {
            switch scalar {
            case "\n": out += "\\n"
            case "\t": out += "\\t"
            case "\r": out += "\\r"
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }
}

extension String {
    func replacingNewlines() -> String {
        String(unicodeScalars.map { $0 == "\n" || $0 == "\r" ? " " : Character($0) })
    }
}
