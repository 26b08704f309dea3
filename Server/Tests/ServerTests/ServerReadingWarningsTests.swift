import Foundation
import Testing

/// What reading a request's text finds (a key written twice, whose first value every JSON
/// reader drops) is in the answer, as `localize` reports it for a payload file.
@Suite("render-alert-server: warnings from reading a request")
struct ServerReadingWarningsTests {
    @Test func aKeyWrittenTwiceIsAWarningInTheAnswer() async throws {
        let request =
            #"{"payload":{"aps":{"alert":{"loc-key":"call.missed.title","loc-key":"call.missed.body","loc-args":["Ana"]}}},"languages":["fr"]}"#
        try await RouterClient.with { client in
            let single = try await client.post("/v1/localize", json: request)
            #expect(single.status == 200)
            #expect(single.text.contains(#""id":"json.duplicate-key""#), "\(single.text)")
            let batch = try await client.post("/v1/localize/batch", json: request + "\n" + request + "\n")
            #expect(batch.text.split(separator: "\n").filter { $0.contains(#""id":"json.duplicate-key""#) }.count == 2, "\(batch.text)")
        }
    }
}
