import Foundation
import Generators
import Testing
import TypeCheckBenchCore

/// Point summaries and the headline sentence.
@Suite struct SummaryHeadlineTests {
  @Test func headlineNamesTheRatioAndTheSolverLimit() throws {
    let report = RunReport(ReportTestRecords.sweep)
    #expect(
      report.headline == [
        "Unified type-checks 607× faster than per-kind at depth 4 (1.5 ms vs 910 ms); per-kind reaches the solver "
          + "limit at depth 5.",
        "In the chart case, compat reaches the solver limit at 6 branches; modern and extracted stay at 2.9 and "
          + "2.05 ms at 7 branches.",
      ])
    let markdown = try #require(try ReportRenderer.render(ReportTestRecords.sweep, formats: [.md]).files["report.md"])
    #expect(markdown.hasPrefix("# TypeCheckBench report"))
    #expect(markdown.split(separator: "\n")[1].hasPrefix("**Unified type-checks 607× faster"))
  }

  @Test func headlineWithoutCensoringSaysSo() {
    var cases: [CaseSpec] = []
    var samples: [TypeCheckSample] = []
    for model in BuilderModel.allCases {
      for depth in 1...3 {
        let spec = CaseSpec(family: .nesting, model: model, depth: depth)
        cases.append(spec)
        samples += ReportTestRecords.samples(spec, milliseconds: model == .perKind ? 2 : 1.9, scopes: 30)
      }
    }
    let record = RunRecord(
      runID: "r", provenance: ReportTestRecords.provenance, toolchains: [ReportTestRecords.toolchain], cases: cases,
      samples: samples)
    #expect(
      RunReport(record).headline == [
        "Per-kind and unified type-check in about the same time at depth 3 (1.9 ms vs 2 ms); neither reaches the "
          + "solver limit up to depth 3."
      ])
  }

  @Test func pointSummaryTakesTheWorstOutcomeAndOneTimer() throws {
    let spec = CaseSpec(family: .nesting, model: .perKind, depth: 2)
    var samples = ReportTestRecords.samples(spec, milliseconds: 10, scopes: 300)
    samples[1].caseMilliseconds = nil
    samples[2].outcome = .timeout
    let point = PointSummary(spec: spec, toolchain: "default", samples: samples)
    #expect(point.outcome == .timeout)
    #expect(point.isCensored)
    #expect(point.count == 3)
    let ms = try #require(point.milliseconds)
    // Sample 1 printed no case body, so every sample is read from the stats timer: (10 + 3) ms and so on; no
    // sample is read from the case bodies.
    #expect(point.timer == .typeCheckTimer)
    #expect(ms.count == 3)
    #expect(
      ms.min == samples.compactMap { $0.stats[StatName.typeCheckWall] }.map { $0 * 1000 }.min())
    #expect(point.constraintScopes == 300)
  }

  @Test func aPointThatMixesTimersSaysSo() throws {
    let spec = CaseSpec(family: .nesting, model: .perKind, depth: 2)
    var samples = ReportTestRecords.samples(spec, milliseconds: 10, scopes: 300)
    samples[1].caseMilliseconds = nil
    samples[2].stats[StatName.typeCheckWall] = nil
    let point = PointSummary(spec: spec, toolchain: "default", samples: samples)
    #expect(point.timer == .mixed)
    let all = PointSummary(
      spec: spec, toolchain: "default", samples: ReportTestRecords.samples(spec, milliseconds: 10, scopes: 300))
    #expect(all.timer == .caseBodies)
    #expect(TypeCheckSample.headlineTimes(of: []).timer == nil)
  }

  @Test func reportNamesPointsThatUseAnotherClock() throws {
    var record = ReportTestRecords.sweep
    let id = record.samples[0].caseID
    for index in record.samples.indices where record.samples[index].caseID == id {
      record.samples[index].caseMilliseconds = nil
    }
    let markdown = try #require(try ReportRenderer.render(record, formats: [.md]).files["report.md"])
    #expect(markdown.contains("\(id)@default (typecheck-timer)"))
    let plain = try #require(try ReportRenderer.render(ReportTestRecords.sweep, formats: [.md]).files["report.md"])
    #expect(!plain.contains("typecheck-timer"))
  }

  @Test func ratioCellsMarkBounds() throws {
    let markdown = try #require(try ReportRenderer.render(ReportTestRecords.sweep, formats: [.md]).files["report.md"])
    #expect(markdown.contains("| 5 | ≥ 5238 | 1.65 | ≥ 3175× | ≥ 1,048,577 | 90 |"))
    #expect(markdown.contains("| 6 | – | 1.8 | – | – | 105 |"))
  }
}
