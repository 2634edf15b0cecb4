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

/// Every parameter that determines one generated source file: its family, builder model and framework, and a value
/// for each parameter its family reads (`FamilyDescriptor.parameters`). A parameter the case does not set holds its
/// neutral value (`ParameterSpec.neutral`), so that two cases differ exactly when some parameter's value does.
public struct CaseSpec: Hashable, Sendable {
  public var family: CaseFamily
  public var model: BuilderModel
  /// The miniature framework in the file, or the real SDK imported.
  public var framework: FrameworkSource
  /// The values set, by parameter name; none equals its parameter's neutral value.
  public private(set) var values: [String: ParameterValue] = [:]

  /// A case of `family` with every parameter at its neutral value.
  public init(family: CaseFamily, model: BuilderModel = .perKind, framework: FrameworkSource = .miniature) {
    self.family = family
    self.model = model
    self.framework = framework
  }

  /// A case of `family` with `values` set.
  public init(
    family: CaseFamily, model: BuilderModel = .perKind, framework: FrameworkSource = .miniature,
    values: [ParameterSpec: ParameterValue]
  ) {
    self.init(family: family, model: model, framework: framework)
    for (parameter, value) in values { self[parameter] = value }
  }

  /// The value of `parameter`: the one set, else its neutral value (nil for a parameter without one, such as
  /// `kinds` left to the preset). Setting the neutral value (or nil) clears it.
  public subscript(_ parameter: ParameterSpec) -> ParameterValue? {
    get { values[parameter.name] ?? parameter.neutral }
    set { values[parameter.name] = newValue == parameter.neutral ? nil : newValue }
  }
}
