import Foundation

#if canImport(FoundationXML)
import FoundationXML
#endif

/// The baseline: XMLParser with a delegate that keeps each `<string>`'s name and its text
/// content (the text of nested tags included, entities decoded, nothing else processed).
public final class XMLStringsCollector: NSObject, XMLParserDelegate {
    var strings: [String: String] = [:]
    var name: String?
    var text = ""

    public static func read(_ data: Data) -> [String: String] {
        let parser = XMLParser(data: data)
        let collector = XMLStringsCollector()
        parser.delegate = collector
        _ = parser.parse()
        return collector.strings
    }

    public func parser(
        _ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?, qualifiedName qName: String?,
        attributes attributeDict: [String: String] = [:]
    ) {
        if elementName == "string" {
            name = attributeDict["name"]
            text = ""
        }
    }

    public func parser(_ parser: XMLParser, foundCharacters string: String) {
        if name != nil { text += string }
    }

    public func parser(_ parser: XMLParser, didEndElement elementName: String, namespaceURI: String?, qualifiedName qName: String?) {
        if elementName == "string", let name {
            strings[name] = text
            self.name = nil
        }
    }
}
