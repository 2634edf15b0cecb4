/// Whether a point got slower, faster, or stayed within noise and threshold.
public enum Verdict: String, Codable, CaseIterable, Sendable {
  case slower
  case faster
  case unchanged

  /// The words shown in tables.
  public var label: String {
    switch self {
    case .slower: "slower"
    case .faster: "faster"
    case .unchanged: "no significant change"
    }
  }

  /// Combines the verdicts of several measures: slower if any is slower, else faster if any is faster.
  public static func combining(_ verdicts: [Verdict]) -> Verdict {
    if verdicts.contains(.slower) { return .slower }
    if verdicts.contains(.faster) { return .faster }
    return .unchanged
  }
}
