import LocalizedAlerts

struct MissedCall: Encodable {
    struct APS: Encodable {
        struct Alert: Encodable {
            let titleLocKey = "call.missed.title"
            let locKey = "call.missed.body"
            var locArgs: [String]
            enum CodingKeys: String, CodingKey { case titleLocKey = "title-loc-key", locKey = "loc-key", locArgs = "loc-args" }
        }
        var alert: Alert
        var threadID: String
        enum CodingKeys: String, CodingKey { case alert, threadID = "thread-id" }
    }
    var aps: APS
}
