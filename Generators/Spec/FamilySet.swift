/// The families a command line knows: the built-in ones, and any the executable or a test adds at start-up. Passed to
/// whatever needs to name a family (`--family`, the options and help, reading a record); nothing registers globally.
public struct FamilySet: Sendable {
  /// The families, in the order `--family` and reports list them.
  public private(set) var families: [CaseFamily]

  public init(_ families: [CaseFamily]) { self.families = families }

  /// The built-in families, in the order reports list them (a template's family is built from its file, not listed).
  public static let builtIn = FamilySet([.nesting, .branches, .chart, .state])

  /// The family named `name`, if it is one of these.
  public func family(named name: String) -> CaseFamily? { families.first { $0.rawValue == name } }

  /// These families and `family` after them (replacing one of the same name).
  public func adding(_ family: CaseFamily) -> FamilySet {
    var copy = self
    if let index = families.firstIndex(of: family) {
      copy.families[index] = family
    } else {
      copy.families.append(family)
    }
    return copy
  }

  /// Every parameter these families read, each once, in the order of the families' declarations: the sweep options
  /// `--help` lists and CSV columns. The declaration of each is the first family's that reads it.
  public var parameters: [ParameterSpec] {
    var result: [ParameterSpec] = []
    for family in families {
      for parameter in family.descriptor.parameters where !result.contains(parameter) { result.append(parameter) }
    }
    return result
  }

  /// `parameter` as each family that reads it declares it (with that family's default), in family order.
  public func uses(of parameter: ParameterSpec) -> [(family: CaseFamily, parameter: ParameterSpec)] {
    families.compactMap { family in family.descriptor.parameters.first { $0 == parameter }.map { (family, $0) } }
  }
}
