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
    #expect(comparison.exitStatus == .success)
    #expect(
      comparison.summaryLine == "0 slower, 0 faster, 44 no change, 0 undecided (gate: time and scopes, threshold 5%)")
    #expect(comparison.warnings.isEmpty)
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
    #expect(comparison.exitStatus == .regression)
    #expect(comparison.points.allSatisfy { $0.time!.lower > 1.9 && $0.time!.upper < 2.1 })
  }

  @Test func fasterOnlyExitsFour() throws {
    let base = R.record(runID: "base")
    let new = R.record(
      runID: "new", timeFactor: { spec, _ in spec.family == .branches ? 0.5 : 1 })
    let comparison = try Comparison(base: base, new: new)
    #expect(comparison.count(.faster) == 12)
    #expect(comparison.count(.slower) == 0)
    #expect(comparison.exitStatus == .improvementsOnly)
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
    #expect(comparison.exitStatus == .regression)
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
    #expect(comparison.exitStatus == .regression)
    #expect(Comparison.median(comparison.points[0].new, .time).hasPrefix(">= 9.9"))
    #expect(Comparison.median(comparison.points[0].new, .time).hasSuffix(" (too-complex)"))
    #expect(Comparison.median(comparison.points[4].new, .time) == "crash")
    // Each change of outcome in one sentence that names the side that solved it and what the other did.
    let sentences = comparison.outcomeSentences
    #expect(sentences.count == 3, "\(sentences)")
    #expect(
      sentences.contains {
        $0.hasPrefix("\(cases[0].id) solves in ") && $0.contains("), where NEW (") && $0.contains(") gives up (≥ ")
      })
    #expect(
      sentences.contains {
        $0.hasPrefix("\(cases[1].id) solves in ") && $0.contains(" with NEW (") && $0.contains("), where BASE (")
      })
    #expect(sentences.contains { $0.hasPrefix("\(cases[4].id) ") && $0.hasSuffix(") crashes") })
    #expect(comparison.text.contains("\nOutcome: \(sentences[0]).\n"))
    let timedOut = MeasuredPoint(caseID: "x", toolchain: "a", outcome: .timeout, milliseconds: [60_000], scopes: nil)
    #expect(Comparison.unsolvedClause(timedOut) == "runs past the 60 s timeout")
    let rejected = MeasuredPoint(
      caseID: "x", toolchain: "a", outcome: .error, detail: "x.swift:5:3: error: ambiguous use of 'buildBlock'",
      milliseconds: [], scopes: nil)
    #expect(Comparison.unsolvedClause(rejected) == "does not compile it: “error: ambiguous use of 'buildBlock'”")
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

  /// One run a side gives a zero-width interval, which would call any difference a change; the rule refuses it.
  @Test func singleRunsAreTooFewSamplesForTime() throws {
    #expect(
      RatioInterval.bootstrap(base: [10], new: [12], seed: 1) == RatioInterval(ratio: 1.2, lower: 1.2, upper: 1.2))
    #expect(RatioInterval.bootstrap(base: [], new: [1], seed: 1) == nil)
    #expect(RatioInterval.bootstrap(base: [0, 0], new: [1], seed: 1) == nil)
    #expect(TimeChange(base: [10], new: [12], threshold: 0.05, seed: 1).decision == .tooFewSamples)
    #expect(
      TimeChange(base: [10, 10, 10, 10, 10], new: [12, 12, 12, 12], threshold: 0.05, seed: 1).decision == .tooFewSamples
    )

    // 1.3× slower with one run a side: no time verdict, exit 0, and the summary says why.
    let base = R.record(runID: "base", runs: 1)
    let new = R.record(runID: "new", runs: 1, timeFactor: { _, _ in 1.3 })
    let comparison = try Comparison(base: base, new: new)
    #expect(comparison.points.allSatisfy { $0.timeVerdict == .undecided && $0.verdict == .undecided })
    #expect(comparison.exitStatus == .success)
    #expect(
      comparison.summaryLine
        == "0 slower, 0 faster, 0 no change, 44 undecided (gate: time and scopes, threshold 5%); time needs 5 "
        + "samples a side (fewest here: 1), so 44 points were left undecided")
    #expect(Comparison.verdictReason(comparison.points[0]) == ": time too few samples (1 and 1 of 5)")
    // Five runs on one side only: still too few.
    let mixed = try Comparison(base: R.record(runID: "base"), new: new)
    #expect(mixed.points.allSatisfy { $0.timeChange.decision == .tooFewSamples } && mixed.exitStatus == .success)

    // Scope changes still decide with one run.
    let scopes = try Comparison(
      base: base, new: R.record(runID: "new", runs: 1, scopesFactor: { spec, _ in spec.axisValue == 2 ? 1.5 : 1 }))
    #expect(scopes.exitStatus == .regression)
    #expect(scopes.regressions.count == 6)
    #expect(scopes.regressions.allSatisfy { $0.decidingMeasures == ["scopes"] && $0.timeVerdict == .undecided })
    #expect(
      Comparison.verdictReason(scopes.regressions[0]) == " (scopes); time too few samples (1 and 1 of 5) (not gated)")
    // Too few samples for time, scopes equal: `--metric scopes` decides "no change".
    let scopesOnly = try Comparison(base: base, new: new, metric: .scopes)
    #expect(scopesOnly.count(.unchanged) == 44 && scopesOnly.exitStatus == .success)
  }

  /// A difference beyond the threshold but within the spread either run shows is noise, not a change.
  @Test func timeChangeMustClearTheNoiseBothRunsShow() throws {
    // Samples at 0.8, 0.9, 1, 1.1 and 1.2 of each case's time (range 40% of the median): a 15% shift is inside it.
    let base = R.record(runID: "base")
    let wide = RunRecord(
      runID: "base", provenance: base.provenance, toolchains: base.toolchains, cases: base.cases,
      samples: base.samples.map { sample in
        var copy = sample
        copy.caseMilliseconds = sample.caseMilliseconds! * [0.8, 0.9, 1, 1.1, 1.2][sample.iteration]
        return copy
      })
    var shifted = wide
    shifted.runID = "new"
    shifted.samples = wide.samples.map { sample in
      var copy = sample
      copy.caseMilliseconds = sample.caseMilliseconds! * 1.15
      return copy
    }
    let comparison = try Comparison(base: wide, new: shifted)
    #expect(comparison.points.allSatisfy { $0.timeChange.upperBound > 1.35 })
    #expect(comparison.points.allSatisfy { $0.verdict == .unchanged }, "\(comparison.text)")
    #expect(comparison.exitStatus == .success)
    // A shift well beyond the spread is still a change.
    var doubled = wide
    doubled.samples = wide.samples.map { sample in
      var copy = sample
      copy.caseMilliseconds = sample.caseMilliseconds! * 2.5
      return copy
    }
    let slower = try Comparison(base: wide, new: doubled)
    #expect(slower.count(.slower) == 44 && slower.exitStatus == .regression)

    // One slow sample among nine leaves the interval tight (it is rarely drawn into the median) and beyond the
    // threshold, but the run showed 30% of noise, so a 15% difference is not called a change.
    let outlier = TimeChange(
      base: Array(repeating: 10, count: 8) + [13], new: Array(repeating: 11.5, count: 9), threshold: 0.05, seed: 3)
    #expect(outlier.interval!.lower > 1.05)
    #expect(outlier.decision == .unchanged)
    #expect(
      TimeChange(base: Array(repeating: 10, count: 9), new: Array(repeating: 11.5, count: 9), threshold: 0.05, seed: 3)
        .decision == .slower)

    // The band itself: threshold 5%, spreads 0.1 and 0.3, so [1 / 1.3, 1.3].
    let change = TimeChange(
      base: [9.5, 10, 10, 10.5, 10], new: [10, 12.5, 10, 9.5, 11], threshold: 0.05, seed: 7)
    #expect(abs(change.baseSpread! - 0.1) < 1e-12)
    #expect(abs(change.newSpread! - 0.3) < 1e-12)
    #expect(abs(change.upperBound - 1.3) < 1e-12)
    #expect(abs(change.lowerBound - 1 / 1.3) < 1e-12)
    #expect(
      TimeChange(base: [10, 10, 10, 10, 10], new: [10, 10, 10, 10, 10], threshold: 0.05, seed: 7).lowerBound == 0.95)
  }

  @Test func metricPicksWhatGates() throws {
    let base = R.record(runID: "base")
    let new = R.record(
      runID: "new", timeFactor: { spec, _ in spec.family == .branches ? 2 : 1 },
      scopesFactor: { spec, _ in spec.family == .nesting && spec.axisValue == 1 ? 0.5 : 1 })
    let both = try Comparison(base: base, new: new)
    #expect(both.count(.slower) == 12 && both.count(.faster) == 4 && both.exitStatus == .regression)
    let scopes = try Comparison(base: base, new: new, metric: .scopes)
    #expect(scopes.count(.slower) == 0 && scopes.count(.faster) == 4 && scopes.exitStatus == .improvementsOnly)
    let slowInTime = try #require(scopes.points.first { $0.caseID.hasPrefix("branches") })
    #expect(slowInTime.verdict == .unchanged && slowInTime.timeVerdict == .slower)
    #expect(Comparison.verdictReason(slowInTime) == "; time slower (not gated)")
    let time = try Comparison(base: base, new: new, metric: .time)
    #expect(time.count(.slower) == 12 && time.count(.faster) == 0 && time.exitStatus == .regression)
    #expect(time.summaryLine.hasPrefix("12 slower, 0 faster, 32 no change, 0 undecided (gate: time, threshold 5%)"))
    #expect(time.regressions.allSatisfy { $0.decidingMeasures == ["time"] })
  }

  @Test func mismatchesAreWarnedOneLineEach() throws {
    var other = R.provenance()
    other.cpuModel = "Other CPU"
    other.coreCount = 4
    other.operatingSystem = "macOS 15"
    other.gitRevision = "def456"
    let base = R.record(runID: "base")
    let new = R.record(
      runID: "new", toolchains: [R.toolchain("default", flags: ["-Xfrontend", "-solver-disable-splitter"])],
      provenance: other, timeFactor: { _, _ in 2 })
    let comparison = try Comparison(base: base, new: new)
    #expect(
      comparison.warnings == [
        "host CPUs differ (BASE Test CPU, NEW Other CPU)",
        "core counts differ (BASE 2, NEW 4)",
        "operating systems differ (BASE Linux, NEW macOS 15)",
        "time verdicts compare different hosts: shown, but only scopes gate (--metric time gates on time)",
        "compiler flags differ (BASE none, NEW `-Xfrontend -solver-disable-splitter`)",
        "bench revisions differ (BASE 0.1.0 abc123, NEW 0.1.0 def456): the generated case sources may differ",
      ])
    // Across hosts, time is shown but does not gate unless asked for alone.
    #expect(comparison.differentHosts && comparison.exitStatus == .success)
    #expect(comparison.points.allSatisfy { $0.timeVerdict == .slower && !$0.timeGates })
    #expect(comparison.text.contains("Warning: host CPUs differ (BASE Test CPU, NEW Other CPU)"))
    let time = try Comparison(base: base, new: new, metric: .time)
    #expect(time.exitStatus == .regression)
    #expect(time.warnings.contains("time verdicts compare different hosts (gated because --metric time was asked for)"))
  }

  @Test func caseSourcesCompareByCacheKeyWhenTheCompilerIsTheSame() throws {
    func keyed(_ record: RunRecord, _ key: (String) -> String) -> RunRecord { R.keyed(record, key) }
    let base = keyed(R.record(runID: "base")) { "k-" + $0 }
    let same = keyed(R.record(runID: "new")) { "k-" + $0 }
    #expect(try Comparison(base: base, new: same).warnings.isEmpty)
    let changed = keyed(R.record(runID: "new")) { $0 == R.sweep[3].id ? "other" : "k-" + $0 }
    #expect(
      try Comparison(base: base, new: changed).warnings == [
        "case sources differ for 1 of 44 matched cases (first \(R.sweep[3].id)): the two sides compiled different code"
      ])
    // A metered and a timed run of identical cases have different keys (the meter is part of the key): their
    // sources are not said to differ (they were).
    var metered = keyed(R.record(runID: "new")) { "m-" + $0 }
    metered.instructionMetering = InstructionMetering(source: .cachegrind, detail: "valgrind-3.19.0", baselines: [])
    #expect(try !Comparison(base: base, new: metered).warnings.contains { $0.contains("case sources differ") })
  }

  /// Two runs that compiled the same source with the same compiler files, flags and host (one cache key a point) can
  /// differ in time only by the machine's state: even a clear 1.5× shift is no change there, and said so, while the
  /// same shift with another source, another compiler build, or scopes that changed still decides.
  @Test func sameInputsAreNeverCalledDifferentOnTime() throws {
    func keyed(_ record: RunRecord, _ key: (String) -> String, fingerprint: String? = "swiftc:1@1") -> RunRecord {
      R.keyed(record, key, fingerprint: fingerprint)
    }
    let base = keyed(R.record(runID: "base")) { "k-" + $0 }
    let slowMachine = keyed(R.record(runID: "new", timeFactor: { _, _ in 1.5 })) { "k-" + $0 }
    let same = try Comparison(base: base, new: slowMachine)
    #expect(same.exitStatus == .success)
    #expect(same.points.allSatisfy { $0.verdict == .unchanged && $0.timeVerdict == .unchanged })
    #expect(same.points.allSatisfy { $0.time!.lower > 1.4 }, "the ratio is still shown")
    #expect(
      same.points.allSatisfy {
        $0.note == "same compiler, flags, source and host: the time difference is the machine's, not a change"
      })

    // The compiler rebuilt in place (same path and --version text, other files): a real comparison.
    let rebuilt = keyed(R.record(runID: "new", timeFactor: { _, _ in 1.5 }), { "k-" + $0 }, fingerprint: "swiftc:2@2")
    #expect(try Comparison(base: base, new: rebuilt).count(.slower) == R.sweep.count)
    // Another source for one case: that case decides on time.
    let changed = keyed(R.record(runID: "new", timeFactor: { _, _ in 1.5 })) { $0 == R.sweep[3].id ? "x" : "k-" + $0 }
    let one = try Comparison(base: base, new: changed)
    #expect(one.regressions.map(\.caseID) == [R.sweep[3].id])
    // Scopes stay exact under the same inputs.
    let scopes = keyed(R.record(runID: "new", scopesFactor: { spec, _ in spec.axisValue == 2 ? 1.5 : 1 })) {
      "k-" + $0
    }
    #expect(try Comparison(base: base, new: scopes).count(.slower) == R.sweep.filter { $0.axisValue == 2 }.count)
  }

  @Test func comparesTwoToolchainsOfOneRecord() throws {
    let record = R.record(
      toolchains: [R.toolchain("a"), R.toolchain("b", flags: ["-Xfrontend", "-solver-disable-splitter"])],
      timeFactor: { _, name in name == "b" ? 3 : 1 })
    let comparison = try Comparison(record: record, baseToolchain: "a", newToolchain: "b")
    #expect(comparison.count(.slower) == R.sweep.count)
    #expect(comparison.new.label.contains("flags `-Xfrontend -solver-disable-splitter`"))
    let reversed = try Comparison(record: record, baseToolchain: "b", newToolchain: "a")
    #expect(reversed.exitStatus == .improvementsOnly)
  }

  @Test func ambiguousOrUnknownToolchainsAreUsageErrors() {
    let record = R.record(toolchains: [R.toolchain("a"), R.toolchain("b")])
    #expect(throws: CompareError.usage("BASE run run holds 2 toolchains (a, b): name the one to compare")) {
      try Comparison(base: record, new: record)
    }
    #expect(throws: CompareError.usage("NEW run run has no toolchain 'c' (it has a, b)")) {
      try Comparison(record: record, baseToolchain: "a", newToolchain: "c")
    }
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
    #expect(comparisons.map(\.exitStatus) == [.success, .regression])
    #expect(Comparison.exitStatus(of: comparisons) == .regression)
    #expect(Comparison.exitStatus(of: []) == .success)
  }

  @Test func unmatchedPointsAreListedAndDoNotGate() throws {
    let base = R.record(runID: "base", cases: Array(R.sweep.prefix(10)))
    let new = R.record(runID: "new", cases: Array(R.sweep[2..<12]))
    let comparison = try Comparison(base: base, new: new)
    #expect(comparison.points.count == 8)
    #expect(comparison.onlyInBase == R.sweep.prefix(2).map(\.id))
    #expect(comparison.onlyInNew == R.sweep[10..<12].map(\.id))
    #expect(comparison.exitStatus == .success)
    #expect(
      comparison.summaryLine
        == "0 slower, 0 faster, 8 no change, 0 undecided (gate: time and scopes, threshold 5%); 2 only in BASE; "
        + "2 only in NEW")
    #expect(comparison.markdown.contains("Only in BASE (2): `\(R.sweep[0].id)`, `\(R.sweep[1].id)`"))
  }

  @Test func markdownStartsWithTheSummaryAndListsRegressionsFirst() throws {
    let base = R.record(runID: "base")
    let new = R.record(
      runID: "new",
      timeFactor: { spec, _ in spec.family == .branches ? 2 : (spec.axisValue == 1 ? 0.5 : 1) })
    let comparison = try Comparison(base: base, new: new, threshold: 0.1)
    let lines = comparison.markdown.split(separator: "\n", omittingEmptySubsequences: false)
    #expect(lines[0] == "12 slower, 4 faster, 28 no change, 0 undecided (gate: time and scopes, threshold 10%)")
    let rows = lines.filter { $0.hasPrefix("| `") }
    #expect(rows.count == 44)
    #expect(rows.prefix(12).allSatisfy { $0.hasSuffix("| **slower** (time) |") })
    #expect(rows[12..<16].allSatisfy { $0.hasSuffix("| **faster** (time) |") })
    #expect(rows.suffix(28).allSatisfy { $0.hasSuffix("| no change |") })
    #expect(rows[0].hasPrefix("| `\(R.sweep[32].id)` | 9.935 | 19.87 | 2.00x ["))
    #expect(
      comparison.text.split(separator: "\n").first
        == "12 slower, 4 faster, 28 no change, 0 undecided (gate: time and scopes, threshold 10%)")
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
