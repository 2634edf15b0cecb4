import Generators
import Testing

@testable import TypeCheckBenchCore

/// Runs that differ only in toolchain, merged, report the toolchains side by side with ratios against the first.
@Suite struct ToolchainsSideBySideTests {
  typealias R = CompareTestRecords

  static func merged() throws -> RunRecord {
    let old = R.record(runID: "c1-6.2", toolchains: [R.toolchain("6.2", version: "6.2")])
    let new = R.record(
      runID: "c1-6.3", toolchains: [R.toolchain("6.3", version: "6.3.1")], timeFactor: { _, _ in 2 },
      scopesFactor: { spec, _ in spec.family == .branches ? 1.5 : 1 })
    return try RecordMerge.merge([("6.2", old), ("6.3", new)], runID: "side-by-side")
  }

  @Test func tableHasEachToolchainAndItsRatioAgainstTheFirst() throws {
    let report = RunReport(try Self.merged())
    let table = try #require(report.toolchainsTable(for: .branches))
    #expect(
      table.header == [
        "series", "branches", "6.2 ms", "6.3 ms", "6.3 ÷ 6.2", "6.2 scopes", "6.3 scopes", "6.3 ÷ 6.2 scopes",
      ])
    // Two models, branches 1…6: one row per model and branch count.
    #expect(table.rows.count == 12)
    for row in table.rows {
      // NEW's samples are twice BASE's noise-free values, each side with its own ±2% noise, so the ratio is near 2.
      let old = try #require(Double(row[2]))
      let new = try #require(Double(row[3]))
      #expect(abs(new / old - 2) < 0.1)
      #expect(abs(try #require(Double(row[4].dropLast())) - 2) < 0.15)
      #expect(row[7] == "1.50×")
      #expect(
        Double(row[6].replacingOccurrences(of: ",", with: ""))! == 1.5 * Double(
          row[5].replacingOccurrences(of: ",", with: ""))!)
    }
    #expect(try #require(report.toolchainsTable(for: .nesting)).rows.allSatisfy { $0[7] == "1.00×" })
  }

  @Test func reportsShowTheSectionOnlyWithSeveralToolchains() throws {
    let rendered = try ReportRenderer.render(try Self.merged())
    let markdown = try #require(rendered.files["report.md"])
    #expect(markdown.contains("## Toolchains side by side"))
    #expect(markdown.contains("| series | branches | 6.2 ms | 6.3 ms | 6.3 ÷ 6.2 |"))
    let html = try #require(rendered.files["index.html"])
    #expect(html.contains("<h2>Toolchains side by side</h2>"))
    #expect(!html.contains("<img"))
    let single = try ReportRenderer.render(R.record())
    #expect(single.files["report.md"]?.contains("side by side") == false)
    #expect(RunReport(R.record()).toolchainsTable(for: .nesting) == nil)
  }
}
