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
    /// A request body (a batch stream included) must arrive at this many bytes a second at
    /// least, counted while the server waits for it (not while it is busy answering or held
    /// back by a client that does not read its answers). 0: no floor, only ``idleTimeout``.
    public var minimumBodyRate = 1_024
    /// How far a body may fall behind ``minimumBodyRate``, in time: it is closed once it owes
    /// this many seconds' worth of bytes (408). Bytes sent ahead count for at most as much, so a
    /// burst cannot buy a long trickle. At the connection cap, a body half this far behind is
    /// shed before any silent connection.
    public var bodyRateGrace: Duration = .seconds(10)
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
