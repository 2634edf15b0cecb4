import Generators

extension RunReport {
  /// The opening sentences: per family, the most telling comparison the data supports.
  public var headline: [String] {
    var sentences: [String] = []
    for family in families {
      let sentence =
        switch family {
        case .chart: chartSentence()
        case .template: templateSentence()
        case .nesting, .branches, .state: modelSentence(family)
        }
      if let sentence { sentences.append(sentence) }
    }
    if sentences.isEmpty {
      let cases = Set(points.map(\.caseID)).count
      sentences.append(
        "Measured \(points.count) point\(points.count == 1 ? "" : "s") (\(cases) case\(cases == 1 ? "" : "s"), "
          + "\(toolchains.count) toolchain\(toolchains.count == 1 ? "" : "s")); no pair of series to compare.")
    }
    return sentences
  }

  /// Per-kind against unified at the largest axis value where both have uncensored times, and where either stops.
  func modelSentence(_ family: CaseFamily) -> String? {
    // The telling comparison: one where a series hits the limit; otherwise the last in sweep order, which for a
    // `--kinds` sweep is the largest overload set.
    let all = comparisons[family] ?? []
    let censored = all.filter { comparison in comparison.series.contains { $0.firstCensored != nil } }
    let rest = all.filter { candidate in !censored.contains { $0.title == candidate.title } }
    for comparison in censored + rest.reversed() {
      for toolchain in comparison.toolchains {
        guard let perKind = comparison.series(contrast: BuilderModel.perKind.rawValue, toolchain: toolchain),
          let unified = comparison.series(contrast: BuilderModel.unified.rawValue, toolchain: toolchain)
        else { continue }
        let perKindTimes = RunReport.uncensoredMedians(perKind)
        let unifiedTimes = RunReport.uncensoredMedians(unified)
        var clauses: [String] = []
        let common = Set(perKindTimes.keys).intersection(unifiedTimes.keys)
        if let axisValue = common.max() {
          let slow = perKindTimes[axisValue]!
          let fast = unifiedTimes[axisValue]!
          let at = RunReport.axisPhrase(family, axisValue, axis: axisName(of: family))
          let times = "(\(RunReport.milliseconds(fast)) ms vs \(RunReport.milliseconds(slow)) ms)"
          if slow >= fast * 1.1 {
            clauses.append("unified type-checks \(RunReport.ratio(slow / fast))× faster than per-kind \(at) \(times)")
          } else if fast >= slow * 1.1 {
            clauses.append(
              "per-kind type-checks \(RunReport.ratio(fast / slow))× faster than unified \(at) "
                + "(\(RunReport.milliseconds(slow)) ms vs \(RunReport.milliseconds(fast)) ms)")
          } else {
            clauses.append("per-kind and unified type-check in about the same time \(at) \(times)")
          }
        }
        for (name, line) in [("per-kind", perKind), ("unified", unified)] {
          if let censored = line.firstCensored {
            clauses.append(
              "\(name) \(RunReport.verb(censored.outcome)) "
                + RunReport.axisPhrase(family, censored.spec.axisValue, axis: axisName(of: family)))
          }
        }
        if perKind.firstCensored == nil && unified.firstCensored == nil, let last = common.max() {
          clauses.append(
            "neither reaches the solver limit up to \(RunReport.axisPhrase(family, last, axis: axisName(of: family)).dropFirst(3))"
          )
        }
        guard !clauses.isEmpty else { continue }
        return RunReport.sentence(qualifier(comparison, toolchain), clauses.joined(separator: "; "))
      }
    }
    return nil
  }

  /// Where `compat` hits the limit, and where the other variants stay.
  private func chartSentence() -> String? {
    // The telling comparison is the one where a variant hits the limit (the unified model with Charts'
    // compatibility overload); per-kind Charts has no such overload and comes after it.
    let all = comparisons[.chart] ?? []
    let censored = all.filter { comparison in comparison.series.contains { $0.firstCensored != nil } }
    for comparison in censored + all.filter({ candidate in !censored.contains { $0.title == candidate.title } }) {
      for toolchain in comparison.toolchains {
        let lines = comparison.contrasts.compactMap { contrast in
          comparison.series(contrast: contrast, toolchain: toolchain).map { (contrast, $0) }
        }
        guard lines.count >= 2 else { continue }
        var clauses: [String] = []
        for (name, line) in lines {
          if let censored = line.firstCensored {
            clauses.append(
              "\(name) \(RunReport.verb(censored.outcome)) \(RunReport.axisPhrase(.chart, censored.spec.axisValue))")
          }
        }
        // Uncensored variants, grouped by how far they were measured.
        var stays: [Int: [(name: String, ms: Double)]] = [:]
        for (name, line) in lines where line.firstCensored == nil {
          if let last = RunReport.uncensoredMedians(line).max(by: { $0.key < $1.key }) {
            stays[last.key, default: []].append((name, last.value))
          }
        }
        for axisValue in stays.keys.sorted(by: >) {
          let group = stays[axisValue]!
          let names = RunReport.list(group.map(\.name))
          let values = RunReport.list(group.map { RunReport.milliseconds($0.ms) })
          let verb = clauses.isEmpty ? "take" : (group.count == 1 ? "stays at" : "stay at")
          clauses.append("\(names) \(verb) \(values) ms \(RunReport.axisPhrase(.chart, axisValue))")
        }
        guard !clauses.isEmpty else { continue }
        let qualifier = qualifier(comparison, toolchain)
        let prefix =
          "In the chart case"
          + (qualifier.isEmpty ? ", " : " " + qualifier.prefix(1).lowercased() + qualifier.dropFirst())
        return RunReport.sentence(prefix, clauses.joined(separator: "; "))
      }
    }
    return nil
  }

  /// "For K=2 with 6.3.1, ": what narrows the sentence to one comparison and toolchain, or nothing.
  func qualifier(_ comparison: SeriesComparison, _ toolchain: String) -> String {
    var parts: [String] = []
    if !comparison.distinction.isEmpty { parts.append("for \(comparison.distinction)") }
    if toolchains.count > 1 { parts.append("with \(toolchain)") }
    guard !parts.isEmpty else { return "" }
    let text = parts.joined(separator: " ")
    return text.prefix(1).uppercased() + text.dropFirst() + ", "
  }

  /// Median milliseconds of a series' uncensored points by axis value.
  static func uncensoredMedians(_ line: PointSeries) -> [Int: Double] {
    var values: [Int: Double] = [:]
    for point in line.fittablePoints {
      if let median = point.milliseconds?.median, median > 0 { values[point.spec.axisValue] = median }
    }
    return values
  }

  static func verb(_ outcome: Outcome) -> String {
    outcome == .timeout ? "times out" : "reaches the solver limit"
  }

  /// A ratio such as `37` or `2.5`.
  static func ratio(_ value: Double) -> String {
    NumberFormat.fixed(value, decimals: value >= 10 ? 0 : 1)
  }

  /// Milliseconds with three significant digits.
  static func milliseconds(_ value: Double) -> String { NumberFormat.compact(value, digits: 3) }

  /// "a", "a and b", "a, b and c".
  static func list(_ items: [String]) -> String {
    guard items.count > 1 else { return items.first ?? "" }
    return items.dropLast().joined(separator: ", ") + " and " + items.last!
  }

  static func sentence(_ prefix: String, _ body: String) -> String {
    let text = prefix.isEmpty ? body.prefix(1).uppercased() + body.dropFirst() : prefix + body
    return text + "."
  }
}
