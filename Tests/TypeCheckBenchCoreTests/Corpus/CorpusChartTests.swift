import Foundation
import Testing

@testable import TypeCheckBenchCore

/// A corpus run's charts and index.html from records built by hand, read back from the SVG text (each point's hover
/// text, the legend, the markers) and compared with the record's samples and the verdicts' reasons.
@Suite struct CorpusChartTests {
  typealias V = CorpusVerdictTests

  /// Each `<title>` of an SVG after the chart's own (one per point, in drawing order).
  static func pointNotes(_ svg: String) -> [String] {
    let titles = svg.components(separatedBy: "<title>").dropFirst().map {
      String($0.prefix { $0 != "<" })
    }
    return Array(titles.dropFirst())
  }

  /// The N of each point whose hover text starts with `label`.
  static func ns(_ notes: [String], label: String) -> [Int] {
    notes.filter { $0.hasPrefix(label + ":") }.compactMap { note in
      guard let range = note.range(of: ", N ") else { return nil }
      return Int(note[range.upperBound...].prefix { $0.isNumber })
    }
  }

  /// The text of each `<text>` element.
  static func texts(_ svg: String) -> [String] {
    svg.components(separatedBy: "<text").dropFirst().map { element in
      let body = element.drop { $0 != ">" }.dropFirst()
      return String(body.prefix { $0 != "<" })
    }
  }

  /// Two toolchains on a scale test, a two-line scale test and a verify test; `b` hits the solver's limit at N=3 of
  /// the first test (exit 1 where 0 is expected), so its line stops there.
  static let twoLines = V.test(
    "fast/two.swift.gyb",
    "// RUN: %scale-test --begin 1 --end 4 --step 1 --select NumLeafScopes %s\n"
      + "// RUN: %scale-test --begin 2 --end 5 --step 1 --select NumConstraintScopes %s\n${N}\n")

  static var record: CorpusRecord {
    var samples = V.series(V.scale, "a", [3, 5, 7, 9])
    samples += V.series(V.scale, "b", [3, 9, 27])
    samples[samples.count - 1].outcome = .tooComplex
    samples[samples.count - 1].stats[CorpusMeasurementKeys.exitStatus] = 1
    for toolchain in ["a", "b"] {
      samples += V.series(twoLines, toolchain, [2, 4, 6, 10, 20, 30])
      samples.append(V.sample(V.verify.cases[0].id, toolchain, [StatName.constraintScopes: 40]))
    }
    return CorpusRecord(
      runID: "r", provenance: V.provenance, toolchains: [V.toolchain("a"), V.toolchain("b")],
      tests: [V.scale, twoLines, V.verify], samples: samples)
  }

  @Test func oneChartPerScaleTestWithEveryMeasuredN() throws {
    let record = Self.record
    let report = CorpusReport(record)
    let charts = report.charts
    #expect(charts.map(\.path) == ["charts/fast-s.swift.gyb.svg", "charts/fast-two.swift.gyb.svg"])
    let files = try report.files()
    #expect(files.keys.filter { $0.hasPrefix("charts/") }.sorted() == charts.map(\.path))

    // Each toolchain's points are the N values its samples hold (the case ids name N), one point each.
    for test in [V.scale, Self.twoLines] {
      let svg = try #require(files[CorpusReport.chartPath(test.id)])
      let notes = Self.pointNotes(svg)
      for toolchain in ["a", "b"] {
        let measured = record.samples.filter { $0.toolchain == toolchain && $0.caseID.hasPrefix(test.id + "+") }
          .map { Int($0.caseID.split(separator: "N").last!)! }
        let drawn = notes.filter { $0.hasPrefix(toolchain + " ") || $0.hasPrefix(toolchain + ":") }
          .compactMap { Int($0.components(separatedBy: ", N ").last!.prefix { $0.isNumber }) }
        #expect(drawn.sorted() == measured.sorted(), "\(test.path) \(toolchain)")
      }
    }

    // The fit named in the legend is the verdict's: its reason states each counter's law and r².
    let verdicts = CorpusVerdict.all(record)
    let legend = Self.texts(files["charts/fast-two.swift.gyb.svg"]!).filter { $0.hasPrefix("a RUN") }
    #expect(legend.count == 2)
    let reason = try #require(verdicts.first { $0.testID == Self.twoLines.id && $0.toolchain == "a" }).reason
    for entry in legend {
      let run = entry.split(separator: " ")[2]
      let counter = entry.split(separator: " ")[3].dropLast()
      let fit = entry.components(separatedBy: ": ").last!
      #expect(reason.contains("RUN \(run): \(counter) \(fit)"), "\(entry) in \(reason)")
    }

    // b's line stopped at N=3: drawn, marked as censored (one hollow triangle in the series, one in the legend),
    // and not fitted, as the verdict says.
    let stopped = files["charts/fast-s.swift.gyb.svg"]!
    #expect(Self.ns(Self.pointNotes(stopped), label: "b") == [1, 2, 3])
    #expect(stopped.components(separatedBy: "<polygon").count - 1 == 2)
    #expect(Self.texts(stopped).contains("b: not fitted: stopped at N=3 (too-complex)"))
    #expect(verdicts.first { $0.testID == V.scale.id && $0.toolchain == "b" }?.status == .fail)
    let aFit = try #require(verdicts.first { $0.testID == V.scale.id && $0.toolchain == "a" })
    #expect(aFit.reason == "Sema.NumLeafScopes O(n) (r² 1.000)")
    #expect(Self.texts(stopped).contains("a: O(n) (r² 1.000)"))
  }

  @Test func reportLinksTheChartsAndTheIndexHoldsThemInline() throws {
    let files = try CorpusReport(Self.record).files()
    let markdown = try #require(files["report.md"])
    #expect(markdown.contains("(charts/fast-s.swift.gyb.svg)"))
    #expect(markdown.contains("(charts/fast-two.swift.gyb.svg)"))
    #expect(!markdown.contains("charts/slow-v.swift.svg"))
    let html = try #require(files["index.html"])
    #expect(html.components(separatedBy: "<svg").count - 1 == 2)
    #expect(html.contains("<h2>Changed</h2>"))
    #expect(html.contains("<h3>Verdict flips</h3>"))
    #expect(html.contains("b against a: 1 pass→fail flip"))
    for line in CorpusReport(Self.record).headline { #expect(html.contains(line)) }
    // One toolchain: no Changed section.
    var single = Self.record
    single.toolchains.removeLast()
    single.samples.removeAll { $0.toolchain == "b" }
    #expect(!CorpusReport(single).html.contains("Changed"))
    // Rendering is deterministic.
    #expect(try CorpusReport(Self.record).files() == files)
  }
}
