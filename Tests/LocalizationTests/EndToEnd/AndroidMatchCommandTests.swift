import Foundation
import Testing

/// `render-alert match --res`: which folders an Android phone reads, and why.
@Suite("render-alert match --res (end to end)")
struct AndroidMatchCommandTests {
    @Test func theResolvedLocaleAndTheFoldersInOrder() throws {
        let directory = try TemporaryDirectory()
        for (folder, text) in [
            ("values", "Hello"), ("values-es", "Hola"), ("values-b+es+419", "Hola (419)"), ("values-fr", "Salut"), ("values-he", "שלום"),
        ] {
            try directory.write("res/\(folder)/strings.xml", #"<resources><string name="hello">\#(text)</string></resources>"#)
        }
        let mexico = try RenderAlertCommand.run(["match", "--preferred", "es-MX,en", "--res", "res", "--format", "json"], directory: directory.path)
        #expect(mexico.status == 0, "\(mexico.error)")
        let answer = try JSONSerialization.jsonObject(with: Data(mexico.output.utf8)) as! [String: Any]
        #expect(answer["resourceLocale"] as? String == "es-MX")
        // es-MX → es-419 → es → values, as CLDR's parents run.
        #expect(answer["searchList"] as? [String] == ["values-b+es+419", "values-es", "values"], "\(answer)")
        // Italian is none of the app's locales; English counts as supported, so en is chosen.
        let italian = try RenderAlertCommand.run(["match", "--preferred", "it-IT,en-GB", "--res", "res"], directory: directory.path)
        #expect(italian.output.hasPrefix("Search list: values\n") && italian.output.contains("to en-GB"), "\(italian.output)")
        // A Hebrew phone never reads values-he, and says so.
        let hebrew = try RenderAlertCommand.run(["match", "--preferred", "he-IL", "--res", "res"], directory: directory.path)
        #expect(hebrew.output.hasPrefix("Search list: values\n") && hebrew.output.contains("values-he is never read"), "\(hebrew.output)")
        let both = try RenderAlertCommand.run(["match", "--preferred", "fr", "--res", "res", "--available", "fr,en"], directory: directory.path)
        #expect(both.status == 2 && both.error.contains("not both"))
    }
}
