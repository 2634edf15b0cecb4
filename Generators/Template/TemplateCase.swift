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
