import Foundation
import Testing
import TypeCheckBenchCore

/// A report written with only some formats links nothing it did not write.
@Suite struct PartialFormatTests {
  @Test func markdownLinksChartsOnlyWhenTheyAreWritten() throws {
    let record = ReportTestRecords.sweep
    let withCharts = try ReportRenderer.render(record, formats: [.md, .svg])
    let markdown = try #require(withCharts.files["report.md"])
    let linked = markdown.split(separator: "\n").compactMap { line -> String? in
      guard line.hasPrefix("!["), let open = line.lastIndex(of: "("), line.hasSuffix(")") else { return nil }
      return String(line[line.index(after: open)..<line.index(before: line.endIndex)])
    }
    #expect(!linked.isEmpty)
    for path in linked { #expect(withCharts.files[path] != nil, "report.md links \(path), which was not written") }

    let alone = try #require(try ReportRenderer.render(record, formats: [.md]).files["report.md"])
    #expect(!alone.contains("](charts/"))
    #expect(alone.contains("--format md,svg"))
  }
}
