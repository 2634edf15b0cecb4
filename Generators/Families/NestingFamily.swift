extension CaseFamily {
  /// Nested shared primitives (`Group`, `Section`, `ForEach`) to a depth.
  public static let nesting = CaseFamily(named: "nesting")
}

extension FamilyDescriptor {
  static let nesting = FamilyDescriptor(
    family: .nesting, title: "Nesting", axis: "depth", axisValue: { $0.depth },
    parameters: ["family", "model", "preset", "kinds", "block_style", "depth", "width", "primitives"],
    seriesLabel: { "\($0.modelLabel), K=\($0.effectiveKinds)" },
    cases: { sweep in
      var result: [CaseSpec] = []
      for kinds in sweep.kindValues {
        for style in sweep.blockStyles {
          for width in sweep.widths {
            for depth in sweep.depths ?? Array(1...8) {
              result += sweep.forEachModel(
                CaseSpec(
                  family: .nesting, preset: sweep.preset, kinds: kinds, blockStyle: style, depth: depth, width: width,
                  primitives: sweep.primitives))
            }
          }
        }
      }
      return result
    },
    caseCount: { sweep in
      CaseSweep.product([
        sweep.kindValues.count, sweep.blockStyles.count, sweep.widths.count, (sweep.depths ?? Array(1...8)).count,
        sweep.models.count,
      ])
    },
    emit: { spec, out in ViewCaseEmitter(spec: spec, branching: false).emit(into: &out) },
    mayExceedSolverLimits: { $0.model == .perKind },
    wording: FamilyWording(axisValue: { "nesting depth \($0)" }, axisPreposition: "at", axisUnit: "level"))
}
