extension CaseFamily {
  /// An `if / else if / else` chain (or a `switch`) inside a builder closure.
  public static let branches = CaseFamily(
    FamilyDescriptor(
      name: "branches", title: "Branches",
      parameters: [
        .family, .model, .preset, .kinds, .blockStyle, .depth, .width, .primitives, .branches, .branchForm, .surface,
      ],
      axis: .branches,
      seriesLabel: { "\($0.surfaceLabel), K=\($0.effectiveKinds)" },
      emit: { spec, out in ViewCaseEmitter(spec: spec, branching: true).emit(into: &out) },
      mayExceedSolverLimits: { $0.model == .perKind },
      wording: FamilyWording(axisValue: FamilyWording.branchCount, axisUnit: "branch")))
}

extension FamilyWording {
  /// "1 branch", "8 branches".
  public static let branchCount: @Sendable (Int) -> String = { "\($0) branch\($0 == 1 ? "" : "es")" }
}
