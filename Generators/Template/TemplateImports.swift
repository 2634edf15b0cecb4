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

  /// The modules of the SDK's SwiftUI, Charts and MapKit that bench's miniature stands in for only through
  /// `import SwiftUI` and `import Charts`: its SDK surfaces build modules of some of these names, which a case gets
  /// through those two imports alone.
  static let frameworkModules: Set<String> = ["SwiftUI", "SwiftUICore", "Charts", "MapKit", "_MapKit_SwiftUI"]

  /// The first import of `text` that names one of the SDK's SwiftUI, Charts or MapKit modules in a way bench does not
  /// replace with its miniature (`import SwiftUICore`, `import MapKit`, `import struct SwiftUI.Text`,
  /// `import SwiftUI.Text`): its 1-based line, the module, and the line's code; nil when every such import is a plain
  /// `import SwiftUI` or `import Charts`.
  public static func unreplacedFrameworkImport(_ text: String) -> (line: Int, module: String, code: String)? {
    let kinds: Set<Substring> = ["struct", "class", "enum", "protocol", "typealias", "func", "var", "let"]
    for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
      var code = line
      if let slash = code.indices.first(where: { code[$0] == "/" && code[$0...].hasPrefix("//") }) {
        code = code[..<slash]
      }
      var words = code.split(whereSeparator: \.isWhitespace).filter { !$0.hasPrefix("@") }
      guard words.first == "import", words.count >= 2 else { continue }
      words.removeFirst()
      if words.count >= 2, kinds.contains(words[0]) { words.removeFirst() }
      guard words.count == 1 else { continue }
      let path = words[0]
      let module = String(path.prefix { $0 != "." })
      guard frameworkModules.contains(module) else { continue }
      if path == "SwiftUI" || path == "Charts" { continue }
      return (index + 1, module, code.trimmingCharacters(in: .whitespaces))
    }
    return nil
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
