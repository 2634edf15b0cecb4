/// A user's Swift file with size placeholders: bench's own tiny template language (no dependency).
///
/// - `{{N}}` is the value of parameter `N` (any Swift-style identifier but `i`);
/// - `{{#repeat N}} … {{/repeat}}` repeats its body N times (N a parameter, `i`, or an integer literal), inside which
///   `{{i}}` is the 1-based index of the innermost repetition;
/// - `{{#repeat N separator=" + "}}` puts the separator between repetitions (escapes `\"`, `\\`, `\n`, `\t`);
/// - blocks nest. A line holding only a block tag (and blanks) disappears with its line break, as in Mustache, so
///   blocks can sit on lines of their own without leaving blank lines behind.
///
/// Only `{{` opens a placeholder, which closes with `}}` on the same line: `}}` on its own (closing nested closures) is
/// ordinary text. A placeholder holding a quoted string writes the string as it is: `{{"{{"}}` is a literal `{{`.
public struct Template: Hashable, Sendable {
  /// The template's text, as given.
  public let text: String
  let nodes: [TemplateNode]

  /// The largest instance `render` produces, in UTF-8 bytes: a sweep of a mistyped range fails instead of filling
  /// the memory.
  public static let defaultSizeLimit = 32 << 20
  /// The deepest repeat blocks nest: the renderer recurses once per level.
  public static let maximumNesting = 100
  /// The most steps (repetitions and nodes written) one instance takes: a block repeated a billion times that
  /// writes nothing stops here instead of running for hours.
  public static let maximumSteps = 10_000_000

  /// Parses `text`.
  /// - Throws: `TemplateError` naming the line and column of the first problem.
  public init(_ text: String) throws(TemplateError) {
    self.text = text
    var scanner = TemplateScanner(text)
    var tokens = try scanner.tokens()
    TemplateScanner.removeStandaloneLines(&tokens)
    nodes = try TemplateParser(tokens: tokens).parse()
  }

  /// True for a name `--param` may give: an identifier other than `i`, the repetition index.
  public static func isParameterName(_ name: String) -> Bool { TemplateScanner.isIdentifier(name) && name != "i" }

  /// Parameter names the template uses (in `{{N}}` or as a repeat count), in order of first use.
  public var parameterNames: [String] {
    var names: [String] = []
    func visit(_ nodes: [TemplateNode]) {
      for node in nodes {
        switch node {
        case .text: break
        case .value(let name, _):
          if !names.contains(name) { names.append(name) }
        case .repeatBlock(let count, _, let body, _):
          if case .parameter(let name) = count, !names.contains(name) { names.append(name) }
          visit(body)
        case .index: break
        }
      }
    }
    visit(nodes)
    return names
  }

  /// Where parameter `name` is first used, for error messages.
  public func firstUse(of name: String) -> TemplateLocation? {
    func search(_ nodes: [TemplateNode]) -> TemplateLocation? {
      for node in nodes {
        switch node {
        case .value(let used, let location) where used == name: return location
        case .repeatBlock(let count, _, let body, let location):
          if case .parameter(let used) = count, used == name { return location }
          if let found = search(body) { return found }
        default: continue
        }
      }
      return nil
    }
    return search(nodes)
  }

  /// The instance of the template for `values`.
  /// - Throws: `TemplateError` for a parameter without a value (at its first use), an instance larger than
  ///   `sizeLimit` bytes or taking more than `steps` steps (refused before anything is built when a lower bound of
  ///   its size or steps is already beyond).
  public func render(
    _ values: [String: Int], sizeLimit: Int = Template.defaultSizeLimit, steps: Int = Template.maximumSteps
  ) throws(TemplateError) -> String {
    var renderer = TemplateRenderer(values: values, sizeLimit: sizeLimit, maximumSteps: steps)
    let least = try renderer.leastCost(nodes, index: 1)
    if least.bytes > sizeLimit { throw renderer.tooLarge() }
    if least.steps > steps { throw renderer.tooLong() }
    try renderer.render(nodes, indices: [])
    return renderer.output
  }
}
