import Generators
import Testing

@testable import TypeCheckBenchCore

/// The schedule's rules, played without a compiler: each test answers the compiles it is handed with outcomes and
/// scopes it writes down, and checks the compiles against the sequence the rules give, worked out by hand.
@Suite struct CompileScheduleTests {
  typealias Entry = CompileSchedule.Entry

  static func toolchain(_ name: String, flags: [String] = []) -> ToolchainInfo {
    ToolchainInfo(
      name: name, swiftcPath: "/usr/bin/swiftc", versionText: "Swift version 6.3.1", version: "6.3.1",
      extraFlags: flags, assertionsEnabled: false)
  }

  /// Nesting at `depths`, one series per model: depth by depth, each depth's models in `models`' order.
  static func cases(_ depths: [Int], models: [BuilderModel] = [.perKind]) -> [CaseSpec] {
    depths.flatMap { depth in models.map { CaseSpec(family: .nesting, model: $0, depth: depth) } }
  }

  /// What a compiler stand-in measured: `outcome`, the case body's time unless `body` is false, and `scopes` when the
  /// compile writes statistics.
  static func sample(
    _ outcome: Outcome = .ok, scopes: Double? = nil, body: Bool = true, detail: String? = nil
  ) -> TypeCheckSample {
    TypeCheckSample(
      caseID: "", toolchain: "", iteration: 0, outcome: outcome, detail: detail, wallSeconds: 1, userSeconds: 1,
      systemSeconds: 0, maxRSSBytes: 1, caseMilliseconds: body ? 1 : nil,
      stats: scopes.map { [StatName.constraintScopes: $0] } ?? [:])
  }

  /// A compile as the tests write it down: the case's depth, what it is for, which of how many.
  struct Step: Equatable, CustomStringConvertible {
    var depth: Int
    var role: CompileRole
    var run: Int = 1
    var of: Int = 1
    var description: String { "\(depth) \(role) \(run)/\(of)" }
  }

  static func step(_ entry: Entry) -> Step {
    Step(depth: entry.spec.axisValue, role: entry.role, run: entry.run, of: entry.of)
  }

  /// Plays the schedule one compile at a time (one job), answering each with `answer`.
  /// - Returns: the compiles handed out, in order, and the samples kept.
  static func play(
    _ schedule: inout CompileSchedule, answer: (Entry) -> TypeCheckSample? = { _ in sample() }
  ) -> (entries: [Entry], kept: [CompileSchedule.Kept]) {
    var entries: [Entry] = []
    var kept: [CompileSchedule.Kept] = []
    while let entry = schedule.next() {
      schedule.start(entry)
      entries.append(entry)
      if let keep = schedule.complete(entry, with: answer(entry)) { kept.append(keep) }
    }
    return (entries, kept)
  }

  static func schedule(
    _ cases: [CaseSpec], toolchains: [ToolchainInfo] = [toolchain("a")], runs: Int = 2, warmup: Int = 1,
    jobs: Int = 1, metered: Bool = false, previous: [TypeCheckSample] = []
  ) -> CompileSchedule {
    CompileSchedule(
      cases: cases, toolchains: toolchains, runs: runs, warmup: warmup, jobs: jobs, metered: metered,
      previous: previous)
  }

  @Test func aPointGetsItsInstrumentedCompileThenItsWarmUpsThenItsMeasuredRuns() {
    // Three warm-ups: the instrumented compile is the first, two timed ones follow; then two measured runs.
    var schedule = Self.schedule(Self.cases([1]), runs: 2, warmup: 3)
    let (entries, kept) = Self.play(&schedule)
    #expect(
      entries.map(Self.step) == [
        Step(depth: 1, role: .instrumented), Step(depth: 1, role: .warmup, run: 2, of: 3),
        Step(depth: 1, role: .warmup, run: 3, of: 3), Step(depth: 1, role: .measured, run: 1, of: 2),
        Step(depth: 1, role: .measured, run: 2, of: 2),
      ])
    #expect(entries.map(\.compile.pass) == [.instrumented, .timed, .timed, .timed, .timed])
    // Warm-ups are discarded: the instrumented compile and the measured runs 0 and 1 are kept.
    #expect(kept.map(\.sample.pass) == [.instrumented, .timed, .timed])
    #expect(kept.map(\.sample.iteration) == [0, 0, 1])
    #expect(kept.allSatisfy { $0.sample.caseID == entries[0].spec.id && $0.sample.toolchain == "a" })
    #expect(schedule.running == 0 && !schedule.hasWork)
    // No warm-up asked for: the instrumented compile is one more compile; the pair count is the planned compiles'.
    var none = Self.schedule(Self.cases([1]), runs: 2, warmup: 0)
    #expect(Self.play(&none).entries.map(\.role) == [.instrumented, .measured, .measured])
    #expect(none.pairCount == 1)
  }

  @Test func aTimeRunGoesStepByStepRoundByRoundEachCaseWithEachToolchain() {
    let cases = Self.cases([1, 2], models: [.perKind, .unified])
    var schedule = Self.schedule(cases, toolchains: [Self.toolchain("a"), Self.toolchain("b")], runs: 1, warmup: 0)
    let entries = Self.play(&schedule).entries
    // Depth 1's two models (in the cases' order) with both toolchains, the instrumented round and then the measured
    // one; then depth 2 alike.
    let (d1, d2) = (cases.filter { $0.axisValue == 1 }, cases.filter { $0.axisValue == 2 })
    #expect(d1.count == 2 && d2.count == 2)
    let expected: [(CaseSpec, String, CompileRole)] = [
      (d1[0], "a", .instrumented), (d1[0], "b", .instrumented), (d1[1], "a", .instrumented),
      (d1[1], "b", .instrumented), (d1[0], "a", .measured), (d1[0], "b", .measured), (d1[1], "a", .measured),
      (d1[1], "b", .measured),
      (d2[0], "a", .instrumented), (d2[0], "b", .instrumented), (d2[1], "a", .instrumented),
      (d2[1], "b", .instrumented), (d2[0], "a", .measured), (d2[0], "b", .measured), (d2[1], "a", .measured),
      (d2[1], "b", .measured),
    ]
    #expect(entries.map(\.spec) == expected.map(\.0))
    #expect(entries.map(\.toolchain.name) == expected.map(\.1))
    #expect(entries.map(\.role) == expected.map(\.2))
    #expect(schedule.pairCount == 8)
  }

  @Test func aTimeRunStartsJobsCompilesOfOneRoundAtOnceAndTheNextRoundOnlyWhenItIsDone() {
    // Four pairs at one depth (two models, two toolchains), three workers.
    let cases = Self.cases([1], models: [.perKind, .unified])
    var schedule = Self.schedule(
      cases, toolchains: [Self.toolchain("a"), Self.toolchain("b")], runs: 1, warmup: 0, jobs: 3)
    #expect(schedule.workers == 3)
    var started: [Entry] = []
    while let entry = schedule.next() {
      schedule.start(entry)
      started.append(entry)
    }
    // Three of the round's four instrumented compiles start, then none until a worker is free.
    #expect(started.count == 3 && schedule.running == 3)
    #expect(started.map(\.role) == [.instrumented, .instrumented, .instrumented])
    _ = schedule.complete(started[0], with: Self.sample())
    let fourth = schedule.next()!
    #expect(fourth.role == .instrumented && fourth.spec == cases[1] && fourth.toolchain.name == "b")
    schedule.start(fourth)
    for entry in started.dropFirst() + [fourth] {
      // A worker is free, but the measured round waits for the whole instrumented round.
      #expect(schedule.next() == nil)
      _ = schedule.complete(entry, with: Self.sample())
    }
    let measured = schedule.next()!
    #expect(measured.role == .measured && measured.spec == cases[0] && measured.toolchain.name == "a")
    // Asked again before it starts, the schedule hands out the same compile.
    #expect(schedule.next() == measured)
    // --jobs 0 is one worker.
    #expect(Self.schedule(cases, jobs: 0).workers == 1)
  }

  @Test func aMeteredRunStartsAPointsCompilesOnceWhatTheyWaitForIsDone() {
    let cases = Self.cases([1, 2], models: [.perKind, .unified])
    var schedule = Self.schedule(cases, runs: 2, warmup: 0, jobs: 8, metered: true)
    var started: [Entry] = []
    while let entry = schedule.next() {
      schedule.start(entry)
      started.append(entry)
    }
    // Depth 1's instrumented compiles and first measured runs start together; its second runs wait for the first,
    // depth 2 for every compile of depth 1 of its series.
    #expect(
      started.map(Self.step) == [
        Step(depth: 1, role: .instrumented), Step(depth: 1, role: .instrumented),
        Step(depth: 1, role: .measured, run: 1, of: 2), Step(depth: 1, role: .measured, run: 1, of: 2),
      ])
    _ = schedule.complete(started[3], with: Self.sample())
    let next = schedule.next()!
    #expect(Self.step(next) == Step(depth: 1, role: .measured, run: 2, of: 2) && next.spec == started[3].spec)
    schedule.start(next)
    _ = schedule.complete(started[1], with: Self.sample(scopes: 10))
    _ = schedule.complete(next, with: Self.sample())
    // That series' depth 1 is done, so its depth 2 starts while the other series is still at depth 1.
    let depth2 = schedule.next()!
    #expect(Self.step(depth2) == Step(depth: 2, role: .instrumented) && depth2.spec.seriesID == next.spec.seriesID)
    schedule.start(depth2)
    // Its first measured run need not wait for the instrumented compile; its second waits for the first, and the
    // other series' depth 1 still runs.
    let alongside = schedule.next()!
    #expect(Self.step(alongside) == Step(depth: 2, role: .measured, run: 1, of: 2) && alongside.spec == depth2.spec)
    schedule.start(alongside)
    #expect(schedule.next() == nil && schedule.running == 4)
  }
}
