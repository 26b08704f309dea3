import Foundation
import LocalizedAlerts
import LocalizedAlertsReports
import LocalizedAlertsServer
import Testing

/// Every endpoint of the HTTP service, through its router (HummingbirdTesting); over a socket
/// only where the bytes on the wire are the point.
@Suite("render-alert-server endpoints")
struct ServerEndpointTests {
    static let missedCall = #"{"aps":{"alert":{"loc-key":"call.missed.body","loc-args":["Ana"]}}}"#

    @Test("POST /v1/localize fills in the text for fr-CA, as a batch line without its number")
    func localize() async throws {
        try await RouterClient.with { client in
            let response = try await client.post("/v1/localize", json: #"{"payload": \#(Self.missedCall), "languages": ["fr-CA", "en"], "id": "a1"}"#)
            #expect(response.status == 200)
            #expect(response.headers["content-type"]?.hasPrefix("application/json") == true)
            let json = try response.json()
            #expect(json["sendable"] as? Bool == true)
            #expect(json["line"] == nil, "a request standing alone has no line")
            #expect(json["id"] as? String == "a1")
            #expect(json["localization"] as? String == "fr-CA")
            let alert = ((json["payload"] as? [String: Any])?["aps"] as? [String: Any])?["alert"] as? [String: Any]
            #expect(alert?["body"] as? String == "Ana a tenté de vous joindre.")
            #expect(alert?["loc-key"] == nil)
            // Exactly what the library's batch line says for the same request.
            let request = try #require(
                try? LocalizationRequest.parse(request: Array(#"{"payload": \#(Self.missedCall), "languages": ["fr-CA", "en"], "id": "a1"}"#.utf8))
                    .get())
            let renderer = try #require(client.server.tables.current.renderer)
            let expected = renderer.localize(request.payload, preferredLanguages: request.preferredLanguages).answer(id: request.id)
            #expect(response.text == expected.outputText())
        }
    }

    @Test("A request names its device: an iPad gets its variant of a catalog value, as localize gives it")
    func deviceVariants() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("render-alert-server-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        func unit(_ text: String) -> String { #"{"stringUnit":{"state":"translated","value":"\#(text)"}}"# }
        let plural = { (one: String, other: String) in #"{"variations":{"plural":{"one":\#(unit(one)),"other":\#(unit(other))}}}"# }
        let catalog = #"""
            {"sourceLanguage":"en","version":"1.0","strings":{"files":{"localizations":{"en":{
              "variations":{"device":{"iphone":\#(unit("iPhone: %#@files@ in %#@folders@")),"ipad":\#(unit("iPad: %#@files@ in %#@folders@")),"other":\#(unit("Other: %#@files@ in %#@folders@"))}},
              "substitutions":{"files":{"argNum":1,"formatSpecifier":"lld",\#(plural("%arg file", "%arg files").dropFirst().dropLast())},
                "folders":{"argNum":2,"formatSpecifier":"lld",\#(plural("%arg folder", "%arg folders").dropFirst().dropLast())}}}}}}}
            """#
        try catalog.write(toFile: directory + "/Localizable.xcstrings", atomically: true, encoding: .utf8)
        let payload = #"{"aps":{"alert":{"loc-key":"files","loc-args":["1","2"]}}}"#
        try await RouterClient.with(strings: directory) { client in
            let renderer = try #require(client.server.tables.current.renderer)
            for device in ["ipad", "mac", "iphone"] {
                let response = try await client.post("/v1/localize", json: #"{"payload": \#(payload), "languages": ["en"], "device": "\#(device)"}"#)
                #expect(response.status == 200, "\(response.text)")
                let request = try #require(
                    try? LocalizationRequest.parse(request: Array(#"{"payload": \#(payload), "languages": ["en"]}"#.utf8)).get())
                let expected = renderer.localize(request.payload, preferredLanguages: ["en"], device: DeviceKind(rawValue: device)!).answer(id: nil)
                #expect(response.text == expected.outputText(), "\(device)")
            }
            let iPad = try await client.post("/v1/localize", json: #"{"payload": \#(payload), "languages": ["en"], "device": "ipad"}"#)
            #expect(iPad.text.contains(#""body":"iPad: 1 file in 2 folders""#), "\(iPad.text)")
            let television = try await client.post("/v1/localize", json: #"{"payload": \#(payload), "languages": ["en"], "device": "appletv"}"#)
            #expect(television.status == 400)
        }
    }

    @Test("An unknown member is a 400 that names the member it resembles, on every endpoint")
    func unknownMembers() async throws {
        try await RouterClient.with { client in
            let localize = try await client.post("/v1/localize", json: #"{"payload": \#(Self.missedCall), "languages": ["de"], "fallbak": "device"}"#)
            #expect(localize.status == 400)
            #expect(localize.text.contains(#"unknown member \"fallbak\" (did you mean \"fallback\"?)"#), "\(localize.text)")
            let preview = try await client.post("/v1/preview", json: #"{"payload": \#(Self.missedCall), "language": ["de"]}"#)
            #expect(preview.status == 400)
            #expect(preview.text.contains(#"did you mean \"languages\"?"#), "\(preview.text)")
            let batch = try await client.post("/v1/localize/batch", json: #"{"payload": \#(Self.missedCall), "languages": ["de"], "mdoe": "device"}"#)
            #expect(batch.text.contains(#""sendable":false"#) && batch.text.contains(#"did you mean \"mode\"?"#), "\(batch.text)")
            // Errors of a request standing alone speak of the request, not of a line.
            let missing = try await client.post("/v1/localize", json: #"{"languages": ["de"]}"#)
            #expect(missing.text.contains(#"the request has no \"payload\" object"#), "\(missing.text)")
        }
    }

    @Test("A value that formats past the library's output budget is refused unbuilt: sendable false, and the finding")
    func outputOverBudget() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("render-alert-server-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: directory + "/en.lproj", withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        // 2,000 × %1$@ with a 3,000-byte loc arg: 6 MB, past the budget of 4 MiB.
        try #""k" = "\#(String(repeating: "%1$@", count: 2_000))";"#.write(
            toFile: directory + "/en.lproj/Localizable.strings", atomically: true, encoding: .utf8)
        let payload = #"{"aps":{"alert":{"title-loc-key":"k","title-loc-args":["\#(String(repeating: "n", count: 3_000))"]}}}"#
        try await RouterClient.with(strings: directory) { client in
            for mode in ["server", "device"] {
                let response = try await client.post("/v1/localize", json: #"{"payload": \#(payload), "languages": ["en"], "mode": "\#(mode)"}"#)
                #expect(response.status == 200)
                let json = try response.json()
                #expect(json["sendable"] as? Bool == false, "\(mode)")
                #expect(json["payload"] is NSNull, "\(mode)")
                #expect((json["error"] as? String)?.contains("4 MiB") == true, "\(mode)")
                #expect(response.text.contains("render.output-over-budget") && response.text.utf8.count < 10_000, "\(mode)")
            }
        }
    }

    @Test("A result that may not be sent is a 200 with sendable false, and the reason")
    func notSendable() async throws {
        try await RouterClient.with { client in
            let payload = #"{"aps":{"alert":{"title-loc-key":"call.missed.title","loc-key":"call.missed.body","loc-args":["Ana"]}}}"#
            let response = try await client.post("/v1/localize", json: #"{"payload": \#(payload), "languages": ["pt-PT"]}"#)
            #expect(response.status == 200)
            let json = try response.json()
            #expect(json["sendable"] as? Bool == false)
            #expect(json["payload"] is NSNull)
            #expect((json["error"] as? String)?.contains("call.missed.title") == true)
            let fallbacks = json["fallbacks"] as? [[String: Any]]
            #expect(fallbacks?.first?["outcome"] as? String == "shows-key")
            // The development-region fallback sends the en text instead.
            let fallback = try await client.post(
                "/v1/localize", json: #"{"payload": \#(payload), "languages": ["pt-PT"], "fallback": "development-region"}"#)
            #expect(try fallback.json()["sendable"] as? Bool == true)
            let metrics = try await client.get("/metrics").text
            #expect(metrics.contains(#"render_alert_fallbacks_total{outcome="shows-key"} 1"#))
            #expect(metrics.contains(#"render_alert_fallbacks_total{outcome="development-region"} 1"#))
        }
    }

    @Test(
        "Bodies that are not requests are 400 bad-request",
        arguments: [
            "not json", "", "[1, 2]", #"{"languages": ["en"]}"#, #"{"payload": {"aps": {}}}"#,
            #"{"payload": {"aps": {}}, "languages": ["en"], "mode": "phone"}"#,
        ])
    func badRequest(body: String) async throws {
        try await RouterClient.with { client in
            let response = try await client.request("POST", "/v1/localize", body: Data(body.utf8))
            #expect(response.status == 400)
            #expect(response.errorCode == "bad-request")
            #expect((try response.json()["error"] as? [String: Any])?["message"] as? String != nil)
        }
    }

    /// The message of a `400 bad-request`.
    static func message(_ response: HTTPResponse) -> String {
        ((try? response.json())?["error"] as? [String: Any])?["message"] as? String ?? response.text
    }

    @Test(
        "Languages the CLI's --language refuses are a 400 naming them, never an answer in the development region",
        arguments: [
            (#""fr;en""#, #""fr;en""#), ("[]", "no languages"), (#"[""]"#, "item 1 is empty"), (#""""#, "an empty item"),
            (#""fr,,en""#, "an empty item"), (#"["fr;en"]"#, #""fr;en""#), (#"["fr-CA,en"]"#, #""fr-CA,en""#),
            (#"["en", " fr"]"#, #"item 2 is " fr""#),
        ])
    func languagesRefused(languages: String, named: String) async throws {
        try await RouterClient.with { client in
            let response = try await client.post("/v1/localize", json: #"{"payload": \#(Self.missedCall), "languages": \#(languages)}"#)
            #expect(response.status == 400, "\(response.text)")
            #expect(response.errorCode == "bad-request")
            #expect(Self.message(response).contains(named), "\(Self.message(response))")
            #expect(Self.message(response).hasPrefix(#""languages""#), "\(Self.message(response))")
        }
    }

    @Test(
        "A preview device the CLI's --language refuses is a 400 naming it",
        arguments: [
            (#"["fr;en"]"#, #""fr;en""#), (#"["ja", "fr,,en"]"#, #"device 2 of "languages""#), (#"[["fr;en"]]"#, #""fr;en""#),
            (#"[["fr-CA,en"]]"#, #""fr-CA,en""#), (#"[[]]"#, "no languages"), (#"[""]"#, "an empty item"), ("[]", "no devices"),
        ])
    func previewLanguagesRefused(languages: String, named: String) async throws {
        try await RouterClient.with { client in
            let response = try await client.post("/v1/preview", json: #"{"payload": \#(Self.missedCall), "languages": \#(languages)}"#)
            #expect(response.status == 400, "\(response.text)")
            #expect(response.errorCode == "bad-request")
            #expect(Self.message(response).contains(named), "\(Self.message(response))")
        }
    }

    @Test("A batch line with languages the CLI refuses is a failed line, and the stream goes on; an unknown language is answered")
    func batchLanguagesRefused() async throws {
        try await RouterClient.with { client in
            let lines = [
                #"{"payload": \#(Self.missedCall), "languages": "fr;en", "id": "a"}"#,
                #"{"payload": \#(Self.missedCall), "languages": [], "id": "b"}"#,
                #"{"payload": \#(Self.missedCall), "languages": ["ja"], "id": "c"}"#,
                // A language no app has is a device's as much as any: answered in the one it falls back to.
                #"{"payload": \#(Self.missedCall), "languages": "xx, ja", "id": "d"}"#,
                #"{"payload": \#(Self.missedCall), "languages": ["xx"], "id": "e"}"#,
            ]
            let response = try await client.request("POST", "/v1/localize/batch", body: Data(lines.joined(separator: "\n").utf8))
            #expect(response.status == 200)
            let answers = response.text.split(separator: "\n").map { try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] }
            #expect(answers.map { $0?["line"] as? Int } == [1, 2, 3, 4, 5])
            #expect(answers.map { $0?["sendable"] as? Bool } == [false, false, true, true, true])
            #expect(answers.map { $0?["id"] as? String } == ["a", "b", "c", "d", "e"])
            #expect(answers.map { $0?["localization"] as? String } == [nil, nil, "ja", "ja", "en"])
            #expect(answers[3]?["preferredLanguages"] as? [String] == ["xx", "ja"])
            #expect(answers[0]?["payload"] == nil && answers[0]?["localization"] == nil, "\(response.text)")
            #expect((answers[0]?["error"] as? String)?.contains(#""fr;en""#) == true, "\(response.text)")
            #expect((answers[1]?["error"] as? String)?.contains("no languages") == true, "\(response.text)")
        }
    }

    @Test("Unknown paths are 404, wrong methods 405 with Allow, and the server goes on")
    func routing() async throws {
        try await RouterClient.with { client in
            let missing = try await client.get("/v2/localize")
            #expect(missing.status == 404)
            #expect(missing.errorCode == "not-found")
            let wrong = try await client.get("/v1/localize")
            #expect(wrong.status == 405)
            #expect(wrong.errorCode == "method-not-allowed")
            #expect(wrong.headers["allow"] == "POST")
            let delete = try await client.request("DELETE", "/healthz")
            #expect(delete.status == 405)
            #expect(delete.headers["allow"] == "GET, HEAD")
            #expect(try await client.request("HEAD", "/healthz").status == 200)
            #expect(try await client.get("/healthz").status == 200)
        }
    }

    // A limit, and a chunked body as it comes over a socket: a real server, raw HTTP.
    @Test("A body over --max-body-bytes is 413 body-too-large, declared or chunked")
    func bodyTooLarge() async throws {
        try await InProcessServer.with(maximumBodyBytes: 4_096) { server in
            let big =
                Data(#"{"payload": {"aps": {"alert": {"body": ""#.utf8) + Data(repeating: UInt8(ascii: "a"), count: 10_000)
                + Data(#""}}}, "languages": ["en"]}"#.utf8)
            let declared = try await HTTP.request(port: server.port, "POST", "/v1/localize", body: big)
            #expect(declared.status == 413)
            #expect(declared.errorCode == "body-too-large")
            let chunked = try await HTTP.request(port: server.port, "POST", "/v1/localize", body: big, chunked: true)
            #expect(chunked.status == 413)
            #expect(chunked.errorCode == "body-too-large")
            let preview = try await HTTP.request(port: server.port, "POST", "/v1/preview", body: big, chunked: true)
            #expect(preview.status == 413)
            // Still serving.
            #expect(
                try await HTTP.post(port: server.port, "/v1/localize", json: #"{"payload": \#(Self.missedCall), "languages": "ja"}"#).status == 200)
        }
    }

    @Test("--token: /v1 needs the bearer token (401 without or with another); health, metrics and the document do not")
    func token() async throws {
        try await RouterClient.with(token: "s3cret") { client in
            let body = #"{"payload": \#(Self.missedCall), "languages": ["en"]}"#
            let none = try await client.post("/v1/localize", json: body)
            #expect(none.status == 401)
            #expect(none.errorCode == "unauthorized")
            #expect(none.headers["www-authenticate"] == "Bearer")
            let wrong = try await client.post("/v1/localize", json: body, headers: ["Authorization": "Bearer s3cre"])
            #expect(wrong.status == 401)
            #expect(try await client.get("/v1/localizations", headers: ["Authorization": "Basic czNjcmV0"]).status == 401)
            let right = try await client.post("/v1/localize", json: body, headers: ["Authorization": "Bearer s3cret"])
            #expect(right.status == 200)
            #expect(try right.json()["sendable"] as? Bool == true)
            #expect(try await client.get("/v1/localizations", headers: ["Authorization": "bearer s3cret"]).status == 200)
            for path in ["/healthz", "/readyz", "/metrics", "/openapi.json"] {
                #expect(try await client.get(path).status == 200, "\(path)")
            }
        }
    }

    /// A batch: a request, a blank line, not JSON, one whose result may not be sent, device
    /// mode, a line over 2,048 bytes, and one more; CRLF line ends.
    static let batchLines = [
        #"{"payload": \#(missedCall), "languages": ["fr-CA", "en"], "id": 1}"#,
        "",
        "not json",
        #"{"payload": {"aps": {"alert": {"title-loc-key": "call.missed.title"}}}, "languages": "pt-PT", "id": "x"}"#,
        #"{"payload": \#(missedCall), "languages": "ja", "mode": "device"}"#,
        #"{"payload": {"aps": {"alert": {"body": ""# + String(repeating: "b", count: 3_000) + #""}}}, "languages": "en"}"#,
        #"{"payload": \#(missedCall), "languages": "de"}"#,
    ]

    /// The answer to ``batchLines`` with --max-body-bytes 2048.
    static func checkBatch(_ response: HTTPResponse, server: LocalizationServer) {
        #expect(response.status == 200)
        #expect(response.headers["content-type"]?.hasPrefix("application/x-ndjson") == true)
        let answers = response.text.split(separator: "\n").map { try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] }
        #expect(answers.count == 6)
        #expect(answers.map { $0?["line"] as? Int } == [1, 3, 4, 5, 6, 7])
        #expect(answers.map { $0?["sendable"] as? Bool } == [true, false, false, true, false, true])
        #expect((answers[4]?["error"] as? String)?.contains("over the limit of 2048") == true)
        // Each line is what AlertRenderer.localize(batchLine:) gives.
        let renderer = server.tables.current.renderer!
        let expected = [0, 2, 3, 4, 6].map { renderer.localize(batchLine: Array(batchLines[$0].utf8), lineNumber: $0 + 1).line.outputText() }
        let got = response.text.split(separator: "\n", omittingEmptySubsequences: true).map { String($0) + "\n" }
        guard got.count == 6 else { return }
        #expect([got[0], got[1], got[2], got[3], got[5]] == expected)
    }

    @Test("POST /v1/localize/batch answers every non-blank line, in order, as the library's batch lines")
    func batch() async throws {
        try await RouterClient.with(maximumBodyBytes: 2_048) { client in
            let response = try await client.request("POST", "/v1/localize/batch", body: Data(Self.batchLines.joined(separator: "\r\n").utf8))
            Self.checkBatch(response, server: client.server)
        }
    }

    // Chunked transfer coding as it comes over a socket (64 KiB chunks): a real server, raw HTTP.
    @Test("A chunked batch body is answered the same")
    func chunkedBatch() async throws {
        try await InProcessServer.with(maximumBodyBytes: 2_048) { server in
            let body = Data(Self.batchLines.joined(separator: "\r\n").utf8)
            let response = try await HTTP.request(port: server.port, "POST", "/v1/localize/batch", body: body, chunked: true)
            Self.checkBatch(response, server: server.server)
        }
    }

    @Test("POST /v1/preview gives preview --format json for the payload")
    func preview() async throws {
        try await RouterClient.with { client in
            let some = try await client.post("/v1/preview", json: #"{"payload": \#(Self.missedCall), "languages": ["fr-CA,en", ["ja"]]}"#)
            #expect(some.status == 200)
            let json = try some.json()
            #expect(json["schemaVersion"] as? Int == 1)
            let renders = ((json["previews"] as? [[String: Any]])?.first?["renders"] as? [[String: Any]]) ?? []
            #expect(renders.map { $0["localization"] as? String } == ["fr-CA", "ja"])
            #expect(renders.first?["body"] as? String == "Ana a tenté de vous joindre.")
            // The same document the Reports library builds for the CLI.
            let renderer = try #require(client.server.tables.current.renderer)
            let payload = NotificationPayload(document: try #require(LocatedJSON.parse(Self.missedCall).root), file: "request")
            let expected = PreviewJSON.make(
                [
                    PayloadPreview(
                        file: "request", payload: payload,
                        renders: [["fr-CA", "en"], ["ja"]].map { renderer.render(payload, preferredLanguages: $0) })
                ],
                app: renderer.app, showsPaths: false)
            #expect(some.text == expected.outputText())
            // No server path in the answer.
            #expect(!some.text.contains(renderer.app.directory ?? "/"), "\(some.text.prefix(200))")
            // Without languages: one device per localization.
            let every = try await client.post("/v1/preview", json: #"{"payload": \#(Self.missedCall)}"#)
            let everyRenders = ((try every.json()["previews"] as? [[String: Any]])?.first?["renders"] as? [[String: Any]]) ?? []
            #expect(everyRenders.count == client.server.tables.current.localizations.count)
            #expect(everyRenders.count > 10)
            // Any language ID is a device's, one no app has too.
            let unknown = try await client.post("/v1/preview", json: #"{"payload": \#(Self.missedCall), "languages": ["xx", ["sr@latin", "en_US"]]}"#)
            #expect(unknown.status == 200, "\(unknown.text)")
            let many = #"{"payload": \#(Self.missedCall), "languages": [\#(Array(repeating: #""en""#, count: 1_001).joined(separator: ","))]}"#
            let tooMany = try await client.post("/v1/preview", json: many)
            #expect(tooMany.status == 400)
            #expect(Self.message(tooMany).contains("1001 devices; at most 1000 in one request"), "\(Self.message(tooMany))")
            let bad = try await client.post("/v1/preview", json: #"{"payload": \#(Self.missedCall), "languages": [1]}"#)
            #expect(bad.status == 400)
            #expect(bad.errorCode == "bad-request")
            #expect(try await client.post("/v1/preview", json: "{").status == 400)
        }
    }

    @Test("GET /v1/localizations, /healthz, /readyz and /metrics")
    func informational() async throws {
        try await RouterClient.with { client in
            let localizations = try await client.get("/v1/localizations").json()
            #expect((localizations["localizations"] as? [String])?.contains("fr-CA") == true)
            #expect((localizations["localizations"] as? [String])?.contains("Base") == false)
            #expect(localizations["developmentRegion"] as? String == "en")
            #expect(localizations["generation"] as? Int == 1)
            #expect(try await client.get("/healthz").json()["status"] as? String == "ok")
            let ready = try await client.get("/readyz")
            #expect(ready.status == 200)
            #expect(try ready.json()["status"] as? String == "ready")
            _ = try await client.get("/nowhere")
            _ = try await client.request("DELETE", "/healthz")
            let metrics = try await client.get("/metrics")
            #expect(metrics.status == 200)
            #expect(metrics.headers["content-type"]?.hasPrefix("text/plain") == true)
            #expect(metrics.text.contains(#"render_alert_http_requests_total{endpoint="/v1/localizations",method="GET",status="200"} 1"#))
            #expect(metrics.text.contains(#"render_alert_http_requests_total{endpoint="unknown",method="GET",status="404"} 1"#))
            // A wrong method is counted under its path, and as an error.
            #expect(metrics.text.contains(#"render_alert_http_requests_total{endpoint="/healthz",method="DELETE",status="405"} 1"#))
            #expect(metrics.text.contains(#"render_alert_http_request_errors_total{endpoint="/healthz",method="DELETE",status="405"} 1"#))
            #expect(
                metrics.text.contains(
                    #"render_alert_http_request_duration_seconds_bucket{endpoint="/v1/localizations",method="GET",status="200",le="0.0001"}"#))
            #expect(metrics.text.contains(#"render_alert_http_requests_active{method="GET"} 1"#), "the scrape itself")
            #expect(metrics.text.contains("render_alert_tables_generation 1"))
        }
    }

    @Test("GET /openapi.json is OpenAPI 3.1 and documents every path and method served")
    func openAPI() async throws {
        try await RouterClient.with { client in
            let response = try await client.get("/openapi.json")
            // The resource file, byte for byte.
            let file = try Data(
                contentsOf: URL(fileURLWithPath: Paths.repositoryRoot + "/Server/Sources/LocalizedAlertsServer/Resources/openapi.json"))
            #expect(response.body == file)
            let document = try response.json()
            #expect(document["openapi"] as? String == "3.1.0")
            let paths = try #require(document["paths"] as? [String: [String: Any]])
            #expect(Set(paths.keys) == Set(ServerRoutes.all.keys))
            for (path, methods) in ServerRoutes.all {
                #expect(Set(paths[path]?.keys.map { $0.uppercased() } ?? []) == Set(methods.map(\.rawValue)), "\(path)")
            }
            // Every path it names is served (not a 404).
            for path in paths.keys {
                #expect(try await client.get(path).status != 404, "\(path)")
            }
        }
    }
}
