import Foundation

/// Reads `swift-frontend -dump-parse` output (one S-expression node a line, nested by indentation) into the
/// declarations of one file, so the compiler itself says where each declaration starts and ends.
public enum ParseDump {
  /// The top-level declarations of `file` (its name as the dump prints it in ranges) in `dump`.
  public static func declarations(_ dump: String, file: String) -> [ParsedDeclaration] {
    enum Entry {
      case declaration(ParsedDeclaration)
      case body
      case other
    }
    var stack: [(indent: Int, entry: Entry)] = []
    var roots: [ParsedDeclaration] = []
    var binding: (indent: Int, end: InterfaceText.Position)?

    // Pops entries at `indent` or deeper, folding each finished declaration into its parent (or the roots).
    func pop(to indent: Int) {
      while let top = stack.last, top.indent >= indent {
        stack.removeLast()
        guard case .declaration(let finished) = top.entry else { continue }
        if let parentIndex = stack.lastIndex(where: { if case .declaration = $0.entry { true } else { false } }),
          !stack[(parentIndex + 1)...].contains(where: { if case .body = $0.entry { true } else { false } }),
          case .declaration(var parent) = stack[parentIndex].entry
        {
          // A variable's range covers its name only; its accessors' text is its own too.
          parent.end = max(parent.end, finished.end)
          parent.members.append(finished)
          stack[parentIndex].entry = .declaration(parent)
        } else if !stack.contains(where: { if case .body = $0.entry { true } else { false } }) {
          roots.append(finished)
        }
      }
    }

    for rawLine in dump.split(separator: "\n", omittingEmptySubsequences: true) {
      let line = Substring(rawLine)
      let indent = line.prefix(while: { $0 == " " }).count
      let content = line.dropFirst(indent)
      guard content.first == "(" else { continue }
      let node = String(content.dropFirst().prefix(while: { $0 != " " && $0 != ")" }))
      pop(to: indent)
      let range = self.range(in: content, file: file)
      let insideBody = stack.contains(where: { if case .body = $0.entry { true } else { false } })
      if node == "pattern_binding_decl", let range { binding = (indent, range.end) }
      if isDeclaration(node), let range, !insideBody {
        var declaration = ParsedDeclaration(kind: node, name: quotedName(content), start: range.start, end: range.end)
        // A variable's own range is its name; the binding before it spans its type and accessor braces.
        if node == "var_decl", let binding, binding.indent == indent {
          declaration.end = max(declaration.end, binding.end)
        }
        stack.append((indent, .declaration(declaration)))
      } else if node.hasSuffix("_attr"), let range,
        let index = stack.lastIndex(where: { $0.indent < indent }),
        case .declaration(var owner) = stack[index].entry
      {
        owner.attributes.append(.init(kind: node, start: range.start))
        if node == "access_control_attr", let level = value(of: "access_level", in: content) { owner.access = level }
        stack[index].entry = .declaration(owner)
        stack.append((indent, .other))
      } else if node == "brace_stmt", let range, let index = stack.lastIndex(where: { $0.indent < indent }),
        case .declaration(var owner) = stack[index].entry, index == stack.count - 1
      {
        if owner.body == nil { owner.body = .init(start: range.start, end: range.end) }
        stack[index].entry = .declaration(owner)
        stack.append((indent, .body))
      } else {
        stack.append((indent, node == "brace_stmt" || node.hasSuffix("_expr") ? .body : .other))
      }
    }
    pop(to: 0)
    return roots
  }

  /// Node names that are declarations the importer can keep or drop (enum elements go with their `case`).
  static func isDeclaration(_ node: String) -> Bool {
    if node == "typealias" || node == "protocol" { return true }
    guard node.hasSuffix("_decl") else { return false }
    return !["pattern_binding_decl", "enum_element_decl", "param_decl", "top_level_code_decl"].contains(node)
  }

  /// `range=[FILE:L:C - line:L:C]` of a node in `file`, or nil when the node has none there.
  static func range(in content: Substring, file: String) -> (
    start: InterfaceText.Position, end: InterfaceText.Position
  )? {
    guard let open = content.range(of: "range=[\(file):") else { return nil }
    let rest = content[open.upperBound...]
    guard let close = rest.firstIndex(of: "]") else { return nil }
    let numbers = rest[..<close].split(whereSeparator: { !$0.isNumber }).compactMap { Int($0) }
    guard numbers.count == 4 else { return nil }
    return (
      InterfaceText.Position(line: numbers[0], column: numbers[1]),
      InterfaceText.Position(line: numbers[2], column: numbers[3])
    )
  }

  /// The first quoted string after the node's range: the declaration's name.
  static func quotedName(_ content: Substring) -> String {
    let afterRange = content.range(of: "] ").map { content[$0.upperBound...] } ?? content
    guard let open = afterRange.firstIndex(of: "\"") else { return "" }
    let rest = afterRange[afterRange.index(after: open)...]
    guard let close = rest.firstIndex(of: "\"") else { return "" }
    return String(rest[..<close])
  }

  /// `key=value` in a node line.
  static func value(of key: String, in content: Substring) -> String? {
    guard let found = content.range(of: " \(key)=") else { return nil }
    return String(content[found.upperBound...].prefix(while: { $0 != " " && $0 != ")" }))
  }
}
