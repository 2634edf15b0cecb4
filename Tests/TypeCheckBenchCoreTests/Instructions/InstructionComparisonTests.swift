import Foundation
import Generators
import Testing

@testable import TypeCheckBenchCore

/// Instruction counts as a metric: the comparison's verdicts and defaults, reports, gh-benchmark JSON and merging.
@Suite struct InstructionComparisonTests {
  static let cases = (1...3).map { CaseSpec(family: .nesting, model: .perKind, depth: $0) }

  /// A metered record as `bench run --meter instructions` writes it (measurement version 2): per point, one
  /// instrumented compile (the scopes; never counted) and `runs` timed compiles, each counted at
  /// `baseline + own(spec)` instructions with `source`. With `countedInstrumented`, the instrumented compiles carry a
  /// count too, 7% above the timed one (what -stats-output-dir costs), which no report may read.
  static func metered(
    runID: String = "run", source: InstructionSource = .cachegrind, cpu: String = "Test CPU",
    own: (CaseSpec) -> Double = { 1_000_000 * Double($0.depth) }, runs: Int = 1, countedInstrumented: Bool = false
  ) -> RunRecord {
    var provenance = CompareTestRecords.provenance(runs: runs)
    provenance.cpuModel = cpu
    provenance.measurementVersion = 2
    provenance.warmup = 0
    var record = CompareTestRecords.record(runID: runID, cases: cases, runs: runs, provenance: provenance)
    let baseline = 87_000_000.0
    let specs = CaseSpec.byID(cases)
    record.samples = record.samples.flatMap { sample -> [TypeCheckSample] in
      var timed = sample
      timed.pass = .timed
      timed.stats = [:]
      timed.instructions = baseline + own(specs[sample.caseID]!)
      timed.baselineInstructions = baseline
      guard sample.iteration == 0 else { return [timed] }
      var instrumented = sample
      instrumented.pass = .instrumented
      instrumented.caseMilliseconds = sample.caseMilliseconds.map { $0 * 1.4 }
      if countedInstrumented {
        instrumented.instructions = timed.instructions! * 1.07
        instrumented.baselineInstructions = baseline
      }
      return [instrumented, timed]
    }
    record.instructionMetering = InstructionMetering(
      source: source, detail: "valgrind-3.19.0",
      baselines: [InstructionBaseline(key: "k", label: "import M", toolchain: "default", instructions: baseline)])
    return record
  }

  @Test func aSmallChangeInTheCasesOwnInstructionsIsARegression() throws {
    let base = Self.metered()
    // +1% of the case's own work: about 0.01% of the file's total at depth 1.
    let new = Self.metered(runID: "new") { 1_010_000 * Double($0.depth) }
    let comparison = try Comparison(base: base, new: new, metric: .scopesAndInstructions)
    #expect(comparison.count(.slower) == 3)
    #expect(comparison.exitStatus == .regression)
    let depth1 = try #require(comparison.points.first)
    #expect(depth1.instructionsRatio == 1.01)
    #expect(depth1.decidingMeasures == ["instructions"])
    #expect(comparison.summaryLine.contains("gate: scopes and instructions, threshold 5%, instructions 0.5%"))
  }

  @Test func aPointWithoutTimeIsDecidedByTheGatedMeasuresAlone() throws {
    // NEW's timed compiles printed no case body (a counted compile never falls back to the stats timer).
    var new = Self.metered(runID: "new") { 1_010_000 * Double($0.depth) }
    new.samples = new.samples.map { sample in
      var sample = sample
      sample.caseMilliseconds = nil
      return sample
    }
    let gated = try Comparison(base: Self.metered(), new: new, metric: .instructions)
    #expect(gated.points.allSatisfy { $0.verdict == .slower && $0.note == nil })
    #expect(gated.text.contains("slower (instructions)"))
    // Where time gates, its absence is said.
    let timed = try Comparison(base: Self.metered(), new: new, metric: .time)
    #expect(timed.points.allSatisfy { $0.note == "no time measured" })
  }

  @Test func aChangeBelowTheInstructionThresholdIsNoChange() throws {
    let base = Self.metered()
    let new = Self.metered(runID: "new") { 1_000_000 * Double($0.depth) + 4_000 }  // 0.4% at depth 1
    let comparison = try Comparison(base: base, new: new, metric: .scopesAndInstructions)
    #expect(comparison.count(.unchanged) == 3)
    #expect(comparison.exitStatus == .success)
    // A tighter threshold calls it.
    let tight = try Comparison(base: base, new: new, metric: .instructions, instructionThreshold: 0.003)
    #expect(tight.count(.slower) == 1)
  }

  @Test func twoRunsOfOneCompilerAreTheSame() throws {
    let comparison = try Comparison(base: Self.metered(), new: Self.metered(runID: "again"), metric: .instructions)
    #expect(comparison.exitStatus == .success)
    #expect(comparison.points.allSatisfy { $0.instructionsRatio == 1 })
  }

  @Test func timeBetweenSeparateRunsIsShownButDoesNotGateAndCachegrindTimesAreSaidNotComparable() throws {
    // NEW is 3x slower in time only: with scopes and instructions gating, nothing changed.
    let base = Self.metered()
    var new = Self.metered(runID: "new")
    new.samples = new.samples.map { sample in
      var sample = sample
      sample.caseMilliseconds = sample.caseMilliseconds.map { $0 * 3 }
      return sample
    }
    let comparison = try Comparison(base: base, new: new, metric: .scopesAndInstructions)
    #expect(comparison.exitStatus == .success)
    #expect(
      comparison.warnings.contains(
        "time between two separate runs is shown but does not gate (--metric time gates on it)"))
    #expect(comparison.warnings.contains { $0.hasPrefix("time was measured under cachegrind (BASE and NEW)") })
    #expect(comparison.text.contains("Instructions ratio"))
    #expect(comparison.markdown.contains("| Instructions ratio |"))
  }

  @Test func timesTakenUnderCachegrindGateOnlyWhenTimeIsAskedFor() throws {
    // BASE measured time only (natively); NEW was metered under cachegrind, its times 37 times as long.
    var base = Self.metered(runs: 5)
    base.instructionMetering = nil
    base.samples = base.samples.map { sample in
      var sample = sample
      (sample.instructions, sample.baselineInstructions) = (nil, nil)
      return sample
    }
    var new = Self.metered(runID: "new", runs: 5)
    new.samples = new.samples.map { sample in
      var sample = sample
      sample.caseMilliseconds = sample.caseMilliseconds.map { $0 * 37 }
      return sample
    }
    // What --metric auto gives when one side counted no instructions: time and scopes.
    let both = try Comparison(base: base, new: new, metric: .both)
    #expect(both.exitStatus == .success)
    #expect(both.points.allSatisfy { !$0.timeGates && $0.timeVerdict == .slower })
    #expect(
      both.warnings.contains {
        $0.hasPrefix("time was measured under cachegrind (NEW)") && $0.hasSuffix("does not gate")
      })
    #expect(both.warnings.contains { $0.hasPrefix("only NEW counted instructions") })
    // Asked for by name, time gates (and says so).
    let time = try Comparison(base: base, new: new, metric: .time)
    #expect(time.exitStatus == .regression)
    #expect(time.warnings.contains { $0.hasSuffix("(gated because --metric time was asked for)") })
  }

  @Test func countsFromDifferentSourcesOrCPUsAreShownButDoNotGate() throws {
    let new = Self.metered(runID: "new", source: .perfEvents) { 2_000_000 * Double($0.depth) }
    let mixed = try Comparison(base: Self.metered(), new: new, metric: .instructions)
    #expect(mixed.exitStatus == .success)
    #expect(mixed.warnings.contains { $0.hasPrefix("instructions were counted by different sources") })
    #expect(mixed.points.allSatisfy { !$0.instructionsGate && $0.instructionsVerdict == .slower })
    let otherCPU = Self.metered(runID: "new", source: .perfEvents, cpu: "Other CPU") { 2_000_000 * Double($0.depth) }
    let cpus = try Comparison(base: Self.metered(source: .perfEvents), new: otherCPU, metric: .instructions)
    #expect(cpus.exitStatus == .success)
    // The same hardware counter on the same CPU model gates.
    let same = try Comparison(
      base: Self.metered(source: .perfEvents),
      new: Self.metered(runID: "new", source: .perfEvents) { 2_000_000 * Double($0.depth) }, metric: .instructions)
    #expect(same.exitStatus == .regression)
  }

  @Test func theMetricParsesListsAndKeepsItsOldNames() {
    #expect(ComparisonMetric(rawValue: "both") == .both)
    #expect(ComparisonMetric(rawValue: "time,scopes") == .both)
    #expect(ComparisonMetric(rawValue: "scopes,instructions") == .scopesAndInstructions)
    #expect(ComparisonMetric(rawValue: "instructions")?.text == "instructions")
    #expect(ComparisonMetric.both.rawValue == "both")
    #expect(ComparisonMetric(rawValue: "cycles") == nil)
    #expect(ComparisonMetric(rawValue: "") == nil)
  }

  @Test func reportsCarryTheCasesOwnInstructions() throws {
    let record = Self.metered()
    let report = RunReport(record)
    // The case's own figure: total less baseline, 1,000,000 × depth.
    let csv = report.summaryCSV
    let column = try #require(csv.header.firstIndex(of: "instructions"))
    #expect(csv.rows.map { $0[column] } == ["1000000", "2000000", "3000000"])
    // Counted by cachegrind, whose times are no guide: the counts lead the headline, never a time ratio taken under it.
    #expect(report.headline.first?.hasPrefix("Instructions (the case's own") == true)
    #expect(report.headline.first?.contains("times were taken under cachegrind") == true)
    // With a hardware counter the times are native: the time effect leads, the counts follow.
    let hardware = RunReport(Self.metered(source: .perfEvents))
    #expect(hardware.headline.last?.hasPrefix("Instructions (the case's own") == true)
    #expect(report.markdown.contains("| import M | default | 87,000,000 |"))
    #expect(report.markdown.contains("per-kind instructions"))
    let entries = GitHubBenchmark.entries(record).filter { $0.unit == "instructions" }
    #expect(entries.map(\.value) == [1_000_000, 2_000_000, 3_000_000])
    #expect(entries.first?.name.hasSuffix(" instructions") == true)
    // `bench counters` ranks it like a compiler counter, and the fits see it.
    let series = try #require(report.series.first)
    #expect(CounterGrowth.ranking(of: series).contains { $0.counter == StatName.instructions })
    #expect(series.counterFit(StatName.instructions).summary.hasPrefix("linear"))
    // They come from the timed compiles, not from swiftc's statistics: no "never written" warning.
    #expect(report.unwrittenCounterWarnings.isEmpty)
    // A run without the meter has none of it.
    let plain = RunReport(CompareTestRecords.record(cases: Self.cases))
    #expect(!plain.summaryCSV.header.contains("instructions"))
    #expect(GitHubBenchmark.entries(plain.record).allSatisfy { $0.unit != "instructions" })
  }

  @Test func onlyTheTimedCompilesCountsAreRead() throws {
    // Were the instrumented compile's count read, depth 1's median would be 1.035 times the timed one's total.
    let record = Self.metered(countedInstrumented: true)
    let points = MeasuredPoint.points(in: record)
    #expect(points.map(\.instructions) == [1_000_000, 2_000_000, 3_000_000])
    #expect(points.allSatisfy { $0.scopes != nil })
    #expect(RunReport(record).points.map { $0.statistics[StatName.instructions] } == [1_000_000, 2_000_000, 3_000_000])
    #expect(GitHubBenchmark.entries(record).filter { $0.unit == "instructions" }.map(\.value) == [1e6, 2e6, 3e6])
    #expect(RunReport(record).markdown.contains("One count per point"))
  }

  @Test func theRecordRoundTripsAndOldRecordsReadAsTimeOnly() throws {
    let record = Self.metered()
    let decoded = try JSONDecoder().decode(RunRecord.self, from: try JSONEncoder().encode(record))
    #expect(decoded == record)
    #expect(decoded.meter == .instructions)
    #expect(decoded.samples.first { $0.pass == .timed }?.caseInstructions == 1_000_000)
    #expect(decoded.samples.first { $0.pass == .instrumented }?.caseInstructions == nil)
    var plain = record
    plain.instructionMetering = nil
    #expect(plain.meter == .time)
    #expect(!plain.chartedCounters.contains(StatName.instructions))
  }

  @Test func shardsMergeTheirBaselinesAndRefuseMixedMeters() throws {
    var first = Self.metered(runID: "s1")
    first.cases = [Self.cases[0]]
    first.samples = first.samples.filter { $0.caseID == Self.cases[0].id }
    var second = Self.metered(runID: "s2")
    second.cases = Array(Self.cases.dropFirst())
    second.samples = second.samples.filter { $0.caseID != Self.cases[0].id }
    second.instructionMetering?.baselines.append(
      InstructionBaseline(key: "k2", label: "import N", toolchain: "default", instructions: 5))
    let merged = try RecordMerge.merge([("s1", first), ("s2", second)])
    #expect(merged.instructionMetering?.baselines.map(\.key) == ["k", "k2"])
    var unmetered = second
    unmetered.instructionMetering = nil
    #expect(throws: CompareError.self) { try RecordMerge.merge([("s1", first), ("s2", unmetered)]) }
  }
}
