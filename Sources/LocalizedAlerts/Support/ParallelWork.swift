import Dispatch

/// Independent pieces of work spread over the machine's cores, results in input order, so
/// that output stays deterministic: reading an app's localizations, resolving them, running
/// the lint rules. Each piece is large (a file, a localization, a rule over every value); the
/// caller stays on its thread until all are done.
enum ParallelWork {
    /// `transform` applied to every element, concurrently; the results in `items`' order.
    static func map<Element: Sendable, Result: Sendable>(_ items: [Element], _ transform: @Sendable (Element) -> Result) -> [Result] {
        guard items.count > 1 else { return items.map(transform) }
        let results = ResultSlots<Result>(count: items.count)
        DispatchQueue.concurrentPerform(iterations: items.count) { index in
            results.store(transform(items[index]), at: index)
        }
        return results.collect()
    }
}

/// One slot per piece of work; each slot is written by exactly one iteration, and read only
/// after `concurrentPerform` returned (which orders those writes before the reads).
private final class ResultSlots<Result: Sendable>: @unchecked Sendable {
    private let slots: UnsafeMutableBufferPointer<Result?>

    init(count: Int) {
        slots = .allocate(capacity: count)
        slots.initialize(repeating: nil)
    }

    deinit {
        slots.deinitialize()
        slots.deallocate()
    }

    func store(_ result: Result, at index: Int) { slots[index] = result }

    func collect() -> [Result] { slots.map { $0! } }
}
