import Testing

@testable import Generators

/// The template language, checked against outputs computed by hand.
@Suite struct TemplateTests {
  private func render(_ text: String, _ values: [String: Int] = [:]) throws -> String {
    try Template(text).render(values)
  }

  private func error(_ text: String, _ values: [String: Int] = [:]) -> TemplateError? {
    do {
      _ = try Template(text).render(values)
      return nil
    } catch {
      return error
    }
  }

  @Test func textWithoutPlaceholdersIsUnchanged() throws {
    let text = "let x = [1: 2]\nfunc f() { { }() }\n}} } {\n"
    #expect(try render(text) == text)
    #expect(try Template(text).parameterNames.isEmpty)
  }

  @Test func substitutesParameters() throws {
    #expect(try render("let a = {{N}}, b = {{ M }}, c = {{N}}", ["N": 7, "M": 12]) == "let a = 7, b = 12, c = 7")
    #expect(try Template("{{N}} {{M}} {{N}} {{K}}").parameterNames == ["N", "M", "K"])
  }

  @Test func repeatsWithOneBasedIndex() throws {
    #expect(try render("[{{#repeat N}}x{{i}};{{/repeat}}]", ["N": 3]) == "[x1;x2;x3;]")
    #expect(try render("[{{#repeat N}}x{{/repeat}}]", ["N": 0]) == "[]")
    #expect(try render("{{#repeat 2}}a{{/repeat}}") == "aa")
  }

  @Test func separatorGoesBetweenRepetitionsOnly() throws {
    #expect(try render("let x = {{#repeat N separator=\" + \"}}{{i}}{{/repeat}}", ["N": 4]) == "let x = 1 + 2 + 3 + 4")
    #expect(try render("f({{#repeat N separator=\", \"}}a{{i}}{{/repeat}})", ["N": 1]) == "f(a1)")
    #expect(try render("f({{#repeat N separator=\", \"}}a{{i}}{{/repeat}})", ["N": 0]) == "f()")
    #expect(try render("{{#repeat 3 separator = \"\\n\\t\\\"\\\\\"}}{{i}}{{/repeat}}") == "1\n\t\"\\2\n\t\"\\3")
    // A separator may hold the characters that end a placeholder.
    #expect(try render("{{#repeat 2 separator=\"}}\"}}{{i}}{{/repeat}}") == "1}}2")
  }

  @Test func blocksNestAndIndexIsTheInnermost() throws {
    let text = "{{#repeat R separator=\"|\"}}{{i}}:{{#repeat C separator=\",\"}}{{i}}{{/repeat}}{{/repeat}}"
    #expect(try render(text, ["R": 2, "C": 3]) == "1:1,2,3|2:1,2,3")
    // A count of i repeats by the enclosing index: a triangle.
    #expect(try render("{{#repeat 3 separator=\"/\"}}{{#repeat i}}*{{/repeat}}{{/repeat}}") == "*/**/***")
    #expect(try Template(text).parameterNames == ["R", "C"])
  }

  @Test func blockTagsAloneOnTheirLineVanishWithTheLine() throws {
    let text = """
      VStack {
        {{#repeat N}}
        Text("{{i}}")
        {{/repeat}}
      }

      """
    let expected = """
      VStack {
        Text("1")
        Text("2")
      }

      """
    #expect(try render(text, ["N": 2]) == expected)
    #expect(try render(text, ["N": 0]) == "VStack {\n}\n")
  }

  @Test func blockTagsWithOtherTextOnTheLineKeepTheLine() throws {
    // Tags sharing a line with text (or with each other) are inline: nothing around them is removed.
    #expect(try render("a {{#repeat N}}\nb\n{{/repeat}} c", ["N": 2]) == "a \nb\n\nb\n c")
    #expect(try render("{{#repeat N}}{{/repeat}}\nx", ["N": 2]) == "\nx")
    // At the very start and end of the template, a tag alone on its line vanishes too.
    #expect(try render("{{#repeat N}}\nx\n{{/repeat}}", ["N": 2]) == "x\nx\n")
    // Value placeholders alone on a line are not block tags: the line stays.
    #expect(try render("a\n  {{N}}\nb", ["N": 5]) == "a\n  5\nb")
  }

  @Test func windowsLineBreaksCountAsLineBreaks() throws {
    #expect(try render("a\r\n{{#repeat 2}}\r\nx\r\n{{/repeat}}\r\nb") == "a\r\nx\r\nx\r\nb")
    #expect(error("a\r\nb {{#bad}}")?.location == TemplateLocation(line: 2, column: 3))
  }

  @Test func errorsNameLineAndColumn() {
    let cases: [(text: String, line: Int, column: Int, message: String)] = [
      ("let x = 1\n  {{N", 2, 3, "never closed"),
      ("a\nb\n  {{#repeat N}}\nx", 3, 3, "never closed with {{/repeat}}"),
      ("x {{/repeat}}", 1, 3, "without a matching {{#repeat}}"),
      ("\n\n\t{{i}}", 3, 2, "inside {{#repeat}}"),
      ("{{#loop N}}{{/repeat}}", 1, 1, "unknown block"),
      ("é {{}}", 1, 3, "empty placeholder"),
      ("{{N + 1}}", 1, 1, "unknown placeholder"),
      ("{{#repeat}}{{/repeat}}", 1, 1, "needs a count"),
      ("{{#repeat -3}}{{/repeat}}", 1, 1, "not a repeat count"),
      ("{{#repeat N sep=\",\"}}{{/repeat}}", 1, 1, "unknown attribute 'sep'"),
      ("{{#repeat N separator=,}}{{/repeat}}", 1, 1, "quoted value"),
      ("{{#repeat N separator=\"a\" separator=\"b\"}}{{/repeat}}", 1, 1, "given twice"),
      ("{{#repeat N separator=\"\\q\"}}{{/repeat}}", 1, 1, "unknown escape"),
      ("x\n {{#repeat N separator=\"a}}\n{{/repeat}}", 2, 2, "unterminated string"),
      ("{{#repeat i}}{{/repeat}}", 1, 1, "enclosing block's index"),
      ("{{/ loop}}", 1, 1, "unknown closing tag"),
    ]
    for item in cases {
      let found = error(item.text, ["N": 1])
      #expect(found?.location == TemplateLocation(line: item.line, column: item.column), "\(item.text)")
      #expect(found?.message.contains(item.message) == true, "\(item.text): \(found?.message ?? "no error")")
    }
  }

  /// A literal `{{` in Swift code is written `{{"{{"}}`; an unclosed `{{` inside the code's own string literal is
  /// called what it is, with the escape, not "unterminated string in placeholder".
  @Test func aLiteralDoubleBraceHasAnEscapeAndAnUnclosedOneIsNamedAsSuch() throws {
    #expect(try render("let s = \"a{{\"{{\"}}b{{N}}\"", ["N": 3]) == "let s = \"a{{b3\"")
    #expect(try render("{{ \"}}\" }}{{\"\\\"\"}}") == "}}\"")
    #expect(try Template("let s = \"{{\"{{\"}}N}}\"").parameterNames.isEmpty)
    let unclosed = error("let a = 1\nlet s = \"a{{b\"\n}}")
    #expect(unclosed?.location == TemplateLocation(line: 2, column: 11))
    #expect(unclosed?.message.contains("never closed with '}}' on its line") == true, "\(unclosed?.message ?? "")")
    #expect(unclosed?.message.contains("{{\"{{\"}}") == true, "\(unclosed?.message ?? "")")
    #expect(error("{{\"abc")?.message.contains("unterminated string") == true)
    #expect(error("{{\"a\" N}}")?.message.contains("holds one string") == true)
  }

  @Test func aParameterWithoutValueIsNamedAtItsFirstUse() throws {
    let template = try Template("a\n {{#repeat N}}{{M}}{{/repeat}}\n{{M}}")
    #expect(template.firstUse(of: "M") == TemplateLocation(line: 2, column: 15))
    #expect(template.firstUse(of: "N") == TemplateLocation(line: 2, column: 2))
    #expect(template.firstUse(of: "K") == nil)
    #expect(throws: TemplateError("{{M}} has no value: give it with --param M=…", at: .init(line: 2, column: 15))) {
      try template.render(["N": 1])
    }
    // A block repeated zero times never evaluates its body: the missing value is reported where it is reached.
    #expect(try template.render(["N": 0, "M": 4]) == "a\n \n4")
    #expect(throws: TemplateError("{{M}} has no value: give it with --param M=…", at: .init(line: 3, column: 1))) {
      try template.render(["N": 0])
    }
  }

  @Test func errorsReadLikeCompilerDiagnostics() {
    let error = TemplateError("{{/repeat}} without a matching {{#repeat}}", at: TemplateLocation(line: 4, column: 9))
    #expect(error.described(file: "chain.swift") == "chain.swift:4:9: {{/repeat}} without a matching {{#repeat}}")
    #expect(error.description == "line 4, column 9: {{/repeat}} without a matching {{#repeat}}")
  }

  @Test func aHugeInstanceIsRefusedInsteadOfBuilt() {
    #expect(Template.defaultSizeLimit == 32 << 20)
    let nested = try? Template("{{#repeat N}}{{#repeat N}}0123456789{{/repeat}}{{/repeat}}")
    #expect(throws: TemplateError("the instance for N=400 is larger than 1 MiB; sweep a smaller range", at: nil)) {
      try nested?.render(["N": 400], sizeLimit: 1 << 20)
    }
    #expect((try? Template("{{#repeat N}}ab{{/repeat}}").render(["N": 3], sizeLimit: 5)) == nil)
    #expect((try? Template("{{#repeat N}}ab{{/repeat}}").render(["N": 2], sizeLimit: 4)) == "abab")
  }

  /// 50,000 nested repeat blocks (1.2 MB, under the 4 MiB file limit) overflowed the stack in run and generate:
  /// the 101st level is refused where it opens; 100 levels still render.
  @Test func repeatsNestAtMostAHundredDeep() throws {
    func nested(_ depth: Int) -> String {
      String(repeating: "{{#repeat 1}}", count: depth) + "x" + String(repeating: "{{/repeat}}", count: depth)
    }
    #expect(try Template(nested(100)).render([:]) == "x")
    let column = 13 * 100 + 1
    #expect(
      throws: TemplateError(
        "{{#repeat}} nested deeper than 100 blocks", at: TemplateLocation(line: 1, column: column))
    ) {
      _ = try Template(nested(50_000))
    }
  }

  /// A block repeated a trillion times that writes nothing is refused before its first repetition (it ran for
  /// hours), and one whose lower bound fits but whose repetitions by `{{i}}` do not stops at the step limit.
  @Test func repetitionsAreBoundedBeforeAndWhileRendering() throws {
    let empty = try Template("{{#repeat N}}{{/repeat}}")
    #expect(
      throws: TemplateError(
        "the instance for N=1000000000000 takes more than 10000000 repetitions; sweep a smaller range", at: nil)
    ) {
      _ = try empty.render(["N": 1_000_000_000_000])
    }
    // The lower bound counts a block repeated by {{i}} once: N=100 gives 100 + 100 × 2 of it, the rendering 5,250.
    let triangle = try Template("{{#repeat N}}{{#repeat i}}{{/repeat}}{{/repeat}}")
    #expect(try triangle.render(["N": 100], steps: 5_251) == "")
    #expect(
      throws: TemplateError("the instance for N=100 takes more than 5000 repetitions; sweep a smaller range", at: nil)
    ) {
      _ = try triangle.render(["N": 100], steps: 5_000)
    }
    // Sizes are refused before they are built: 10^12 bytes would take minutes to reach the limit by appending.
    #expect(
      throws: TemplateError("the instance for N=1000000000000 is larger than 1 MiB; sweep a smaller range", at: nil)
    ) {
      _ = try Template("{{#repeat N}}ab{{/repeat}}").render(["N": 1_000_000_000_000], sizeLimit: 1 << 20)
    }
  }

  @Test func aMultiLineSwiftTemplateRendersAsWrittenByHand() throws {
    let text = """
      func total() -> Double {
        return {{#repeat N separator=" + "}}{{i}}.0 * {{i}}{{/repeat}}
      }
      let rows = [
        {{#repeat N}}
        "row{{i}}": [{{#repeat i separator=", "}}{{i}}{{/repeat}}],
        {{/repeat}}
      ]

      """
    let expected = """
      func total() -> Double {
        return 1.0 * 1 + 2.0 * 2 + 3.0 * 3
      }
      let rows = [
        "row1": [1],
        "row2": [1, 2],
        "row3": [1, 2, 3],
      ]

      """
    #expect(try render(text, ["N": 3]) == expected)
  }
}
