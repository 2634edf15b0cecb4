import Foundation

/// Two toolchains' verdicts on one corpus, test by test: verdict flips, and each selected counter's ratio at the
/// largest N both measured. `bench compare` gates on it (exit 2 on a pass→fail or pass→error flip, or a counter
/// grown beyond the threshold) and the report's "changed" section shows it.
public struct CorpusComparison: Codable, Hashable, Sendable {
  public struct Flip: Codable, Hashable, Sendable {
    public var test: String
    public var base: CorpusVerdict.Status
    public var new: CorpusVerdict.Status
    public var baseReason: String
    public var newReason: String

    /// A pass that no longer passes.
    public var isRegression: Bool { base == .pass && (new == .fail || new == .error) }
    /// A failure or error that now passes.
    public var isImprovement: Bool { (base == .fail || base == .error) && new == .pass }
  }

  public struct Ratio: Codable, Hashable, Sendable {
    public var test: String
    /// The counter (`Sema.NumLeafScopes`), prefixed `RUN k: ` when the test has several RUN lines.
    public var counter: String
    /// The N compared (nil for a verify compile).
    public var n: Int?
    public var base: Double
    public var new: Double
    public var ratio: Double { base > 0 ? new / base : (new > 0 ? .infinity : 1) }
  }

  public var baseLabel: String
  public var newLabel: String
  public var threshold: Double
  public var flips: [Flip]
  /// Every counter both sides measured, largest increase first.
  public var ratios: [Ratio]
  /// Tests only one side holds.
  public var onlyInBase: [String]
  public var onlyInNew: [String]

  /// Compares `baseToolchain` in `base` with `newToolchain` in `new` (the same record for two toolchains of a run).
  public init(
    base: CorpusRecord, baseToolchain: String, new: CorpusRecord, newToolchain: String,
    threshold: Double = Comparison.defaultThreshold
  ) {
    baseLabel = base.runID == new.runID ? baseToolchain : "\(baseToolchain) (\(base.runID))"
    newLabel = base.runID == new.runID ? newToolchain : "\(newToolchain) (\(new.runID))"
    self.threshold = threshold
    let baseSamples = base.samplesByKey()
    let newSamples = new.samplesByKey()
    let newTests = Dictionary(new.tests.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
    let baseIDs = Set(base.tests.map(\.id))
    var flips: [Flip] = []
    var ratios: [Ratio] = []
    var onlyInBase: [String] = []
    for test in base.tests {
      guard let other = newTests[test.id] else {
        onlyInBase.append(test.id)
        continue
      }
      let before = CorpusVerdict.verdict(test, toolchain: baseToolchain, samples: baseSamples)
      let after = CorpusVerdict.verdict(other, toolchain: newToolchain, samples: newSamples)
      if before.status != after.status {
        flips.append(
          Flip(
            test: test.path, base: before.status, new: after.status, baseReason: before.reason,
            newReason: after.reason))
      }
      let timeBounded = Set(test.runLines.indices.filter { test.runLines[$0].isTimeBounded })
      ratios += Self.ratios(test.path, before, after, several: test.runLines.count > 1, skipping: timeBounded)
    }
    self.flips = flips
    self.ratios = ratios.sorted { ($0.ratio, $0.test, $0.counter) > ($1.ratio, $1.test, $1.counter) }
    self.onlyInBase = onlyInBase
    onlyInNew = new.tests.map(\.id).filter { !baseIDs.contains($0) }
  }

  /// Each counter the two verdicts share, at the largest N both measured; the verify compiles' scopes. Lines in
  /// `skipping` (bounded by time) are left out: their counts follow the machine's speed.
  static func ratios(
    _ test: String, _ before: CorpusVerdict, _ after: CorpusVerdict, several: Bool, skipping: Set<Int>
  ) -> [Ratio] {
    var result: [Ratio] = []
    for counter in before.counters where !skipping.contains(counter.run) {
      guard let match = after.counters.first(where: { $0.run == counter.run && $0.name == counter.name }) else {
        continue
      }
      let shared = Set(counter.ns).intersection(match.ns)
      guard let n = shared.max(), let i = counter.ns.firstIndex(of: n), let j = match.ns.firstIndex(of: n) else {
        continue
      }
      let name = (several ? "RUN \(counter.run + 1): " : "") + counter.name
      result.append(Ratio(test: test, counter: name, n: n, base: counter.values[i], new: match.values[j]))
    }
    if skipping.isEmpty, let base = before.verifyScopes, let new = after.verifyScopes {
      result.append(Ratio(test: test, counter: StatName.constraintScopes, n: nil, base: base, new: new))
    }
    return result
  }

  /// Counters grown by more than the threshold.
  public var counterRegressions: [Ratio] { ratios.filter { $0.ratio > 1 + threshold } }
  /// Counters shrunk by more than the threshold (the ratio below 1/(1 + threshold)).
  public var counterImprovements: [Ratio] { ratios.filter { $0.ratio < 1 / (1 + threshold) }.reversed() }

  public var regressions: Int { flips.count(where: \.isRegression) + counterRegressions.count }
  public var improvements: Int { flips.count(where: \.isImprovement) + counterImprovements.count }

  /// 2 with a regression, 4 with improvements only, else 0 (as `bench compare` returns for sweeps).
  public var exitStatus: ExitStatus {
    regressions > 0 ? .regression : (improvements > 0 ? .improvementsOnly : .success)
  }

  public var summaryLine: String {
    let regressed = flips.count(where: \.isRegression)
    let improved = flips.count(where: \.isImprovement)
    var line =
      "\(regressed) pass→fail flip\(regressed == 1 ? "" : "s"), \(improved) fail→pass, "
      + "\(counterRegressions.count) counter\(counterRegressions.count == 1 ? "" : "s") grown and "
      + "\(counterImprovements.count) shrunk beyond \(Comparison.percent(threshold)), "
      + "\(flips.count - regressed - improved) other flip\(flips.count - regressed - improved == 1 ? "" : "s")"
    if !onlyInBase.isEmpty { line += "; \(onlyInBase.count) test(s) only in BASE" }
    if !onlyInNew.isEmpty { line += "; \(onlyInNew.count) test(s) only in NEW" }
    return line
  }

  /// The comparison as Markdown: flips, then the largest ratios both ways (`limit` each).
  public func markdown(limit: Int = 10) -> String {
    var out = "## Corpus: \(newLabel) against \(baseLabel)\n\n\(summaryLine).\n\n"
    out += changedSection(limit: limit, level: "###")
    return out
  }

  /// The "changed" tables: verdict flips, then the largest counter ratios at the largest N, both directions.
  public func changedSection(limit: Int, level: String) -> String {
    changedParts(limit: limit).map { part in
      switch part {
      case .heading(let text): "\(level) \(text)\n\n"
      case .text(let text): "\(text)\n\n"
      case .table(let table): table.markdown + "\n"
      }
    }.joined()
  }

  /// A piece of the "changed" section, rendered as Markdown here and as HTML in a corpus run's index.html.
  enum ChangedPart {
    case heading(String)
    case text(String)
    case table(ReportTable)
  }

  /// The "changed" section's headings, sentences and tables, in order.
  func changedParts(limit: Int) -> [ChangedPart] {
    var parts: [ChangedPart] = [.heading("Verdict flips")]
    if flips.isEmpty {
      parts.append(.text("None."))
    } else {
      let ordered = flips.filter(\.isRegression) + flips.filter { !$0.isRegression }
      parts.append(
        .table(
          ReportTable(
            header: ["test", baseLabel, newLabel, "why (new)"], alignments: [.left, .left, .left, .left],
            rows: ordered.map { [$0.test, $0.base.rawValue, $0.new.rawValue, $0.newReason] })))
    }
    let up = Array(ratios.filter { $0.ratio > 1 }.prefix(limit))
    let down = Array(ratios.filter { $0.ratio < 1 }.reversed().prefix(limit))
    parts.append(.heading("Largest counter changes at the largest N"))
    if up.isEmpty && down.isEmpty {
      parts.append(.text("Every counter both measured is unchanged."))
    } else {
      for (title, rows) in [("Grown", up), ("Shrunk", down)] where !rows.isEmpty {
        parts.append(.text("\(title):"))
        parts.append(
          .table(
            ReportTable(
              header: ["test", "counter", "N", baseLabel, newLabel, "ratio"],
              alignments: [.left, .left, .right, .right, .right, .right],
              rows: rows.map {
                [
                  $0.test, $0.counter, $0.n.map(String.init) ?? "verify", NumberFormat.compact($0.base, digits: 8),
                  NumberFormat.compact($0.new, digits: 8), NumberFormat.compact($0.ratio, digits: 3) + "×",
                ]
              })))
      }
    }
    return parts
  }

  /// Plain text for a terminal.
  public var text: String {
    var lines = ["Corpus: \(newLabel) against \(baseLabel)", summaryLine]
    for flip in flips.filter(\.isRegression) + flips.filter({ !$0.isRegression }) {
      lines.append("  \(flip.test): \(flip.base.rawValue) → \(flip.new.rawValue) (\(flip.newReason))")
    }
    for ratio in counterRegressions + counterImprovements {
      lines.append(
        "  \(ratio.test) \(ratio.counter) at \(ratio.n.map { "N=\($0)" } ?? "verify"): "
          + "\(NumberFormat.compact(ratio.base, digits: 8)) → \(NumberFormat.compact(ratio.new, digits: 8)) "
          + "(\(NumberFormat.compact(ratio.ratio, digits: 3))×)")
    }
    return lines.joined(separator: "\n") + "\n"
  }
}
