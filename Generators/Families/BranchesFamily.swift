extension CaseFamily {
  /// An `if / else if / else` chain (or a `switch`) inside a builder closure.
  public static let branches = CaseFamily(named: "branches")
}

extension FamilyDescriptor {
  static let branches = FamilyDescriptor(
    family: .branches, title: "Branches", axis: "branches", axisValue: { $0.branches },
    parameters: [
      "family", "model", "preset", "kinds", "block_style", "depth", "width", "primitives", "branches", "branch_form",
    ],
    seriesLabel: { "\($0.modelLabel), K=\($0.effectiveKinds)" },
    cases: { sweep in
      var result: [CaseSpec] = []
      for kinds in sweep.kindValues {
        for style in sweep.blockStyles {
          for width in sweep.widths {
            for form in sweep.branchForms {
              for depth in sweep.depths ?? [1] {
                for count in sweep.branches ?? Array(1...16) {
                  result += sweep.forEachModel(
                    CaseSpec(
                      family: .branches, preset: sweep.preset, kinds: kinds, blockStyle: style, depth: depth,
                      width: width, primitives: sweep.primitives, branches: count, branchForm: form))
                }
              }
            }
          }
        }
      }
      return result
    },
    caseCount: { sweep in
      CaseSweep.product([
        sweep.kindValues.count, sweep.blockStyles.count, sweep.widths.count, sweep.branchForms.count,
        (sweep.depths ?? [1]).count, (sweep.branches ?? Array(1...16)).count, sweep.models.count,
      ])
    },
    emit: { spec, out in ViewCaseEmitter(spec: spec, branching: true).emit(into: &out) },
    mayExceedSolverLimits: { $0.model == .perKind },
    wording: FamilyWording(axisValue: FamilyWording.branchCount, axisUnit: "branch"))
}

extension FamilyWording {
  /// "1 branch", "8 branches".
  public static let branchCount: @Sendable (Int) -> String = { "\($0) branch\($0 == 1 ? "" : "es")" }
}
