// The closed sets of values a case's model and built-in parameters take (`BuiltInParameters.swift` declares the
// parameters).

/// The builder design a generated file imitates.
public enum BuilderModel: String, Codable, CaseIterable, Sendable, Comparable {
  /// One result builder per kind of content, every operand constrained (Xcode 26 and earlier).
  case perKind = "per-kind"
  /// One unconstrained `ContentBuilder` shared by every kind (Xcode 27).
  case unified

  public static func < (lhs: Self, rhs: Self) -> Bool {
    allCases.firstIndex(of: lhs)! < allCases.firstIndex(of: rhs)!
  }
}

/// How the `state` family spells a `@State` property.
public enum StateForm: String, Codable, CaseIterable, Sendable {
  /// `@State private var s0 = 0`, with `State` a property wrapper (Xcode 26 and earlier).
  case wrapper
  /// The `@State` macro's expansion written out: backing storage `_s0` and a computed `s0` with an init accessor.
  case macroExpansion = "macro-expansion"
}

/// How a per-kind builder spells multi-element blocks.
public enum BlockStyle: String, Codable, CaseIterable, Sendable {
  /// A disfavored variadic pack `buildBlock<each C>` (iOS 17 and later).
  case pack
  /// Ten fixed-arity `buildBlock<C0, …, C9>` overloads (iOS 16 and earlier).
  case fixedArity = "fixed-arity"
}

/// The statement that branches in the `branches` and `chart` families.
public enum BranchForm: String, Codable, CaseIterable, Sendable {
  case ifElse = "if-else"
  case switchCase = "switch"
}

/// The three forms of the technote's chart case.
public enum ChartVariant: String, Codable, CaseIterable, Sendable {
  /// Back-deployed: Charts' compatibility `buildEither` returning `BuilderConditional` is present.
  case compat
  /// Deployment target 27: the compatibility overload is not compiled in.
  case modern
  /// The documented remedy: the chain moved into its own `@ChartContentBuilder` function.
  case extracted
}

/// A container a nesting level uses: a shared primitive that carries one builder initializer per kind (`group`,
/// `section`, `foreach`), or `list`, SwiftUI's `List`, which serves views only (the `list` shape,
/// `--primitives list,section,foreach`, nests `List { Section { ForEach { … } } }` as a settings screen does).
public enum Primitive: String, Codable, CaseIterable, Sendable {
  case group, section, foreach, list

  /// The Swift type name of the primitive in generated code.
  public var typeName: String {
    switch self {
    case .group: "Group"
    case .section: "Section"
    case .foreach: "ForEach"
    case .list: "List"
    }
  }
}

/// How many builder initializers each shared primitive carries.
public enum KindPreset: String, Codable, CaseIterable, Sendable {
  /// SwiftUI's real counts: Group 11, ForEach about 25, Section 19 builder initializers.
  case swiftui
  /// Two kinds (views and toolbar content), one initializer per kind and primitive.
  case minimal
}
