import Testing

@testable import TypeCheckBenchCore

@Suite struct HistoryPageTests {
  private func entry(_ caseID: String, toolchain: String = "default") -> History.Entry {
    History.Entry(
      runID: "r1", date: "2026-11-22T00:00:00Z", gitRevision: nil, toolchain: toolchain, toolchainVersion: "6.3.1",
      caseID: caseID, outcome: .ok, medianMilliseconds: 1, scopes: 10)
  }

  @Test func legendLabelsKeepOnlyWhatTellsSeriesApart() {
    let history = History(entries: [
      entry("nesting-per-kind-swiftui-k11-pack-d1-w1-group"), entry("nesting-unified-swiftui-k11-pack-d1-w1-group"),
      entry("nesting-per-kind-swiftui-k11-pack-d2-w1-group"), entry("chart-unified-b3-if-else-compat"),
    ])
    #expect(
      HistoryPage.shortLabels(history.series) == [
        "per-kind-d1", "unified-d1", "per-kind-d2", "chart-unified-b3-if-else-compat",
      ])
  }

  @Test func severalToolchainsAreNamed() {
    let history = History(entries: [
      entry("nesting-unified-swiftui-k11-pack-d1-w1-group", toolchain: "a"),
      entry("nesting-unified-swiftui-k11-pack-d1-w1-group", toolchain: "b"),
    ])
    #expect(
      HistoryPage.shortLabels(history.series) == [
        "nesting-unified-swiftui-k11-pack-d1-w1-group @a", "nesting-unified-swiftui-k11-pack-d1-w1-group @b",
      ])
  }

  /// The published page holds its charts, so it renders wherever it is copied.
  @Test func pageHoldsItsChartsInline() throws {
    let files = HistoryPage(history: History(entries: [entry("nesting-unified-swiftui-k11-pack-d1-w1-group")])).files
    let html = try #require(files["index.html"])
    #expect(!html.contains("<img"))
    #expect(html.contains("<svg xmlns=\"http://www.w3.org/2000/svg\""))
    #expect(!html.contains("<?xml"))
    #expect(files.keys.contains { $0.hasPrefix("charts/trend-") })
  }
}
