import Foundation

/// A module of empty declarations that stands in for an Apple-only module (UIKit, Combine, …) or for the names a
/// Linux module lacks (`Foundation.LocalizedStringResource`), so that SwiftUI's interfaces find every name they use.
/// The stubs are bench's own text: a name, a kind, generic parameters, and only the conformances and associated
/// types the compiler asked for.
public struct StubModule: Sendable, Equatable {
  public var name: String
  public var declarations: [ForeignName]
  /// Conformances the compiler asked a stub for, by stub name (`Hashable` for `UIColor`).
  public var conformances: [String: Set<String>]

  public init(name: String, declarations: [ForeignName], conformances: [String: Set<String>] = [:]) {
    self.name = name
    self.declarations = declarations
    self.conformances = conformances
  }

  /// The associated types bench gives a stubbed protocol, where SwiftUI's declarations name them through a
  /// generic parameter (`P.Output` of `onReceive`'s publisher).
  public static let associatedTypes: [String: [String]] = [
    "Publisher": ["Output", "Failure: Swift.Error"],
    "Subject": ["Output", "Failure: Swift.Error"],
    "ObservableObject": ["ObjectWillChangePublisher"],
    "Transferable": ["Representation"],
    "TransferRepresentation": ["Item"],
  ]

  /// Protocols a stub may be asked to conform to: the standard library's, which the stub module can see.
  public static let conformable: Set<String> = [
    "Hashable", "Equatable", "Sendable", "Codable", "Encodable", "Decodable", "Comparable", "BitwiseCopyable",
    "CustomStringConvertible", "CustomDebugStringConvertible", "Identifiable", "Error",
  ]

  /// The stub module's source.
  public var source: String {
    var lines = [
      "// Stubs written by bench sdk import for the names SwiftUI's interfaces take from \(name) (not Apple's text).",
      "import Foundation",
      "",
    ]
    for declaration in declarations.sorted() {
      let generics =
        declaration.genericParameters > 0
        ? "<" + (0..<declaration.genericParameters).map { "T\($0)" }.joined(separator: ", ") + ">" : ""
      let wanted = (conformances[declaration.name] ?? []).sorted()
      switch declaration.kind {
      case .protocol:
        let members = (Self.associatedTypes[declaration.name] ?? []).map { "  associatedtype \($0)" }
        lines.append("public protocol \(declaration.name) {" + (members.isEmpty ? "}" : ""))
        if !members.isEmpty { lines += members + ["}"] }
      case .class:
        let clause = wanted.filter { $0 != "BitwiseCopyable" }.map { "Swift.\($0)" }
        lines.append(
          "open class \(declaration.name)\(generics)\(clause.isEmpty ? "" : " : " + clause.joined(separator: ", ")) {")
        lines.append("  public init() {}")
        if wanted.contains("Hashable") || wanted.contains("Equatable") {
          lines.append(
            "  public static func == (a: \(declaration.name), b: \(declaration.name)) -> Swift.Bool { a === b }")
        }
        if wanted.contains("Hashable") {
          lines.append("  public func hash(into hasher: inout Swift.Hasher) { hasher.combine(ObjectIdentifier(self)) }")
        }
        lines.append("}")
      case .struct:
        let clause = wanted.map { "Swift.\($0)" }
        // A bitwise-copyable stub is frozen: the stub modules are built with library evolution, and a resilient
        // struct's layout, unknown outside its module, is not trivial (Swift 6.2.3's assertions build stops on it).
        let frozen = wanted.contains("BitwiseCopyable") ? "@frozen " : ""
        lines.append(
          "\(frozen)public struct \(declaration.name)\(generics)\(clause.isEmpty ? "" : " : " + clause.joined(separator: ", ")) {"
        )
        lines.append("  public init() {}")
        lines.append("}")
      }
    }
    return lines.joined(separator: "\n") + "\n"
  }

  /// The conformance or kind a diagnostic asks of a stub: `type 'X' does not conform to protocol 'P'` (P when the
  /// stub module can see it), `non-bitwise-copyable type 'X'`, `inheritance from non-protocol, non-class type 'X'`
  /// (X must be a class), `non-protocol type 'X'` (a protocol). Nil when the message names no stub.
  public enum Request: Sendable, Equatable {
    case conformance(stub: String, protocolName: String)
    case kind(stub: String, ForeignName.Kind)
  }

  public static func request(for message: String, stubs: Set<String>) -> Request? {
    // The last name in a quoted type (`any QuartzCore.CALayer` → `CALayer`, `UIColor<T>` → `UIColor`).
    func lastComponent(_ text: String) -> String {
      let head = text.split(separator: "<").first.map(String.init) ?? text
      let words = head.split(whereSeparator: { !($0.isLetter || $0.isNumber || $0 == "_") })
      return words.last.map(String.init) ?? ""
    }
    let quotes = message.split(separator: "'", omittingEmptySubsequences: false).enumerated()
      .filter { $0.offset % 2 == 1 }.map { String($0.element) }
    guard let stub = quotes.map(lastComponent).first(where: { stubs.contains($0) }) else { return nil }
    if message.contains("does not conform to protocol"), let protocolName = quotes.last.map(lastComponent),
      conformable.contains(protocolName)
    {
      return .conformance(stub: stub, protocolName: protocolName)
    }
    if message.contains("non-bitwise-copyable type") {
      return .conformance(stub: stub, protocolName: "BitwiseCopyable")
    }
    if message.contains("can satisfy both") && message.contains("== any ") { return .kind(stub: stub, .class) }
    if message.contains("non-class type") || message.contains("requires that") && message.contains("be a class type") {
      return .kind(stub: stub, .class)
    }
    if message.contains("non-protocol") { return .kind(stub: stub, .protocol) }
    return nil
  }
}
