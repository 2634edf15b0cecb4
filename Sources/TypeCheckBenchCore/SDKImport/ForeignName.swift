import Foundation

/// A name an interface takes from a module outside the imported set (`UIKit.UIColor`, `Combine.Publisher`), with
/// what its uses say about it: a protocol, a class, or a value type, and how many generic parameters it takes.
public struct ForeignName: Sendable, Hashable, Comparable {
  public enum Kind: String, Sendable, Codable, Comparable {
    case `protocol`, `class`, `struct`
    public static func < (a: Kind, b: Kind) -> Bool { a.rawValue < b.rawValue }
  }

  public var module: String
  public var name: String
  public var kind: Kind
  public var genericParameters: Int

  public init(module: String, name: String, kind: Kind, genericParameters: Int) {
    self.module = module
    self.name = name
    self.kind = kind
    self.genericParameters = genericParameters
  }

  public var qualified: String { "\(module).\(name)" }

  public static func < (a: ForeignName, b: ForeignName) -> Bool { (a.module, a.name) < (b.module, b.name) }

  /// Every `M.Name` in `texts` whose `M` is one of `modules`, each with the kind and generic arity its uses imply.
  /// Lower-case names (functions such as `os.log`) are left out: only bodies use them, and bodies that fail go.
  public static func scan(_ texts: [InterfaceText], modules: Set<String>) -> [ForeignName] {
    var kinds: [String: Kind] = [:]
    var arity: [String: Int] = [:]
    var order: [String] = []
    // A name both constrained to (`T : M.X`) and equated with (`T == M.X`) is a class; only constrained to, a protocol.
    var concreteOrConstraint: [String: Set<String>] = [:]
    for text in texts {
      for line in text.lines where modules.contains(where: { line.contains($0 + ".") || line.contains($0 + "::") }) {
        let bytes = Array(line.utf8)
        let inheritance = InheritanceClause.entries(of: line)
        let isClassHeader = !inheritance.isEmpty && InheritanceClause.keywordEnd("class", in: bytes) != nil
        for (start, end, module, name) in occurrences(in: bytes, modules: modules) {
          let key = "\(module).\(name)"
          if kinds[key] == nil {
            order.append(key)
            kinds[key] = .struct
          }
          if end < bytes.count, bytes[end] == UInt8(ascii: "<") {
            arity[key] = max(arity[key] ?? 0, genericArity(bytes, open: end))
          }
          if let entry = inheritance.firstIndex(where: { $0.columns.contains(start + 1) }) {
            kinds[key] = isClassHeader && entry == 0 && kinds[key] != .protocol ? .class : .protocol
          } else if usedAsConstraint(bytes, start: start, end: end) {
            concreteOrConstraint[key, default: []].insert("constraint")
          } else if start >= 3, Array(bytes[(start - 3)..<start]) == Array("== ".utf8) {
            concreteOrConstraint[key, default: []].insert("concrete")
          }
        }
      }
    }
    for (key, uses) in concreteOrConstraint where kinds[key] == .struct {
      kinds[key] = uses.contains("concrete") ? .class : .protocol
    }
    return order.map { key in
      let parts = key.split(separator: ".", maxSplits: 1).map(String.init)
      return ForeignName(module: parts[0], name: parts[1], kind: kinds[key]!, genericParameters: arity[key] ?? 0)
    }
  }

  /// `M.Name` occurrences (byte start and end of the whole, module, name) where `M` stands as a word of its own.
  static func occurrences(in bytes: [UInt8], modules: Set<String>) -> [(Int, Int, String, String)] {
    var result: [(Int, Int, String, String)] = []
    var index = 0
    while index < bytes.count {
      // A word of its own: not a member (`.M`, `X::M`), a `$feature` or a string's start.
      guard InheritanceClause.isIdentifierByte(bytes[index]),
        index == 0
          || (!InheritanceClause.isIdentifierByte(bytes[index - 1]) && bytes[index - 1] != UInt8(ascii: ".")
            && bytes[index - 1] != UInt8(ascii: "$") && bytes[index - 1] != UInt8(ascii: "\"")
            && !(index >= 2 && bytes[index - 1] == UInt8(ascii: ":") && bytes[index - 2] == UInt8(ascii: ":")))
      else {
        index += 1
        continue
      }
      var wordEnd = index
      while wordEnd < bytes.count, InheritanceClause.isIdentifierByte(bytes[wordEnd]) { wordEnd += 1 }
      let word = String(decoding: bytes[index..<wordEnd], as: UTF8.self)
      // `M.Name`, or `M::Name` (a module selector, as Swift 6.4's interfaces write them).
      let separator =
        wordEnd + 1 < bytes.count && bytes[wordEnd] == UInt8(ascii: ":") && bytes[wordEnd + 1] == UInt8(ascii: ":")
        ? 2 : 1
      if modules.contains(word), wordEnd + separator < bytes.count,
        separator == 2 || bytes[wordEnd] == UInt8(ascii: "."),
        bytes[wordEnd + separator] >= UInt8(ascii: "A"), bytes[wordEnd + separator] <= UInt8(ascii: "Z")
      {
        var nameEnd = wordEnd + separator
        while nameEnd < bytes.count, InheritanceClause.isIdentifierByte(bytes[nameEnd]) { nameEnd += 1 }
        let name = String(decoding: bytes[(wordEnd + separator)..<nameEnd], as: UTF8.self)
        result.append((index, nameEnd, word, name))
        index = nameEnd
      } else {
        index = wordEnd
      }
    }
    return result
  }

  /// The number of top-level arguments in the `<…>` opening at `open`.
  static func genericArity(_ bytes: [UInt8], open: Int) -> Int {
    var depth = 0
    var commas = 0
    for index in open..<bytes.count {
      let byte = bytes[index]
      if byte == UInt8(ascii: "<") || byte == UInt8(ascii: "(") || byte == UInt8(ascii: "[") { depth += 1 }
      if byte == UInt8(ascii: ">") || byte == UInt8(ascii: ")") || byte == UInt8(ascii: "]") {
        depth -= 1
        if depth == 0 { return commas + 1 }
      }
      if depth == 1, byte == UInt8(ascii: ",") { commas += 1 }
    }
    return commas + 1
  }

  /// Whether the name at `start..<end` is used where only a protocol can stand: after ` : ` (a requirement or a
  /// generic parameter's constraint; parameter types print as `x: T`), after `some `, `any ` or `& `, or before ` &`.
  static func usedAsConstraint(_ bytes: [UInt8], start: Int, end: Int) -> Bool {
    func precededBy(_ text: String) -> Bool {
      let pattern = Array(text.utf8)
      return start >= pattern.count && Array(bytes[(start - pattern.count)..<start]) == pattern
    }
    let followedByAmpersand =
      end + 1 < bytes.count && bytes[end] == UInt8(ascii: " ") && bytes[end + 1] == UInt8(ascii: "&")
    return precededBy(" : ") || precededBy("some ") || precededBy("any ") || precededBy("& ") || followedByAmpersand
  }
}
