/// Which metrics gate `bench compare`'s verdicts and exit status (`--metric`): any of `Metric.gated`.
public struct ComparisonMetric: Hashable, Sendable, Codable, RawRepresentable {
  public var measures: Set<Metric>

  public init(_ measures: Set<Metric>) {
    self.measures = measures
  }

  /// Constraint scopes only: deterministic, so comparable across machines.
  public static let scopes = ComparisonMetric([.scopes])
  /// Type-check time only, even across different hosts.
  public static let time = ComparisonMetric([.time])
  /// Time and scopes (the default without instruction counts); time does not gate across different hosts.
  public static let both = ComparisonMetric([.time, .scopes])
  /// Instruction counts only.
  public static let instructions = ComparisonMetric([.instructions])
  /// Scopes and instructions: the default when both runs counted instructions.
  public static let scopesAndInstructions = ComparisonMetric([.scopes, .instructions])

  /// The gated metrics, in `Metric.all`'s order.
  public var ordered: [Metric] { Metric.gated.filter(measures.contains) }

  /// `both`, or the metrics' ids in `Metric.all`'s order joined by commas (`scopes,instructions`).
  public var rawValue: String {
    // Not `self == .both`: a RawRepresentable's `==` compares raw values, which would recurse.
    if measures == ComparisonMetric.both.measures { return "both" }
    return ordered.map(\.id).joined(separator: ",")
  }

  /// Parses `both` or a comma-separated list of the ids of `Metric.gated`.
  public init?(rawValue: String) {
    if rawValue == "both" {
      self = .both
      return
    }
    var measures: Set<Metric> = []
    for name in rawValue.split(separator: ",", omittingEmptySubsequences: false) {
      let id = name.trimmingCharacters(in: .whitespaces)
      guard let metric = Metric.gated.first(where: { $0.id == id }) else { return nil }
      measures.insert(metric)
    }
    guard !measures.isEmpty else { return nil }
    self.measures = measures
  }

  /// True when `metric` gates.
  public func includes(_ metric: Metric) -> Bool { measures.contains(metric) }

  /// For example `time and scopes`, or `scopes and instructions`.
  public var text: String {
    let names = ordered.map(\.id)
    guard names.count > 1 else { return names.first ?? "" }
    return names.dropLast().joined(separator: ", ") + " and " + names.last!
  }
}
