import Foundation
import LocalizedAlerts

/// A JSON Schema draft-04 validator for the keywords the SARIF 2.1.0 schema uses (type, $ref,
/// properties, additionalProperties, required, items, minItems, maxItems, uniqueItems, minimum,
/// maximum, minLength, pattern, enum, anyOf, oneOf, allOf, not, and the uri, uri-reference and
/// date-time formats), so that the test needs no package from outside. Errors name the path.
struct JSONSchemaValidator {
    let root: LocatedJSON

    init(schema: LocatedJSON) { root = schema }

    func validate(_ instance: LocatedJSON) -> [String] {
        var errors: [String] = []
        check(instance, against: root, path: "$", errors: &errors)
        return errors
    }

    private func resolve(_ reference: String) -> LocatedJSON? {
        guard reference.hasPrefix("#") else { return nil }
        var node = root
        for part in reference.dropFirst().split(separator: "/") {
            let key = part.replacingOccurrences(of: "~1", with: "/").replacingOccurrences(of: "~0", with: "~")
            guard let next = node[key] else { return nil }
            node = next
        }
        return node
    }

    private func typeName(_ value: LocatedJSON) -> String {
        switch value.value {
        case .null: "null"
        case .bool: "boolean"
        case .number(let n): n.isInteger ? "integer" : "number"
        case .string: "string"
        case .array: "array"
        case .object: "object"
        }
    }

    private func matches(_ value: LocatedJSON, type: String) -> Bool {
        let actual = typeName(value)
        return actual == type || (type == "number" && actual == "integer")
    }

    private func check(_ value: LocatedJSON, against schema: LocatedJSON, path: String, errors: inout [String]) {
        if let reference = schema["$ref"]?.stringValue {
            guard let target = resolve(reference) else {
                errors.append("\(path): unresolvable $ref \(reference)")
                return
            }
            check(value, against: target, path: path, errors: &errors)
            return
        }
        if let type = schema["type"] {
            let types = type.items?.compactMap(\.stringValue) ?? [type.stringValue].compactMap { $0 }
            if !types.contains(where: { matches(value, type: $0) }) {
                errors.append("\(path): \(typeName(value)) is not \(types.joined(separator: " or "))")
                return
            }
        }
        if let options = schema["enum"]?.items, !options.contains(where: { equal($0, value) }) {
            errors.append("\(path): \(value.serialized()) is not one of \(options.map { $0.serialized() })")
        }
        if let all = schema["allOf"]?.items {
            for sub in all { check(value, against: sub, path: path, errors: &errors) }
        }
        if let any = schema["anyOf"]?.items {
            let passing = any.filter { sub in
                var e: [String] = []
                check(value, against: sub, path: path, errors: &e)
                return e.isEmpty
            }
            if passing.isEmpty { errors.append("\(path): matches none of anyOf") }
        }
        if let one = schema["oneOf"]?.items {
            let passing = one.filter { sub in
                var e: [String] = []
                check(value, against: sub, path: path, errors: &e)
                return e.isEmpty
            }
            if passing.count != 1 { errors.append("\(path): matches \(passing.count) of oneOf, not exactly one") }
        }
        if let not = schema["not"] {
            var e: [String] = []
            check(value, against: not, path: path, errors: &e)
            if e.isEmpty { errors.append("\(path): matches a schema it must not") }
        }
        switch value.value {
        case .object(let members):
            let properties = schema["properties"]?.members ?? []
            for required in schema["required"]?.items?.compactMap(\.stringValue) ?? [] where !members.contains(where: { $0.key == required }) {
                errors.append("\(path): missing required property \(required)")
            }
            var seen: Set<String> = []
            for member in members {
                if !seen.insert(member.key).inserted { errors.append("\(path): duplicate property \(member.key)") }
                let memberPath = path + "." + member.key
                if let property = properties.first(where: { $0.key == member.key }) {
                    check(member.value, against: property.value, path: memberPath, errors: &errors)
                } else if let additional = schema["additionalProperties"] {
                    if case .bool(false) = additional.value {
                        errors.append("\(path): property \(member.key) is not allowed")
                    } else if case .object = additional.value {
                        check(member.value, against: additional, path: memberPath, errors: &errors)
                    }
                }
            }
        case .array(let items):
            if let minimum = schema["minItems"]?.numberValue, Double(items.count) < minimum {
                errors.append("\(path): \(items.count) items, fewer than \(Int(minimum))")
            }
            if let maximum = schema["maxItems"]?.numberValue, Double(items.count) > maximum {
                errors.append("\(path): \(items.count) items, more than \(Int(maximum))")
            }
            if case .bool(true)? = schema["uniqueItems"]?.value {
                for i in items.indices {
                    for j in items.indices where j > i && equal(items[i], items[j]) {
                        errors.append("\(path): items \(i) and \(j) are equal")
                    }
                }
            }
            if let itemSchema = schema["items"], case .object = itemSchema.value {
                for (index, item) in items.enumerated() { check(item, against: itemSchema, path: "\(path)[\(index)]", errors: &errors) }
            }
        case .number(let number):
            if let minimum = schema["minimum"]?.numberValue, number.doubleValue < minimum {
                errors.append("\(path): \(number.text) is less than \(minimum)")
            }
            if let maximum = schema["maximum"]?.numberValue, number.doubleValue > maximum {
                errors.append("\(path): \(number.text) is more than \(maximum)")
            }
        case .string(let string):
            if let minimum = schema["minLength"]?.numberValue, Double(string.unicodeScalars.count) < minimum {
                errors.append("\(path): shorter than \(Int(minimum))")
            }
            if let pattern = schema["pattern"]?.stringValue {
                let regex = try? NSRegularExpression(pattern: pattern)
                let range = NSRange(string.startIndex..., in: string)
                if regex?.firstMatch(in: string, range: range) == nil { errors.append("\(path): \"\(string)\" does not match \(pattern)") }
            }
            if let format = schema["format"]?.stringValue, !Self.conforms(string, format: format) {
                errors.append("\(path): \"\(string)\" is not a valid \(format)")
            }
        default:
            break
        }
    }

    /// RFC 3986 references: no spaces or characters outside the URI alphabet; `uri` needs a scheme.
    static func conforms(_ string: String, format: String) -> Bool {
        let allowed = CharacterSet(charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~:/?#[]@!$&'()*+,;=%")
        switch format {
        case "uri", "uri-reference":
            guard string.unicodeScalars.allSatisfy({ allowed.contains($0) }) else { return false }
            if format == "uri" { return string.range(of: "^[A-Za-z][A-Za-z0-9+.-]*:", options: .regularExpression) != nil }
            return true
        case "date-time":
            return string.range(of: #"^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$"#, options: .regularExpression) != nil
        default:
            return true
        }
    }

    /// Equality as JSON means it: member order does not matter, 1 equals 1.0.
    private func equal(_ a: LocatedJSON, _ b: LocatedJSON) -> Bool {
        switch (a.value, b.value) {
        case (.null, .null): return true
        case (.bool(let x), .bool(let y)): return x == y
        case (.number(let x), .number(let y)): return x.doubleValue == y.doubleValue
        case (.string(let x), .string(let y)): return x == y
        case (.array(let x), .array(let y)): return x.count == y.count && zip(x, y).allSatisfy { equal($0, $1) }
        case (.object(let x), .object(let y)):
            return x.count == y.count && x.allSatisfy { m in y.contains { $0.key == m.key && equal($0.value, m.value) } }
        default: return false
        }
    }
}

extension LocatedJSON {
    var numberValue: Double? {
        if case .number(let n) = value { return n.doubleValue }
        return nil
    }
}
