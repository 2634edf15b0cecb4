extension CaseFamily {
  /// Nested shared primitives (`Group`, `Section`, `ForEach`) to a depth.
  public static let nesting = CaseFamily(
    FamilyDescriptor(
      name: "nesting", title: "Nesting",
      parameters: [
        .family, .model, .preset, .kinds, .blockStyle, .depth.defaulting(to: Array(1...8).map(ParameterValue.integer)),
        .width, .primitives, .surface,
      ],
      axis: .depth,
      seriesLabel: { "\($0.surfaceLabel), K=\($0.effectiveKinds)" },
      emit: { spec, out in ViewCaseEmitter(spec: spec, branching: false).emit(into: &out) },
      mayExceedSolverLimits: { $0.model == .perKind },
      wording: FamilyWording(axisValue: { "nesting depth \($0)" }, axisPreposition: "at", axisUnit: "level")))
}
