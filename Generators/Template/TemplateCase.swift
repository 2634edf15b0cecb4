/// One instance of a user's template: the template's text and a value for each of its parameters, as run.json keeps a
/// template's case (`CaseSpec+Record`); the template's family is built from it (`spec(model:framework:)`).
public struct TemplateCase: Hashable, Codable, Sendable {
  /// A file-name-safe name, from the template's file name (`arithmetic-chain`).
  public var name: String
  /// The template's text, kept in the record so that any instance can be rebuilt from `run.json` alone.
  public var text: String
  /// A short hash of `text` (16 hex digits of FNV-1a), part of the case id: instances of different templates never
  /// share an id, even under one file name.
  public var hash: String
  /// Parameter values in the order they were given on the command line.
  public var parameters: [TemplateParameter]
  /// The parameter charts and fits put on their x axis.
  public var axis: String

  public init(name: String, text: String, hash: String, parameters: [TemplateParameter], axis: String) {
    self.name = name
    self.text = text
    self.hash = hash
    self.parameters = parameters
    self.axis = axis
  }

  /// The value of parameter `name`, or nil when the case has none.
  public func value(of name: String) -> Int? { parameters.first { $0.name == name }?.value }

  /// The frameworks the template imports among those bench can stand in for.
  public var imports: TemplateImports { TemplateImports(text) }

  /// `template_parameters` for CSV: `N=5 M=2`.
  public var parameterText: String { parameters.map { "\($0.name)=\($0.value)" }.joined(separator: " ") }

  /// A file-name-safe template name from a file path: its last component without `.swift`, other characters than
  /// letters, digits, `-` and `_` replaced by `-`, at most 64 characters (a case id holds it and its parameters).
  public static func name(fromPath path: String) -> String {
    var base = Substring(path.split(separator: "/").last ?? "template")
    for suffix in [".swift", ".gyb", ".template"] where base.hasSuffix(suffix) { base = base.dropLast(suffix.count) }
    base = base.prefix(64)
    let safe = String(base.map { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-" || $0 == "_") ? $0 : "-" })
    return safe.isEmpty ? "template" : safe
  }
}

/// One parameter of a template instance.
public struct TemplateParameter: Hashable, Codable, Sendable {
  public var name: String
  public var value: Int
}

/// Which of SwiftUI and Charts a template imports: with the miniature framework bench provides them itself.
public struct TemplateImports: Hashable, Sendable {
  public var swiftUI: Bool
  public var charts: Bool

  /// Reads `import SwiftUI` and `import Charts` lines (attributes such as `@preconcurrency` allowed).
  public init(_ text: String) {
    var swiftUI = false
    var charts = false
    for line in text.split(omittingEmptySubsequences: true, whereSeparator: \.isNewline) {
      switch TemplateImports.importedModule(String(line)) {
      case "SwiftUI": swiftUI = true
      case "Charts": charts = true
      default: break
      }
    }
    self.swiftUI = swiftUI
    self.charts = charts
  }

  /// True when the template uses the builder framework at all (and so is measured per builder model).
  public var any: Bool { swiftUI || charts }

  /// The module a line imports, or nil: `import SwiftUI`, `@preconcurrency import Charts // note`.
  public static func importedModule(_ line: String) -> String? {
    var code = Substring(line)
    if let slash = code.indices.first(where: { code[$0] == "/" && code[$0...].hasPrefix("//") }) {
      code = code[..<slash]
    }
    let words = code.split(whereSeparator: \.isWhitespace).filter { !$0.hasPrefix("@") }
    guard words.count == 2, words[0] == "import" else { return nil }
    return String(words[1])
  }

  /// `text` with its SwiftUI and Charts imports commented out (same line count), saying that bench's miniature,
  /// imported or inline above the template, stands in for them.
  public static func commentingOutFrameworkImports(_ text: String) -> String {
    var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    for index in lines.indices {
      guard let imported = importedModule(lines[index]), imported == "SwiftUI" || imported == "Charts" else { continue }
      lines[index] = "// " + lines[index] + "  (bench's miniature above stands in for it)"
    }
    return lines.joined(separator: "\n")
  }
}
