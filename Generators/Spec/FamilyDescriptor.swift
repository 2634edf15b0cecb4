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
