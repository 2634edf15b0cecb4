/// Everything bench knows about one case family, in one value: identity, parameters, source, and report wording.
/// Adding a family is one file declaring it (a `CaseFamily` constant built from its descriptor, and any parameter of
/// its own) plus one line in `FamilySet.builtIn` (docs/adding-a-family.md).
public struct FamilyDescriptor: Sendable {
  /// The family's name (`nesting`).
  public var name: String
  /// The heading reports give the family (`Nesting`).
  public var title: String
  /// The parameters that identify a case of this family, in the order its id spells them: `family` and `model` among
  /// them (a template spells the model only when it imports the framework), each with the family's default.
  public var parameters: [ParameterSpec]
  /// The parameter the family scales: the x axis of its charts and fits (`depth`), one of `parameters`.
  public var axis: ParameterSpec
  /// What the family's charts compare.
  public var contrast: FamilyContrast
  /// A short label for a series, naming what distinguishes it within the family (`CaseSpec.modelLabel` for the
  /// model, which says `sdk` with the real SDK).
  public var seriesLabel: @Sendable (CaseSpec) -> String
  /// Cases of the sweep's cross product the family does not have (per-kind Charts has no `modern`).
  public var excludes: @Sendable (CaseSpec) -> Bool
  /// Whether a case imports the miniature framework at all (a template importing neither SwiftUI nor Charts does
  /// not).
  public var importsFramework: Bool
  /// Whether the miniature framework includes Charts (`Chart`, marks, `@ChartContentBuilder`).
  public var includesCharts: Bool
  /// Whether the miniature framework includes `State` (a property wrapper usable as the `@State` macro's storage).
  public var includesState: Bool
  /// The modules a case imports with `--framework sdk` (a template imports its own: none added).
  public var sdkImports: [String]
  /// Writes the case's own code.
  public var emit: @Sendable (CaseSpec, inout SourceWriter) -> Void
  /// Whether a case may exceed the solver's limits by design (so `too-complex` is not a generator bug).
  public var mayExceedSolverLimits: @Sendable (CaseSpec) -> Bool
  /// The report's words for the family.
  public var wording: FamilyWording
  /// For a family built at run time from a file (a template), the file's text: every case's record keeps it, so
  /// that reading a record rebuilds the family without registering it. Nil for families declared in code.
  public var recordedText: String?

  public init(
    name: String, title: String, parameters: [ParameterSpec], axis: ParameterSpec, contrast: FamilyContrast = .model,
    seriesLabel: @escaping @Sendable (CaseSpec) -> String,
    excludes: @escaping @Sendable (CaseSpec) -> Bool = { _ in false },
    importsFramework: Bool = true, includesCharts: Bool = false, includesState: Bool = false,
    sdkImports: [String]? = nil, emit: @escaping @Sendable (CaseSpec, inout SourceWriter) -> Void,
    mayExceedSolverLimits: @escaping @Sendable (CaseSpec) -> Bool, wording: FamilyWording, recordedText: String? = nil
  ) {
    precondition(parameters.contains(axis), "the axis of \(name) is not among its parameters")
    self.name = name
    self.title = title
    // The axis as the family declares it, with the family's default.
    self.axis = parameters.first { $0 == axis }!
    self.parameters = parameters
    self.contrast = contrast
    self.seriesLabel = seriesLabel
    self.excludes = excludes
    self.importsFramework = importsFramework
    self.includesCharts = includesCharts
    self.includesState = includesState
    self.sdkImports = sdkImports ?? (includesCharts ? ["SwiftUI", "Charts"] : ["SwiftUI"])
    self.emit = emit
    self.mayExceedSolverLimits = mayExceedSolverLimits
    self.wording = wording
    self.recordedText = recordedText
  }

  /// Whether a case of this family reads `parameter`.
  public func has(_ parameter: ParameterSpec) -> Bool { parameters.contains(parameter) }

  /// The parameters a case holds values of (`family` and `model` are `CaseSpec`'s fields).
  public var valueParameters: [ParameterSpec] { parameters.filter { !$0.isCaseField } }
}

/// How reports speak about a family: in the headline (in a SwiftUI developer's words) and next to its charts.
public struct FamilyWording: Sendable {
  /// "nesting depth 4", "8 branches".
  public var axisValue: @Sendable (Int) -> String
  /// "at" or "with", before `axisValue` in a sentence.
  public var axisPreposition: String
  /// The step along the axis a growth rate is quoted per ("level", "branch").
  public var axisUnit: String
  /// What a series is, as the subject of a sentence.
  public var seriesName: @Sendable (CaseSpec) -> String
  /// What the compared values of a comparison mean, given its cases, when their names alone could mislead.
  public var legend: @Sendable ([CaseSpec]) -> String?

  /// When set, the headline states each series' growth verdict (a template's question: how fast does my pattern
  /// grow?) rather than the largest effect between series, and calls the family this (`Template arithmetic-chain`).
  public var growthHeadline: String?

  public init(
    axisValue: @escaping @Sendable (Int) -> String, axisPreposition: String = "with", axisUnit: String,
    seriesName: @escaping @Sendable (CaseSpec) -> String = FamilyWording.builderDesign,
    legend: @escaping @Sendable ([CaseSpec]) -> String? = { _ in nil }, growthHeadline: String? = nil
  ) {
    self.axisValue = axisValue
    self.axisPreposition = axisPreposition
    self.axisUnit = axisUnit
    self.seriesName = seriesName
    self.legend = legend
    self.growthHeadline = growthHeadline
  }

  /// The builder design a series measures, in SwiftUI's terms; on an SDK surface, as the miniature of that SDK (a
  /// finding is the miniature's, never more).
  public static let builderDesign: @Sendable (CaseSpec) -> String = { spec in
    if spec.framework == .sdk { return "the SDK's own builder" }
    switch spec.surface {
    case .ios18: return "SwiftUI's per-kind builder design (Xcode 26)"
    case .idealised: return "Xcode 27's unified ContentBuilder"
    case .ios26: return "the per-kind builder design of the iOS 26.2 SDK's miniature"
    case .ios27: return "the unified ContentBuilder of the iOS 27.0 SDK's miniature"
    }
  }
}
