import Foundation
import Generators
import Testing

@testable import TypeCheckBenchCore

/// How reports name the miniature surfaces a run measured.
@Suite struct SurfaceReportTests {
  /// Both models at depths 1…3 on the given surfaces (per-kind first of each pair), per-kind 10× slower.
  static func record(surfaces: [(BuilderSurface, BuilderSurface)]) -> RunRecord {
    var cases: [CaseSpec] = []
    var samples: [TypeCheckSample] = []
    for (perKind, unified) in surfaces {
      for (model, surface, ms) in [(BuilderModel.perKind, perKind, 20.0), (.unified, unified, 2)] {
        for depth in 1...3 {
          var spec = CaseSpec(family: .nesting, model: model, depth: depth)
          spec.surface = surface
          cases.append(spec)
          samples += ReportTestRecords.samples(spec, milliseconds: ms * Double(depth), scopes: 30)
        }
      }
    }
    return RunRecord(
      runID: "r", provenance: ReportTestRecords.provenance, toolchains: [ReportTestRecords.toolchain], cases: cases,
      samples: samples)
  }

  @Test func aRunOnBothGenerationsNamesEachComparisonsSurfaces() throws {
    let report = RunReport(Self.record(surfaces: [(.ios18, .idealised), (.ios26, .ios27)]))
    let comparisons = try #require(report.comparisons[.nesting])
    #expect(comparisons.count == 2)
    #expect(comparisons[0].title.hasSuffix("surface iOS 18.0 / idealised"), "\(comparisons[0].title)")
    #expect(comparisons[1].title.hasSuffix("surface iOS 26.2 / iOS 27.0"), "\(comparisons[1].title)")
    // Each series names its model's own surface; the kind count (11 on the legacy surface, 9 on the SDK's) too.
    let labels = comparisons.flatMap { comparison in comparison.series.map { report.label(of: $0, in: comparison) } }
    #expect(
      Set(labels) == [
        "per-kind iOS 18.0, K=11", "unified idealised, K=11", "per-kind iOS 26.2, K=9",
        "unified iOS 27.0, K=9",
      ])
    #expect(report.headline.allSatisfy { $0.contains(" miniatures, ") }, "\(report.headline)")
  }

  @Test func aRunOnTheSDKSurfacesAloneNamesThemInItsTitle() throws {
    let report = RunReport(Self.record(surfaces: [(.ios26, .ios27)]))
    let comparison = try #require(report.comparisons[.nesting]?.first)
    #expect(comparison.title.hasSuffix("surface iOS 26.2 / iOS 27.0"), "\(comparison.title)")
    #expect(comparison.distinction.isEmpty)
  }

  /// A run measured before surfaces existed names no surface in its headings; its headline names Xcode's designs and
  /// says the figures are the miniature's.
  @Test func aLegacyRunDoesNotNameItsSurface() throws {
    let report = RunReport(Self.record(surfaces: [(.ios18, .idealised)]))
    let comparison = try #require(report.comparisons[.nesting]?.first)
    #expect(!comparison.title.contains("surface"), "\(comparison.title)")
    #expect(!report.headline.joined().contains("surface"), "\(report.headline)")
    #expect(report.headline.allSatisfy { $0.hasPrefix("In bench's miniature of Xcode 26/27, ") }, "\(report.headline)")
  }
}
