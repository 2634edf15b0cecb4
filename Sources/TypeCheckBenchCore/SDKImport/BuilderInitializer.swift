import Foundation

/// A public initializer of `Group`, `Section` or `ForEach` that takes a result-builder closure, as an imported
/// interface declares it: the forms the solver tries for `Group { … }`, which the miniature's surfaces copy.
public struct BuilderInitializer: Codable, Sendable, Hashable, Comparable {
  /// `Group`, `Section` or `ForEach`.
  public var primitive: String
  /// The kind whose builder the content closure uses (`View` for `@ViewBuilder`, `TableRowContent` for
  /// `@TableRowBuilder`), the kind the declaring extension conforms to where that one refines it
  /// (`CustomizableToolbarContent`), or `ContentBuilder` for the unified builder.
  public var kind: String
  /// The module whose interface declares it.
  public var module: String
  /// `init(_:content:)`.
  public var name: String
  public var isDisfavored: Bool
  /// Its line in the original interface.
  public var line: Int

  public init(primitive: String, kind: String, module: String, name: String, isDisfavored: Bool, line: Int) {
    self.primitive = primitive
    self.kind = kind
    self.module = module
    self.name = name
    self.isDisfavored = isDisfavored
    self.line = line
  }

  public static func < (a: Self, b: Self) -> Bool {
    (a.primitive, a.kind, a.module, a.name, a.line) < (b.primitive, b.kind, b.module, b.name, b.line)
  }

  static let primitives: Set<String> = ["Group", "Section", "ForEach"]

  /// The builder-taking public initializers of `Group`, `Section` and `ForEach` among `declarations` (the
  /// `-dump-parse` reading of `text`), in the primitives' own declarations and in every extension of them.
  public static func find(in declarations: [ParsedDeclaration], text: InterfaceText, module: String)
    -> [BuilderInitializer]
  {
    var found: [BuilderInitializer] = []
    for container in declarations where container.isContainer {
      // An extension's dump name is the extended type as written (`SwiftUICore.ForEach`).
      guard let primitive = container.name.split(separator: ".").last.map(String.init),
        primitives.contains(primitive), container.kind == "extension_decl" || container.kind == "struct_decl"
      else { continue }
      let header = header(of: container, in: text)
      let conformances = conformances(in: header)
      for member in container.members where member.kind == "constructor_decl" {
        guard member.access == "public" || member.access == "open" else { continue }
        let signature = self.signature(of: member, in: text)
        let builders = builderAttributes(in: signature)
        guard let builder = builders.first(where: { $0.label == "content" }) ?? builders.first else { continue }
        var kind = kind(ofBuilder: builder.name)
        // iOS 27.0 spells its view-only forms with the unified builder too (`@ContentBuilder transform: … -> Result`
        // where `Result : View`); they build views, as the miniature's `@ViewBuilder` forms of the same kind do (in
        // both, one builder under two names).
        if kind == "ContentBuilder", let result = builder.result,
          constrainsToView(result, in: signature + "\n" + header)
        {
          kind = "View"
        }
        // `extension Group: CustomizableToolbarContent` takes `@ToolbarContentBuilder` closures.
        if let refined = conformances.first(where: { $0 != kind && $0.hasSuffix(kind) }) { kind = refined }
        found.append(
          BuilderInitializer(
            primitive: primitive, kind: kind, module: module, name: member.name,
            isDisfavored: member.attributes.contains { $0.kind == "disfavored_overload_attr" },
            line: text.origin(of: member.start.line)))
      }
    }
    return found.sorted()
  }

  /// The kind a builder builds: `ViewBuilder` → `View`, `TableRowBuilder` → `TableRowContent`,
  /// `ToolbarContentBuilder` → `ToolbarContent`; the unified `ContentBuilder` keeps its name.
  public static func kind(ofBuilder builder: String) -> String {
    let stem = builder.hasSuffix("Builder") ? String(builder.dropLast("Builder".count)) : builder
    switch stem {
    case "", "Content": return builder
    case "View", "Scene", "Commands": return stem
    default: return stem.hasSuffix("Content") ? stem : stem + "Content"
    }
  }

  /// The declaration's text from its first attribute to its body (or its end).
  static func signature(of declaration: ParsedDeclaration, in text: InterfaceText) -> String {
    let start = declaration.extentStart
    let end = declaration.body?.start ?? declaration.end
    let lines = (start.line...min(end.line, text.lines.count)).map { text.line($0) }
    return lines.joined(separator: "\n")
  }

  /// An extension's or type's first line through its opening brace.
  static func header(of declaration: ParsedDeclaration, in text: InterfaceText) -> String {
    var lines: [String] = []
    for number in declaration.start.line...min(declaration.end.line, text.lines.count) {
      let line = text.line(number)
      lines.append(line)
      if line.contains("{") { break }
    }
    return lines.joined(separator: " ")
  }

  /// The unqualified names after the header's `:` and before its `where` or `{`.
  static func conformances(in header: String) -> [String] {
    // Before the where clause (whose `Content : View` is no conformance), and the clause's colon, not a module
    // selector's (`SwiftUICore::ForEach`).
    var head = Substring(header)
    if let stop = head.range(of: " where ")?.lowerBound ?? head.firstIndex(of: "{") { head = head[..<stop] }
    guard let colon = head.range(of: " : ") ?? head.range(of: ": ") else { return [] }
    let clause = head[colon.upperBound...]
    return clause.split(separator: ",").compactMap { entry in
      entry.trimmingCharacters(in: .whitespaces).split(whereSeparator: { $0 == "." || $0 == ":" }).last.map(String.init)
    }
  }

  /// Whether `text` (a declaration and its extension's header) requires `type : View` (`SwiftUICore::View`, …).
  static func constrainsToView(_ type: String, in text: String) -> Bool {
    var rest = Substring(text)
    while let found = rest.range(of: "\(type) : ") {
      // A whole name, not the end of a longer one (`MyContent : View` for `Content`).
      let before = rest[..<found.lowerBound].last
      rest = rest[found.upperBound...]
      guard before == nil || !(before!.isLetter || before!.isNumber || before == "_") else { continue }
      let constraint = rest.prefix { $0.isLetter || $0.isNumber || $0 == "_" || $0 == "." || $0 == ":" }
      if constraint.split(whereSeparator: { $0 == "." || $0 == ":" }).last == "View" { return true }
    }
    return false
  }

  /// Each `@M.NameBuilder` (or `@NameBuilder<V>`) attribute in `signature` with the label of the parameter it marks
  /// and the name its closure returns (`Content` in `content: @escaping (Row) -> Content`).
  static func builderAttributes(in signature: String) -> [(name: String, label: String, result: String?)] {
    var result: [(name: String, label: String, result: String?)] = []
    var rest = Substring(signature)
    while let at = rest.firstIndex(of: "@") {
      rest = rest[rest.index(after: at)...]
      let path = rest.prefix { $0.isLetter || $0.isNumber || $0 == "_" || $0 == "." || $0 == ":" }
      let name = path.split(whereSeparator: { $0 == "." || $0 == ":" }).last.map(String.init) ?? ""
      guard name.hasSuffix("Builder") else { continue }
      var after = rest[path.endIndex...]
      if after.first == "<" {
        // Skip the generic arguments, nested ones included.
        var depth = 0
        var index = after.startIndex
        repeat {
          if after[index] == "<" { depth += 1 } else if after[index] == ">" { depth -= 1 }
          index = after.index(after: index)
        } while depth > 0 && index < after.endIndex
        after = after[index...]
      }
      let label = after.drop { $0 == " " }.prefix { $0.isLetter || $0.isNumber || $0 == "_" }
      let returned = after.range(of: "-> ").map { arrow in
        String(after[arrow.upperBound...].prefix { $0.isLetter || $0.isNumber || $0 == "_" })
      }
      result.append((name, String(label), returned))
    }
    return result
  }
}
