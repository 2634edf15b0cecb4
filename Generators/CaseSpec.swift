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

/// Every parameter that determines one generated source file.
public struct CaseSpec: Hashable, Codable, Sendable {
  public var family: CaseFamily
  public var model: BuilderModel
  /// The overload-set preset; when `kinds` is set it replaces the preset: every primitive then serves the first
  /// `kinds` kinds (the id spells this `uniform`).
  public var preset: KindPreset
  /// The number of content kinds sharing the primitives, or nil for the preset's own count.
  public var kinds: Int?
  public var blockStyle: BlockStyle
  /// Nesting depth of shared primitives (for `branches` and `chart`, the depth of the branching closure).
  public var depth: Int
  /// Children per builder block.
  public var width: Int
  /// The primitives used at successive nesting levels, cycled.
  public var primitives: [Primitive]
  /// Branch count for `branches` and `chart`; ignored by `nesting`.
  public var branches: Int
  public var branchForm: BranchForm
  /// The chart variant; only meaningful for the `chart` family.
  public var chartVariant: ChartVariant
  /// State properties per view; only meaningful for the `state` family.
  public var states: Int
  /// How state properties are spelled; only meaningful for the `state` family.
  public var stateForm: StateForm
  /// The template and its parameter values; only for the `template` family.
  public var template: TemplateCase?
  /// The miniature framework in the file, or the real SDK imported.
  public var framework: FrameworkSource

  public init(
    family: CaseFamily = .nesting, model: BuilderModel = .perKind, preset: KindPreset = .swiftui,
    kinds: Int? = nil, blockStyle: BlockStyle = .pack, depth: Int = 1, width: Int = 1,
    primitives: [Primitive] = [.group], branches: Int = 1, branchForm: BranchForm = .ifElse,
    chartVariant: ChartVariant = .compat, states: Int = 1, stateForm: StateForm = .wrapper,
    template: TemplateCase? = nil, framework: FrameworkSource = .miniature
  ) {
    self.family = family
    self.model = model
    self.preset = preset
    self.kinds = kinds
    self.blockStyle = blockStyle
    self.depth = depth
    self.width = width
    self.primitives = primitives
    self.branches = branches
    self.branchForm = branchForm
    self.chartVariant = chartVariant
    self.states = states
    self.stateForm = stateForm
    self.template = template
    self.framework = framework
  }
}

extension CaseSpec {
  private enum CodingKeys: String, CodingKey {
    case family, model, preset, kinds, blockStyle, depth, width, primitives, branches, branchForm, chartVariant
    case states, stateForm, template, framework
  }

  /// Decodes a spec; `states`, `stateForm` and `template` are optional so that records written before them decode.
  public init(from decoder: Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    self.init(
      family: try container.decode(CaseFamily.self, forKey: .family),
      model: try container.decode(BuilderModel.self, forKey: .model),
      preset: try container.decode(KindPreset.self, forKey: .preset),
      kinds: try container.decodeIfPresent(Int.self, forKey: .kinds),
      blockStyle: try container.decode(BlockStyle.self, forKey: .blockStyle),
      depth: try container.decode(Int.self, forKey: .depth),
      width: try container.decode(Int.self, forKey: .width),
      primitives: try container.decode([Primitive].self, forKey: .primitives),
      branches: try container.decode(Int.self, forKey: .branches),
      branchForm: try container.decode(BranchForm.self, forKey: .branchForm),
      chartVariant: try container.decode(ChartVariant.self, forKey: .chartVariant),
      states: try container.decodeIfPresent(Int.self, forKey: .states) ?? 1,
      stateForm: try container.decodeIfPresent(StateForm.self, forKey: .stateForm) ?? .wrapper,
      template: try container.decodeIfPresent(TemplateCase.self, forKey: .template),
      framework: try container.decodeIfPresent(FrameworkSource.self, forKey: .framework) ?? .miniature)
  }

  /// Encodes a spec; `template` only for templates and `framework` only for the SDK, so that records of the built-in
  /// families read as they did before either existed.
  public func encode(to encoder: Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(family, forKey: .family)
    try container.encode(model, forKey: .model)
    try container.encode(preset, forKey: .preset)
    try container.encodeIfPresent(kinds, forKey: .kinds)
    try container.encode(blockStyle, forKey: .blockStyle)
    try container.encode(depth, forKey: .depth)
    try container.encode(width, forKey: .width)
    try container.encode(primitives, forKey: .primitives)
    try container.encode(branches, forKey: .branches)
    try container.encode(branchForm, forKey: .branchForm)
    try container.encode(chartVariant, forKey: .chartVariant)
    try container.encode(states, forKey: .states)
    try container.encode(stateForm, forKey: .stateForm)
    try container.encodeIfPresent(template, forKey: .template)
    if framework != .miniature { try container.encode(framework, forKey: .framework) }
  }
}
