import Generators

extension CaseSweep {
  /// One note per sweep option the user gave that no selected family reads (`--depth` with `--family chart`), so an
  /// ignored option is never silent. An option applies when its name, spelled as a case parameter (`--block-style` is
  /// `block_style`), is one of a selected family's parameters.
  public func inapplicableOptionNotes(_ arguments: ParsedArguments) -> [String] {
    let descriptors = families.map(\.descriptor)
    let read = descriptors.reduce(into: Set<String>()) { $0.formUnion($1.parameters) }
    let names = families.map(\.rawValue).joined(separator: ", ")
    let noun = families.count == 1 ? "family" : "families"
    return CaseSweep.optionSpecs.map(\.name).filter { flag in
      guard arguments.has(flag) else { return false }
      let parameter = String(flag.dropFirst(2)).replacingOccurrences(of: "-", with: "_")
      // Only options that are case parameters can be inapplicable (`--family`, `--framework` shape every sweep).
      return CaseSpec().parameters.contains { $0.name == parameter } && !read.contains(parameter)
    }.map { "note: \($0) does not apply to the \(names) \(noun); ignored" }
  }
}
