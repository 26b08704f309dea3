import Synchronization

/// A thread-safe cache of at most `limit` values. When full it starts afresh: a provider
/// process that meets millions of distinct language lists keeps a bounded working set instead
/// of growing forever, and the values it holds are cheap to make again.
///
/// With `recent` above 0, the last keys found are compared first, before the key is hashed:
/// worth it where a few keys come back in turn (a message's loc keys for one locale), not
/// where more keys than that cycle (thirteen language lists in turn would miss every time).
final class BoundedCache<Key: Hashable & Sendable, Value: Sendable>: Sendable {
    let limit: Int
    private let recentLimit: Int
    private let storage = Mutex(State())

    private struct State {
        var values: [Key: Value] = [:]
        /// The keys last found or kept, newest first.
        var recent: [(key: Key, value: Value)] = []
    }

    init(limit: Int, recent: Int = 0) {
        self.limit = max(1, limit)
        recentLimit = max(0, recent)
    }

    /// The cached value for `key`, made by `make` (under the lock) when absent.
    func value(for key: Key, make: () -> Value) -> Value {
        storage.withLock { state in
            if let cached = find(key, in: &state) { return cached }
            let made = make()
            keep(made, for: key, in: &state)
            return made
        }
    }

    /// The cached value for `key`, when there is one. With ``insert(_:for:)``, for values whose
    /// making needs what a closure should not capture (a large value copied on every call).
    func cached(_ key: Key) -> Value? { storage.withLock { find(key, in: &$0) } }

    /// Keeps `value` for `key`.
    func insert(_ value: Value, for key: Key) {
        storage.withLock { keep(value, for: key, in: &$0) }
    }

    private func find(_ key: Key, in state: inout State) -> Value? {
        // Compared in place: iterating the entries copied each (retaining its key and value).
        for index in state.recent.indices where state.recent[index].key == key { return state.recent[index].value }
        guard let found = state.values[key] else { return nil }
        remember(found, for: key, in: &state)
        return found
    }

    /// Keeps `value`, starting afresh when the cache is full.
    private func keep(_ value: Value, for key: Key, in state: inout State) {
        if state.values.count >= limit { state.values.removeAll(keepingCapacity: true) }
        state.values[key] = value
        remember(value, for: key, in: &state)
    }

    private func remember(_ value: Value, for key: Key, in state: inout State) {
        guard recentLimit > 0 else { return }
        if state.recent.count == recentLimit { state.recent.removeLast() }
        state.recent.insert((key, value), at: 0)
    }

    var count: Int { storage.withLock { $0.values.count } }
}
