import Foundation
import Generators
import Testing

@testable import TypeCheckBenchCore

/// The verdicts of `bench fidelity`, on hand-built records whose answers are worked out by hand.
@Suite struct FidelityComparisonTests {
  static let miniatureToolchain = ReportTestRecords.toolchain
  static let sdkToolchain = ToolchainInfo(
    name: "sdk", swiftcPath: "/usr/bin/swiftc", versionText: "Apple Swift version 6.1", version: "6.1",
    extraFlags: ["-sdk", "/SDK", "-target", "arm64-apple-macos14.0"], assertionsEnabled: false)

  /// A record with one claim over nesting depth 1…`depths`: `miniature` and `sdk` give each depth's scopes and
  /// outcome (nil: not measured).
  static func record(
    depths: Int = 5, miniature: [(Double, Outcome)?], sdk: [(Double, Outcome)?]
  ) -> RunRecord {
    let miniatureCases = (1...depths).map { CaseSpec(family: .nesting, model: .perKind, depth: $0) }
    let sdkCases = (1...depths).map { CaseSpec(family: .nesting, model: .perKind, depth: $0, framework: .sdk) }
    var samples: [TypeCheckSample] = []
    for (cases, points, toolchain) in [
      (miniatureCases, miniature, miniatureToolchain.name), (sdkCases, sdk, sdkToolchain.name),
    ] {
      for (spec, point) in zip(cases, points) {
        guard let (scopes, outcome) = point else { continue }
        samples += ReportTestRecords.samples(
          spec, toolchain: toolchain, milliseconds: scopes / 100, scopes: scopes, outcome: outcome, runs: 1)
      }
    }
    let claim = FidelityClaim(
      name: "nesting-group", title: "Group in Group", miniatureArguments: "--depth 1...\(depths) --model per-kind",
      sdkArguments: "--depth 1...\(depths) --framework sdk", miniatureCases: miniatureCases.map(\.id),
      sdkCases: sdkCases.map(\.id))
    return RunRecord(
      runID: "fidelity", provenance: ReportTestRecords.provenance, toolchains: [miniatureToolchain, sdkToolchain],
      cases: miniatureCases + sdkCases, samples: samples, fidelityClaims: [claim])
  }

  /// 112 · 13^(n-1): the miniature's per-kind Group nesting.
  static let thirteenfold: [(Double, Outcome)?] =
    (0..<4).map { (112 * pow(13, Double($0)), .ok) } + [
      (1_048_579, .tooComplex)
    ]

  @Test func theSameExponentialAndTheSameLimitAgree() throws {
    // The SDK: 150 · 12^(n-1), giving up at depth 5 too. Bases 13 and 12 are within 1.5× of each other.
    let sdk: [(Double, Outcome)?] = (0..<4).map { (150 * pow(12, Double($0)), .ok) } + [(1_048_580, .tooComplex)]
    let comparison = try #require(
      FidelityComparison.comparisons(of: Self.record(miniature: Self.thirteenfold, sdk: sdk)).first)
    #expect(comparison.growth.agreement == .same, "\(comparison.growth.reason)")
    #expect(comparison.growth.reason.hasPrefix("both exponential (miniature exponential 13^n"))
    #expect(comparison.censoring.agreement == .same)
    #expect(comparison.censoring.reason == "miniature depth 5 (too-complex), SDK depth 5 (too-complex)")
    #expect(comparison.agreement == .same)
    #expect(comparison.axis == "depth" && comparison.rows.map(\.axisValue) == [1, 2, 3, 4, 5])
  }

  @Test func aBaseThreeTimesSmallerDiffers() throws {
    // The SDK multiplies by 3 a level and never gives up: 13 / 3 = 4.33 > 1.5.
    let sdk: [(Double, Outcome)?] = (0..<5).map { (100 * pow(3, Double($0)), .ok) }
    let comparison = try #require(
      FidelityComparison.comparisons(of: Self.record(miniature: Self.thirteenfold, sdk: sdk)).first)
    #expect(comparison.growth.agreement == .differs)
    #expect(
      comparison.growth.reason.hasPrefix("both exponential, but the bases are 4.3× apart"),
      "\(comparison.growth.reason)")
    #expect(comparison.censoring.agreement == .differs)
    #expect(comparison.censoring.reason == "miniature depth 5 (too-complex), SDK none up to depth 5")
    #expect(comparison.agreement == .differs)
  }

  @Test func linearAgainstExponentialDiffers() throws {
    let linear: [(Double, Outcome)?] = (1...5).map { (25 + 13 * Double($0 - 1), .ok) }
    let comparison = try #require(
      FidelityComparison.comparisons(of: Self.record(miniature: linear, sdk: Self.thirteenfold)).first)
    #expect(comparison.growth.agreement == .differs)
    #expect(comparison.growth.reason.hasPrefix("miniature linear (r²"), "\(comparison.growth.reason)")
    #expect(comparison.censoring.reason == "miniature none up to depth 5, SDK depth 5 (too-complex)")
  }

  @Test func tooFewPointsOrAFailedCompileAreUndecided() throws {
    // Both give up at depth 3: two uncensored points each are too few for a fit (GrowthFit needs 3).
    let early: [(Double, Outcome)?] = [(100, .ok), (1_300, .ok), (1_048_579, .tooComplex), nil, nil]
    var comparison = try #require(FidelityComparison.comparisons(of: Self.record(miniature: early, sdk: early)).first)
    #expect(comparison.growth.agreement == .undecided)
    #expect(comparison.censoring.agreement == .same)
    #expect(comparison.agreement == .undecided)
    // The SDK case does not compile (a spelling the SDK lacks): its first censored point is unknown.
    let failed: [(Double, Outcome)?] = [(100, .ok), (200, .error), nil, nil, nil]
    comparison = try #require(
      FidelityComparison.comparisons(of: Self.record(miniature: Self.thirteenfold, sdk: failed)).first)
    #expect(comparison.censoring.agreement == .undecided)
    #expect(comparison.censoring.reason == "the SDK's compile at depth 2 failed (error)")
    // An unfinished run: the SDK has depths 1 and 2 only.
    let unfinished: [(Double, Outcome)?] = [(100, .ok), (200, .ok), nil, nil, nil]
    comparison = try #require(
      FidelityComparison.comparisons(of: Self.record(miniature: Self.thirteenfold, sdk: unfinished)).first)
    #expect(comparison.censoring.reason == "the SDK has no point at depth 3 (an unfinished run)")
    #expect(comparison.agreement == .undecided)
  }

  @Test func theTableShowsBothSidesAndBoundedRatios() throws {
    let sdk: [(Double, Outcome)?] = [(224, .ok), (2_764, .ok), (35_688, .ok), (1_048_579, .tooComplex), nil]
    let report = FidelityReport(Self.record(miniature: Self.thirteenfold, sdk: sdk))
    let rows = report.table(report.comparisons[0]).rows
    // 224 / 112 = 2; at depth 4 the SDK gave up above the miniature's 246,064: a lower bound, 1,048,579 / 246,064.
    // Times are scopes / 100, less the helper's 3 % jitter of a first run: 1.12 · 0.97 = 1.09, 2.24 · 0.97 = 2.17.
    #expect(rows[0] == ["1", "112", "224", "2×", "1.09", "2.17"])
    #expect(rows[3][1...3] == ["246,064", "≥ 1,048,579", "≥ 4.26×"])
    // Depth 5: the miniature gave up, the SDK was never compiled there (its series stopped at 4).
    #expect(rows[4][0...3] == ["5", "≥ 1,048,579", "–", "–"])
    #expect(rows[4][5] == "–")
    #expect(report.summaryLine == "1 claim: 0 the same on the SDK, 1 different, 0 undecided.")
    #expect(report.markdown.contains("| nesting-group | the SDK differs | same | differs |"))
    #expect(report.text.contains("  verdict: the SDK differs\n"))
  }

  /// Each side is named by what it compiles against: an SDK (`-sdk`) or a `bench sdk import` set (`-I DIR/modules`)
  /// is the SDK side, never a second "Miniature".
  @Test func theSidesLineNamesAnImportedSetTheSDK() {
    var record = Self.record(miniature: Self.thirteenfold, sdk: Self.thirteenfold)
    #expect(FidelityReport(record).sidesLine.hasPrefix("Miniature: "))
    #expect(FidelityReport(record).sidesLine.contains("; SDK: /usr/bin/swiftc -sdk /SDK"))
    record.toolchains[1].extraFlags = ["-I", "/home/me/.cache/typecheckbench/sdk/ios27.0/modules"]
    #expect(FidelityReport(record).sidesLine.contains("; SDK: /usr/bin/swiftc -I /home/me/"))
  }

  @Test func theRendererWritesFidelityMarkdownOnlyForFidelityRuns() throws {
    let record = Self.record(miniature: Self.thirteenfold, sdk: Self.thirteenfold)
    let files = try ReportRenderer.render(record).files
    #expect(files["fidelity.md"] == FidelityReport(record).markdown)
    #expect(try ReportRenderer.render(ReportTestRecords.sweep).files["fidelity.md"] == nil)
    #expect(try ReportRenderer.render(record, formats: [.csv]).files["fidelity.md"] == nil)
    // The claims survive run.json.
    let decoded = try RecordValidation.decodeRecord(try ReportRenderer.runJSON(record).data(using: .utf8)!)
    #expect(decoded.fidelityClaims == record.fidelityClaims)
  }

  @Test func eachSideIsCompiledByItsOwnToolchain() {
    let record = Self.record(miniature: Self.thirteenfold, sdk: Self.thirteenfold)
    #expect(record.mixesFrameworkSources)
    for spec in record.cases {
      #expect(record.measures(spec, with: Self.sdkToolchain) == (spec.framework == .sdk))
      #expect(record.measures(spec, with: Self.miniatureToolchain) == (spec.framework == .miniature))
    }
    // Any other run: every toolchain compiles every case.
    let plain = ReportTestRecords.sweep
    #expect(!plain.mixesFrameworkSources)
    #expect(plain.cases.allSatisfy { plain.measures($0, with: Self.sdkToolchain) })
  }

  @Test func aClaimNamingAnUnknownCaseIsBadData() throws {
    var record = Self.record(miniature: Self.thirteenfold, sdk: Self.thirteenfold)
    record.fidelityClaims?[0].sdkCases.append("nesting-nowhere")
    #expect(throws: RecordValidation.Problem.self) {
      try RecordValidation.decodeRecord(try ReportRenderer.runJSON(record).data(using: .utf8)!)
    }
  }
}
