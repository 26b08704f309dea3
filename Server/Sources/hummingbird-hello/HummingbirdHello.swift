import Foundation
import Hummingbird

/// A Hummingbird hello-world: the framework's own ceiling on this machine, which
/// `scripts/load/ceiling.sh` measures the service against. It answers the service's two
/// localize routes with a fixed line after reading the body, as the service must, and does
/// nothing else: no middleware, no connection guard, no metrics.
///
///     hummingbird-hello [PORT]    (0, the default: any free port; prints `listening on URL`)
@main
struct HummingbirdHello {
    static func main() async throws {
        let port = CommandLine.arguments.dropFirst().first.flatMap { Int($0) } ?? 0
        let router = Router()
        for path in ["/v1/localize", "/v1/localize/batch"] {
            router.post(RouterPath(path)) { request, _ -> String in
                _ = try await request.body.collect(upTo: 1 << 20)
                return "Hello, world!\n"
            }
        }
        let app = Application(
            router: router, configuration: .init(address: .hostname("127.0.0.1", port: port)),
            onServerRunning: { channel in
                print("listening on http://127.0.0.1:\(channel.localAddress?.port ?? 0)")
                fflush(nil)
            })
        try await app.runService()
    }
}
