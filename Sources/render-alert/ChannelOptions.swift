import ArgumentParser
@_spi(Presentation) import LocalizedAlerts
import LocalizedAlertsReports

/// `--channel`, shared by preview, localize and lint: the push channels besides FCM that a
/// message is sent through.
struct ChannelOptions: ParsableArguments {
    @Option(
        name: .customLong("channel"),
        help: ArgumentHelp(
            "A push channel the messages go through besides FCM: huawei reads them as Huawei Push Kit messages (also told by their shape); harmonyos, honor, xiaomi, oppo, vivo, umeng, jpush and getui take only finished text, written from the app's strings.xml and checked against that channel's limits. Repeatable.",
            valueName: "channel"))
    var names: [String] = []

    /// The channels named, each once, in the order given.
    func channels() throws -> [PushChannel] {
        var channels: [PushChannel] = []
        for name in names.flatMap({ $0.split(separator: ",").map(String.init) }) {
            guard let channel = PushChannel(named: name) else {
                throw ValidationError(
                    "unknown channel \(printable(name)) for --channel\(PushChannel.suggestion(for: name)); the channels are \(PushChannel.names.joined(separator: ", "))"
                )
            }
            if !channels.contains(channel) { channels.append(channel) }
        }
        return channels
    }

    /// How message files are read: as Huawei's with `--channel huawei`, as FCM's with
    /// `--channel fcm` (whatever their shape), else by their shape.
    func messageChannel() throws -> PushChannel? {
        let channels = try channels()
        if channels.contains(.huawei) && channels.contains(.fcm) {
            throw ValidationError("--channel fcm and --channel huawei read the messages two ways: give one")
        }
        return PushChannel.messageReading(for: channels)
    }

    /// The channels that take only text.
    func textChannels() throws -> [PushChannel] { try channels().filter { !$0.takesLocKeys } }

    var isGiven: Bool { !names.isEmpty }
}
