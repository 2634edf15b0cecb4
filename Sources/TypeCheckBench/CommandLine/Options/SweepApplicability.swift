import Generators

extension SweepOptions {
  /// One note per parameter option the user gave that no selected family reads (`--depth` with `--family chart`), so
  /// an ignored option is never silent.
  public func inapplicableOptionNotes<Options: SweepCommandOptions>(_ arguments: ParsedArguments<Options>) -> [String] {
    let families = sweep.families
    let names = families.map(\.rawValue).joined(separator: ", ")
    let noun = families.count == 1 ? "family" : "families"
    return arguments.options.sweep.parameters.indices.filter { index in
      let parameter = arguments.options.sweep.parameters[index].parameter
      guard arguments.has(\Options.sweep.parameters[index].option) else { return false }
      return !families.contains { $0.descriptor.has(parameter) }
    }.map {
      "note: \(arguments.options.sweep.parameters[$0].option.name) does not apply to the \(names) \(noun); ignored"
    }
  }
}
