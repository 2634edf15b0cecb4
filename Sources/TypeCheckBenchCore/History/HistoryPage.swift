import Escaping
import Foundation

/// Renders a published history as a static page: per case family, charts of type-check time and, beside each, of
/// constraint scopes, against the date of each run (its commit under the date), at most six series per chart.
public struct HistoryPage: Sendable {
  public var history: History

  public init(history: History) { self.history = history }

  /// Relative path to contents: `index.html` and `charts/trend-<family>[-<part>]-{time,scopes}.svg`.
  public var files: [String: String] {
    var files: [String: String] = [:]
    let charts = trendCharts
    for chart in charts {
      files["charts/\(chart.name)-time.svg"] = chart.time.svg
      files["charts/\(chart.name)-scopes.svg"] = chart.scopes.svg
    }
    files["index.html"] = html(
      chartNames: charts.map(\.name),
      svgs: Dictionary(
        charts.flatMap { [("\($0.name)-time", $0.time.svg), ("\($0.name)-scopes", $0.scopes.svg)] },
        uniquingKeysWith: { first, _ in first }))
    return files
  }

  /// The family a case id belongs to: its first dash-separated word.
  static func family(of caseID: String) -> String {
    String(caseID.prefix { $0 != "-" })
  }

  /// Seconds since 1970 of an ISO 8601 date, or nil.
  static func time(of date: String) -> Double? {
    let formatter = ISO8601DateFormatter()
    return formatter.date(from: date)?.timeIntervalSince1970
  }

  /// `2026-11-22` from `2026-11-22T07:48:30Z`.
  static func day(of date: String) -> String { String(date.prefix(10)) }

  /// The runs in date order with their x position, date label and short commit. Runs within three days of each
  /// other are labelled with the time of day too (`11-22 07:48`).
  var runs: [TrendChart.Run] {
    let dated = history.runIDs.compactMap { run -> (date: String, time: Double, commit: String?)? in
      guard let entry = history.entries.first(where: { $0.runID == run }), let time = Self.time(of: entry.date)
      else { return nil }
      return (entry.date, time, entry.gitRevision.map { String($0.prefix(7)) })
    }
    let span = (dated.map(\.time).max() ?? 0) - (dated.map(\.time).min() ?? 0)
    return dated.map { run in
      let label =
        span <= 3 * 86_400 && run.date.count >= 16
        ? String(run.date.dropFirst(5).prefix(11)).replacingOccurrences(of: "T", with: " ") : Self.day(of: run.date)
      return TrendChart.Run(time: run.time, label: label, commit: run.commit)
    }
  }

  /// Per family, its series in groups of at most `TrendChart.maximumSeries`: a time chart and a scopes chart each.
  var trendCharts: [(name: String, time: TrendChart, scopes: TrendChart)] {
    var families: [String] = []
    var seriesByFamily: [String: [(label: String, series: History.Series)]] = [:]
    let labels = Self.shortLabels(history.series)
    for (index, series) in history.series.enumerated() {
      let family = Self.family(of: series.caseID)
      if seriesByFamily[family] == nil { families.append(family) }
      seriesByFamily[family, default: []].append((labels[index], series))
    }
    let runs = self.runs
    var charts: [(name: String, time: TrendChart, scopes: TrendChart)] = []
    for family in families {
      let members = seriesByFamily[family]!
      let size = TrendChart.maximumSeries
      let parts = stride(from: 0, to: members.count, by: size).map {
        Array(members[$0..<min($0 + size, members.count)])
      }
      for (number, part) in parts.enumerated() {
        let name = parts.count == 1 ? "trend-\(family)" : "trend-\(family)-\(number + 1)"
        let heading = parts.count == 1 ? family : "\(family) (\(number + 1) of \(parts.count))"
        func chart(_ quantity: String, unit: String, value: (History.Entry) -> Double?) -> TrendChart {
          TrendChart(
            title: "\(heading): \(quantity)", subtitle: "median per run; ▲ censored (at least this much)",
            yLabel: unit,
            series: part.map { member in
              TrendChart.Series(
                label: member.label,
                points: member.series.entries.compactMap { entry in
                  guard let measured = value(entry), let time = Self.time(of: entry.date) else { return nil }
                  let commit = entry.gitRevision.map { " \($0.prefix(7))" } ?? ""
                  return TrendChart.Point(
                    time: time, value: measured, isCensored: entry.outcome.isCensored,
                    note: "\(entry.runID) \(entry.date)\(commit) \(entry.toolchainVersion): "
                      + NumberFormat.compact(measured, digits: 4))
                })
            }, runs: runs)
        }
        charts.append(
          (
            name, chart("type-check time", unit: "type-check time (ms)", value: \.medianMilliseconds),
            chart("constraint scopes", unit: "constraint scopes", value: \.scopes)
          ))
      }
    }
    return charts
  }

  /// Legend labels: each case id without the dash-separated words every series of its family shares (so
  /// `per-kind-d3` rather than a truncated `nesting-per-kind-swiftui-k11-pack-d3-w1-group`), plus `@toolchain` when
  /// the history holds several.
  static func shortLabels(_ series: [History.Series]) -> [String] {
    let words = series.map { $0.caseID.split(separator: "-").map(String.init) }
    var shared: [String: Set<String>] = [:]
    for (index, item) in series.enumerated() {
      let family = family(of: item.caseID)
      let set = Set(words[index])
      shared[family] = shared[family].map { $0.intersection(set) } ?? set
    }
    let severalToolchains = Set(series.map(\.toolchain)).count > 1
    return series.enumerated().map { index, item in
      let common = shared[family(of: item.caseID)] ?? []
      var label = words[index].filter { !common.contains($0) }.joined(separator: "-")
      if label.isEmpty { label = item.caseID }
      return severalToolchains ? "\(label) @\(item.toolchain)" : label
    }
  }

  /// The page; a chart whose drawing is in `svgs` is placed inline, so the page renders wherever it is copied.
  func html(chartNames: [String], svgs: [String: String] = [:]) -> String {
    let runs = history.runIDs
    var out = """
      <!DOCTYPE html>
      <html lang="en"><head><meta charset="utf-8"><title>TypeCheckBench history</title>
      <style>body{font-family:sans-serif;max-width:1300px;margin:2em auto;padding:0 1em}img{max-width:100%}
      .pair{display:flex;flex-wrap:wrap;gap:8px;margin:1em 0}.pair img,.pair svg{flex:1 1 480px;min-width:0;height:auto}
      table{border-collapse:collapse}td,th{border:1px solid #ccc;padding:2px 6px;text-align:left}</style></head><body>
      <h1>TypeCheckBench history</h1>
      <p>\(runs.count) run\(runs.count == 1 ? "" : "s"); download <a href="history.csv">history.csv</a>.</p>

      """
    for name in chartNames {
      out += "<div class=\"pair\">"
      for (suffix, what) in [("time", "type-check time"), ("scopes", "constraint scopes")] {
        // Inline when the drawing is at hand, so the page renders wherever it is copied.
        if let svg = svgs["\(name)-\(suffix)"] {
          out += RunReport.inlineSVG(svg)
        } else {
          out += "<img src=\"charts/\(name)-\(suffix).svg\" alt=\"\(name): \(what)\">"
        }
      }
      out += "</div>\n"
    }
    out += "<h2>Runs</h2>\n<table><tr><th>#</th><th>run</th><th>date</th><th>git</th></tr>\n"
    for (index, run) in runs.enumerated() {
      let entry = history.entries.first { $0.runID == run }!
      out +=
        "<tr><td>\(index + 1)</td><td>\(Escaping.html(run))</td><td>\(Escaping.html(entry.date))</td>"
        + "<td>\(Escaping.html(entry.gitRevision ?? ""))</td></tr>\n"
    }
    return out + "</table>\n</body></html>\n"
  }
}
