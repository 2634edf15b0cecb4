/// The metrics bench knows, in the order tables, verdicts and `--metric` list them.
extension Metric {
  /// The headline type-check time, milliseconds: noisy, so compared with an interval over several samples.
  public static let time = Metric(
    id: "time", title: "Time", unit: "ms", isDeterministic: false, gates: true, source: .headlineTime)
  /// `Sema.NumConstraintScopes` (`StatName.constraintScopes`), the solver's deterministic work counter.
  public static let scopes = Metric(
    id: "scopes", title: "Scopes", unit: "scopes", isDeterministic: true, gates: true,
    source: .statistic("Sema.NumConstraintScopes"))
  /// The case's own instructions (`--meter instructions`): exact, compared with their own threshold.
  public static let instructions = Metric(
    id: "instructions", title: "Instructions", unit: "instructions", isDeterministic: true, gates: true,
    source: .caseInstructions, ratioDecimals: 4)

  /// Every metric, in display order.
  public static let all: [Metric] = [time, scopes, instructions]

  /// The metrics `bench compare --metric` may gate on, in display order.
  public static var gated: [Metric] { all.filter(\.gates) }

  /// The metric named `id`, or nil.
  public static func named(_ id: String) -> Metric? { all.first { $0.id == id } }
}
