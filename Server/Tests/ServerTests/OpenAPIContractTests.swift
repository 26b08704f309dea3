import Foundation
import Testing

/// Every answer the server gives, checked against the schema `/openapi.json` documents for its
/// path, method and status: a client generated from the document can read what it is sent.
@Suite("render-alert-server answers match its OpenAPI document")
struct OpenAPIContractTests {
    static let payload = #"{"aps":{"alert":{"loc-key":"call.missed.body","loc-args":["Ana"]}}}"#
    static let showsKey = #"{"aps":{"alert":{"title-loc-key":"call.missed.title","loc-key":"call.missed.body","loc-args":["Ana"]}}}"#

    @Test("Each endpoint's answers, successful and not, validate against the documented schema")
    func answersMatchTheDocument() async throws {
        try await RouterClient.with(token: "t", maximumBodyBytes: 4_096) { client in
            let document = try await client.get("/openapi.json").json()
            let validator = SchemaValidator(document: document)
            let auth = ["Authorization": "Bearer t"]
            let exchanges: [(String, String, HTTPResponse)] = [
                (
                    "/v1/localize", "post",
                    try await client.post("/v1/localize", json: #"{"payload": \#(Self.payload), "languages": ["fr-CA"], "id": 7}"#, headers: auth)
                ),
                (
                    "/v1/localize", "post",
                    try await client.post("/v1/localize", json: #"{"payload": \#(Self.showsKey), "languages": "pt-PT"}"#, headers: auth)
                ),
                (
                    "/v1/localize", "post",
                    try await client.post(
                        "/v1/localize", json: #"{"payload": \#(Self.showsKey), "languages": ["pt-PT"], "mode": "device"}"#, headers: auth)
                ),
                (
                    "/v1/localize", "post",
                    try await client.post("/v1/localize", json: #"{"payload": {"aps": {"alert": 3}}, "languages": ["en"]}"#, headers: auth)
                ),
                ("/v1/localize", "post", try await client.post("/v1/localize", json: "not json", headers: auth)),
                ("/v1/localize", "post", try await client.post("/v1/localize", json: #"{"payload": \#(Self.payload), "languages": ["en"]}"#)),
                ("/v1/localize", "post", try await client.request("POST", "/v1/localize", headers: auth, body: Data(repeating: 0x20, count: 5_000))),
                (
                    "/v1/localize/batch", "post",
                    try await client.request(
                        "POST", "/v1/localize/batch", headers: auth,
                        body: Data(
                            "{\"payload\": \(Self.payload), \"languages\": [\"ja\"]}\nnot json\n{\"payload\": \(Self.showsKey), \"languages\": [\"pt-PT\"]}\n"
                                .utf8))
                ),
                (
                    "/v1/preview", "post",
                    try await client.post("/v1/preview", json: #"{"payload": \#(Self.payload), "languages": ["fr-CA", ["de", "en"]]}"#, headers: auth)
                ),
                ("/v1/preview", "post", try await client.post("/v1/preview", json: #"{"languages": ["en"]}"#, headers: auth)),
                ("/v1/localizations", "get", try await client.get("/v1/localizations", headers: auth)),
                ("/v1/localizations", "get", try await client.get("/v1/localizations")),
                ("/healthz", "get", try await client.get("/healthz")),
                ("/readyz", "get", try await client.get("/readyz")),
            ]
            var statuses: [String: Set<Int>] = [:]
            for (path, method, response) in exchanges {
                statuses[path, default: []].insert(response.status)
                let problems = try validator.validate(response, path: path, method: method)
                #expect(
                    problems.isEmpty,
                    "\(method.uppercased()) \(path) → \(response.status): \(problems.joined(separator: "; "))\n\(response.text.prefix(400))")
            }
            // The exchanges reach every documented kind of answer they aim at.
            #expect(statuses["/v1/localize"] == [200, 400, 401, 413])
            #expect(statuses["/v1/preview"] == [200, 400])
            #expect(statuses["/v1/localizations"] == [200, 401])
        }
    }

    /// `languages` as a client may write them, and whether the server takes them.
    static let languages: [(json: String, taken: Bool)] = [
        (#""fr-CA, en""#, true), (#"["fr-CA", "en"]"#, true), (#""xx""#, true), (#"["sr@latin", "en_US"]"#, true),
        (#""fr;en""#, false), (#""fr,,en""#, false), (#""""#, false), ("[]", false), (#"[""]"#, false), (#"["fr-CA,en"]"#, false),
        (#"["en", " fr"]"#, false), (#""fr,\ten""#, false),
    ]

    @Test("The document's languages take what the server takes, and refuse what it refuses")
    func languagesMatchTheDocument() async throws {
        try await RouterClient.with { client in
            let validator = SchemaValidator(document: try await client.get("/openapi.json").json())
            let localize: [String: Any] = ["$ref": "#/components/schemas/Languages"]
            let preview = try #require(
                (validator.resolve("#/components/schemas/PreviewRequest")["properties"] as? [String: Any])?["languages"] as? [String: Any])
            for (json, taken) in Self.languages {
                let value = try JSONSerialization.jsonObject(with: Data(json.utf8), options: [.fragmentsAllowed])
                #expect(validator.problems(value, localize).isEmpty == taken, "\(json) as a request's languages")
                let answer = try await client.post("/v1/localize", json: #"{"payload": \#(Self.payload), "languages": \#(json)}"#)
                #expect((answer.status == 200) == taken, "\(json): \(answer.status)")
                // The same value as one preview device (an array: its languages, one per item).
                #expect(validator.problems([value], preview).isEmpty == taken, "[\(json)] as a preview's languages")
                let previewed = try await client.post("/v1/preview", json: #"{"payload": \#(Self.payload), "languages": [\#(json)]}"#)
                #expect((previewed.status == 200) == taken, "[\(json)]: \(previewed.status)")
            }
            #expect(!validator.problems([Any](), preview).isEmpty, "a preview of no device")
            #expect(!validator.problems(Array(repeating: "en", count: 1_001), preview).isEmpty, "a preview of more devices than served")
        }
    }

    @Test("The validator rejects what the document does not allow")
    func validatorRejects() throws {
        let document: [String: Any] = [
            "components": [
                "schemas": [
                    "Thing": [
                        "type": "object", "required": ["a"],
                        "properties": [
                            "a": ["type": "integer"], "b": ["type": ["string", "null"]], "c": ["enum": ["x", "y"]],
                            "d": ["oneOf": [["type": "array", "items": ["type": "string"]], ["type": "string"]]],
                        ],
                    ]
                ]
            ]
        ]
        let validator = SchemaValidator(document: document)
        let schema: [String: Any] = ["$ref": "#/components/schemas/Thing"]
        #expect(validator.problems(["a": 1, "b": NSNull(), "c": "x", "d": ["s"]], schema).isEmpty)
        #expect(!validator.problems(["b": "s"], schema).isEmpty, "a is required")
        #expect(!validator.problems(["a": 1.5], schema).isEmpty, "not an integer")
        #expect(!validator.problems(["a": true], schema).isEmpty, "a boolean is no integer")
        #expect(!validator.problems(["a": 1, "c": "z"], schema).isEmpty, "not in the enum")
        #expect(!validator.problems(["a": 1, "d": [3]], schema).isEmpty, "matches neither")
        #expect(!validator.problems(["a": 1, "e": 0], schema).isEmpty, "undocumented member")
        let listed: [String: Any] = ["type": "array", "minItems": 1, "maxItems": 2, "items": ["type": "string", "pattern": "^[a-z]+$"]]
        #expect(validator.problems(["ab", "c"], listed).isEmpty)
        #expect(!validator.problems([String](), listed).isEmpty, "fewer than minItems")
        #expect(!validator.problems(["a", "b", "c"], listed).isEmpty, "more than maxItems")
        #expect(!validator.problems(["a;b"], listed).isEmpty, "not matching the pattern")
    }
}

/// The part of JSON Schema the document uses: `$ref`, `type` (one or several), `required`,
/// `properties`, `additionalProperties`, `items`, `minItems`, `maxItems`, `oneOf`, `enum`,
/// `const`, `pattern`. Stricter than JSON
/// Schema in one way, on purpose: an object schema that lists `properties` and does not say
/// `additionalProperties: true` is closed, so an answer cannot carry a member the document does
/// not describe.
struct SchemaValidator {
    let document: [String: Any]

    func validate(_ response: HTTPResponse, path: String, method: String) throws -> [String] {
        let paths = try #require(document["paths"] as? [String: Any])
        let operation = try #require((paths[path] as? [String: Any])?[method] as? [String: Any], "\(method) \(path) is not documented")
        let responses = try #require(operation["responses"] as? [String: Any])
        guard var answer = responses[String(response.status)] as? [String: Any] else {
            return ["status \(response.status) is not documented"]
        }
        if let reference = answer["$ref"] as? String { answer = resolve(reference) }
        let content = try #require(answer["content"] as? [String: Any], "no content for \(response.status)")
        let mediaType = String(response.headers["content-type"]?.split(separator: ";").first ?? "")
        guard let media = content[mediaType] as? [String: Any] else { return ["content type \(mediaType) is not documented"] }
        if let item = media["itemSchema"] as? [String: Any] {
            return response.text.split(separator: "\n").enumerated().flatMap { index, line -> [String] in
                guard let value = try? JSONSerialization.jsonObject(with: Data(line.utf8), options: [.fragmentsAllowed]) else {
                    return ["line \(index + 1) is not JSON"]
                }
                return problems(value, item, at: "line \(index + 1)")
            }
        }
        let schema = try #require(media["schema"] as? [String: Any])
        guard let value = try? JSONSerialization.jsonObject(with: Data(response.text.utf8), options: [.fragmentsAllowed]) else {
            return ["the body is not JSON"]
        }
        return problems(value, schema)
    }

    func resolve(_ reference: String) -> [String: Any] {
        var node: Any = document
        for part in reference.dropFirst(2).split(separator: "/") { node = (node as? [String: Any])?[String(part)] as Any }
        return node as? [String: Any] ?? [:]
    }

    func problems(_ value: Any, _ given: [String: Any], at path: String = "$") -> [String] {
        var schema = given
        if let reference = schema["$ref"] as? String { schema = resolve(reference) }
        var found: [String] = []
        if let types = (schema["type"] as? [String]) ?? (schema["type"] as? String).map({ [$0] }),
            !types.contains(where: { Self.isOfType(value, $0) })
        {
            found.append("\(path) is not \(types.joined(separator: " or "))")
            return found
        }
        if let allowed = schema["enum"] as? [Any], !allowed.contains(where: { Self.equal($0, value) }) {
            found.append("\(path) is not one of \(allowed)")
        }
        if let constant = schema["const"], !Self.equal(constant, value) { found.append("\(path) is not \(constant)") }
        if let options = schema["oneOf"] as? [[String: Any]] {
            let matches = options.filter { problems(value, $0, at: path).isEmpty }.count
            if matches != 1 { found.append("\(path) matches \(matches) of oneOf's \(options.count) schemas") }
        }
        if let object = value as? [String: Any] {
            for name in schema["required"] as? [String] ?? [] where object[name] == nil { found.append("\(path).\(name) is required") }
            if let properties = schema["properties"] as? [String: Any] {
                for (name, member) in object {
                    if let memberSchema = properties[name] as? [String: Any] {
                        found += problems(member, memberSchema, at: "\(path).\(name)")
                    } else if schema["additionalProperties"] as? Bool != true {
                        found.append("\(path).\(name) is not documented")
                    }
                }
            }
        }
        if let array = value as? [Any] {
            if let items = schema["items"] as? [String: Any] {
                for (index, item) in array.enumerated() { found += problems(item, items, at: "\(path)[\(index)]") }
            }
            if let least = schema["minItems"] as? Int, array.count < least { found.append("\(path) has fewer than \(least) items") }
            if let most = schema["maxItems"] as? Int, array.count > most { found.append("\(path) has more than \(most) items") }
        }
        if let text = value as? String, let pattern = schema["pattern"] as? String, text.range(of: pattern, options: .regularExpression) == nil {
            found.append("\(path) does not match \(pattern)")
        }
        return found
    }

    static func isOfType(_ value: Any, _ type: String) -> Bool {
        switch type {
        case "null": return value is NSNull
        case "object": return value is [String: Any]
        case "array": return value is [Any]
        case "string": return value is String
        case "boolean": return isBoolean(value)
        case "integer": return !isBoolean(value) && (value as? NSNumber).map { $0.doubleValue.rounded() == $0.doubleValue } == true
        case "number": return !isBoolean(value) && value is NSNumber
        default: return false
        }
    }

    /// JSON true and false come back as NSNumbers whose type is a C `char` ("c").
    static func isBoolean(_ value: Any) -> Bool {
        guard let number = value as? NSNumber else { return false }
        return String(cString: number.objCType) == "c"
    }

    static func equal(_ a: Any, _ b: Any) -> Bool {
        (a as? NSObject).map { $0.isEqual(b) } ?? false
    }
}
