import Foundation
import Generators
import Testing

@testable import TypeCheckBenchCore

#if canImport(FoundationXML)
  import FoundationXML
#endif

/// Every chart is well-formed XML, escapes its text and draws censored points distinctly.
@Suite struct ChartSVGTests {
  /// Parses `text` as XML, returning the parser's error if any.
  static func parseError(_ text: String) -> Error? {
    let parser = XMLParser(data: Data(text.utf8))
    return parser.parse() ? nil : (parser.parserError ?? CocoaError(.coderReadCorrupt))
  }

  @Test func everyRenderedChartParses() throws {
    let rendered = try ReportRenderer.render(ReportTestRecords.sweep, formats: [.svg])
    #expect(rendered.paths.count == 4)
    for path in rendered.paths {
      let error = Self.parseError(rendered.files[path]!)
      #expect(error == nil, "\(path): \(String(describing: error))")
    }
  }

  @Test func labelsAreEscaped() {
    let chart = GrowthChart(
      title: "a < b & \"c\"", subtitle: "it's <odd>", xLabel: "x & y", yLabel: "ms",
      series: [
        GrowthChart.Series(
          label: "<script>&", color: "#123456",
          points: [
            .init(axisValue: 1, value: 1, low: 0.9, high: 1.1, isCensored: false, note: "a&b"),
            .init(axisValue: 2, value: 30, low: 30, high: 30, isCensored: true, note: "≥ 30 <ms>"),
          ])
      ])
    let svg = chart.svg
    #expect(Self.parseError(svg) == nil)
    #expect(svg.contains("a &lt; b &amp; \"c\""))
    #expect(!svg.contains("<script>"))
  }

  @Test func censoredPointsAreHollowTrianglesWithALegendEntry() {
    let chart = GrowthChart(
      title: "t", subtitle: "s", xLabel: "depth", yLabel: "ms",
      series: [
        GrowthChart.Series(
          label: "per-kind", color: "#d1495b",
          points: [
            .init(axisValue: 1, value: 2, low: 2, high: 2, isCensored: false, note: ""),
            .init(axisValue: 2, value: 200, low: 200, high: 200, isCensored: true, note: ""),
          ])
      ])
    let svg = chart.svg
    #expect(svg.contains("<polygon"))
    #expect(svg.contains("≥ censored (solver limit)"))
    #expect(svg.contains("limit: per-kind"))
  }

  /// A run's chart names what stopped its censored points: the solver, bench's --timeout, or both.
  @Test func theCensoredLegendNamesWhatStoppedThePoints() throws {
    func chartText(_ outcomes: [Outcome]) throws -> String {
      var cases: [CaseSpec] = []
      var samples: [TypeCheckSample] = []
      for (index, outcome) in ([Outcome.ok, .ok, .ok] + outcomes).enumerated() {
        let spec = CaseSpec(family: .nesting, model: index < 4 ? .perKind : .unified, depth: index < 4 ? index + 1 : 4)
        cases.append(spec)
        samples += ReportTestRecords.samples(
          spec, milliseconds: 10 * Double(index + 1), scopes: 100 * Double(index + 1), outcome: outcome,
          runs: outcome == .ok ? 3 : 1)
      }
      let record = RunRecord(
        runID: "r", provenance: ReportTestRecords.provenance, toolchains: [ReportTestRecords.toolchain], cases: cases,
        samples: samples)
      let rendered = try ReportRenderer.render(record, formats: [.svg])
      return try #require(rendered.files.first { $0.key.hasSuffix("nesting-time.svg") }?.value)
    }
    #expect(try chartText([.tooComplex]).contains("≥ censored (solver limit)<"))
    #expect(try chartText([.timeout]).contains("≥ censored (timeout)<"))
    let both = try chartText([.tooComplex, .timeout])
    #expect(both.contains("≥ censored (solver limit or timeout)<"), "\(both)")
  }

  @Test func emptyChartStillParses() {
    let chart = GrowthChart(title: "empty", subtitle: "", xLabel: "depth", yLabel: "ms", series: [])
    #expect(Self.parseError(chart.svg) == nil)
    #expect(chart.svg.contains("no measured points"))
    #expect(!chart.svg.contains("censored"))
  }

  @Test func logTicksReadAsRoundNumbers() throws {
    let svg = try #require(
      try ReportRenderer.render(ReportTestRecords.sweep, formats: [.svg]).files["charts/nesting-scopes.svg"])
    for label in [">10<", ">100<", ">1k<", ">10k<", ">100k<", ">1M<"] {
      #expect(svg.contains(label), "missing tick \(label)")
    }
  }
}
