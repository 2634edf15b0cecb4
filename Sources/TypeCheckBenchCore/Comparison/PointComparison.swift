import Generators

/// One point measured on both sides of a comparison, with the ratios NEW / BASE and the verdict.
///
/// The rules, in order:
/// 1. A failed compile (error or crash) on NEW only is `slower`; on BASE only, `faster`; on both, `unchanged`.
/// 2. Censored outcomes (too-complex, timeout: "at least this much work"): BASE ok and NEW censored is `slower` (NEW
///    hits the limit), BASE censored and NEW ok is `faster`, both censored is `unchanged` (both at the limit, so the
///    figures are lower bounds that cannot be compared). These outcome verdicts gate whatever the metric.
/// 3. Both ok, per metric: constraint scopes are deterministic, so the scopes verdict is exact: `slower` when the
///    ratio exceeds 1 + threshold, `faster` when it is below 1 − threshold, `unchanged` otherwise (equal counts are
///    always unchanged). Time follows `TimeChange`: `undecided` with fewer than 5 samples a side, else a change only
///    when the 95% interval lies wholly outside both the threshold and the noise both runs show.
/// 3a. When both sides compiled the same source with the same compiler (same files), flags, measurement version and
///    host (their samples share one cache key), nothing compared differs: a time difference is the machine's state
///    between the runs, so time says `unchanged` (noted) rather than fire on noise. Scopes still decide exactly.
/// 4. The point's verdict combines the gated metrics (`ComparisonMetric`): `slower` if any is, else `faster` if any
///    is, else `undecided` if a gated metric could not decide, else `unchanged`. When BASE and NEW ran on different
///    hosts, time is shown but gates only if asked for alone (`--metric time`).
public struct PointComparison: Codable, Hashable, Sendable {
  public var caseID: String
  public var base: MeasuredPoint
  public var new: MeasuredPoint
  /// NEW / BASE of the median times with its bootstrap interval; nil when a side has no time.
  public var time: RatioInterval? { timeChange.interval }
  /// The time rule's figures: sample counts, each side's spread, the no-change band and the decision.
  public var timeChange: TimeChange
  /// `undecided` when a side has fewer than `TimeChange.minimumSamples` timed samples.
  public var timeVerdict: Verdict
  /// NEW / BASE of the constraint scopes; nil when a side has none or BASE did no solver work.
  public var scopesRatio: Double?
  public var scopesVerdict: Verdict
  /// True when time gates this point's verdict (it does not across different hosts unless asked for alone).
  public var timeGates: Bool
  /// True when scopes gate this point's verdict.
  public var scopesGate: Bool
  /// NEW / BASE of the case's own instructions (total less the import-only baseline); nil when a side has none or
  /// BASE's is not positive.
  public var instructionsRatio: Double?
  /// Instructions are exact like scopes (`InstructionSource.isExact`, or one hardware counter on one CPU model):
  /// `slower` beyond 1 + the instruction threshold, `faster` below 1 − it.
  public var instructionsVerdict: Verdict
  /// True when instructions gate this point's verdict (asked for, and comparable: counted by one source).
  public var instructionsGate: Bool
  public var verdict: Verdict
  /// What decided a `slower` or `faster` verdict: `outcome`, or the gated metrics that changed (`time`, `scopes`).
  public var decidedBy: [String]
  /// Why the verdict was reached when it is not the plain ratio rule (failures, censoring, missing figures).
  public var note: String?

  public init(
    base: MeasuredPoint, new: MeasuredPoint, threshold: Double, seed: UInt64, resamples: Int,
    metric: ComparisonMetric = .both, differentHosts: Bool = false, identicalInputs: Bool = false,
    instructionThreshold: Double = Comparison.defaultInstructionThreshold, instructionsComparable: Bool = true,
    timeComparable: Bool = true, timesSetAgainst: Bool = true
  ) {
    caseID = base.caseID
    self.base = base
    self.new = new
    // Times that must never be set against each other (an assertions build and a release build) get no ratio.
    timeChange = TimeChange(
      base: timesSetAgainst ? base.milliseconds : [], new: timesSetAgainst ? new.milliseconds : [],
      threshold: threshold, seed: seed ^ FNV1a.hash(base.caseID), resamples: resamples)
    scopesRatio = PointComparison.scopesRatio(base: base.scopes, new: new.scopes)
    timeVerdict = timeChange.verdict ?? .undecided
    let sameInputsOverruled = identicalInputs && (timeVerdict == .slower || timeVerdict == .faster)
    if sameInputsOverruled { timeVerdict = .unchanged }
    scopesVerdict = PointComparison.scopesVerdict(base: base.scopes, new: new.scopes, threshold: threshold)
    timeGates = metric.includesTime && timesSetAgainst && ((!differentHosts && timeComparable) || metric == .time)
    scopesGate = metric.includesScopes
    instructionsRatio = PointComparison.scopesRatio(base: base.instructions, new: new.instructions)
    instructionsVerdict = PointComparison.scopesVerdict(
      base: base.instructions, new: new.instructions, threshold: instructionThreshold)
    instructionsGate = metric.includesInstructions && instructionsComparable
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
      let measures = [
        ("time", timeGates, timeVerdict), ("scopes", scopesGate, scopesVerdict),
        ("instructions", instructionsGate, instructionsVerdict),
      ]
      verdict = Verdict.combining(measures.filter(\.1).map(\.2))
      decidedBy =
        verdict == .slower || verdict == .faster ? measures.filter { $0.1 && $0.2 == verdict }.map(\.0) : []
      if instructionsGate && instructionsRatio == nil && (base.instructions == nil || new.instructions == nil) {
        note = "no instructions counted on \(base.instructions == nil ? "BASE" : "NEW")"
      } else if time == nil && timeGates {
        // Only where time gates: a metered point without time (its compile printed no case body) is decided by
        // the measures that do.
        note = "no time measured"
      } else if sameInputsOverruled && verdict == .unchanged {
        note = "same compiler, flags, source and host: the time difference is the machine's, not a change"
      } else {
        note = nil
      }
    }
    if verdict == .unchanged && note != nil { decidedBy = [] }
  }

  static func scopesRatio(base: Double?, new: Double?) -> Double? {
    guard let base, let new, base > 0 else { return nil }
    return new / base
  }

  static func scopesVerdict(base: Double?, new: Double?, threshold: Double) -> Verdict {
    guard let base, let new else { return .unchanged }
    // From no solver work at all, any work is a change no ratio can express.
    if base == 0 { return new > 0 ? .slower : .unchanged }
    let ratio = new / base
    if ratio > 1 + threshold { return .slower }
    if ratio < 1 - threshold { return .faster }
    return .unchanged
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
