import Foundation
import Generators
import Testing

@testable import TypeCheckBenchCore

@Suite struct CompareTests {
  typealias R = CompareTestRecords

  @Test func identicalSamplesAreUnchangedWithExitZero() throws {
    let record = R.record()
    let comparison = try Comparison(base: record, new: record)
    #expect(comparison.points.count == R.sweep.count)
    #expect(comparison.points.allSatisfy { $0.verdict == .unchanged && $0.time?.ratio == 1 })
    #expect(comparison.exitStatus == 0)
    #expect(comparison.summaryLine == "0 slower, 0 faster, 44 unchanged (threshold 5%)")
  }

  @Test func noiseWithinTheThresholdIsUnchanged() throws {
    // Different toolchain names draw different ±2% noise; the records hold one toolchain each, so they still match.
    let base = R.record(runID: "base", toolchains: [R.toolchain("6.2", version: "6.2")])
    let new = R.record(runID: "new", toolchains: [R.toolchain("6.3", version: "6.3.1")])
    let comparison = try Comparison(base: base, new: new)
    #expect(comparison.points.count == R.sweep.count)
    #expect(comparison.count(.unchanged) == R.sweep.count)
    #expect(comparison.points.allSatisfy { $0.time!.lower <= $0.time!.ratio && $0.time!.ratio <= $0.time!.upper })
  }

  @Test func twiceAsSlowIsSlowerWithExitTwo() throws {
    let base = R.record(runID: "base")
    let new = R.record(runID: "new", timeFactor: { _, _ in 2 })
    let comparison = try Comparison(base: base, new: new)
    #expect(comparison.points.allSatisfy { $0.verdict == .slower && $0.timeVerdict == .slower })
    #expect(comparison.points.allSatisfy { $0.scopesVerdict == .unchanged })
    #expect(comparison.exitStatus == 2)
    #expect(comparison.points.allSatisfy { $0.time!.lower > 1.9 && $0.time!.upper < 2.1 })
  }

  @Test func fasterOnlyExitsFour() throws {
    let base = R.record(runID: "base")
    let new = R.record(
      runID: "new", timeFactor: { spec, _ in spec.family == .branches ? 0.5 : 1 })
    let comparison = try Comparison(base: base, new: new)
    #expect(comparison.count(.faster) == 12)
    #expect(comparison.count(.slower) == 0)
    #expect(comparison.exitStatus == 4)
  }

  @Test func scopesAreExactAndDecideAlone() throws {
    let base = R.record(runID: "base")
    let new = R.record(
      runID: "new",
      scopesFactor: { spec, _ in spec.axisValue == 2 ? 1.5 : (spec.axisValue == 3 ? 1.03 : 1) })
    let comparison = try Comparison(base: base, new: new)
    for point in comparison.points {
      let spec = R.sweep.first { $0.id == point.caseID }!
      #expect(point.timeVerdict == .unchanged)
      #expect(point.verdict == (spec.axisValue == 2 ? .slower : .unchanged), "\(point.caseID)")
    }
    #expect(comparison.exitStatus == 2)
  }

  @Test func slowerWinsOverFaster() throws {
    let base = R.record(runID: "base")
    let new = R.record(runID: "new", timeFactor: { _, _ in 0.5 }, scopesFactor: { _, _ in 2 })
    let comparison = try Comparison(base: base, new: new)
    #expect(comparison.points.allSatisfy { $0.timeVerdict == .faster && $0.scopesVerdict == .slower })
    #expect(comparison.points.allSatisfy { $0.verdict == .slower && $0.decidingMeasures == ["scopes"] })
  }

  @Test func censoredTransitions() throws {
    let cases = Array(R.sweep.prefix(5))
    let baseOutcomes: [Outcome] = [.ok, .tooComplex, .tooComplex, .timeout, .ok]
    let newOutcomes: [Outcome] = [.tooComplex, .ok, .tooComplex, .tooComplex, .crash]
    let index = { (spec: CaseSpec) in cases.firstIndex(of: spec)! }
    let base = R.record(runID: "base", cases: cases, outcome: { spec, _ in baseOutcomes[index(spec)] })
    let new = R.record(runID: "new", cases: cases, outcome: { spec, _ in newOutcomes[index(spec)] })
    let comparison = try Comparison(base: base, new: new)
    #expect(comparison.points.map(\.verdict) == [.slower, .faster, .unchanged, .unchanged, .slower])
    #expect(comparison.points[0].note == "NEW hits the limit: too-complex")
    #expect(comparison.points[4].note == "NEW failed: crash")
    #expect(comparison.exitStatus == 2)
    #expect(Comparison.milliseconds(comparison.points[0].new).hasPrefix(">= 9.9"))
    #expect(Comparison.milliseconds(comparison.points[0].new).hasSuffix(" (too-complex)"))
    #expect(Comparison.milliseconds(comparison.points[4].new) == "crash")
  }

  @Test func intervalsAreDeterministicAndIndependentOfOtherPoints() throws {
    let base = R.record(runID: "base", toolchains: [R.toolchain("a")])
    let new = R.record(runID: "new", toolchains: [R.toolchain("b")], timeFactor: { _, _ in 1.04 })
    let first = try Comparison(base: base, new: new)
    let second = try Comparison(base: base, new: new)
    #expect(first == second)
    #expect(first.json == second.json)
    #expect(first.markdown == second.markdown)
    // Comparing a subset of cases gives each remaining point the same interval.
    let subset = Array(R.sweep.suffix(3))
    let small = try Comparison(
      base: R.record(runID: "base", toolchains: [R.toolchain("a")], cases: subset),
      new: R.record(runID: "new", toolchains: [R.toolchain("b")], cases: subset, timeFactor: { _, _ in 1.04 }))
    #expect(small.points == Array(first.points.suffix(3)))
  }

  @Test func singleRunsGiveZeroWidthIntervals() {
    let interval = RatioInterval.bootstrap(base: [10], new: [12], seed: 1)
    #expect(interval == RatioInterval(ratio: 1.2, lower: 1.2, upper: 1.2))
    #expect(RatioInterval.bootstrap(base: [], new: [1], seed: 1) == nil)
    #expect(RatioInterval.bootstrap(base: [0, 0], new: [1], seed: 1) == nil)
  }

  @Test func comparesTwoToolchainsOfOneRecord() throws {
    let record = R.record(
      toolchains: [R.toolchain("a"), R.toolchain("b", flags: ["-Xfrontend", "-solver-disable-splitter"])],
      timeFactor: { _, name in name == "b" ? 3 : 1 })
    let comparison = try Comparison(record: record, baseToolchain: "a", newToolchain: "b")
    #expect(comparison.count(.slower) == R.sweep.count)
    #expect(comparison.new.label.contains("flags `-Xfrontend -solver-disable-splitter`"))
    let reversed = try Comparison(record: record, baseToolchain: "b", newToolchain: "a")
    #expect(reversed.exitStatus == 4)
  }

  @Test func ambiguousOrUnknownToolchainsAreUsageErrors() {
    let record = R.record(toolchains: [R.toolchain("a"), R.toolchain("b")])
    let ambiguous = #expect(throws: CompareError.self) { try Comparison(base: record, new: record) }
    #expect(ambiguous?.description == "BASE run run holds 2 toolchains (a, b): name the one to compare")
    let unknown = #expect(throws: CompareError.self) {
      try Comparison(record: record, baseToolchain: "a", newToolchain: "c")
    }
    #expect(unknown == .usage("NEW run run has no toolchain 'c' (it has a, b)"))
  }

  @Test func pairsToolchainsByNameWhenRecordsHoldSeveral() throws {
    let single = R.record(toolchains: [R.toolchain("x")])
    let other = R.record(toolchains: [R.toolchain("y")])
    #expect(Comparison.toolchainPairs(base: single, new: other).map { "\($0.base)>\($0.new)" } == ["x>y"])
    let base = R.record(runID: "base", toolchains: [R.toolchain("a"), R.toolchain("b"), R.toolchain("c")])
    let new = R.record(
      runID: "new", toolchains: [R.toolchain("c"), R.toolchain("a")], timeFactor: { _, name in name == "c" ? 2 : 1 })
    let pairs = Comparison.toolchainPairs(base: base, new: new)
    #expect(pairs.map { "\($0.base)>\($0.new)" } == ["a>a", "c>c"])
    let comparisons = try pairs.map {
      try Comparison(base: base, new: new, baseToolchain: $0.base, newToolchain: $0.new)
    }
    #expect(comparisons.map(\.exitStatus) == [0, 2])
    #expect(Comparison.exitStatus(of: comparisons) == 2)
    #expect(Comparison.exitStatus(of: []) == 0)
  }

  @Test func unmatchedPointsAreListedAndDoNotGate() throws {
    let base = R.record(runID: "base", cases: Array(R.sweep.prefix(10)))
    let new = R.record(runID: "new", cases: Array(R.sweep[2..<12]))
    let comparison = try Comparison(base: base, new: new)
    #expect(comparison.points.count == 8)
    #expect(comparison.onlyInBase == R.sweep.prefix(2).map(\.id))
    #expect(comparison.onlyInNew == R.sweep[10..<12].map(\.id))
    #expect(comparison.exitStatus == 0)
    #expect(comparison.summaryLine == "0 slower, 0 faster, 8 unchanged (threshold 5%); 2 only in BASE, 2 only in NEW")
    #expect(comparison.markdown.contains("Only in BASE (2): `\(R.sweep[0].id)`, `\(R.sweep[1].id)`"))
  }

  @Test func markdownStartsWithTheSummaryAndListsRegressionsFirst() throws {
    let base = R.record(runID: "base")
    let new = R.record(
      runID: "new",
      timeFactor: { spec, _ in spec.family == .branches ? 2 : (spec.axisValue == 1 ? 0.5 : 1) })
    let comparison = try Comparison(base: base, new: new, threshold: 0.1)
    let lines = comparison.markdown.split(separator: "\n", omittingEmptySubsequences: false)
    #expect(lines[0] == "12 slower, 4 faster, 28 unchanged (threshold 10%)")
    let rows = lines.filter { $0.hasPrefix("| `") }
    #expect(rows.count == 44)
    #expect(rows.prefix(12).allSatisfy { $0.hasSuffix("| **slower** (time) |") })
    #expect(rows[12..<16].allSatisfy { $0.hasSuffix("| **faster** (time) |") })
    #expect(rows.suffix(28).allSatisfy { $0.hasSuffix("| no significant change |") })
    #expect(rows[0].hasPrefix("| `\(R.sweep[32].id)` | 9.935 | 19.87 | 2.00x ["))
    #expect(comparison.text.split(separator: "\n").first == "12 slower, 4 faster, 28 unchanged (threshold 10%)")
    #expect(!comparison.text.split(separator: "\n").contains { $0.hasSuffix(" ") })
  }

  @Test func jsonCarriesTheSummaryAndExitStatus() throws {
    let comparison = try Comparison(
      base: R.record(runID: "base"), new: R.record(runID: "new", timeFactor: { _, _ in 2 }))
    let object = try JSONSerialization.jsonObject(with: Data(comparison.json.utf8)) as! [String: Any]
    #expect(object["exitStatus"] as? Int == 2)
    #expect(object["slower"] as? Int == 44)
    #expect((object["comparison"] as? [String: Any])?["points"] is [Any])
  }

  @Test func thresholdsParse() throws {
    #expect(try Comparison.parseThreshold("5%") == 0.05)
    #expect(try Comparison.parseThreshold("0.1") == 0.1)
    #expect(try Comparison.parseThreshold("2.5%") == 0.025)
    for bad in ["x", "0%", "150%", "-5%", "5", ""] {
      #expect(throws: CompareError.self, "\(bad)") { try Comparison.parseThreshold(bad) }
    }
  }
}
