import ArgumentParser
import LocalizedAlerts

@main
struct RenderAlert: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "render-alert",
        abstract: "Shows what an Apple device displays for a push notification, in every language.",
        version: LocalizedAlertsVersion.current,
        subcommands: [Preview.self, Localize.self, Match.self, Dump.self],
        defaultSubcommand: Preview.self
    )
}
