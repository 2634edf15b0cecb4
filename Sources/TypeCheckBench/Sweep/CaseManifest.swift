import Generators

/// The manifest of generated cases: a header row, then one tab-separated line per file with its parameters.
struct CaseManifest {
  private var rows: [String] = []

  mutating func add(_ generated: GeneratedCase) {
    let values =
      [generated.fileName] + generated.spec.parameters.map(\.value)
      + [
        "\(generated.caseLines.lowerBound)-\(generated.caseLines.upperBound)", String(generated.mayExceedSolverLimits),
        generated.module?.name ?? "",
      ]
    rows.append(values.joined(separator: "\t"))
  }

  var text: String {
    let header = ["file"] + CaseSpec().parameters.map(\.name) + ["case_lines", "may_exceed_solver_limits", "module"]
    return ([header.joined(separator: "\t")] + rows).joined(separator: "\n") + "\n"
  }
}
