import Foundation
import Generators
import Testing

@testable import TypeCheckBenchCore

/// Point summaries and the headline sentence.
@Suite struct SummaryHeadlineTests {
  @Test func headlineNamesTheFailureAndTheRatio() throws {
    let report = RunReport(ReportTestRecords.sweep)
    #expect(
      report.headline == [
        "In bench's miniature of Xcode 26/27, SwiftUI's per-kind builder design (Xcode 26) fails with “unable to "
          + "type-check this expression in reasonable time” at nesting depth 5, where Xcode 27's unified ContentBuilder takes 1.65 ms; at nesting depth 4 the "
          + "gap is 607× (910 ms vs 1.5 ms).",
        // compat: 3·2.6^(n−2) ms, too complex at 6; extracted 1.7 + 0.05·n ms; modern 2.2 + 0.1·n ms. At 5 branches
        // extracted is 52.7 / 1.95 = 27× faster, modern 52.7 / 2.7 = 19.5×: extracted is the larger effect.
        "A Chart closure with Charts' per-kind builder fails with “unable to type-check this expression in "
          + "reasonable time” with 6 branches, where the same chain extracted into a @ChartContentBuilder function "
          + "takes 2 ms; with 5 branches the gap is 27× (52.7 ms vs 1.95 ms).",
      ])
    let markdown = try #require(try ReportRenderer.render(ReportTestRecords.sweep, formats: [.md]).files["report.md"])
    #expect(markdown.hasPrefix("# TypeCheckBench report"))
    #expect(
      markdown.split(separator: "\n")[1].hasPrefix(
        "**In bench's miniature of Xcode 26/27, SwiftUI's per-kind builder design (Xcode 26) fails"))
  }

  /// Both models, depth 1…3, at the given milliseconds per depth (three samples each, ±3 %).
  static func twoModels(perKind: [Double], unified: [Double], family: CaseFamily = .nesting) -> RunRecord {
    var cases: [CaseSpec] = []
    var samples: [TypeCheckSample] = []
    for (model, times) in [(BuilderModel.perKind, perKind), (.unified, unified)] {
      for (index, ms) in times.enumerated() {
        let spec = CaseSpec(family: .nesting, model: model, depth: index + 1)
        cases.append(spec)
        samples += ReportTestRecords.samples(spec, milliseconds: ms, scopes: 30)
      }
    }
    return RunRecord(
      runID: "r", provenance: ReportTestRecords.provenance, toolchains: [ReportTestRecords.toolchain], cases: cases,
      samples: samples)
  }

  @Test func headlineWithoutADifferenceSaysNoClearTrend() {
    #expect(
      RunReport(Self.twoModels(perKind: [2, 2, 2], unified: [1.9, 1.9, 1.9])).headline == [
        "In bench's miniature of Xcode 26/27, no clear difference between Xcode 27's unified ContentBuilder and "
          + "SwiftUI's per-kind builder design (Xcode 26) up to nesting depth 3 (1.9 ms vs 2 ms); no clear trend along "
          + "depth."
      ])
    // Growth without a difference between the models: the trend is named.
    let growing = RunReport(Self.twoModels(perKind: [2, 4, 8], unified: [1.9, 3.9, 7.9])).headline
    #expect(growing.count == 1)
    #expect(growing[0].hasPrefix("In bench's miniature of Xcode 26/27, no clear difference"))
    #expect(!growing[0].contains("no clear trend"))
  }

  @Test func aClearRatioNeedsSamplesApart() {
    // 1.3× apart with ±3 % jitter: clear.
    #expect(
      RunReport(Self.twoModels(perKind: [2, 2, 2.6], unified: [2, 2, 2])).headline == [
        "In bench's miniature of Xcode 26/27, Xcode 27's unified ContentBuilder type-checks 1.3× faster than "
          + "SwiftUI's per-kind builder design (Xcode 26) at nesting depth 3 (2 ms vs 2.6 ms)."
      ])
    // 1.2× apart: below the 1.25× the headline asks for.
    #expect(
      RunReport(Self.twoModels(perKind: [2, 2, 2.4], unified: [2, 2, 2])).headline.first?.hasPrefix(
        "In bench's miniature of Xcode 26/27, no clear difference") == true)
  }

  @Test func theLargestEffectComesFirst() {
    // Nesting: 1.5× apart; branches: 10× apart. The branches sentence leads although nesting is swept first.
    var record = Self.twoModels(perKind: [3, 3, 3], unified: [2, 2, 2])
    for (model, ms) in [(BuilderModel.perKind, 100.0), (.unified, 10)] {
      for branches in 1...3 {
        let spec = CaseSpec(family: .branches, model: model, branches: branches)
        record.cases.append(spec)
        record.samples += ReportTestRecords.samples(spec, milliseconds: ms, scopes: 30)
      }
    }
    let headline = RunReport(record).headline
    #expect(headline.count == 2)
    #expect(headline[0].contains("10× faster") && headline[0].contains("with 3 branches"))
    #expect(headline[1].contains("1.5× faster") && headline[1].contains("at nesting depth 3"))
  }

  @Test func aSingleShortSeriesSaysItHasTooFewPoints() {
    let spec = CaseSpec(family: .nesting, model: .unified, depth: 1)
    let record = RunRecord(
      runID: "r", provenance: ReportTestRecords.provenance, toolchains: [ReportTestRecords.toolchain], cases: [spec],
      samples: ReportTestRecords.samples(spec, milliseconds: 3, scopes: 30))
    #expect(
      RunReport(record).headline == [
        "In bench's miniature of Xcode 26/27, Xcode 27's unified ContentBuilder takes 3 ms at nesting depth 1; too "
          + "few points for a trend (1 uncensored; a trend needs 3)."
      ])
  }

  @Test func aSingleSeriesHeadlineIsItsGrowth() {
    var cases: [CaseSpec] = []
    var samples: [TypeCheckSample] = []
    for depth in 1...4 {
      let spec = CaseSpec(family: .nesting, model: .perKind, depth: depth)
      cases.append(spec)
      samples += ReportTestRecords.samples(spec, milliseconds: 2 * pow(3, Double(depth)), scopes: 30)
    }
    let record = RunRecord(
      runID: "r", provenance: ReportTestRecords.provenance, toolchains: [ReportTestRecords.toolchain], cases: cases,
      samples: samples)
    #expect(
      RunReport(record).headline == [
        "In bench's miniature of Xcode 26/27, with SwiftUI's per-kind builder design (Xcode 26), type-check time grows "
          + "exponentially, about 3× per level (r² 1.000)."
      ])
  }

  /// The figures come from bench's miniature of Xcode 26/27, and the headline says so; a run against a real SDK
  /// names the designs without it, and a sentence naming no Xcode design needs no such word.
  @Test func theHeadlineSaysTheFiguresAreTheMiniatures() {
    var record = Self.twoModels(perKind: [2, 2, 2.6], unified: [2, 2, 2])
    #expect(RunReport(record).headline.first?.hasPrefix("In bench's miniature of Xcode 26/27, Xcode 27's") == true)
    let sentence = "Xcode 27's unified ContentBuilder type-checks 1.3× faster."
    #expect(RunReport(record).miniatureQualified("No clear trend.", family: .nesting) == "No clear trend.")
    #expect(
      RunReport(record).miniatureQualified(sentence, family: .nesting) == "In bench's miniature of Xcode 26/27, "
        + sentence)
    record.cases = record.cases.map { spec in
      var sdk = spec
      sdk.framework = .sdk
      return sdk
    }
    let ids = Dictionary(
      uniqueKeysWithValues: zip(
        Self.twoModels(perKind: [2, 2, 2.6], unified: [2, 2, 2]).cases.map(\.id), record.cases.map(\.id)))
    record.samples = record.samples.map { sample in
      var copy = sample
      copy.caseID = ids[sample.caseID]!
      return copy
    }
    #expect(RunReport(record).miniatureQualified(sentence, family: .nesting) == sentence)
  }

  /// A run where every compile crashed said "Measured 4 points": nothing was measured, and the headline says so.
  @Test func aRunOfFailuresIsNotMeasured() {
    var record = Self.twoModels(perKind: [2], unified: [2])
    record.samples = record.samples.map { sample in
      var crashed = sample
      crashed.outcome = .crash
      crashed.detail = "SIGSEGV"
      return crashed
    }
    #expect(
      RunReport(record).headline == [
        "Nothing was measured: every compile of the 2 cases, 1 toolchain failed (crashed or gave bad data)."
      ])
  }

  @Test func pointSummaryTakesTheWorstOutcomeAndOneTimer() throws {
    let spec = CaseSpec(family: .nesting, model: .perKind, depth: 2)
    // Measurement version 1 samples: every compile has both clocks.
    var samples = ReportTestRecords.legacySamples(spec, milliseconds: 10, scopes: 300)
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
    var samples = ReportTestRecords.legacySamples(spec, milliseconds: 10, scopes: 300)
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
    // A point that printed no case body: its timed compiles wrote the stats timer instead.
    for index in record.samples.indices where record.samples[index].caseID == id {
      record.samples[index].caseMilliseconds = nil
      record.samples[index].stats[StatName.typeCheckWall] = 0.005
    }
    let markdown = try #require(try ReportRenderer.render(record, formats: [.md]).files["report.md"])
    #expect(markdown.contains("\(id)@default (typecheck-timer)"))
    let plain = try #require(try ReportRenderer.render(ReportTestRecords.sweep, formats: [.md]).files["report.md"])
    #expect(!plain.contains("typecheck-timer"))
  }

  @Test func ratioCellsMarkBounds() throws {
    let markdown = try #require(try ReportRenderer.render(ReportTestRecords.sweep, formats: [.md]).files["report.md"])
    #expect(markdown.contains("| 5 | ≥ 5,238 | 1.65 | ≥ 3175× | ≥ 1,048,577 | 90 |"))
    #expect(markdown.contains("| 6 | – | 1.8 | – | – | 105 |"))
  }

  /// A tiny ratio keeps two significant digits (the chart ladder's unified/per-kind at N=5 printed as `≤ 0×`).
  @Test func smallRatiosKeepTheirDigits() {
    #expect(RunReport.ratioFigure(0.0031, decimalsFromOne: 1) == "0.0031")
    #expect(RunReport.ratioFigure(0.456, decimalsFromOne: 1) == "0.46")
    #expect(RunReport.ratioFigure(3.14159, decimalsFromOne: 1) == "3.1")
    #expect(RunReport.ratioFigure(3175.4, decimalsFromOne: 1) == "3175")
    #expect(RunReport.ratioFigure(1.5, decimalsFromOne: 2, trimZeros: false) == "1.50")
  }
}
