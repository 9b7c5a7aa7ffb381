import Foundation
import Testing
@testable import GraderInstructor

struct SyntaxHighlighterTests {
    private func kinds(_ tokens: [HighlightToken]) -> [String: HighlightToken.Kind] {
        var kinds: [String: HighlightToken.Kind] = [:]
        for token in tokens { if let kind = token.kind { kinds[token.text] = kind } }
        return kinds
    }

    @Test(arguments: [
        ("swift", #"let name = "Ana \(person.age + 1) \"x\"" // Prints "Ana"\n/* a /* nested */ comment */ @MainActor struct A: Codable { var x = 0x1F_FF + 1.5e-3 }"#),
        ("swift", "let raw = #\"a \"quoted\" \\#(value) \\(not)\"#\nlet text = \"\"\"\n  line \\(a) \"\n  \"\"\"\nlet unclosed = \"runs to the end"),
        ("yaml", "cases:\n  - name: \"a: b\" # comment\n    args: {model: Seat León, speed: 120}\n    expect: [1, 'it''s', null]\n---"),
        ("sh", "swift run grader check car-settings   # one exercise\nCOURSE=$HOME/x ${DIR}/run.sh --out \"$out\" | tee 'log' && echo $(date)"),
        ("sql", "SELECT name, age FROM people -- all\nWHERE name = 'O''Neil' AND age > ?1 /* c */ ORDER BY \"id\";"),
    ])
    func tokensGiveBackTheCodeExactly(language: String, code: String) throws {
        let tokens = try #require(SyntaxHighlighter.tokens(code, language: language))
        #expect(tokens.map(\.text).joined() == code)
    }

    @Test func swiftTokensAreClassified() throws {
        let code = #"@MainActor final class Store: Codable { let greeting = "Hi \(name.count)" // Prints "Hi"#
            + "\n" + #"var x = 0x1F + 1_000.5 ; self.default = .default ; #if DEBUG"#
        let tokens = SwiftTokenizer.tokens(code)
        let kinds = kinds(tokens)
        #expect(kinds["@MainActor"] == .attribute)
        #expect(kinds["final"] == .keyword && kinds["class"] == .keyword && kinds["let"] == .keyword && kinds["var"] == .keyword)
        #expect(kinds["Store"] == .type && kinds["Codable"] == .type)
        #expect(kinds["0x1F"] == .number && kinds["1_000.5"] == .number)
        #expect(kinds["// Prints \"Hi"] == .comment)
        #expect(kinds["#if"] == .keyword)
        // The interpolation's code is code, between two pieces of the string.
        #expect(tokens.contains(HighlightToken(.string, #""Hi \("#)) && tokens.contains(HighlightToken(.string, #")""#)))
        #expect(!tokens.contains { $0.text.contains("name.count") && $0.kind == .string })
        // A member named like a keyword (`.default`) is a name.
        #expect(tokens.filter { $0.text == "default" }.allSatisfy { $0.kind == nil })
    }

    @Test func yamlShellAndSQLTokensAreClassified() throws {
        let yaml = kinds(YAMLTokenizer.tokens("cases:\n  - name: \"x\"  # why\n    expect: {model: Ferrari, speed: 0, ok: true}"))
        #expect(yaml["cases"] == .key && yaml["name"] == .key && yaml["model"] == .key && yaml["speed"] == .key)
        #expect(yaml["\"x\""] == .string && yaml["# why"] == .comment && yaml["0"] == .number && yaml["true"] == .keyword)
        #expect(yaml["Ferrari"] == nil)
        let shell = kinds(ShellTokenizer.tokens("swift run grader check car-settings --jobs 2 # once\nls \"$HOME\" | wc -l"))
        #expect(shell["swift"] == .keyword && shell["ls"] == .keyword && shell["wc"] == .keyword)
        #expect(shell["--jobs"] == .attribute && shell["# once"] == .comment && shell["\"$HOME\""] == .string)
        #expect(shell["grader"] == nil)
        let sql = kinds(SQLTokenizer.tokens("select name from people where id = ? and note = 'it''s' -- x"))
        #expect(sql["select"] == .keyword && sql["from"] == .keyword && sql["?"] == .variable)
        #expect(sql["'it''s'"] == .string && sql["-- x"] == .comment && sql["people"] == nil)
    }

    @Test func theHTMLEscapesEveryCharacterAndOnlyAddsSpans() {
        let code = #"let tag = "<b>&amp;</b>" // a < b && c > d"#
        let html = SyntaxHighlighter.html(code, language: "swift")
        #expect(!html.contains("<b>") && html.contains("&lt;b&gt;&amp;amp;&lt;/b&gt;"))
        let text = BookMarkdown.plainText(html)
        #expect(text == code)
        #expect(SyntaxHighlighter.html("<plist/>", language: "xml") == "&lt;plist/&gt;", "a language it does not know is escaped only")
    }
}
