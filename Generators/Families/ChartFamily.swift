extension CaseFamily {
  /// The technote's `Chart { }` case with a branching chain of marks.
  public static let chart = CaseFamily(
    FamilyDescriptor(
      name: "chart", title: "Chart", parameters: [.family, .model, .branches, .branchForm, .chartVariant, .surface],
      axis: .branches,
      contrast: FamilyContrast(
        parameter: "chart_variant", values: ChartVariant.allCases.map(\.rawValue), value: { $0.chartVariant.rawValue },
        neutralized: { spec in
          var spec = spec
          spec.chartVariant = .compat
          return spec
        }),
      seriesLabel: { "\($0.surfaceLabel), \($0.chartVariant.rawValue)" },
      // Per-kind Charts has no back-deployment overload: its `compat` and `modern` are one case.
      excludes: { $0.model == .perKind && $0.chartVariant == .modern },
      includesCharts: true,
      emit: { spec, out in ChartCaseEmitter(spec: spec).emit(into: &out) },
      // Against an SDK the SDK decides (iOS 27.0's Charts has the back-deployment overload).
      mayExceedSolverLimits: { ($0.model == .unified || $0.framework == .sdk) && $0.chartVariant == .compat },
      wording: FamilyWording(
        axisValue: FamilyWording.branchCount, axisUnit: "branch",
        seriesName: { spec in
          if spec.framework == .sdk, spec.chartVariant != .extracted {
            return "a Chart closure with the SDK's own Charts builder"
          }
          return switch (spec.model, spec.chartVariant) {
          case (.unified, .compat): "a Chart closure with Charts' back-deployment buildEither"
          case (.unified, .modern): "the same Chart without it (deployment target 27)"
          case (_, .extracted): "the same chain extracted into a @ChartContentBuilder function"
          case (.perKind, _): "a Chart closure with Charts' per-kind builder"
          }
        },
        legend: { specs in
          if specs.allSatisfy({ $0.framework == .sdk }) {
            return "compat: the Chart closure as the SDK's own Charts builds it (iOS 27.0's ContentBuilder carries "
              + "Charts' back-deployment buildEither; iOS 26.2's is per-kind); extracted: the chain moved into a "
              + "@ChartContentBuilder function."
          }
          if specs.allSatisfy({ $0.model == .perKind }) {
            return
              "Per-kind Charts has no back-deployment overload: compat is Charts' own per-kind builder as shipped, "
              + "extracted the same chain moved into a @ChartContentBuilder function."
          }
          return "compat: the Chart closure's ContentBuilder carries Charts' back-deployment buildEither (returning "
            + "BuilderConditional); modern: deployment target 27, without it; extracted: the chain moved into a "
            + "@ChartContentBuilder function, the technote's remedy."
        })))
}
