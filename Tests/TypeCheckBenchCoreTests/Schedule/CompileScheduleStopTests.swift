import Generators
import Testing

@testable import TypeCheckBenchCore

/// The schedule's rules for what a compile's outcome decides: censoring, probes near the solver's limit, rejections,
/// and what a resumed run's samples leave. Each expectation is the sequence the rules give, worked out by hand.
@Suite struct CompileScheduleStopTests {
  typealias T = CompileScheduleTests
  typealias Step = CompileScheduleTests.Step

  @Test func aSeriesStopsAtItsFirstCensoredTimedCompile() {
    let cases = T.cases([1, 2, 3])
    var schedule = T.schedule(cases, runs: 2, warmup: 1)
    let (entries, kept) = T.play(&schedule) { entry in
      T.sample(entry.spec.axisValue == 2 && entry.compile.pass == .timed ? .timeout : .ok)
    }
    // Depth 2's first measured run times out: no second run, no depth 3.
    #expect(
      entries.map(T.step) == [
        Step(depth: 1, role: .instrumented), Step(depth: 1, role: .measured, run: 1, of: 2),
        Step(depth: 1, role: .measured, run: 2, of: 2), Step(depth: 2, role: .instrumented),
        Step(depth: 2, role: .measured, run: 1, of: 2),
      ])
    #expect(kept.map(\.stopsSeries) == [false, false, false, false, true])
    #expect(kept.last?.sample.outcome == .timeout && kept.last?.sample.iteration == 0)
    #expect(!schedule.hasWork)
  }

  @Test func aCensoredInstrumentedCompileDoesNotStopItsSeries() {
    let cases = T.cases([1, 2])
    var schedule = T.schedule(cases, runs: 1, warmup: 1)
    let (entries, kept) = T.play(&schedule) { entry in
      T.sample(entry.compile.pass == .instrumented ? .tooComplex : .ok)
    }
    #expect(entries.map(T.step).map(\.depth) == [1, 1, 2, 2])
    #expect(kept.count == 4 && kept.allSatisfy { !$0.stopsSeries })
  }

  @Test func aCensoredWarmUpIsKeptAsTheFirstMeasuredRunAndStopsTheSeries() {
    let cases = T.cases([1, 2])
    var schedule = T.schedule(cases, runs: 3, warmup: 2)
    let (entries, kept) = T.play(&schedule) { entry in T.sample(entry.role == .warmup ? .tooComplex : .ok) }
    #expect(entries.map(T.step) == [Step(depth: 1, role: .instrumented), Step(depth: 1, role: .warmup, run: 2, of: 2)])
    #expect(kept.map(\.sample.pass) == [.instrumented, .timed])
    #expect(kept.last?.sample.iteration == 0 && kept.last?.stopsSeries == true)
  }

  @Test func aPointAfterOneNearTheScopeLimitIsProbedAndACensoredProbeStandsForIt() {
    let cases = T.cases([1, 2, 3])
    var schedule = T.schedule(cases, runs: 2, warmup: 1)
    // Depth 1 counts 16,384 scopes, 1/64 of the default limit: depth 2 is probed, and the solver gives up on it.
    let (entries, kept) = T.play(&schedule) { entry in
      entry.spec.axisValue == 1 ? T.sample(scopes: 16_384) : T.sample(.tooComplex, scopes: 2_000_000)
    }
    #expect(
      entries.map(T.step) == [
        Step(depth: 1, role: .instrumented), Step(depth: 1, role: .measured, run: 1, of: 2),
        Step(depth: 1, role: .measured, run: 2, of: 2), Step(depth: 2, role: .probe),
      ])
    #expect(entries.last?.compile.pass == .probe)
    let probe = kept.last?.sample
    #expect(probe?.pass == .probe && probe?.iteration == 0 && probe?.constraintScopes == 2_000_000)
    #expect(kept.last?.stopsSeries == true)
  }

  @Test func aProbeTheSolverDoesNotGiveUpOnIsDiscardedAndThePointIsMeasuredAsAnyOther() {
    let cases = T.cases([1, 2])
    var schedule = T.schedule(cases, runs: 1, warmup: 1)
    let (entries, kept) = T.play(&schedule) { _ in T.sample(scopes: 20_000) }
    #expect(
      entries.map(T.step) == [
        Step(depth: 1, role: .instrumented), Step(depth: 1, role: .measured),
        Step(depth: 2, role: .probe), Step(depth: 2, role: .instrumented), Step(depth: 2, role: .measured),
      ])
    #expect(kept.map(\.sample.pass) == [.instrumented, .timed, .instrumented, .timed])
  }

  @Test func aFailedProbeStandsForItsPointAndTheSeriesGoesOn() {
    let cases = T.cases([1, 2, 3])
    var schedule = T.schedule(cases, runs: 1, warmup: 1)
    // Depth 2's probe crashes (and counts no scopes): it is kept, and depth 3 follows a point with no count, so it
    // is not probed.
    let (entries, kept) = T.play(&schedule) { entry in
      entry.compile.pass == .probe ? T.sample(.crash) : T.sample(scopes: 20_000)
    }
    #expect(
      entries.map(T.step) == [
        Step(depth: 1, role: .instrumented), Step(depth: 1, role: .measured), Step(depth: 2, role: .probe),
        Step(depth: 3, role: .instrumented), Step(depth: 3, role: .measured),
      ])
    #expect(kept.map(\.sample.pass) == [.instrumented, .timed, .probe, .instrumented, .timed])
    #expect(!kept.contains { $0.stopsSeries })
  }

  @Test func theProbeThresholdIsOneSixtyFourthOfTheLimitTheToolchainSets() {
    let cases = T.cases([1, 2])
    // 16,383 scopes is under 1/64 of the default limit (16,384)...
    var plain = T.schedule(cases, runs: 1, warmup: 1)
    #expect(!T.play(&plain) { _ in T.sample(scopes: 16_383) }.entries.contains { $0.role == .probe })
    // ... and over 1/64 of a limit of 1,000,000 (15,625).
    let limited = T.toolchain("a", flags: ["-Xfrontend", "-solver-scope-threshold=1000000"])
    var schedule = T.schedule(cases, toolchains: [limited], runs: 1, warmup: 1)
    let probes = T.play(&schedule) { _ in T.sample(scopes: 16_383) }.entries.filter { $0.role == .probe }
    #expect(probes.map(\.spec) == [cases[1]])
  }

  @Test func timedCompilesReadTheStatsTimerWhenTheInstrumentedOnePrintedNoCaseBody() {
    var schedule = T.schedule(T.cases([1]), runs: 2, warmup: 1)
    let entries = T.play(&schedule) { entry in T.sample(body: entry.compile.pass != .instrumented) }.entries
    #expect(entries.map(\.compile.needsStatsTimer) == [false, true, true])
    var printed = T.schedule(T.cases([1]), runs: 2, warmup: 1)
    #expect(T.play(&printed).entries.map(\.compile.needsStatsTimer) == [false, false, false])
  }

  @Test func aCaseRejectedByOneToolchainClosesItsPointAndByEveryToolchainStopsTheRun() {
    let cases = T.cases([1, 2])
    let toolchains = [T.toolchain("a"), T.toolchain("b")]
    // Toolchain a rejects depth 1: its point takes no measured run, its series goes on to depth 2.
    var one = T.schedule(cases, toolchains: toolchains, runs: 1, warmup: 1)
    let (entries, kept) = T.play(&one) { entry in
      T.sample(entry.spec.axisValue == 1 && entry.toolchain.name == "a" ? .error : .ok)
    }
    #expect(
      entries.map { "\($0.spec.axisValue)\($0.toolchain.name) \($0.role)" } == [
        "1a instrumented", "1b instrumented", "1b measured", "2a instrumented", "2b instrumented", "2a measured",
        "2b measured",
      ])
    #expect(kept.map(\.rejectedByAll) == Array(repeating: false, count: 7))
    // Both reject it: the second rejection says so.
    var both = T.schedule(cases, toolchains: toolchains, runs: 1, warmup: 1)
    let rejected = T.play(&both) { entry in T.sample(entry.spec.axisValue == 1 ? .error : .ok) }.kept
    #expect(rejected.prefix(2).map(\.rejectedByAll) == [false, true])
  }

  @Test func aResumedRunTakesOnlyWhatItsSamplesLackAndStillStopsAtACensoredPoint() {
    let cases = T.cases([1, 2, 3])
    func taken(_ spec: CaseSpec, _ pass: CompilePass, _ iteration: Int = 0, _ outcome: Outcome = .ok)
      -> TypeCheckSample
    {
      var sample = T.sample(outcome)
      (sample.caseID, sample.toolchain, sample.pass, sample.iteration) = (spec.id, "a", pass, iteration)
      return sample
    }
    // Depth 1 is complete; depth 2 has its instrumented compile and first run: its second run is left, then depth 3.
    let previous = [
      taken(cases[0], .instrumented), taken(cases[0], .timed, 0), taken(cases[0], .timed, 1),
      taken(cases[1], .instrumented), taken(cases[1], .timed, 0),
    ]
    var schedule = T.schedule(cases, runs: 2, warmup: 1, previous: previous)
    #expect(schedule.hasWork)
    #expect(
      T.play(&schedule).entries.map(T.step) == [
        Step(depth: 2, role: .measured, run: 2, of: 2), Step(depth: 3, role: .instrumented),
        Step(depth: 3, role: .measured, run: 1, of: 2), Step(depth: 3, role: .measured, run: 2, of: 2),
      ])
    // A censored run at depth 2 stops the series: nothing is left.
    let censored = Array(previous.prefix(4)) + [taken(cases[1], .timed, 0, .timeout)]
    var stopped = T.schedule(cases, runs: 2, warmup: 1, previous: censored)
    #expect(!stopped.hasWork && stopped.next() == nil)
    // A point whose measured runs are all done takes its instrumented compile, and no warm-up.
    let single = T.cases([1])
    let runsOnly = [taken(single[0], .timed, 0), taken(single[0], .timed, 1)]
    var instrumentedLeft = T.schedule(single, runs: 2, warmup: 3, previous: runsOnly)
    #expect(T.play(&instrumentedLeft).entries.map(\.role) == [.instrumented])
  }

  @Test func onlyThePairsTheRunMeasuresAreScheduled() {
    let cases = T.cases([1, 2])
    var schedule = CompileSchedule(
      cases: cases, toolchains: [T.toolchain("a"), T.toolchain("b")], runs: 1, warmup: 1,
      pairs: { spec, toolchain in spec.axisValue == 1 || toolchain.name == "b" })
    #expect(schedule.pairCount == 3)
    #expect(
      T.play(&schedule).entries.map { "\($0.spec.axisValue)\($0.toolchain.name)" } == [
        "1a", "1b", "1a", "1b", "2b", "2b",
      ])
  }

  @Test func severalJobsSamplesAreSortedBackIntoPlanOrder() {
    let cases = T.cases([1, 2])
    func sample(_ depth: Int, _ pass: CompilePass, _ iteration: Int = 0) -> TypeCheckSample {
      var sample = T.sample()
      (sample.caseID, sample.toolchain, sample.pass, sample.iteration) = (cases[depth - 1].id, "a", pass, iteration)
      return sample
    }
    let planOrder = [
      sample(1, .instrumented), sample(1, .timed, 0), sample(1, .timed, 1), sample(2, .probe),
      sample(2, .instrumented), sample(2, .timed, 0),
    ]
    let schedule = T.schedule(cases, runs: 2, warmup: 1)
    let shuffled = [planOrder[5], planOrder[2], planOrder[4], planOrder[0], planOrder[3], planOrder[1]]
    #expect(schedule.inPlanOrder(shuffled) == planOrder)
  }
}
