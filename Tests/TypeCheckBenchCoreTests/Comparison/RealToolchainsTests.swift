import Foundation
import Generators
import Testing

@testable import TypeCheckBenchCore

/// Three real compilers (Debian's 6.0.3 release and 6.2.3 assertions build, the host's 6.3.1 release) as bench names
/// them, compares them and words the change between them; version texts as each compiler printed them here.
@Suite struct RealToolchainsTests {
  typealias R = CompareTestRecords

  static let swift60 = ToolchainInfo(
    name: "swift-6.0", swiftcPath: "/cache/debian-6.0/bin/swiftc",
    versionText: "Swift version 6.0.3 (swift-6.0.3-RELEASE)\nTarget: x86_64-pc-linux-gnu", version: "6.0.3",
    extraFlags: [], assertionsEnabled: false, wrappedCompiler: "/cache/debian-6.0/root/usr/bin/swiftc")
  static let swift62 = ToolchainInfo(
    name: "swift-6.2", swiftcPath: "/cache/debian-6.2/bin/swiftc",
    versionText: "Swift version 6.2.3 (swift-6.2.3-RELEASE)\nTarget: x86_64-pc-linux-gnu\nBuild config: +assertions",
    version: "6.2.3", extraFlags: [], assertionsEnabled: true)
  static let swift63 = ToolchainInfo(
    name: "swift-6.3", swiftcPath: "/opt/swift/usr/bin/swiftc",
    versionText: "Swift version 6.3.1 (swift-6.3.1-RELEASE)\nTarget: x86_64-unknown-linux-gnu", version: "6.3.1",
    extraFlags: [], assertionsEnabled: false)

  static let nesting = R.sweep.filter { $0.family == .nesting && $0.preset == .swiftui }

  @Test func identityNamesVersionBuildAndTarget() {
    #expect(Self.swift60.identity == "Swift 6.0.3, release, x86_64-pc-linux-gnu")
    #expect(Self.swift62.identity == "Swift 6.2.3, assertions, x86_64-pc-linux-gnu")
    #expect(Self.swift63.identity == "Swift 6.3.1, release, x86_64-unknown-linux-gnu")
    #expect(
      Self.swift60.assignmentLabel
        == "swift-6.0 = /cache/debian-6.0/bin/swiftc (Swift 6.0.3, release, x86_64-pc-linux-gnu, runs "
        + "/cache/debian-6.0/root/usr/bin/swiftc)")
    // An older record's version text without a target line.
    #expect(R.toolchain("old", version: "5.10").identity == "Swift 5.10, release")
    #expect(!Self.swift62.timesComparable(with: Self.swift63))
    #expect(Self.swift60.timesComparable(with: Self.swift63))
  }

  @Test func compareRefusesMixedBuildsUnlessAllowedAndThenNeverSetsTimesAgainstEachOther() throws {
    // The assertions build is twice as slow and does the same solver work.
    let record = R.record(
      toolchains: [Self.swift62, Self.swift63], cases: Self.nesting,
      timeFactor: { _, name in name == "swift-6.2" ? 2 : 1 })
    do {
      _ = try Comparison(record: record, baseToolchain: "swift-6.2", newToolchain: "swift-6.3")
      Issue.record("compared an assertions build with a release build")
    } catch let error as CompareError {
      #expect(error.description.contains("--allow-mixed"))
    }
    #expect(throws: CompareError.self) {
      try Comparison(
        record: record, baseToolchain: "swift-6.2", newToolchain: "swift-6.3", metric: .time, allowMixedBuilds: true)
    }
    let comparison = try Comparison(
      record: record, baseToolchain: "swift-6.2", newToolchain: "swift-6.3", allowMixedBuilds: true)
    #expect(comparison.metric == .scopes)
    #expect(comparison.points.count == Self.nesting.count)
    for point in comparison.points {
      #expect(point.time == nil)
      #expect(!point.timeGates)
      #expect(point.verdict == .unchanged)
    }
    #expect(comparison.exitStatus == .success)
    #expect(comparison.warnings.contains { $0.contains("BASE is an assertions build") && $0.contains("never set") })
    #expect(comparison.base.label.hasPrefix("swift-6.2 (Swift 6.2.3, assertions, x86_64-pc-linux-gnu; run run"))
  }

  @Test func headlineLeadsWithTheLargestDecidedTimeChange() throws {
    // 6.3 gets faster with depth: 1 + depth/8 times faster, the same scopes.
    let record = R.record(
      toolchains: [Self.swift60, Self.swift63], cases: Self.nesting,
      timeFactor: { spec, name in name == "swift-6.3" ? 1 / (1 + Double(spec.axisValue) / 8) : 1 })
    let sentence = try #require(RunReport(record).headline.first)
    // The largest change is at depth 8, the one case of the per-kind series with the largest ratio; figures by hand
    // from the samples' medians.
    let spec = try #require(Self.nesting.last { $0.model == .perKind })
    func median(_ toolchain: String) -> Double {
      let values = record.samples.filter { $0.caseID == spec.id && $0.toolchain == toolchain }
        .compactMap(\.caseMilliseconds).sorted()
      return values[values.count / 2]
    }
    let (old, new) = (median("swift-6.0"), median("swift-6.3"))
    let unified = try #require(Self.nesting.last { $0.model == .unified })
    let unifiedRatio: Double = {
      func m(_ t: String) -> Double {
        let v = record.samples.filter { $0.caseID == unified.id && $0.toolchain == t }.compactMap(\.caseMilliseconds)
          .sorted()
        return v[v.count / 2]
      }
      return m("swift-6.0") / m("swift-6.3")
    }()
    let winner = old / new >= unifiedRatio ? spec : unified
    #expect(sentence.hasPrefix("Across toolchains, the largest change: "))
    #expect(sentence.contains("at nesting depth 8 type-checks "))
    #expect(sentence.contains("× faster with swift-6.3 (Swift 6.3.1) than with swift-6.0 (Swift 6.0.3)"))
    if winner == spec {
      #expect(sentence.contains("\(RunReport.ratio(old / new))×"))
      #expect(
        sentence.contains("(\(RunReport.milliseconds(new)) ms vs \(RunReport.milliseconds(old)) ms; scopes 800 vs 800)")
      )
    }
    // The designs' own sentence follows, naming its toolchain (and saying the figures are the miniature's).
    #expect(
      RunReport(record).headline.dropFirst().allSatisfy {
        $0.hasPrefix("In bench's miniature of Xcode 26/27, with swift-")
      })
  }

  @Test func headlineWithTooFewRunsSaysTimeCouldNotDecide() throws {
    let fewer = R.record(
      toolchains: [Self.swift60, Self.swift63], cases: Self.nesting, runs: 3,
      timeFactor: { _, name in name == "swift-6.3" ? 0.5 : 1 },
      scopesFactor: { spec, name in name == "swift-6.3" && spec.model == .unified ? 0.9 : 1 })
    let sentence = try #require(RunReport(fewer).headline.first)
    // Scopes decide exactly (10% fewer: 0.9 × 100 × depth); time, with 3 runs a side, does not.
    #expect(
      sentence.contains(
        "at nesting depth 1 needs 10% fewer constraint scopes (90 vs 100) with swift-6.3 (Swift 6.3.1) than with "
          + "swift-6.0"))
    #expect(sentence.contains("time undecided (3 runs a side, a verdict needs 5)"))
    let unchanged = R.record(
      toolchains: [Self.swift60, Self.swift63], cases: Self.nesting, runs: 3,
      timeFactor: { _, name in name == "swift-6.3" ? 0.5 : 1 })
    #expect(
      RunReport(unchanged).headline.first
        == "No change in scopes or time between swift-6.0 (Swift 6.0.3) and swift-6.3 (Swift 6.3.1) beyond 5% at any "
        + "point (time could "
        + "not decide (a verdict needs 5 runs a point)).")
  }

  @Test func anAssertionsBuildsTimesAreNeverDividedByAReleaseBuilds() throws {
    let record = R.record(
      toolchains: [Self.swift60, Self.swift62, Self.swift63], cases: Self.nesting,
      timeFactor: { _, name in name == "swift-6.2" ? 3 : 1 })
    let report = RunReport(record)
    let table = try #require(report.toolchainsTable(for: .nesting))
    let column = try #require(table.header.firstIndex(of: "swift-6.2 ÷ swift-6.0"))
    let releaseColumn = try #require(table.header.firstIndex(of: "swift-6.3 ÷ swift-6.0"))
    #expect(table.rows.allSatisfy { $0[column] == "–" })
    #expect(table.rows.allSatisfy { $0[releaseColumn] != "–" })
    #expect(report.toolchainsNote?.contains("swift-6.2 and swift-6.0 are builds of different configurations") == true)
    // Three times slower, the same scopes: nothing the headline may state about swift-6.2.
    let sentence = try #require(report.headline.first)
    #expect(!sentence.contains("swift-6.2 (Swift 6.2.3) than") && !sentence.contains("than with swift-6.2"))
  }

  @Test func headlineNamesAToolchainThatGivesUpWhereAnotherTypeChecks() throws {
    let record = R.record(
      toolchains: [Self.swift60, Self.swift63], cases: Self.nesting,
      outcome: { spec, name in
        name == "swift-6.0" && spec.model == .perKind && spec.axisValue >= 5 ? .tooComplex : .ok
      })
    let sentence = try #require(RunReport(record).headline.first)
    #expect(
      sentence.contains(
        "at nesting depth 5 fails with “unable to type-check this expression in reasonable time” with swift-6.0 "
          + "(Swift 6.0.3), where swift-6.3 (Swift 6.3.1) takes "))
  }

  @Test func meteredToolchainsCompareByInstructionsNeverByCachegrindTimes() throws {
    // Counted with cachegrind: 6.3 does 40% fewer instructions of its own, the same scopes, 1.4 times the time.
    var provenance = R.provenance(runs: 1)
    provenance.measurementVersion = 2
    var record = R.record(
      toolchains: [Self.swift60, Self.swift63], cases: Self.nesting, runs: 1, provenance: provenance,
      timeFactor: { _, name in name == "swift-6.3" ? 1.4 : 1 })
    let specs = CaseSpec.byID(Self.nesting)
    let baseline = 87_000_000.0
    record.samples = record.samples.flatMap { sample -> [TypeCheckSample] in
      var timed = sample
      timed.pass = .timed
      timed.stats = [:]
      let own = 1_000_000 * Double(specs[sample.caseID]!.depth) * (sample.toolchain == "swift-6.3" ? 0.6 : 1)
      timed.instructions = baseline + own
      timed.baselineInstructions = baseline
      var instrumented = sample
      instrumented.pass = .instrumented
      return [instrumented, timed]
    }
    record.instructionMetering = InstructionMetering(source: .cachegrind, detail: "valgrind-3.19.0")
    let report = RunReport(record)
    let table = try #require(report.toolchainsTable(for: .nesting))
    let time = try #require(table.header.firstIndex(of: "swift-6.3 ÷ swift-6.0"))
    let instructions = try #require(table.header.firstIndex(of: "swift-6.3 ÷ swift-6.0 instructions"))
    #expect(table.rows.allSatisfy { $0[time] == "–" && $0[instructions] == "0.60×" })
    #expect(report.toolchainsNote?.contains("taken under cachegrind, are shown but not divided") == true)
    // Every point shows the same 40%: the first of the ties in sweep order (per-kind, depth 1) is the sentence's.
    #expect(
      report.headline.first
        == "Across toolchains, the largest change: SwiftUI's per-kind builder design (Xcode 26) at nesting depth 1 "
        + "needs 40% "
        + "fewer instructions (600,000 vs 1,000,000) with swift-6.3 (Swift 6.3.1) than with swift-6.0 (Swift 6.0.3).")
  }
}
