import Generators

/// A family that exists only in the tests, declared the way docs/adding-a-family.md describes: this file, and the
/// line that adds it to the families bench starts with (`FamilySet.withToy`). It scales a parameter of its own.
extension ParameterSpec {
  /// The toy's own parameter: how many stored properties its body sums.
  static let toyProperties = ParameterSpec(
    "properties", flag: "--properties", help: "Stored properties the toy sums.", form: .integers(1...50),
    defaults: [1, 2, 3], idPrefix: "p", growsSource: true)
}

extension CaseFamily {
  /// `toy`: a struct whose computed property sums its stored ones.
  static let toy = CaseFamily(
    FamilyDescriptor(
      name: "toy", title: "Toy", parameters: [.family, .model, .toyProperties], axis: .toyProperties,
      seriesLabel: { $0.model.rawValue },
      emit: { spec, out in
        let count = spec.integer(.toyProperties)
        out.block("public struct Toy") { out in
          for index in 0..<count { out.line("public var p\(index) = \(index)") }
          out.block("public var total: Int") { out in
            out.line("return " + (0..<count).map { "p\($0)" }.joined(separator: " + "))
          }
        }
      },
      mayExceedSolverLimits: { _ in false },
      wording: FamilyWording(axisValue: { "\($0) properties" }, axisUnit: "property")))
}

extension FamilySet {
  /// The built-in families and the toy: what a test starts bench with to use it.
  static let withToy = FamilySet.builtIn.adding(.toy)
}
