/// The metrics bench knows, in the order tables, verdicts and `--metric` list them.
extension Metric {
  /// The headline type-check time, milliseconds: noisy, so compared with an interval over several samples.
  public static let time = Metric(
    id: "time", title: "Time", unit: "ms", isDeterministic: false, gates: true, source: .headlineTime,
    charting: Charting(
      file: "time", quantity: "type-check time", fitName: "time", subtitle: "the case's own bodies",
      axisLabel: "type-check time (ms, log)", groupsDigits: false))
  /// `Sema.NumConstraintScopes` (`StatName.constraintScopes`), the solver's deterministic work counter.
  public static let scopes = Metric(
    id: "scopes", title: "Scopes", unit: "scopes", isDeterministic: true, gates: true,
    source: .statistic(StatName.constraintScopes),
    charting: Charting(
      file: "scopes", quantity: "constraint scopes", fitName: "scopes",
      subtitle: "Sema.NumConstraintScopes, the solver's deterministic work counter",
      axisLabel: "constraint scopes (log)", groupsDigits: true))
  /// The case's own instructions (`--meter instructions`): exact, compared with their own threshold.
  public static let instructions = Metric(
    id: "instructions", title: "Instructions", unit: "instructions", isDeterministic: true, gates: true,
    source: .caseInstructions, ratioDecimals: 4,
    charting: {
      var charting = Charting.counter(StatName.instructions)
      charting.subtitle = "The case's own instructions (count less the import-only baseline), median per point"
      return charting
    }())

  /// Every metric, in display order.
  public static let all: [Metric] = [time, scopes, instructions]

  /// The metrics `bench compare --metric` may gate on, in display order.
  public static var gated: [Metric] { all.filter(\.gates) }

  /// The metric named `id`, or nil.
  public static func named(_ id: String) -> Metric? { all.first { $0.id == id } }
}
