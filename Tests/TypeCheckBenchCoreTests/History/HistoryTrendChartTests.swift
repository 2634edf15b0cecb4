import Testing

@testable import TypeCheckBenchCore

@Suite struct HistoryTrendChartTests {
  /// `cases` per run, each run a day apart unless `dates` says otherwise.
  private func history(cases: Int, dates: [String]) -> History {
    var entries: [History.Entry] = []
    for (run, date) in dates.enumerated() {
      for depth in 1...cases {
        entries.append(
          History.Entry(
            runID: "run\(run)", date: date, gitRevision: "abcdef\(run)123456", toolchain: "default",
            toolchainVersion: "6.3.1", caseID: "nesting-per-kind-swiftui-k11-pack-d\(depth)-w1-group", outcome: .ok,
            medianMilliseconds: Double(depth * 10 + run), scopes: Double(depth * 100)))
      }
    }
    return History(entries: entries)
  }

  @Test func atMostSixSeriesPerChartWithAScopesChartBesideEach() throws {
    let page = HistoryPage(history: history(cases: 14, dates: ["2026-11-01T10:00:00Z", "2026-11-02T10:00:00Z"]))
    let charts = page.trendCharts
    #expect(charts.map(\.name) == ["trend-nesting-1", "trend-nesting-2", "trend-nesting-3"])
    #expect(charts.map(\.time.series.count) == [6, 6, 2])
    #expect(charts.allSatisfy { $0.scopes.series.count == $0.time.series.count })
    let html = try #require(page.files["index.html"])
    for chart in charts {
      // Both drawings inline, beside each other (the files are written too).
      #expect(
        html.contains(
          "<div class=\"pair\">" + RunReport.inlineSVG(chart.time.svg) + RunReport.inlineSVG(chart.scopes.svg)))
      #expect(page.files["charts/\(chart.name)-time.svg"] == chart.time.svg)
      #expect(page.files["charts/\(chart.name)-scopes.svg"] != nil)
    }
  }

  @Test func colourBlindSafePaletteAndDirectLabels() throws {
    let page = HistoryPage(history: history(cases: 6, dates: ["2026-11-01T10:00:00Z", "2026-11-02T10:00:00Z"]))
    let svg = try #require(page.files["charts/trend-nesting-time.svg"])
    // Okabe–Ito: every line colour is one of its six, each used once.
    for color in TrendChart.palette { #expect(svg.contains("stroke=\"\(color)\"")) }
    #expect(Set(TrendChart.palette).count == 6)
    #expect(
      TrendChart.palette.allSatisfy { ["#0072B2", "#D55E00", "#009E73", "#CC79A7", "#E69F00", "#56B4E9"].contains($0) })
    // Each line is labelled in the plot's margin by name; no legend block.
    for depth in 1...6 { #expect(svg.contains(">d\(depth)</text>")) }
    #expect(!svg.contains("legend"))
  }

  @Test func xIsTheRunDateWithItsCommit() throws {
    // Runs on day 0, day 1 and day 10: the gaps on the x axis are 1 : 9, not 1 : 1 as run indices would give.
    let dates = ["2026-11-01T00:00:00Z", "2026-11-02T00:00:00Z", "2026-11-11T00:00:00Z"]
    let chart = try #require(HistoryPage(history: history(cases: 1, dates: dates)).trendCharts.first?.time)
    let times = chart.series[0].points.map(\.time)
    #expect((times[2] - times[1]) / (times[1] - times[0]) == 9)
    #expect(chart.runs.map(\.label) == ["2026-11-01", "2026-11-02", "2026-11-11"])
    #expect(chart.runs.map(\.commit) == ["abcdef0", "abcdef1", "abcdef2"])
    #expect(chart.series[0].points[0].note.contains("abcdef0"))
    let svg = chart.svg
    #expect(svg.contains(">2026-11-11</text>") && svg.contains(">abcdef2</text>"))
  }

  @Test func labelsNeverOverlap() {
    let placed = TrendChart.spread([100, 101, 102, 300, 95], minimumGap: 13, within: 50...310)
    let sorted = placed.sorted()
    #expect(zip(sorted, sorted.dropFirst()).allSatisfy { $1 - $0 >= 13 - 1e-9 })
    #expect(placed.allSatisfy { (50...310).contains($0) })
    #expect(placed[3] == 300)
  }
}
