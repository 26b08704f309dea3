/// A format compiled into runs of its own UTF-8 and argument slots: what the iPhone's formatter
/// does with every format it can show, and what Java's `String.format` does with `%s`, `%1$s`
/// and `%%`. Compiled once, when a value is read; applied to each argument list in one
/// allocation, every piece counted against ``OutputBudget`` first.
struct FormatProgram: Sendable {
    /// One step: the format's own bytes, or an argument.
    enum Piece: Hashable, Sendable {
        /// The format's bytes in `start..<end`.
        case literal(start: Int32, end: Int32)
        /// The argument at this 0-based index; one past the arguments (or negative) prints the
        /// formatter's text for a missing one.
        case argument(Int)
    }

    /// The format's UTF-8, which the literal pieces copy from.
    let bytes: [UInt8]
    let pieces: [Piece]
    /// One more than the highest argument index a piece reads; 0 when none does.
    let argumentsRead: Int

    init(bytes: [UInt8], pieces: [Piece]) {
        self.bytes = bytes
        self.pieces = pieces
        argumentsRead = pieces.reduce(0) { read, piece in
            if case .argument(let index) = piece { max(read, index + 1) } else { read }
        }
    }

    /// What building gives: the text, or the budget passed.
    enum Built {
        case text(String)
        case overBudget
    }

    /// The text with `arguments` in, `missing` for an index past them: measured first (the
    /// work stops at the budget, however many pieces or however long the arguments), then
    /// written in one allocation.
    @inline(__always)
    func build<Argument: FormatArgumentText>(_ arguments: [Argument], missing: String) -> Built {
        var meter = OutputBudget.Meter()
        for piece in pieces {
            let length =
                switch piece {
                case .literal(let start, let end): Int(end - start)
                case .argument(let index):
                    arguments.indices.contains(index) ? arguments[index].formatText.utf8.count : missing.utf8.count
                }
            guard meter.spend(length) else { return .overBudget }
        }
        guard meter.used > 0 else { return .text("") }
        let text = bytes.withUnsafeBufferPointer { format in
            String(unsafeUninitializedCapacity: meter.used) { output in
                var written = 0
                func copy(_ bytes: UnsafeBufferPointer<UInt8>) {
                    guard let base = bytes.baseAddress, bytes.count > 0 else { return }
                    (output.baseAddress! + written).update(from: base, count: bytes.count)
                    written += bytes.count
                }
                for piece in pieces {
                    switch piece {
                    case .literal(let start, let end): copy(UnsafeBufferPointer(rebasing: format[Int(start)..<Int(end)]))
                    case .argument(let index):
                        let text = arguments.indices.contains(index) ? arguments[index].formatText : missing
                        // Native and small strings lend their UTF-8 in place.
                        if text.utf8.withContiguousStorageIfAvailable(copy) == nil { Array(text.utf8).withUnsafeBufferPointer(copy) }
                    }
                }
                return written
            }
        }
        return .text(text)
    }
}

/// What a formatter prints for an argument: a string, or a `loc-args` value as the device
/// prints it.
protocol FormatArgumentText {
    var formatText: String { get }
}

extension String: FormatArgumentText {
    var formatText: String { self }
}

extension LocArgument: FormatArgumentText {
    var formatText: String { text }
}
