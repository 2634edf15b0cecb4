extension CaseFamily {
  /// A view with a number of `@State` properties, each read in its builder body.
  public static let state = CaseFamily(named: "state")
}

extension FamilyDescriptor {
  static let state = FamilyDescriptor(
    family: .state, title: "State", axis: "states", axisValue: { $0.states },
    parameters: ["family", "model", "preset", "kinds", "block_style", "states", "state_form"],
    seriesLabel: { "\($0.modelLabel), \($0.stateForm.rawValue)" },
    cases: { sweep in
      // The state family scales state properties; the models of one state count stay adjacent.
      var result: [CaseSpec] = []
      for kinds in sweep.kindValues {
        for form in sweep.stateForms {
          for count in sweep.states ?? [1, 2, 4, 8, 16, 32] {
            result += sweep.forEachModel(
              CaseSpec(
                family: .state, preset: sweep.preset, kinds: kinds, blockStyle: sweep.blockStyles[0], states: count,
                stateForm: form))
          }
        }
      }
      return result
    },
    caseCount: { sweep in
      CaseSweep.product([
        sweep.kindValues.count, sweep.stateForms.count, (sweep.states ?? [1, 2, 4, 8, 16, 32]).count,
        sweep.models.count,
      ])
    },
    includesState: true,
    emit: { spec, out in StateCaseEmitter(spec: spec).emit(into: &out) },
    mayExceedSolverLimits: { _ in false },
    wording: FamilyWording(
      axisValue: { "\($0) @State propert\($0 == 1 ? "y" : "ies")" }, axisUnit: "state"))
}
