import Escaping
import Foundation

/// github-action-benchmark's `customSmallerIsBetter` input: a JSON array of `{name, unit, value, range?, extra?}`.
public enum GitHubBenchmark {
  /// One benchmark entry as the action reads it.
  public struct Entry: Codable, Hashable, Sendable {
    public var name: String
    public var unit: String
    public var value: Double
    public var range: String?
    public var extra: String?
  }

  /// One entry per point and metric the run recorded (`Metric.all`, in its order), in sweep order: median type-check
  /// ms (unit `ms`), median constraint scopes (unit `scopes`) and, with `--meter instructions`, the case's own
  /// instructions. Names are `<case id> [<toolchain>]` for the first metric and `… <metric id>` (`… scopes`) for the
  /// others, so they stay the same from run to run.
  public static func entries(_ record: RunRecord) -> [Entry] {
    let versions = Dictionary(
      record.toolchains.map { ($0.name, $0.version) }, uniquingKeysWith: { first, _ in first })
    var entries: [Entry] = []
    let metrics = Metric.all.filter { $0.isRecorded(in: record) }
    for point in MeasuredPoint.points(in: record) {
      let name = "\(point.caseID) [\(point.toolchain)]"
      var extra = ["outcome: \(point.outcome.rawValue)", "samples: \(point.milliseconds.count)"]
      if point.outcome.isCensored { extra.append("censored: values are lower bounds") }
      if let version = versions[point.toolchain] { extra.append("swift: \(version)") }
      for metric in metrics {
        guard let value = point.value(metric) else { continue }
        let entryName = metric == Metric.all.first ? name : "\(name) \(metric.id)"
        entries.append(
          metric.isDeterministic
            ? Entry(
              name: entryName, unit: metric.unit, value: value,
              extra: (extra + exactNotes(metric, record)).joined(separator: "\n"))
            : noisyEntry(entryName, metric, values: point.values[metric] ?? [], extra: extra, record: record))
      }
    }
    return entries
  }

  /// A noisy metric's entry: the median to the thousandth, its standard deviation as the range, min and max.
  static func noisyEntry(_ name: String, _ metric: Metric, values: [Double], extra: [String], record: RunRecord)
    -> Entry
  {
    let statistics = SampleStatistics(values)!
    let timeNote =
      record.instructionMetering?.source.disturbsTime == true ? ["time under cachegrind: not comparable"] : []
    return Entry(
      name: name, unit: metric.unit, value: rounded(statistics.median),
      range: "± " + NumberFormat.compact(statistics.standardDeviation, digits: 3),
      extra: (extra + timeNote + [
        "min: \(NumberFormat.compact(statistics.min, digits: 5)) \(metric.unit)",
        "max: \(NumberFormat.compact(statistics.max, digits: 5)) \(metric.unit)",
      ]).joined(separator: "\n"))
  }

  /// What an exact metric's entry adds: for the case's instructions, who counted them and that the baseline is off.
  static func exactNotes(_ metric: Metric, _ record: RunRecord) -> [String] {
    guard metric.isOptional, let metering = record.instructionMetering else { return [] }
    return ["counted by: \(metering.source.rawValue)", "less the import-only baseline"]
  }

  /// The entries as pretty-printed JSON with sorted keys.
  public static func json(_ record: RunRecord) -> String {
    // Encoding finite numbers and strings cannot fail; `rounded` keeps every value finite.
    try! JSONFormat.document(entries(record))
  }

  /// Milliseconds to the microsecond, so JSON shows `12.346` rather than binary noise.
  static func rounded(_ value: Double) -> Double {
    (value * 1000).rounded() / 1000
  }
}
