import LocalizedAlerts

/// Input text with position markers, as swift-format's tests write them: `1️⃣`…`9️⃣` stand where
/// a finding is expected and are removed before the text is used.
struct MarkedText {
    let text: String
    let markers: [String: Position]

    static let markerNames = ["1️⃣", "2️⃣", "3️⃣", "4️⃣", "5️⃣", "6️⃣", "7️⃣", "8️⃣", "9️⃣"]

    init(_ marked: String) {
        var text = ""
        var markers: [String: Position] = [:]
        var line = 1
        var column = 1
        var rest = Substring(marked)
        var previousWasCR = false
        while !rest.isEmpty {
            if let marker = MarkedText.markerNames.first(where: { rest.hasPrefix($0) }) {
                markers[marker] = Position(line, column)
                rest = rest.dropFirst(marker.count)
                continue
            }
            let character = rest.removeFirst()
            text.append(character)
            for scalar in character.unicodeScalars {
                if scalar == "\r" {
                    line += 1
                    column = 1
                    previousWasCR = true
                } else if scalar == "\n" {
                    if !previousWasCR { line += 1 }
                    column = 1
                    previousWasCR = false
                } else {
                    column += 1
                    previousWasCR = false
                }
            }
        }
        self.text = text
        self.markers = markers
    }

    func location(_ marker: String) -> Position {
        guard let position = markers[marker] else { fatalError("no marker \(marker) in the text") }
        return position
    }

    var bytes: [UInt8] { Array(text.utf8) }
}

/// A line and column, comparable in expectations.
struct Position: Equatable, CustomStringConvertible {
    var line: Int
    var column: Int
    init(_ line: Int, _ column: Int) {
        self.line = line
        self.column = column
    }
    var description: String { "\(line):\(column)" }
}

extension SourceLocation {
    var position: Position { Position(line, column) }
}

extension LocalizationDiagnostic {
    var position: Position { location.position }
}
