import Foundation
import Generators
import TestSupport
import Testing
import TypeCheckBenchCore

@testable import TypeCheckBench

/// The runner's plan: which compiles a point gets and in what order, with a stand-in for the compiler (each compile's
/// outcome and scopes written down by the test), so that what is checked is the plan, not a compiler's figures.
@Suite struct SweepRunnerTests {
  static let toolchain = ToolchainInfo(
    name: "default", swiftcPath: "/usr/bin/swiftc", versionText: FakeCompiler.versionText, version: "6.3.1",
    extraFlags: [], assertionsEnabled: false)

  /// What the stand-in compiler did: every compile, in the order they started, and how many ran at once at most.
  final class Calls: @unchecked Sendable {
    private let lock = NSLock()
    private var compiles: [(caseID: String, pass: CompilePass)] = []
    private var running = 0
    private var mostAtOnce = 0

    func begin(_ caseID: String, _ pass: CompilePass) {
      lock.lock()
      compiles.append((caseID, pass))
      running += 1
      mostAtOnce = max(mostAtOnce, running)
      lock.unlock()
    }

    func end() {
      lock.lock()
      running -= 1
      lock.unlock()
    }

    var all: [(caseID: String, pass: CompilePass)] {
      lock.lock()
      defer { lock.unlock() }
      return compiles
    }

    var most: Int {
      lock.lock()
      defer { lock.unlock() }
      return mostAtOnce
    }
  }

  /// Per-kind nesting at `depths`, one series.
  static func cases(_ depths: [Int], models: [BuilderModel] = [.perKind]) -> [CaseSpec] {
    var sweep = CaseSweep()
    sweep[.depth] = depths.map(ParameterValue.integer)
    sweep.models = models
    return sweep.cases
  }

  /// A runner whose compiles answer with `outcome(depth, pass)` and `scopes(depth)`, each after `delay` seconds.
  static func runner(
    _ cases: [CaseSpec], runs: Int = 2, warmup: Int = 1, jobs: Int = 1, metered: Bool = false, calls: Calls,
    delay: Double = 0, outcome: @escaping @Sendable (Int, CompilePass) -> Outcome = { _, _ in .ok },
    scopes: @escaping @Sendable (Int) -> Double
  ) -> SweepRunner {
    SweepRunner(
      cases: cases, toolchains: [toolchain], runs: runs, warmup: warmup, jobs: jobs, metered: metered
    ) { generated, _, _, compile in
      calls.begin(generated.spec.id, compile.pass)
      defer { calls.end() }
      if delay > 0 { Thread.sleep(forTimeInterval: delay) }
      let depth = generated.spec.axisValue
      let writesStatistics = compile.pass != .timed
      return TypeCheckSample(
        caseID: "", toolchain: "", iteration: 0, outcome: outcome(depth, compile.pass), wallSeconds: 1,
        userSeconds: 1, systemSeconds: 0, maxRSSBytes: 1, caseMilliseconds: Double(depth),
        stats: writesStatistics ? [StatName.constraintScopes: scopes(depth)] : [:],
        instructions: metered && compile.pass == .timed ? Double(depth * 1000) : nil)
    }
  }

  static func run(_ runner: SweepRunner) throws -> [TypeCheckSample] {
    let folder = try TemporaryDirectory()
    return try runner.run(casesFolder: folder.url) { _ in }
  }

  @Test func aPointAfterOneNearTheScopeLimitTheSolverGivesUpOnIsCompiledOnceByItsProbe() throws {
    let calls = Calls()
    let cases = Self.cases([1, 2, 3])
    // Depth 1 counts 20,000 scopes (over 1/64 of the default limit): depth 2 is probed, and the solver gives up on it.
    let samples = try Self.run(
      Self.runner(
        cases, calls: calls, outcome: { depth, _ in depth == 2 ? .tooComplex : .ok },
        scopes: { $0 == 1 ? 20_000 : 2_000_000 }))
    let depth2 = cases[1].id
    #expect(calls.all.filter { $0.caseID == depth2 }.map(\.pass) == [.probe])
    #expect(!calls.all.contains { $0.caseID == cases[2].id })
    let recorded = samples.filter { $0.caseID == depth2 }
    #expect(recorded.count == 1)
    #expect(recorded.first?.pass == .probe && recorded.first?.outcome == .tooComplex)
    #expect(recorded.first?.constraintScopes == 2_000_000)
    // The point's figures are the probe's: its time a lower bound, its counters.
    let point = PointSummary(spec: cases[1], toolchain: "default", samples: recorded)
    #expect(point.isCensored && point.milliseconds?.median == 2 && point.constraintScopes == 2_000_000)
    // Depth 1 followed no point: it was not probed, and got its instrumented compile and two timed ones.
    #expect(calls.all.filter { $0.caseID == cases[0].id }.map(\.pass) == [.instrumented, .timed, .timed])
  }

  @Test func aProbeTheSolverDoesNotGiveUpOnIsAWarmUpAndThePointIsMeasuredAsAnyOther() throws {
    let calls = Calls()
    let cases = Self.cases([1, 2])
    let samples = try Self.run(Self.runner(cases, calls: calls, scopes: { $0 == 1 ? 20_000 : 30_000 }))
    #expect(calls.all.filter { $0.caseID == cases[1].id }.map(\.pass) == [.probe, .instrumented, .timed, .timed])
    #expect(!samples.contains { $0.pass == .probe })
    #expect(samples.filter { $0.caseID == cases[1].id }.map(\.pass) == [.instrumented, .timed, .timed])
  }

  @Test func aPointAfterOneFarFromTheLimitIsNotProbedAndALowerLimitMovesTheThreshold() throws {
    let calls = Calls()
    let cases = Self.cases([1, 2])
    _ = try Self.run(Self.runner(cases, calls: calls, scopes: { _ in 16_383 }))
    #expect(!calls.all.contains { $0.pass == .probe })
    // 16,383 scopes is over 1/64 of a limit of 1,000,000 set with -solver-scope-threshold.
    var limited = Self.runner(cases, calls: calls, scopes: { _ in 16_383 })
    limited.toolchains[0].extraFlags = ["-Xfrontend", "-solver-scope-threshold=1000000"]
    _ = try Self.run(limited)
    #expect(calls.all.filter { $0.pass == .probe }.map(\.caseID) == [cases[1].id])
  }

  /// In a metered run a point's compiles start once the previous point of its series is done, so two series keep two
  /// workers busy; the record is the one a single job takes, and a series still stops at its first censored point.
  @Test func meteredCompilesOfSeveralSeriesRunAtOnceAndRecordWhatOneJobRecords() throws {
    let cases = Self.cases([1, 2, 3], models: [.perKind, .unified])
    let outcome: @Sendable (Int, CompilePass) -> Outcome = { depth, pass in
      depth == 3 && pass == .timed ? .timeout : .ok
    }
    var records: [[TypeCheckSample]] = []
    var most: [Int] = []
    for jobs in [1, 2] {
      let calls = Calls()
      let runner = Self.runner(
        cases, runs: 1, warmup: 0, jobs: jobs, metered: true, calls: calls, delay: 0.05, outcome: outcome,
        scopes: { _ in 100 })
      records.append(runner.inPlanOrder(try Self.run(runner)))
      most.append(calls.most)
    }
    #expect(most == [1, 2])
    #expect(records[0].map(SampleKey.init) == records[1].map(SampleKey.init))
    #expect(records[0].map(\.instructions) == records[1].map(\.instructions))
    // Depth 3's counted compiles time out: its series stop there, each point keeping its instrumented compile.
    #expect(records[1].filter { $0.outcome == .timeout }.count == 2)
    #expect(records[1].count == 2 * 3 * 2)
  }
}
