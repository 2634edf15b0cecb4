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

  /// Two entries per point (median type-check ms, unit `ms`; median constraint scopes, unit `scopes`), and a third
  /// with `--meter instructions` (the case's own instructions, unit `instructions`), in sweep order. Names are
  /// `<case id> [<toolchain>]`, `… scopes` and `… instructions`, so they stay the same from run to run.
  public static func entries(_ record: RunRecord) -> [Entry] {
    let versions = Dictionary(
      record.toolchains.map { ($0.name, $0.version) }, uniquingKeysWith: { first, _ in first })
    var entries: [Entry] = []
    for point in MeasuredPoint.points(in: record) {
      let name = "\(point.caseID) [\(point.toolchain)]"
      var extra = ["outcome: \(point.outcome.rawValue)", "samples: \(point.milliseconds.count)"]
      if point.outcome.isCensored { extra.append("censored: values are lower bounds") }
      if let version = versions[point.toolchain] { extra.append("swift: \(version)") }
      let timeNote =
        record.instructionMetering?.source.disturbsTime == true ? ["time under cachegrind: not comparable"] : []
      if let statistics = SampleStatistics(point.milliseconds) {
        entries.append(
          Entry(
            name: name, unit: "ms", value: rounded(statistics.median),
            range: "± " + NumberFormat.compact(statistics.standardDeviation, digits: 3),
            extra: (extra + timeNote + [
              "min: \(NumberFormat.compact(statistics.min, digits: 5)) ms",
              "max: \(NumberFormat.compact(statistics.max, digits: 5)) ms",
            ]).joined(separator: "\n")))
      }
      if let scopes = point.scopes {
        entries.append(
          Entry(name: name + " scopes", unit: "scopes", value: scopes, extra: extra.joined(separator: "\n")))
      }
      if let instructions = point.instructions, let metering = record.instructionMetering {
        entries.append(
          Entry(
            name: name + " instructions", unit: "instructions", value: instructions,
            extra: (extra + ["counted by: \(metering.source.rawValue)", "less the import-only baseline"])
              .joined(separator: "\n")))
      }
    }
    return entries
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
