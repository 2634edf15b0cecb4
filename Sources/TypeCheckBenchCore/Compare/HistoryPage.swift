/// Renders a published history as a static page: one trend chart of type-check time per case family, run after run.
public struct HistoryPage: Sendable {
  public var history: History

  public init(history: History) { self.history = history }

  /// Relative path to contents: `index.html` and `charts/trend-<family>.svg`.
  public var files: [String: String] {
    var files: [String: String] = [:]
    let charts = trendCharts
    for (name, chart) in charts { files["charts/\(name).svg"] = chart.svg }
    files["index.html"] = html(
      chartNames: charts.map(\.0), svgs: Dictionary(charts.map { ($0.0, $0.1.svg) }, uniquingKeysWith: { a, _ in a }))
    return files
  }

  /// The family a case id belongs to: its first dash-separated word.
  static func family(of caseID: String) -> String {
    String(caseID.prefix { $0 != "-" })
  }

  var trendCharts: [(String, GrowthChart)] {
    let runIndex = Dictionary(uniqueKeysWithValues: history.runIDs.enumerated().map { ($1, $0 + 1) })
    let palette = [
      "#d62728", "#1f77b4", "#2ca02c", "#ff7f0e", "#9467bd", "#8c564b", "#e377c2", "#7f7f7f", "#bcbd22", "#17becf",
    ]
    var families: [String] = []
    var seriesByFamily: [String: [GrowthChart.Series]] = [:]
    let labels = Self.shortLabels(history.series)
    for (index, series) in history.series.enumerated() {
      let family = Self.family(of: series.caseID)
      if seriesByFamily[family] == nil { families.append(family) }
      let points = series.entries.compactMap { entry -> GrowthChart.Point? in
        guard let value = entry.medianMilliseconds, let index = runIndex[entry.runID] else { return nil }
        return GrowthChart.Point(
          axisValue: index, value: value, low: value, high: value, isCensored: entry.outcome.isCensored,
          note: "\(entry.runID) \(entry.toolchainVersion)")
      }
      let count = seriesByFamily[family, default: []].count
      seriesByFamily[family, default: []].append(
        GrowthChart.Series(
          label: labels[index], color: palette[count % palette.count],
          dash: count >= palette.count ? [4, 3] : [], points: points))
    }
    return families.map { family in
      (
        "trend-\(family)",
        GrowthChart(
          title: "Type-check time over runs: \(family)", subtitle: "median per run; ▲ censored (solver limit)",
          xLabel: "run (oldest first)", yLabel: "type-check time (ms)", series: seriesByFamily[family]!)
      )
    }
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
      <style>body{font-family:sans-serif;max-width:1100px;margin:2em auto;padding:0 1em}img,svg{max-width:100%;height:auto}
      table{border-collapse:collapse}td,th{border:1px solid #ccc;padding:2px 6px;text-align:left}</style></head><body>
      <h1>TypeCheckBench history</h1>
      <p>\(runs.count) run\(runs.count == 1 ? "" : "s"); download <a href="history.csv">history.csv</a>.</p>

      """
    for name in chartNames {
      if let svg = svgs[name] {
        out += "<figure>\n" + RunReport.inlineSVG(svg) + "</figure>\n"
      } else {
        out += "<p><img src=\"charts/\(name).svg\" alt=\"\(name)\"></p>\n"
      }
    }
    out += "<h2>Runs</h2>\n<table><tr><th>#</th><th>run</th><th>date</th><th>git</th></tr>\n"
    for (index, run) in runs.enumerated() {
      let entry = history.entries.first { $0.runID == run }!
      out +=
        "<tr><td>\(index + 1)</td><td>\(MarkupEscaping.html(run))</td><td>\(MarkupEscaping.html(entry.date))</td>"
        + "<td>\(MarkupEscaping.html(entry.gitRevision ?? ""))</td></tr>\n"
    }
    return out + "</table>\n</body></html>\n"
  }
}
