/// One thing bench measures about a point (a case compiled by one toolchain), as a value: its name, unit, which way is
/// better, whether one sample decides it, whether it gates `bench compare`, and where a point's samples keep it.
///
/// Comparisons, their tables and the github-action-benchmark output iterate over `Metric.all` rather than naming
/// each measure; adding a gated counter is its declaration in `Metric+BuiltIn.swift` (docs/architecture.md).
public struct Metric: Hashable, Sendable, CustomStringConvertible {
  /// Which direction of change is a regression.
  public enum Polarity: String, Hashable, Sendable {
    /// More is worse (time, solver work): a ratio above 1 + threshold is `slower`.
    case lowerIsBetter
    /// More is better (a throughput): a ratio above 1 + threshold is `faster`.
    case higherIsBetter
  }

  /// Where a point's samples keep the metric's values.
  public enum Source: Hashable, Sendable {
    /// The headline type-check milliseconds of the timed compiles, all from one clock.
    case headlineTime
    /// The case's own instructions (total less the import-only baseline) of the timed compiles
    /// (`--meter instructions`).
    case caseInstructions
    /// A `-stats-output-dir` entry of the instrumented compile, by name (`StatName`).
    case statistic(String)
  }

  /// The name `--metric` takes and verdicts cite (`scopes`), lowercase words joined by `-`.
  public let id: String
  /// The capitalised name a table's column starts with (`Scopes` in `Scopes ratio`).
  public let title: String
  /// The unit of one value (`ms`, `scopes`), as github-action-benchmark shows it.
  public let unit: String
  public let polarity: Polarity
  /// True for an exact count: one sample decides, and a comparison sets the medians against each other. False for a
  /// noisy measure (time), which needs several samples a side and an interval (`TimeChange`).
  public let isDeterministic: Bool
  /// True when `bench compare --metric` may gate on it.
  public let gates: Bool
  public let source: Source
  /// The decimals a comparison table gives an exact metric's ratio (`1.01x`, `1.0042x`).
  public let ratioDecimals: Int

  public init(
    id: String, title: String, unit: String, polarity: Polarity = .lowerIsBetter, isDeterministic: Bool,
    gates: Bool, source: Source, ratioDecimals: Int = 2
  ) {
    self.ratioDecimals = ratioDecimals
    self.id = id
    self.title = title
    self.unit = unit
    self.polarity = polarity
    self.isDeterministic = isDeterministic
    self.gates = gates
    self.source = source
  }

  public var description: String { id }

  /// The id in lower camel case (`leaf-scopes` → `leafScopes`), the stem of the metric's JSON keys.
  public var key: String {
    let words = id.split(separator: "-")
    return (words.first.map(String.init) ?? "")
      + words.dropFirst().map { $0.prefix(1).uppercased() + $0.dropFirst() }
      .joined()
  }

  /// NEW / BASE, or nil when a side has no value or BASE's is not positive.
  public static func ratio(base: Double?, new: Double?) -> Double? {
    guard let base, let new, base > 0 else { return nil }
    return new / base
  }
}
