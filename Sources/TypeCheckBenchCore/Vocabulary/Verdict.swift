/// Whether a point got slower, faster, stayed within noise and threshold, or could not be decided.
public enum Verdict: String, Codable, CaseIterable, Sendable {
  case slower
  case faster
  case unchanged
  /// A gated metric lacked the data for a verdict (time with fewer than 5 samples a side) and none found a change.
  case undecided

  /// The words shown in tables.
  public var label: String {
    switch self {
    case .slower: "slower"
    case .faster: "faster"
    case .unchanged: "no change"
    case .undecided: "undecided"
    }
  }

  /// Combines the verdicts of several measures: slower if any is slower, else faster if any is faster, else undecided
  /// if any is undecided.
  public static func combining(_ verdicts: [Verdict]) -> Verdict {
    if verdicts.contains(.slower) { return .slower }
    if verdicts.contains(.faster) { return .faster }
    if verdicts.contains(.undecided) { return .undecided }
    return .unchanged
  }
}
