/// One thing bench measures about a point (a case compiled by one toolchain), as a value: its name, unit, which way is
/// better, whether one sample decides it, whether it gates `bench compare`, and where a point's samples keep it.
///
/// Comparisons, their tables and the github-action-benchmark output iterate over `Metric.all`, and a run's report over
/// the metrics the run charts (`RunReport.metrics`), rather than naming each measure; adding a gated counter is its
/// declaration in `Metric+BuiltIn.swift` (docs/architecture.md).
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
  /// How a run's report charts and fits the metric.
  public let charting: Charting

  /// How a run report names the metric in its charts and growth lines. The defaults are a `--counter`'s: its
  /// statistics name everywhere, in a chart file named `counter-<name>`.
  public struct Charting: Hashable, Sendable {
    /// The chart file's name after the family (`charts/nesting-<file>.svg`).
    public var file: String
    /// What the chart's title calls the values (`type-check time`).
    public var quantity: String
    /// What a growth line calls the metric before its verdict (`time`).
    public var fitName: String
    /// What the values are, for the chart's subtitle; a noisy metric's sits inside "Median of N runs per point (…)".
    public var subtitle: String
    /// The y axis.
    public var axisLabel: String
    /// True to print a point's value with thousands separators (`1,048`), false for six significant digits.
    public var groupsDigits: Bool

    public init(
      file: String, quantity: String, fitName: String, subtitle: String, axisLabel: String, groupsDigits: Bool
    ) {
      self.file = file
      self.quantity = quantity
      self.fitName = fitName
      self.subtitle = subtitle
      self.axisLabel = axisLabel
      self.groupsDigits = groupsDigits
    }

    /// A counter's charting under its statistics name (or, for a metric read elsewhere, its id).
    public static func counter(_ name: String) -> Charting {
      Charting(
        file: "counter-" + String(name.map { $0.isASCII && ($0.isLetter || $0.isNumber) ? $0 : "-" }),
        quantity: name, fitName: name, subtitle: "\(name) from -stats-output-dir, median per point",
        axisLabel: "\(name) (log)", groupsDigits: false)
    }
  }

  public init(
    id: String, title: String, unit: String, polarity: Polarity = .lowerIsBetter, isDeterministic: Bool,
    gates: Bool, source: Source, ratioDecimals: Int = 2, charting: Charting? = nil
  ) {
    self.ratioDecimals = ratioDecimals
    self.charting = charting ?? .counter(Self.counterName(of: source) ?? id)
    self.id = id
    self.title = title
    self.unit = unit
    self.polarity = polarity
    self.isDeterministic = isDeterministic
    self.gates = gates
    self.source = source
  }

  public var description: String { id }

  /// The name a run's `--counter` list gives the metric (run.json's `counters`): a statistic's own name, the case's
  /// instructions' `StatName.instructions`; nil for time, which every run charts.
  public var counterName: String? { Self.counterName(of: source) }

  static func counterName(of source: Source) -> String? {
    switch source {
    case .headlineTime: nil
    case .caseInstructions: StatName.instructions
    case .statistic(let name): name
    }
  }

  /// The metric a run's `--counter NAME` charts: the one of `declared` that reads `name`, else an ungated exact
  /// counter under that name (its unit too, so a chart's point reads `12 Sema.NumLeafScopes`).
  public static func counted(_ name: String, among declared: [Metric] = all) -> Metric {
    declared.first { $0.counterName == name }
      ?? Metric(id: name, title: name, unit: name, isDeterministic: true, gates: false, source: .statistic(name))
  }

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
