/// Which measures gate `bench compare`'s verdicts and exit status (`--metric`): any of time, constraint scopes and
/// instruction counts.
public struct ComparisonMetric: Hashable, Sendable, Codable, RawRepresentable {
  /// One measure a comparison can gate on.
  public enum Measure: String, CaseIterable, Sendable {
    case time, scopes, instructions
  }

  public var measures: Set<Measure>

  public init(_ measures: Set<Measure>) {
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

  /// `both`, or the measures in a fixed order joined by commas (`scopes,instructions`).
  public var rawValue: String {
    if measures == [.time, .scopes] { return "both" }
    return Measure.allCases.filter(measures.contains).map(\.rawValue).joined(separator: ",")
  }

  /// Parses `both` or a comma-separated list of `time`, `scopes` and `instructions`.
  public init?(rawValue: String) {
    if rawValue == "both" {
      self = .both
      return
    }
    var measures: Set<Measure> = []
    for name in rawValue.split(separator: ",", omittingEmptySubsequences: false) {
      guard let measure = Measure(rawValue: name.trimmingCharacters(in: .whitespaces)) else { return nil }
      measures.insert(measure)
    }
    guard !measures.isEmpty else { return nil }
    self.measures = measures
  }

  var includesTime: Bool { measures.contains(.time) }
  var includesScopes: Bool { measures.contains(.scopes) }
  var includesInstructions: Bool { measures.contains(.instructions) }

  /// For example `time and scopes`, or `scopes and instructions`.
  public var text: String {
    let names = Measure.allCases.filter(measures.contains).map(\.rawValue)
    guard names.count > 1 else { return names.first ?? "" }
    return names.dropLast().joined(separator: ", ") + " and " + names.last!
  }
}
