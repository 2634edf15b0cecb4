/// What a family's series are compared by within one chart and table: the builder model for most families, the
/// chart variant for `chart`.
public struct FamilyContrast: Sendable {
  /// The parameter compared (`model`, `chart_variant`), left out of comparison titles.
  public var parameter: String
  /// Every value it takes, in the order reports list them.
  public var values: [String]
  /// The value of one case.
  public var value: @Sendable (CaseSpec) -> String
  /// The case with the contrast set to a fixed value, so that the cases it tells apart share one comparison key.
  public var neutralized: @Sendable (CaseSpec) -> CaseSpec

  public init(
    parameter: String, values: [String], value: @escaping @Sendable (CaseSpec) -> String,
    neutralized: @escaping @Sendable (CaseSpec) -> CaseSpec
  ) {
    self.parameter = parameter
    self.values = values
    self.value = value
    self.neutralized = neutralized
  }

  /// The builder model: per-kind against unified (or the real SDK's own, `sdk`). Surfaces of one generation are
  /// compared with each other (iOS 26.2 per-kind with iOS 27.0 unified, iOS 18.0 with idealised).
  public static let model = FamilyContrast(
    parameter: "model", values: BuilderModel.allCases.map(\.rawValue) + [FrameworkSource.sdk.rawValue],
    value: { $0.modelLabel },
    neutralized: { spec in
      var spec = spec
      let surface = spec.surface.model == .perKind ? spec.surface : spec.surface.counterpart
      spec.model = .perKind
      if spec.family.descriptor.has(.surface) { spec.surface = surface }
      return spec
    })
}
