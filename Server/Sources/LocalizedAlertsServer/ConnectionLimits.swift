#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// What one client may hold of the server: how long a connection may wait for a request head
/// or sit idle, how many connections are open at once, and how large a request head may be.
/// docs/server-limits.md describes each limit, its flag and what a client gets when it is over.
public struct ConnectionLimits: Sendable {
    /// A request head must be complete this long after its first byte (for a new connection:
    /// after the connection opens). Over it: 408 and the connection is closed.
    public var headerTimeout: Duration = .seconds(10)
    /// A connection with no request in progress (between keep-alive requests, or a request body
    /// that stops arriving) is closed after this long without a byte from the client.
    public var idleTimeout: Duration = .seconds(60)
    /// Connections open at once. At the cap the server stops accepting: new connections wait in
    /// the listen backlog until one closes. Lowered at start to stay under the open-file limit.
    public var maximumConnections = 1_024
    /// The request line (method, target and version, without CRLF). Over it: 414.
    public var maximumRequestLineBytes = 8 * 1_024
    /// All header fields together, without line ends. Over it: 431.
    public var maximumHeaderBytes = 32 * 1_024
    /// The number of header fields. Over it: 431.
    public var maximumHeaderCount = 100
    /// After an error answer that closes the connection, what the client still sends is read
    /// and dropped for at most this long, so that it sees the answer rather than a reset.
    public var lingerTimeout: Duration = .seconds(2)

    public init() {}

    /// File descriptors kept for the server itself when the connection cap is fitted under the
    /// open-file limit: standard streams, the event loops' pollers, the listening socket and the
    /// table files a reload opens.
    public static let reservedDescriptors = 64

    /// The soft open-file limit of this process, if it has one.
    public static var openFileLimit: Int? {
        var limit = rlimit()
        #if canImport(Glibc)
        let resource = __rlimit_resource_t(RLIMIT_NOFILE.rawValue)
        #else
        let resource = RLIMIT_NOFILE
        #endif
        guard getrlimit(resource, &limit) == 0 else { return nil }
        // RLIM_INFINITY is the largest value: no limit worth fitting under.
        return limit.rlim_cur >= rlim_t(Int32.max) ? nil : Int(limit.rlim_cur)
    }

    /// ``maximumConnections``, lowered so that the connections and the reserve fit under
    /// `openFileLimit` (at least 1): the server never runs out of descriptors by accepting.
    public func effectiveMaximumConnections(openFileLimit: Int? = ConnectionLimits.openFileLimit) -> Int {
        guard let openFileLimit else { return maximumConnections }
        return max(1, min(maximumConnections, openFileLimit - Self.reservedDescriptors))
    }
}
