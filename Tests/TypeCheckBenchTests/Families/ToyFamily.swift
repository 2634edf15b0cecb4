import Generators

extension CaseFamily {
  /// A family that exists only in the tests: `toy`, scaling the number of stored properties summed in a body.
  static let toy = CaseFamily(named: "toy")
}

extension FamilyDescriptor {
  /// The toy family, declared the way docs/adding-a-family.md describes: one value, reusing `width` as its axis.
  static let toy = FamilyDescriptor(
    family: .toy, title: "Toy", axis: "width", axisValue: { $0.width },
    parameters: ["family", "model", "width"],
    seriesLabel: { $0.model.rawValue },
    cases: { sweep in
      sweep.widths.flatMap { width in sweep.forEachModel(CaseSpec(family: .toy, width: width)) }
    },
    emit: { spec, out in
      out.block("public struct Toy") { out in
        for index in 0..<spec.width { out.line("public var p\(index) = \(index)") }
        out.block("public var total: Int") { out in
          out.line("return " + (0..<spec.width).map { "p\($0)" }.joined(separator: " + "))
        }
      }
    },
    mayExceedSolverLimits: { _ in false },
    wording: FamilyWording(axisValue: { "\($0) properties" }, axisUnit: "property"),
    // Not in --family's list, which other tests running alongside expect to be the built-in families.
    listed: false)
}
