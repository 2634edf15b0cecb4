/// The parameters the built-in families share, declared once each: the one shared list. A family that needs a
/// parameter of its own declares it in its own file instead (docs/adding-a-family.md).
extension ParameterSpec {
  /// The case's family: every id starts with it. Its value is `CaseSpec.family`; `--family` selects it.
  public static let family = ParameterSpec(
    "family", flag: nil, help: "Case families to sweep.", form: .choice([]), defaults: [],
    alwaysSpelled: true, spelling: { $0.family.rawValue })

  /// The builder model: `CaseSpec.model`, crossed by every sweep (`--model`).
  public static let model = ParameterSpec(
    "model", flag: nil, help: "Builder models.", form: .choices(BuilderModel.allCases.map(\.rawValue)), defaults: [],
    alwaysSpelled: true, spelling: { $0.model.rawValue })

  public static let preset = ParameterSpec(
    "preset", flag: "--preset", help: "Overload-set preset (swiftui: SwiftUI's counts).",
    form: .choice(KindPreset.allCases.map(\.rawValue)), defaults: [ParameterValue(KindPreset.swiftui)],
    // Explicit kinds replace the preset's table with one uniform overload set, so the preset no longer applies;
    // spelling it would give `--kinds 11` the default preset's id (`swiftui-k11`) for a different source.
    alwaysSpelled: true, spelling: { $0.kinds == nil ? $0.preset.rawValue : "uniform" })

  public static let kinds = ParameterSpec(
    "kinds", flag: "--kinds", help: "Kinds sharing every primitive; replaces the preset.", form: .integers(1...64),
    defaults: [], idPrefix: "k", growsSource: true, alwaysSpelled: true, spelling: { String($0.effectiveKinds) })

  public static let blockStyle = ParameterSpec(
    "block_style", flag: "--block-style", help: "Per-kind buildBlock style.",
    form: .choices(BlockStyle.allCases.map(\.rawValue)), defaults: [ParameterValue(BlockStyle.pack)],
    alwaysSpelled: true)

  public static let depth = ParameterSpec(
    "depth", flag: "--depth", help: "Nesting depths.", form: .integers(1...64), defaults: [1], idPrefix: "d",
    growsSource: true, alwaysSpelled: true)

  public static let width = ParameterSpec(
    "width", flag: "--width", help: "Children per builder block.", form: .integers(1...9), defaults: [1],
    idPrefix: "w", growsSource: true, alwaysSpelled: true)

  public static let primitives = ParameterSpec(
    "primitives", flag: "--primitives", help: "Primitives by nesting level, cycled.",
    form: .sequence(Primitive.allCases.map(\.rawValue), length: 1...64), defaults: [["group"]], alwaysSpelled: true)

  public static let branches = ParameterSpec(
    "branches", flag: "--branches", help: "Branch counts.", form: .integers(1...256),
    defaults: Array(1...16).map(ParameterValue.integer), idPrefix: "b", growsSource: true, alwaysSpelled: true)

  public static let branchForm = ParameterSpec(
    "branch_form", flag: "--branch-form", help: "Branching statement.",
    form: .choices(BranchForm.allCases.map(\.rawValue)), defaults: [ParameterValue(BranchForm.ifElse)],
    alwaysSpelled: true)

  public static let chartVariant = ParameterSpec(
    "chart_variant", flag: "--chart-variant", help: "Chart variants.",
    form: .choices(ChartVariant.allCases.map(\.rawValue)), defaults: ChartVariant.allCases.map(ParameterValue.init),
    alwaysSpelled: true)

  public static let states = ParameterSpec(
    "states", flag: "--states", help: "State properties per view.", form: .integers(1...512),
    defaults: [1, 2, 4, 8, 16, 32], idPrefix: "s", growsSource: true, alwaysSpelled: true)

  public static let stateForm = ParameterSpec(
    "state_form", flag: "--state-form", help: "How state is spelled.",
    form: .choices(StateForm.allCases.map(\.rawValue)), defaults: StateForm.allCases.map(ParameterValue.init),
    alwaysSpelled: true)

  /// The builder surface a case's miniature mirrors (`BuilderSurface`): per model, its legacy surface when nothing
  /// says otherwise (every record written before surfaces existed measured it), its newest SDK's when a sweep does not
  /// choose. Ids spell it only when it is not the legacy one (`-ios26`).
  public static let surface = ParameterSpec(
    "surface", flag: "--surface",
    help: "Miniature surfaces (docs/miniature.md).",
    form: .choices(BuilderSurface.allCases.map(\.rawValue)),
    defaults: BuilderModel.allCases.map { ParameterValue(BuilderSurface.current(for: $0)) }, hasNeutral: false,
    perModel: PerModel(
      neutral: Dictionary(
        uniqueKeysWithValues: BuilderModel.allCases.map {
          ($0, ParameterValue(BuilderSurface.legacy(for: $0)))
        }),
      accepted: Dictionary(
        uniqueKeysWithValues: BuilderModel.allCases.map { model in
          (model, BuilderSurface.allCases.filter { $0.model == model }.map(ParameterValue.init))
        })))

  /// The shared list in the order of `CaseSpec.parameters` (and of CSV columns and manifests).
  public static let builtIn: [ParameterSpec] = [
    .family, .model, .preset, .kinds, .blockStyle, .depth, .width, .primitives, .surface, .branches, .branchForm,
    .chartVariant, .states, .stateForm,
  ]

  /// True for `family` and `model`, which are `CaseSpec`'s own fields rather than values it holds.
  public var isCaseField: Bool { self == .family || self == .model }
}

extension CaseSpec {
  /// A case of a built-in family, every parameter given or left at its neutral value (the ones the family does not
  /// read stay neutral, so that they never tell two cases apart).
  public init(
    family: CaseFamily = .nesting, model: BuilderModel = .perKind, preset: KindPreset = .swiftui,
    kinds: Int? = nil, blockStyle: BlockStyle = .pack, depth: Int = 1, width: Int = 1,
    primitives: [Primitive] = [.group], branches: Int = 1, branchForm: BranchForm = .ifElse,
    chartVariant: ChartVariant = .compat, states: Int = 1, stateForm: StateForm = .wrapper,
    framework: FrameworkSource = .miniature
  ) {
    self.init(family: family, model: model, framework: framework)
    self.preset = preset
    self.kinds = kinds
    self.blockStyle = blockStyle
    self.chartVariant = chartVariant
    self[.depth] = .integer(depth)
    self[.width] = .integer(width)
    self[.primitives] = .names(primitives.map(\.rawValue))
    self[.branches] = .integer(branches)
    self[.branchForm] = ParameterValue(branchForm)
    self[.states] = .integer(states)
    self[.stateForm] = ParameterValue(stateForm)
  }

  /// The overload-set preset; when `kinds` is set it replaces the preset: every primitive then serves the first
  /// `kinds` kinds (the id spells this `uniform`).
  public var preset: KindPreset {
    get { choice(.preset) }
    set { self[.preset] = ParameterValue(newValue) }
  }

  /// The number of content kinds sharing the primitives, or nil for the preset's own count.
  public var kinds: Int? {
    get { self[.kinds]?.integer }
    set { self[.kinds] = newValue.map(ParameterValue.integer) }
  }

  public var blockStyle: BlockStyle {
    get { choice(.blockStyle) }
    set { self[.blockStyle] = ParameterValue(newValue) }
  }

  /// Nesting depth of shared primitives (for `branches`, the depth of the branching closure).
  public var depth: Int { integer(.depth) }

  /// Children per builder block.
  public var width: Int { integer(.width) }

  /// The primitives used at successive nesting levels, cycled.
  public var primitives: [Primitive] {
    guard case .names(let names) = self[.primitives] else { return [.group] }
    return names.map { Primitive(rawValue: $0)! }
  }

  /// Branch count for `branches` and `chart`.
  public var branches: Int { integer(.branches) }

  public var branchForm: BranchForm { choice(.branchForm) }

  /// The chart variant of the `chart` family.
  public var chartVariant: ChartVariant {
    get { choice(.chartVariant) }
    set { self[.chartVariant] = ParameterValue(newValue) }
  }

  /// State properties per view of the `state` family.
  public var states: Int { integer(.states) }

  /// The builder surface the case's miniature mirrors: the model's legacy surface unless set.
  public var surface: BuilderSurface {
    get { self[.surface].flatMap { BuilderSurface(rawValue: $0.text) } ?? BuilderSurface.legacy(for: model) }
    set { self[.surface] = ParameterValue(newValue) }
  }

  /// How state properties are spelled in the `state` family.
  public var stateForm: StateForm { choice(.stateForm) }

  /// The kind count actually generated: `kinds` when set, otherwise the preset's on the case's surface (an SDK
  /// surface's SwiftUI declares 9 of the 11 kinds; map content and charts are MapKit's and Charts').
  public var effectiveKinds: Int { kinds ?? preset.kindCount(on: surface) }

  /// The value of a parameter of whole numbers (its neutral value when the case does not set it).
  public func integer(_ parameter: ParameterSpec) -> Int {
    guard let value = self[parameter]?.integer else { preconditionFailure("\(parameter.name) has no whole number") }
    return value
  }

  /// The value of a parameter of names, as its enumeration: values are checked against the parameter's names
  /// wherever they enter (command line, record), so every name is one of the enumeration's.
  public func choice<T: RawRepresentable>(_ parameter: ParameterSpec) -> T where T.RawValue == String {
    guard case .name(let name) = self[parameter], let value = T(rawValue: name) else {
      preconditionFailure("\(parameter.name) holds no value of \(T.self)")
    }
    return value
  }
}

extension KindPreset {
  /// The number of content kinds the preset shares between primitives on a legacy surface.
  public var defaultKindCount: Int {
    switch self {
    case .swiftui: 11
    case .minimal: 2
    }
  }

  /// The number of content kinds the preset shares between primitives on `surface`: on an SDK surface, those the
  /// miniature SwiftUI (with SwiftUICore) declares.
  public func kindCount(on surface: BuilderSurface) -> Int {
    guard !surface.isLegacy else { return defaultKindCount }
    let modular = ModularSurface(surface: surface, preset: self)
    return modular.kinds(in: .swiftUICore).count + modular.kinds(in: .swiftUI).count
  }
}
