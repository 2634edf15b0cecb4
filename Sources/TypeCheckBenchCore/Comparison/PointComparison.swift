/// One point measured on both sides of a comparison, with the ratios NEW / BASE and the verdict.
///
/// The rules, in order:
/// 1. A failed compile (error or crash) on NEW only is `slower`; on BASE only, `faster`; on both, `unchanged`.
/// 2. Censored outcomes (too-complex, timeout: "at least this much work"): BASE ok and NEW censored is `slower` (NEW
///    hits the limit), BASE censored and NEW ok is `faster`, both censored is `unchanged` (both at the limit, so the
///    figures are lower bounds that cannot be compared).
/// 3. Both ok: constraint scopes are deterministic, so the scopes verdict is exact: `slower` when the ratio exceeds
///    1 + threshold, `faster` when it is below 1 − threshold. Time is noisy, so the time verdict uses the 95% interval
///    of the ratio of medians: `slower` when its lower bound exceeds 1 + threshold, `faster` when its upper bound is
///    below 1 − threshold. The point is `slower` if either measure is, else `faster` if either is.
public struct PointComparison: Codable, Hashable, Sendable {
  public var caseID: String
  public var base: MeasuredPoint
  public var new: MeasuredPoint
  /// NEW / BASE of the median times with its bootstrap interval; nil when a side has no time.
  public var time: RatioInterval?
  public var timeVerdict: Verdict
  /// NEW / BASE of the constraint scopes; nil when a side has none or BASE did no solver work.
  public var scopesRatio: Double?
  public var scopesVerdict: Verdict
  public var verdict: Verdict
  /// Why the verdict was reached when it is not the plain ratio rule (failures, censoring, missing figures).
  public var note: String?

  public init(base: MeasuredPoint, new: MeasuredPoint, threshold: Double, seed: UInt64, resamples: Int) {
    caseID = base.caseID
    self.base = base
    self.new = new
    time = RatioInterval.bootstrap(
      base: base.milliseconds, new: new.milliseconds, seed: seed ^ FNV1a.hash(base.caseID), resamples: resamples)
    scopesRatio = PointComparison.scopesRatio(base: base.scopes, new: new.scopes)
    timeVerdict = PointComparison.timeVerdict(time, threshold: threshold)
    scopesVerdict = PointComparison.scopesVerdict(base: base.scopes, new: new.scopes, threshold: threshold)
    switch (base.failed, new.failed, base.outcome.isCensored, new.outcome.isCensored) {
    case (false, true, _, _):
      verdict = .slower
      note = "NEW failed: " + PointComparison.describe(new)
    case (true, false, _, _):
      verdict = .faster
      note = "BASE failed: " + PointComparison.describe(base)
    case (true, true, _, _):
      verdict = .unchanged
      note = "both failed"
    case (_, _, false, true):
      verdict = .slower
      note = "NEW hits the limit: " + PointComparison.describe(new)
    case (_, _, true, false):
      verdict = .faster
      note = "BASE hit the limit: " + PointComparison.describe(base)
    case (_, _, true, true):
      verdict = .unchanged
      note = "both at the limit (\(base.outcome.rawValue), \(new.outcome.rawValue))"
    case (_, _, false, false):
      verdict = Verdict.combining([timeVerdict, scopesVerdict])
      note = time == nil ? "no time measured" : nil
    }
  }

  static func timeVerdict(_ time: RatioInterval?, threshold: Double) -> Verdict {
    guard let time else { return .unchanged }
    if time.lower > 1 + threshold { return .slower }
    if time.upper < 1 - threshold { return .faster }
    return .unchanged
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

  /// The measures that decided a `slower` or `faster` verdict reached by the ratio rule, for example `time, scopes`.
  public var decidingMeasures: [String] {
    guard note == nil, verdict != .unchanged else { return [] }
    return [("time", timeVerdict), ("scopes", scopesVerdict)].filter { $0.1 == verdict }.map(\.0)
  }

  static func describe(_ point: MeasuredPoint) -> String {
    // The too-complex diagnostic is always the same sentence: the outcome says it all.
    guard point.failed, let detail = point.detail, !detail.isEmpty else { return point.outcome.rawValue }
    return "\(point.outcome.rawValue) (\(detail))"
  }
}
