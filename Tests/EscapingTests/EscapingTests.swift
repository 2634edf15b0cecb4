import Foundation
import Testing

@testable import Escaping

@Suite struct EscapingTests {
  @Test func htmlEscapesTheFiveSpecialCharacters() {
    #expect(
      Escaping.html(#"<a href="x">Tom & Jerry's</a>"#) == "&lt;a href=&quot;x&quot;&gt;Tom &amp; Jerry&#39;s&lt;/a&gt;")
    #expect(Escaping.html("plain é ✓") == "plain é ✓")
  }

  @Test func xmlEscapesQuotesOnlyInAttributes() {
    #expect(Escaping.xml(#"a<b & "c" 'd'"#) == #"a&lt;b &amp; "c" 'd'"#)
    #expect(Escaping.xml(#"a<b & "c" 'd'"#, quotes: true) == "a&lt;b &amp; &quot;c&quot; &apos;d&apos;")
  }

  @Test func aCodeBlockCannotBeClosedByItsContent() {
    #expect(Escaping.markdownCodeBlock("swift 6.3.1", info: "sh") == "```sh\nswift 6.3.1\n```")
    // A run of three backticks inside needs a fence of four; a run of five, six.
    #expect(Escaping.markdownCodeBlock("a\n```\n# escaped?") == "````\na\n```\n# escaped?\n````")
    #expect(Escaping.markdownCodeBlock("x `````") == "``````\nx `````\n``````")
  }

  @Test func markdownEscapesMarkupAndFoldsLines() {
    #expect(Escaping.markdown("a|b *c* `d` #1\nnext\r\nlast") == "a\\|b \\*c\\* \\`d\\` \\#1 next last")
    #expect(Escaping.markdownPipes("x|y|") == "x\\|y\\|")
    #expect(Escaping.markdownPipes("*kept*") == "*kept*")
  }

  @Test func csvQuotesOnlyWhenNeeded() {
    #expect(Escaping.csvField("plain") == "plain")
    #expect(Escaping.csvField("a,b") == "\"a,b\"")
    #expect(Escaping.csvField("say \"hi\"") == "\"say \"\"hi\"\"\"")
    #expect(Escaping.csvField("two\nlines") == "\"two\nlines\"")
  }

  @Test func swiftAndJSONLiteralsRoundTripThroughTheirParsers() throws {
    let text = "quote \" backslash \\ tab \t bell \u{7} é"
    #expect(Escaping.swiftStringLiteral(text) == #""quote \" backslash \\ tab \t bell \u{7} é""#)
    let json = Escaping.jsonStringLiteral(text)
    #expect(json == #""quote \" backslash \\ tab \t bell \u0007 é""#)
    // JSONSerialization is an independent reader of the literal.
    let decoded = try JSONSerialization.jsonObject(with: Data(json.utf8), options: .fragmentsAllowed) as? String
    #expect(decoded == text)
  }

  @Test func shellArgumentsQuoteOnlyWhatAShellWouldRead() {
    #expect(Escaping.shellArgument("-solver-scope-threshold=10") == "-solver-scope-threshold=10")
    #expect(Escaping.shellArgument("/a path/swiftc") == "'/a path/swiftc'")
    #expect(Escaping.shellArgument("it's") == "'it'\\''s'")
    #expect(Escaping.shellArgument("") == "''")
    #expect(Escaping.shellCommand(["swiftc", "$HOME", "a b"]) == "swiftc '$HOME' 'a b'")
  }

  @Test func jsonDocumentsAreSortedPrettyAndEndInANewline() throws {
    struct Value: Codable, Equatable {
      var b = "x/y"
      var a = 1
    }
    #expect(try JSONFormat.document(Value()) == "{\n  \"a\" : 1,\n  \"b\" : \"x/y\"\n}\n")
    #expect(try JSONFormat.line(Value()) == #"{"a":1,"b":"x/y"}"#)
    #expect(try JSONFormat.decode(Value.self, from: Data(JSONFormat.line(Value()).utf8)) == Value())
  }
}
