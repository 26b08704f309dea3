import Synchronization

/// A thread-safe cache of at most `limit` values. When full it starts afresh: a provider
/// process that meets millions of distinct language lists keeps a bounded working set instead
/// of growing forever, and the values it holds are cheap to make again.
final class BoundedCache<Key: Hashable & Sendable, Value: Sendable>: Sendable {
    let limit: Int
    private let storage = Mutex<[Key: Value]>([:])

    init(limit: Int) { self.limit = max(1, limit) }

    /// The cached value for `key`, made by `make` (under the lock) when absent.
    func value(for key: Key, make: () -> Value) -> Value {
        storage.withLock { values in
            if let cached = values[key] { return cached }
            let made = make()
            keep(made, for: key, in: &values)
            return made
        }
    }

    /// The cached value for `key`, when there is one. With ``insert(_:for:)``, for values whose
    /// making needs what a closure should not capture (a large value copied on every call).
    func cached(_ key: Key) -> Value? { storage.withLock { $0[key] } }

    /// Keeps `value` for `key`.
    func insert(_ value: Value, for key: Key) {
        storage.withLock { keep(value, for: key, in: &$0) }
    }

    /// Keeps `value`, starting afresh when the cache is full.
    private func keep(_ value: Value, for key: Key, in values: inout [Key: Value]) {
        if values.count >= limit { values.removeAll(keepingCapacity: true) }
        values[key] = value
    }

    var count: Int { storage.withLock { $0.count } }
}
