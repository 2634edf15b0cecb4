extension RunReport {
  /// The metrics the report charts and fits, in order: time and constraint scopes, which every report charts, then
  /// each other counter the run named (run.json's `counters`, and the case's instructions with `--meter
  /// instructions`), as the declared metric that reads it or an ungated counter (`Metric.counted(_:)`).
  var metrics: [Metric] { [.time, .scopes] + extraCounters.map { Metric.counted($0, among: declaredMetrics) } }

  /// The metrics with columns in a family's table: the declared ones (`declaredMetrics`) the run recorded. A
  /// `--counter` no metric declares is charted and fitted only.
  var tabulatedMetrics: [Metric] { metrics.filter { declaredMetrics.contains($0) && $0.isRecorded(in: record) } }

  /// The metrics charted: those a compile wrote (an empty chart would say nothing; the growth lines say that a
  /// counter was never written).
  var chartedMetrics: [Metric] { metrics.filter { !isUnwritten($0) } }

  /// The run's `--counter` names other than constraint scopes (which every report charts).
  var extraCounters: [String] { record.chartedCounters.filter { $0 != StatName.constraintScopes } }

  /// True for a counter the run named that no compile wrote.
  func isUnwritten(_ metric: Metric) -> Bool {
    metric.counterName.map(unwrittenCounters.contains) ?? false
  }

  /// What a growth line says of `metric` along `line`: its fit's verdict, or that no compile wrote it.
  func fitSummary(_ metric: Metric, along line: PointSeries) -> String {
    isUnwritten(metric)
      ? "never written (no compile wrote it: a misspelt name, or zero in every compile)"
      : line.fit(metric).summary
  }

  /// A table cell: the point's median of `metric` (milliseconds for time, thousands-grouped for a count), `≥`-marked
  /// when censored, the outcome when there is no measurement.
  static func cell(_ metric: Metric, _ line: PointSeries?, _ axisValue: Int) -> String {
    guard let point = point(line, axisValue) else { return "–" }
    guard point.isMeasured else { return point.outcome.rawValue }
    guard let value = point.value(metric) else { return "–" }
    return (point.isCensored ? "≥ " : "") + (metric.isDeterministic ? grouped(value) : milliseconds(value))
  }
}
