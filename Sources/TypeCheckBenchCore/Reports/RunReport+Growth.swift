import Generators

extension RunReport {
  /// The headline of a family whose wording has a `growthHeadline` (a template run): the growth verdict of each series
  /// (per model when the template imports the builder framework) and where it stops.
  func growthSentence(_ family: CaseFamily) -> String? {
    let comparisons = comparisons[family] ?? []
    var clauses: [String] = []
    let axis = axisName(of: family)
    for comparison in comparisons {
      for toolchain in comparison.toolchains {
        for contrast in comparison.contrasts {
          guard let line = comparison.series(contrast: contrast, toolchain: toolchain) else { continue }
          // A template without builder models has one series per parameter set: its label is the template's name.
          let named =
            contrast != SeriesComparison.templateContrast || !comparison.distinction.isEmpty || toolchains.count > 1
          // The exact counts first, time last.
          let ordered = metrics.filter(\.isDeterministic) + metrics.filter { !$0.isDeterministic }
          var clause =
            (named ? label(of: line, in: comparison) + ": " : "")
            + ordered.map { "\($0.charting.fitName) \(fitSummary($0, along: line))" }.joined(separator: ", ")
          if let censored = line.firstCensored {
            clause += ", \(RunReport.verb(censored.outcome)) at \(axis)=\(censored.spec.axisValue)"
          } else if let last = line.points.last {
            clause += ", no censored point up to \(axis)=\(last.spec.axisValue)"
          }
          clauses.append(clause)
        }
      }
    }
    guard !clauses.isEmpty else { return nil }
    let name = family.descriptor.wording.growthHeadline ?? RunReport.title(of: family)
    return RunReport.sentence("\(name) along \(axis): ", clauses.joined(separator: "; "))
  }
}
