extension CaseFamily {
  /// A view with a number of `@State` properties, each read in its builder body.
  public static let state = CaseFamily(
    FamilyDescriptor(
      name: "state", title: "State",
      parameters: [.family, .model, .preset, .kinds, .blockStyle, .states, .stateForm, .surface],
      axis: .states,
      seriesLabel: { "\($0.surfaceLabel), \($0.stateForm.rawValue)" },
      includesState: true,
      emit: { spec, out in StateCaseEmitter(spec: spec).emit(into: &out) },
      mayExceedSolverLimits: { _ in false },
      wording: FamilyWording(
        axisValue: { "\($0) @State propert\($0 == 1 ? "y" : "ies")" }, axisUnit: "state")))
}
