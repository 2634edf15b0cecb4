import Generators

/// One point measured on both sides of a comparison, with the ratios NEW / BASE and the verdict.
///
/// The rules, in order:
/// 1. A failed compile (error or crash) on NEW only is `slower`; on BASE only, `faster`; on both, `unchanged`.
/// 2. Censored outcomes (too-complex, timeout: "at least this much work"): BASE ok and NEW censored is `slower` (NEW
///    hits the limit), BASE censored and NEW ok is `faster`, both censored is `unchanged` (both at the limit, so the
///    figures are lower bounds that cannot be compared). These outcome verdicts gate whatever the metric.
/// 3. Both ok, per metric (`Metric.all`, each a `MetricChange`): an exact metric (`Metric.isDeterministic`: scopes,
///    instructions) decides exactly: `slower` when the ratio exceeds 1 + threshold, `faster` when it is below
///    1 − threshold, `unchanged` otherwise (equal counts are always unchanged; a higher-is-better metric reads the other
///    way round). A noisy one (time) follows `TimeChange`: `undecided` with fewer than 5 samples a side, else a change
///    only when the 95% interval lies wholly outside both the threshold and the noise both runs show.
/// 3a. When both sides compiled the same source with the same compiler (same files), flags, measurement version and
///    host (their samples share one cache key), nothing compared differs: a time difference is the machine's state
///    between the runs, so time says `unchanged` (noted) rather than fire on noise. Scopes still decide exactly.
/// 4. The point's verdict combines the gated metrics (`ComparisonMetric`): `slower` if any is, else `faster` if any
///    is, else `undecided` if a gated metric could not decide, else `unchanged`. When BASE and NEW ran on different
///    hosts, time is shown but gates only if asked for alone (`--metric time`).
public struct PointComparison: Encodable, Hashable, Sendable {
  public var caseID: String
  public var base: MeasuredPoint
  public var new: MeasuredPoint
  /// Every metric's change, in `Metric.all`'s order.
  public var changes: [MetricChange]
  public var verdict: Verdict
  /// What decided a `slower` or `faster` verdict: `outcome`, or the gated metrics that changed (`time`, `scopes`).
  public var decidedBy: [String]
  /// Why the verdict was reached when it is not the plain ratio rule (failures, censoring, missing figures).
  public var note: String?

  /// - Parameters:
  ///   - threshold: the relative change that counts for every metric but the case's instructions.
  ///   - instructionThreshold: the one for the case's instructions (`Metric.Source.caseInstructions`).
  ///   - incomparable: metrics that cannot gate here (instructions counted by different sources).
  ///   - timeComparable: false when a noisy metric's figures are not comparable (taken under cachegrind).
  ///   - timesSetAgainst: false when a noisy metric's figures must never be set against each other (an assertions
  ///     build against a release build): they get no ratio.
  public init(
    base: MeasuredPoint, new: MeasuredPoint, threshold: Double, seed: UInt64, resamples: Int,
    metric: ComparisonMetric = .both, differentHosts: Bool = false, identicalInputs: Bool = false,
    instructionThreshold: Double = Comparison.defaultInstructionThreshold, incomparable: Set<Metric> = [],
    timeComparable: Bool = true, timesSetAgainst: Bool = true
  ) {
    caseID = base.caseID
    self.base = base
    self.new = new
    var sameInputsOverruled = false
    changes = Metric.all.map { measure in
      guard !measure.isDeterministic else {
        return MetricChange(
          exact: measure, base: base, new: new,
          threshold: measure.source == .caseInstructions ? instructionThreshold : threshold,
          gates: metric.includes(measure) && !incomparable.contains(measure))
      }
      let change = TimeChange(
        base: timesSetAgainst ? base.values[measure] ?? [] : [], new: timesSetAgainst ? new.values[measure] ?? [] : [],
        threshold: threshold, seed: seed ^ FNV1a.hash(base.caseID), resamples: resamples)
      var verdict = MetricChange.noisyVerdict(change, polarity: measure.polarity)
      if identicalInputs && (verdict == .slower || verdict == .faster) {
        verdict = .unchanged
        sameInputsOverruled = true
      }
      // A noisy metric does not gate across different hosts or under cachegrind unless asked for alone.
      let gates =
        metric.includes(measure) && timesSetAgainst
        && ((!differentHosts && timeComparable) || metric.measures == [measure])
      return MetricChange(metric: measure, ratio: nil, change: change, verdict: verdict, gates: gates)
    }
    decidedBy = ["outcome"]
    // A side that failed decides the point; else a side at the solver limit; else the gated metrics.
    let outcomes: [(base: Bool, new: Bool, newOnly: String, baseOnly: String, both: String)] = [
      (base.failed, new.failed, "NEW failed: ", "BASE failed: ", "both failed"),
      (
        base.outcome.isCensored, new.outcome.isCensored, "NEW hits the limit: ", "BASE hit the limit: ",
        "both at the limit (\(base.outcome.rawValue), \(new.outcome.rawValue))"
      ),
    ]
    if let outcome = outcomes.first(where: { $0.base || $0.new }) {
      switch (outcome.base, outcome.new) {
      case (false, _):
        verdict = .slower
        note = outcome.newOnly + PointComparison.describe(new)
      case (_, false):
        verdict = .faster
        note = outcome.baseOnly + PointComparison.describe(base)
      default:
        verdict = .unchanged
        note = outcome.both
      }
    } else {
      let gated = changes.filter(\.gates)
      verdict = Verdict.combining(gated.map(\.verdict))
      decidedBy =
        verdict == .slower || verdict == .faster ? gated.filter { $0.verdict == verdict }.map(\.metric.id) : []
      note = PointComparison.missingNote(gated, base: base, new: new)
      if note == nil && sameInputsOverruled && verdict == .unchanged {
        note = "same compiler, flags, source and host: the time difference is the machine's, not a change"
      }
    }
    if verdict == .unchanged && note != nil { decidedBy = [] }
  }

  /// Why a gated metric could not be set against the other side: a metric only some runs record (the case's
  /// instructions) missing on a side, else a noisy metric with no figures (a metered point whose compile printed no
  /// case body is decided by the metrics that do).
  static func missingNote(_ gated: [MetricChange], base: MeasuredPoint, new: MeasuredPoint) -> String? {
    let missing = gated.first {
      $0.metric.isOptional && $0.ratio == nil && (base.value($0.metric) == nil || new.value($0.metric) == nil)
    }
    if let missing {
      return "no \(missing.metric.id) counted on \(base.value(missing.metric) == nil ? "BASE" : "NEW")"
    }
    if let unmeasured = gated.first(where: { $0.change != nil && $0.change?.interval == nil }) {
      return "no \(unmeasured.metric.id) measured"
    }
    return nil
  }

  /// The change of `metric`, or nil when the comparison does not know it.
  public func change(_ metric: Metric) -> MetricChange? { changes.first { $0.metric == metric } }

  /// NEW / BASE of the median times with its bootstrap interval; nil when a side has no time.
  public var time: RatioInterval? { timeChange.interval }
  /// The time rule's figures: sample counts, each side's spread, the no-change band and the decision.
  public var timeChange: TimeChange { change(.time)!.change! }
  /// `undecided` when a side has fewer than `TimeChange.minimumSamples` timed samples.
  public var timeVerdict: Verdict { change(.time)!.verdict }
  /// True when time gates this point's verdict (it does not across different hosts unless asked for alone).
  public var timeGates: Bool { change(.time)!.gates }
  /// NEW / BASE of the constraint scopes; nil when a side has none or BASE did no solver work.
  public var scopesRatio: Double? { change(.scopes)?.ratio }
  public var scopesVerdict: Verdict { change(.scopes)!.verdict }
  /// True when scopes gate this point's verdict.
  public var scopesGate: Bool { change(.scopes)!.gates }
  /// NEW / BASE of the case's own instructions (total less the import-only baseline); nil when a side has none or
  /// BASE's is not positive.
  public var instructionsRatio: Double? { change(.instructions)?.ratio }
  /// Instructions are exact like scopes (`InstructionSource.isExact`, or one hardware counter on one CPU model):
  /// `slower` beyond 1 + the instruction threshold, `faster` below 1 − it.
  public var instructionsVerdict: Verdict { change(.instructions)!.verdict }
  /// True when instructions gate this point's verdict (asked for, and comparable: counted by one source).
  public var instructionsGate: Bool { change(.instructions)!.gates }

  /// The JSON `bench compare --json` writes: per metric, an exact one's `<key>Ratio`, `<key>Verdict` and
  /// `<key>Gate`, a noisy one's `<key>Change`, `<key>Verdict` and `<key>Gates`.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: JSONKey.self)
    try container.encode([
      "caseID": caseID, "base": base, "new": new, "verdict": verdict, "decidedBy": decidedBy, "note": note,
    ])
    for change in changes {
      let key = change.metric.key
      try container.encode(change.verdict, forKey: JSONKey(key + "Verdict"))
      if let figures = change.change {
        try container.encode(figures, forKey: JSONKey(key + "Change"))
        try container.encode(change.gates, forKey: JSONKey(key + "Gates"))
      } else {
        try container.encodeIfPresent(change.ratio, forKey: JSONKey(key + "Ratio"))
        try container.encode(change.gates, forKey: JSONKey(key + "Gate"))
      }
    }
  }

  /// The gated metrics that decided a `slower` or `faster` verdict reached by the ratio rule, for example
  /// `time, scopes`; empty for outcome verdicts and for points without a change.
  public var decidingMeasures: [String] {
    decidedBy == ["outcome"] ? [] : decidedBy
  }

  /// True when a gated metric could not decide and none found a change.
  public var isUndecided: Bool { verdict == .undecided }

  static func describe(_ point: MeasuredPoint) -> String {
    // The too-complex diagnostic is always the same sentence: the outcome says it all.
    guard point.failed, let detail = point.detail, !detail.isEmpty else { return point.outcome.rawValue }
    return "\(point.outcome.rawValue) (\(detail))"
  }
}
