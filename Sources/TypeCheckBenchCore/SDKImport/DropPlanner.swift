import Foundation

/// Decides, from the errors a module build gave and where the compiler says each declaration is, the smallest edits
/// that take the errors away: a function body that does not compile loses its body (and `@inlinable`), a failing
/// conformance leaves its type's inheritance list, and only then does a declaration go, a member before its type.
public enum DropPlanner {
  /// One edit, and the declaration it touches (for the manifest).
  public struct Edit: Sendable, Equatable {
    public enum Action: Sendable, Equatable {
      /// Remove the declaration's lines (attributes included).
      case drop
      /// Remove the body braces and the attributes that need a body.
      case stripBody
      /// Remove the inheritance entry naming `name` from the header line `line`.
      case removeConformance(name: String, line: Int)
      /// Remove a whole line that no declaration covers (an import).
      case dropLine(Int)
      /// Insert a line after line `after` (`public typealias Body = Swift.Never` into `extension Swift.Never : View`).
      case insertLine(String, after: Int)
      /// Remove the attribute that starts at this position (`@_typeEraser(…)` naming a type that went).
      case removeAttribute(InterfaceText.Position)
    }
    public var action: Action
    public var declaration: ParsedDeclaration?
    /// For an accessor's body: its variable or subscript, whose `@inlinable` goes with the body.
    public var owner: ParsedDeclaration? = nil
    /// The nesting path of the declaration (`SwiftUI.Text.init(_:)`'s owners).
    public var owners: [String]
    public var reason: String
  }

  /// Messages that usually follow from another error (a conformance that fails because a requirement's type went):
  /// a round acts on them only when no other error is left.
  public static func isSecondary(_ message: String) -> Bool {
    ["does not conform to protocol", "can satisfy both", "ambiguous", "_opaqueReturnTypeOf", "candidate"]
      .contains { message.contains($0) }
  }

  /// The edits for `errors`, at most one per declaration, outermost-dropped first wins: the errors that stand on
  /// their own first, the ones that usually follow from them only when nothing else is left. A type or protocol that
  /// other declarations name (`module.Name` elsewhere in the text) is never dropped: an attribute or a conformance on
  /// its header goes instead, or nothing.
  public static func edits(
    for errors: [ImportDiagnostic], in declarations: [ParsedDeclaration], text: InterfaceText, module: String
  ) -> [Edit] {
    let primary = errors.filter { !isSecondary($0.message) }
    var edits: [Edit] = []
    for error in primary.isEmpty ? errors : primary {
      guard let edit = edit(for: error, in: declarations, text: text) else { continue }
      if case .drop = edit.action, let declaration = edit.declaration, declaration.isType,
        isNamedElsewhere(declaration, owners: edit.owners, module: module, text: text)
      {
        if let attribute = attribute(at: error.position, of: declaration, text: text) {
          edits.append(
            Edit(
              action: .removeAttribute(attribute), declaration: declaration, owners: edit.owners, reason: error.message)
          )
        }
        continue
      }
      // A drop covers every edit inside it; an edit inside a dropped declaration is not needed.
      if edits.contains(where: { covers($0, edit) }) { continue }
      edits.removeAll(where: { covers(edit, $0) })
      // One edit per declaration and action: a body with two errors loses its braces once.
      if !edits.contains(where: { $0.action == edit.action && $0.declaration == edit.declaration }) {
        edits.append(edit)
      }
    }
    return edits
  }

  /// The edit that takes `error` away, or nil when no declaration or line can carry it.
  static func edit(for error: ImportDiagnostic, in declarations: [ParsedDeclaration], text: InterfaceText) -> Edit? {
    var owners: [String] = []
    var scope = declarations
    var found: ParsedDeclaration?
    while let inner = scope.first(where: { $0.contains(error.position) }) {
      // Inside a body: that body goes, not the declaration.
      if let body = inner.body, body.start <= error.position, error.position <= body.end {
        return Edit(
          action: .stripBody, declaration: inner, owner: inner.kind == "accessor_decl" ? found : nil,
          owners: owners, reason: error.message)
      }
      found = inner
      // An accessor carries no name of its own: its variable is the declaration a reader knows.
      if inner.kind != "accessor_decl" { owners.append(inner.name) }
      scope = inner.members
      if !scope.contains(where: { $0.contains(error.position) }) { break }
    }
    guard var declaration = found else {
      // Outside every declaration only an import line can go (a module this compiler lacks).
      let line = error.position.line
      guard line >= 1, line <= text.lines.count, InterfaceRewrite.importedModule(text.line(line)) != nil else {
        return nil
      }
      return Edit(action: .dropLine(line), declaration: nil, owners: [], reason: error.message)
    }
    owners.removeLast()
    if declaration.kind == "accessor_decl", let owner = owners.popLast() {
      // A failing accessor signature: its variable goes.
      declaration = parent(of: declaration, named: owner, in: declarations) ?? declaration
    }
    // Never conforms to SwiftUI's protocols with every associated type Never (SwiftUI says so where it spells them out:
    // `typealias Value = Never`); where this compiler does not infer one, it is spelled out.
    if declaration.kind == "extension_decl", text.line(declaration.start.line).contains("extension Swift.Never"),
      error.message.contains("does not conform to protocol"),
      let nested = error.notes.compactMap({ quoted(after: "protocol requires nested type ", in: $0) }).first
    {
      return Edit(
        action: .insertLine("  public typealias \(nested) = Swift.Never", after: declaration.start.line),
        declaration: declaration, owners: owners, reason: error.message)
    }
    if declaration.isContainer, let conformance = conformance(for: error, declaration: declaration, text: text) {
      return Edit(action: conformance, declaration: declaration, owners: owners, reason: error.message)
    }
    return Edit(action: .drop, declaration: declaration, owners: owners, reason: error.message)
  }

  /// For an error on a type's or extension's header: removing the conformance it names, when the header lists it.
  static func conformance(for error: ImportDiagnostic, declaration: ParsedDeclaration, text: InterfaceText)
    -> Edit.Action?
  {
    let firstMember = declaration.members.map(\.extentStart.line).min() ?? declaration.end.line
    guard error.position.line >= declaration.start.line,
      error.position.line < max(firstMember, declaration.start.line + 1)
    else { return nil }
    let headerLine = declaration.start.line
    let entries = InheritanceClause.entries(of: text.line(headerLine))
    guard !entries.isEmpty else { return nil }
    // The protocol the message names ('P' in "does not conform to protocol 'P'"), else the entry under the column.
    let named = quoted(after: "protocol ", in: error.message)
    if let named, let entry = entries.first(where: { InheritanceClause.matches($0.name, named) }) {
      return .removeConformance(name: entry.name, line: headerLine)
    }
    if error.position.line == headerLine,
      let entry = entries.first(where: { $0.columns.contains(error.position.column) })
    {
      return .removeConformance(name: entry.name, line: headerLine)
    }
    return nil
  }

  static func parent(of accessor: ParsedDeclaration, named name: String, in declarations: [ParsedDeclaration])
    -> ParsedDeclaration?
  {
    for declaration in declarations {
      if declaration.name == name, declaration.members.contains(accessor) { return declaration }
      if let found = parent(of: accessor, named: name, in: declaration.members) { return found }
    }
    return nil
  }

  /// The text between the quotes after `prefix` in `message`.
  public static func quoted(after prefix: String, in message: String) -> String? {
    guard let found = message.range(of: prefix + "'") else { return nil }
    let rest = message[found.upperBound...]
    return rest.firstIndex(of: "'").map { String(rest[..<$0]) }
  }

  /// Drops for the macro declarations whose expansion lives in a compiler plugin (`#externalMacro(module: "M", …)`):
  /// no plugin of Apple's is on this machine, so a case that uses one could not expand it.
  public static func externalMacros(in declarations: [ParsedDeclaration], text: InterfaceText) -> [Edit] {
    declarations.filter { $0.kind == "macro_decl" }.compactMap { macro in
      let lines = text.lines[(macro.start.line - 1)...(macro.end.line - 1)].joined(separator: " ")
      guard let found = lines.range(of: "#externalMacro(module: \"") else { return nil }
      let plugin = lines[found.upperBound...].prefix(while: { $0 != "\"" })
      return Edit(
        action: .drop, declaration: macro, owners: [],
        reason: "its plugin (\(plugin)) is not on this machine, so the macro cannot expand")
    }
  }

  /// Whether `declaration` (a type or protocol) is named outside its own text: `Module.Outer.Name` followed by a
  /// character that cannot continue a name.
  static func isNamedElsewhere(_ declaration: ParsedDeclaration, owners: [String], module: String, text: InterfaceText)
    -> Bool
  {
    let qualified = ([module] + owners + [declaration.name]).joined(separator: ".")
    for (index, line) in text.lines.enumerated() {
      let number = index + 1
      if number >= declaration.extentStart.line && number <= declaration.end.line { continue }
      var searchRange = line.startIndex..<line.endIndex
      while let found = line.range(of: qualified, range: searchRange) {
        let next = found.upperBound < line.endIndex ? line[found.upperBound] : " "
        if !(next.isLetter || next.isNumber || next == "_") { return true }
        searchRange = found.upperBound..<line.endIndex
      }
    }
    return false
  }

  /// The attribute of `declaration` whose text holds `position`, when the error stands on one.
  static func attribute(at position: InterfaceText.Position, of declaration: ParsedDeclaration, text: InterfaceText)
    -> InterfaceText.Position?
  {
    guard position < declaration.start else { return nil }
    let line = Array(text.line(position.line).utf8)
    var column = min(position.column, line.count)
    while column >= 1, line[column - 1] != UInt8(ascii: "@") { column -= 1 }
    return column >= 1 ? InterfaceText.Position(line: position.line, column: column) : nil
  }

  /// Whether edit `a` makes edit `b` needless: `a` drops a declaration whose text holds `b`'s.
  static func covers(_ a: Edit, _ b: Edit) -> Bool {
    guard case .drop = a.action, let outer = a.declaration, a.action != b.action || a.declaration != b.declaration
    else { return false }
    switch b.action {
    case .dropLine(let line): return outer.extentStart.line <= line && line <= outer.end.line
    case .removeConformance(_, let line): return outer.extentStart.line <= line && line <= outer.end.line
    case .removeAttribute(let position): return outer.extentStart <= position && position <= outer.end
    case .insertLine(_, let line): return outer.extentStart.line <= line && line <= outer.end.line
    case .drop, .stripBody:
      guard let inner = b.declaration else { return false }
      return outer.contains(inner.extentStart) && outer.contains(inner.end)
    }
  }

  /// Applies `edits` to `text`, from the bottom up so earlier positions stay valid.
  public static func apply(_ edits: [Edit], to text: InterfaceText) -> InterfaceText {
    var result = text
    let ordered = edits.sorted { position($0) > position($1) }
    for edit in ordered {
      switch edit.action {
      case .dropLine(let line):
        result.removeLines(line...line)
      case .insertLine(let line, let after):
        result.insertLine(line, before: after + 1)
      case .removeAttribute(let position):
        result.setLine(position.line, removingAttribute(at: position.column, from: result.line(position.line)))
      case .removeConformance(let name, let line):
        result.setLine(line, InheritanceClause.removing(name, from: result.line(line)))
      case .drop:
        guard let declaration = edit.declaration else { continue }
        let first = attributeLineStart(declaration, in: result)
        result.removeLines(first...declaration.end.line)
      case .stripBody:
        guard let declaration = edit.declaration, let body = declaration.body else { continue }
        result.removeText(from: body.start, through: body.end)
        // Attributes that need a body, removed right to left on their lines.
        for attribute in (declaration.attributes + (edit.owner?.attributes ?? [])).sorted(by: { $0.start > $1.start })
        where ["inlinable_attr", "always_emit_into_client_attr", "transparent_attr", "inline_attr"]
          .contains(attribute.kind)
        {
          let line = result.line(attribute.start.line)
          result.setLine(attribute.start.line, removingAttribute(at: attribute.start.column, from: line))
        }
      }
    }
    return result
  }

  static func position(_ edit: Edit) -> InterfaceText.Position {
    switch edit.action {
    case .dropLine(let line), .removeConformance(_, let line): .init(line: line, column: 0)
    case .removeAttribute(let position): position
    case .insertLine(_, let line): .init(line: line, column: Int.max)
    case .drop, .stripBody: edit.declaration?.extentStart ?? .init(line: 0, column: 0)
    }
  }

  /// The first line of `declaration`'s text: its first attribute's, extended over attribute-only lines above it that
  /// the dump gave no range (custom attributes such as `@_Concurrency.MainActor` on a line of their own).
  static func attributeLineStart(_ declaration: ParsedDeclaration, in text: InterfaceText) -> Int {
    var first = declaration.extentStart.line
    while first > 1, isAttributeOnly(text.line(first - 1)) { first -= 1 }
    return first
  }

  /// A line of attributes and nothing else (`@available(iOS 13.0, *)`, `@_Concurrency.MainActor @preconcurrency`).
  static func isAttributeOnly(_ line: String) -> Bool {
    let trimmed = line.trimmingSpaces
    guard trimmed.hasPrefix("@") else { return false }
    var depth = 0
    var atTopLevelWordStart = true
    var index = trimmed.startIndex
    while index < trimmed.endIndex {
      let character = trimmed[index]
      if character == "(" { depth += 1 } else if character == ")" { depth -= 1 }
      if depth == 0, character == " " {
        atTopLevelWordStart = true
      } else if depth == 0, atTopLevelWordStart {
        if character != "@" { return false }
        atTopLevelWordStart = false
      }
      index = trimmed.index(after: index)
    }
    return depth == 0
  }

  /// `line` without the attribute starting at byte column `column` (`@inlinable `, `@inline(__always) `).
  static func removingAttribute(at column: Int, from line: String) -> String {
    var bytes = Array(line.utf8)
    let start = column - 1
    guard start >= 0, start < bytes.count, bytes[start] == UInt8(ascii: "@") else { return line }
    var end = start + 1
    while end < bytes.count, bytes[end] == UInt8(ascii: "_") || isWordByte(bytes[end]) { end += 1 }
    if end < bytes.count, bytes[end] == UInt8(ascii: "(") {
      var depth = 0
      while end < bytes.count {
        if bytes[end] == UInt8(ascii: "(") { depth += 1 }
        if bytes[end] == UInt8(ascii: ")") { depth -= 1 }
        end += 1
        if depth == 0 { break }
      }
    }
    while end < bytes.count, bytes[end] == UInt8(ascii: " ") { end += 1 }
    bytes.removeSubrange(start..<end)
    return String(decoding: bytes, as: UTF8.self)
  }

  static func isWordByte(_ byte: UInt8) -> Bool {
    (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A)
  }
}

extension String {
  var trimmingSpaces: Substring {
    let start = drop(while: { $0 == " " || $0 == "\t" })
    guard let last = start.lastIndex(where: { $0 != " " && $0 != "\t" }) else { return "" }
    return start[...last]
  }
}
