import Foundation
import Generators
import Testing

@testable import TypeCheckBenchCore

/// What a newcomer reading a report or a comparison stumbled on (issue 24).
@Suite struct NewcomerNoteTests {
  /// The headline names the design that fails first, so its figure comes first.
  @Test func theGapsFiguresFollowTheOrderTheDesignsAreNamed() throws {
    let headline = try #require(RunReport(ReportTestRecords.sweep).headline.first)
    let slow = try #require(headline.range(of: "SwiftUI's per-kind builder design"))
    let fast = try #require(headline.range(of: "Xcode 27's unified ContentBuilder"))
    #expect(slow.lowerBound < fast.lowerBound)
    #expect(headline.hasSuffix("the gap is 607× (910 ms vs 1.5 ms)."), "\(headline)")
  }

  @Test func millisecondsAreThousandsSeparatedAsScopesAre() {
    #expect(RunReport.milliseconds(6734.2) == "6,734")
    #expect(RunReport.milliseconds(123_456) == "123,456")
    #expect(RunReport.milliseconds(912.4) == "912")
    #expect(RunReport.milliseconds(4.26) == "4.26")
    #expect(NumberFormat.thousandsSeparated("-12345.5") == "-12,345.5")
    #expect(NumberFormat.thousandsSeparated("nan") == "nan")
    #expect(RunReport.grouped(231_802) == "231,802")
  }

  /// "2 of 3 points" read as two of three points that exist; the wording says what is missing.
  @Test func tooFewPointsSaysWhatAFitNeeds() {
    let fit = GrowthFit(points: [(1, 10), (2, 100)])
    #expect(fit.summary.contains("insufficient data (2 fittable points; a fit needs 3)"), "\(fit.summary)")
  }

  /// The Noise band column is explained under the table in every format that shows it.
  @Test func theNoiseBandIsExplainedWhereItAppears() throws {
    let spec = CaseSpec(family: .nesting, model: .perKind, depth: 2)
    var base = ReportTestRecords.sweep
    base.cases = [spec]
    base.samples = ReportTestRecords.samples(spec, milliseconds: 10, scopes: 300, runs: 5)
    let comparison = try Comparison(base: base, new: base)
    for text in [comparison.text, comparison.markdown] {
      #expect(text.contains("Noise band"))
      #expect(text.contains("Noise band: the ratios that count as no change"), "\(text)")
    }
  }
}
