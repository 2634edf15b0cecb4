import Generators

extension SweepOptions {
  /// One note per parameter option the user gave that no selected family reads (`--depth` with `--family chart`), so
  /// an ignored option is never silent.
  public func inapplicableOptionNotes(_ arguments: ParsedArguments, families known: FamilySet) -> [String] {
    let families = sweep.families
    let names = families.map(\.rawValue).joined(separator: ", ")
    let noun = families.count == 1 ? "family" : "families"
    return known.parameters.filter { parameter in
      guard !parameter.isCaseField, let flag = parameter.flag, arguments.has(flag) else { return false }
      return !families.contains { $0.descriptor.has(parameter) }
    }.compactMap(\.flag).map { "note: \($0) does not apply to the \(names) \(noun); ignored" }
  }
}
