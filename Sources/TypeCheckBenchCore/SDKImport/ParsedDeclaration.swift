import Foundation

/// One declaration of an interface as `swift-frontend -dump-parse` prints it: its kind, name, source range, the
/// ranges of its attributes and body, its access level and the member declarations under it. Declarations inside
/// function bodies are not members and are left out.
public struct ParsedDeclaration: Sendable, Equatable {
  public typealias Position = InterfaceText.Position

  /// The dump's node name: `func_decl`, `struct_decl`, `extension_decl`, `typealias`, `accessor_decl`, ….
  public var kind: String
  /// The quoted name the dump gives (`"init(x:)"`, `"Text"`), or "" where it gives none (extensions: the extended
  /// type's name).
  public var name: String
  public var start: Position
  public var end: Position
  /// Each attribute's node name and start (`inlinable_attr` at 3:5).
  public var attributes: [Attribute]
  /// The body's braces, for functions, initializers and accessors with one.
  public var body: Span?
  /// `public`, `open`, `internal`, `package`, … as the dump gives it, or nil.
  public var access: String?
  public var members: [ParsedDeclaration]

  public init(
    kind: String, name: String, start: Position, end: Position,
    attributes: [Attribute] = [], body: Span? = nil,
    access: String? = nil, members: [ParsedDeclaration] = []
  ) {
    self.kind = kind
    self.name = name
    self.start = start
    self.end = end
    self.attributes = attributes
    self.body = body
    self.access = access
    self.members = members
  }

  /// Where the declaration's text starts: its first attribute, or its keyword.
  public var extentStart: Position { attributes.map(\.start).reduce(start, min) }

  /// Whether `position` falls within the declaration's text, attributes included.
  public func contains(_ position: Position) -> Bool { extentStart <= position && position <= end }

  /// A type-like declaration: one with members of its own.
  public var isContainer: Bool {
    ["struct_decl", "class_decl", "enum_decl", "protocol", "protocol_decl", "extension_decl", "actor_decl"]
      .contains(kind)
  }

  /// A declaration of a named type or protocol (extensions are not: they name no type of their own).
  public var isType: Bool {
    ["struct_decl", "class_decl", "enum_decl", "protocol", "protocol_decl", "actor_decl", "typealias"].contains(kind)
  }

  /// The word a reader knows the kind by: `func`, `init`, `struct`, `extension`, `var`, ….
  public var keyword: String {
    switch kind {
    case "func_decl": "func"
    case "constructor_decl": "init"
    case "destructor_decl": "deinit"
    case "var_decl": "var"
    case "subscript_decl": "subscript"
    case "struct_decl": "struct"
    case "class_decl": "class"
    case "enum_decl": "enum"
    case "protocol", "protocol_decl": "protocol"
    case "extension_decl": "extension"
    case "typealias": "typealias"
    case "associated_type_decl": "associatedtype"
    case "enum_case_decl": "case"
    case "actor_decl": "actor"
    case "import_decl": "import"
    case "accessor_decl": "accessor"
    case "macro_decl": "macro"
    case "operator_decl", "infix_operator_decl", "prefix_operator_decl", "postfix_operator_decl": "operator"
    case "precedence_group_decl": "precedencegroup"
    default: kind
    }
  }

  /// An attribute's node name and where it starts.
  public struct Attribute: Sendable, Equatable {
    public var kind: String
    public var start: Position
    public init(kind: String, start: Position) {
      self.kind = kind
      self.start = start
    }
  }

  /// A stretch of text from `start` through `end`.
  public struct Span: Sendable, Equatable {
    public var start: Position
    public var end: Position
    public init(start: Position, end: Position) {
      self.start = start
      self.end = end
    }
  }
}
