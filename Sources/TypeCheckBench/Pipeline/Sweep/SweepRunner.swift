import Foundation
import Generators
import TypeCheckBenchCore

/// Runs a sweep: generates each case and measures it with each toolchain, in the order its `CompileSchedule` hands
/// the compiles out (models and toolchains interleaved so that drift hits all alike, a series stopped at its first
/// censored point, probes near the solver's limit, round by round or, metered, in a free order, `jobs` at once). It
/// decides none of that: it writes the case files, runs the compiles, feeds their samples back to the schedule and
/// reports events; it never prints.
public struct SweepRunner: Sendable {
  /// Measures one compile of `file` (the generated case) with a toolchain; the sample's iteration is set by the runner.
  public typealias Measure =
    @Sendable (
      _ generated: GeneratedCase, _ file: URL, _ toolchain: ToolchainInfo, _ compile: CompileSchedule.Compile
    ) throws -> TypeCheckSample

  public var cases: [CaseSpec]
  public var toolchains: [ToolchainInfo]
  public var runs: Int
  public var warmup: Int
  public var jobs: Int = 1
  /// True in a `--meter instructions` run: compiles start as soon as their point may start, not round by round.
  public var metered = false
  /// Where each case's framework lives; in `.module` form the modules are built before the sweep runs.
  public var form: FrameworkForm = .inline
  /// Whether a toolchain compiles a case (`RunRecord.measures`): every pair, except in a run that gives the SDK and
  /// the miniature each their own compiler.
  public var pairs: @Sendable (CaseSpec, ToolchainInfo) -> Bool = { _, _ in true }
  public var measure: Measure

  /// The schedule of this sweep, with the `previous` samples (a resumed run's) taken.
  public func schedule(after previous: [TypeCheckSample] = []) -> CompileSchedule {
    CompileSchedule(
      cases: cases, toolchains: toolchains, runs: runs, warmup: warmup, jobs: jobs, metered: metered, pairs: pairs,
      previous: previous)
  }

  /// True when `previous` leaves a compile to take (`CompileSchedule.hasWork`).
  public func hasWork(after previous: [TypeCheckSample]) -> Bool {
    schedule(after: previous).hasWork
  }

  /// The samples in the order a run of one job records them (`CompileSchedule.inPlanOrder`).
  public func inPlanOrder(_ samples: [TypeCheckSample]) -> [TypeCheckSample] {
    schedule().inPlanOrder(samples)
  }

  /// The one line for a case that did not type-check: a diagnostic with no place in the case (`<unknown>:0:`, the
  /// standard library or a module that cannot be loaded) is the compiler's installation or flags, not the generator;
  /// a compiler that could not run at all (`environmentFault`) is named with `toolchain`.
  static func uncleanCompileMessage(caseID: String, detail: String?, toolchain: ToolchainInfo? = nil) -> String {
    let detail = detail ?? "unexpected diagnostic"
    if let toolchain, isCommandNotRun(detail) {
      return "toolchain \(toolchain.name) (\(toolchain.swiftcPath)) did not run for case \(caseID): \(detail) (the "
        + "shell's status for a command that is missing or not executable: the compiler, or a program it runs, is "
        + "gone, not the case)"
    }
    if isEnvironmental(detail) {
      return "the compiler cannot compile case \(caseID) here (its standard library, SDK or flags, not the case): "
        + detail
    }
    return "case \(caseID) did not type-check cleanly (a generator bug): \(detail)"
  }

  /// True when an `error` sample's `detail` is the environment's fault, not the case's: the compiler did not run
  /// (`isCommandNotRun`), or a diagnostic with no place in the case says its standard library, SDK or flags are
  /// wrong. Such a sample is not kept: the run stops, and its resume measures the point again once the cause is fixed.
  static func isEnvironmentFault(_ detail: String?) -> Bool {
    guard let detail else { return false }
    return isCommandNotRun(detail) || isEnvironmental(detail)
  }

  /// True when a diagnostic has no place in the case: the compiler's installation, the SDK or the flags.
  static func isEnvironmental(_ detail: String?) -> Bool {
    let markers = [
      "<unknown>:0:", "unable to load standard library", "no such module 'Swift", "cannot load underlying module",
      "could not find module", "SDK",
    ]
    return markers.contains(where: (detail ?? "").contains)
  }

  /// Exit status 126 or 127 with no diagnostic of the compiler's: the shell's status for a command it could not run
  /// (a wrapper script whose compiler vanished). swiftc itself never exits so.
  private static func isCommandNotRun(_ detail: String) -> Bool {
    ["swiftc ended with exit status 126", "swiftc ended with exit status 127"].contains {
      detail == $0 || detail.hasPrefix($0 + ":")
    }
  }

  /// Runs the sweep, writing case files under `casesFolder`.
  /// - Parameters:
  ///   - previous: samples already taken (a resumed run); they are not repeated and censored ones still stop their
  ///     series.
  ///   - shouldStop: polled before each compile starts; true ends the sweep early (an interrupt).
  ///   - onEvent: receives every event, in order, on the calling thread.
  /// - Returns: the samples taken by this call (not including `previous`).
  /// - Throws: what `measure` or writing a case file throws; samples taken before are already reported.
  public func run(
    casesFolder: URL, previous: [TypeCheckSample] = [], shouldStop: @Sendable () -> Bool = { false },
    onEvent: (SweepEvent) throws -> Void
  ) throws -> [TypeCheckSample] {
    var execution = SweepExecution(runner: self, schedule: schedule(after: previous), casesFolder: casesFolder)
    let planned = SweepSize.compiles(pairs: execution.schedule.pairCount, runs: runs, warmup: warmup)
    try onEvent(.started(plannedCompiles: planned, alreadyDone: previous.count))
    return try execution.run(shouldStop: shouldStop, onEvent: onEvent)
  }
}

/// One run of a sweep's schedule: starts each compile the schedule hands out, writing its case file once, measures it
/// on this thread (one job) or a thread of its own, and feeds its result back. After a failure, an error or an
/// interrupt nothing more starts, and the compiles running are waited for and recorded: nothing measured is lost.
private struct SweepExecution {
  let runner: SweepRunner
  var schedule: CompileSchedule
  let casesFolder: URL
  var generatedFiles: [String: (GeneratedCase, URL)] = [:]
  var taken: [TypeCheckSample] = []
  var failure: Error?
  var generatorBug: BenchError?
  var interrupted = false
  let completions = Completions()

  init(runner: SweepRunner, schedule: CompileSchedule, casesFolder: URL) {
    (self.runner, self.schedule, self.casesFolder) = (runner, schedule, casesFolder)
  }

  mutating func run(shouldStop: () -> Bool, onEvent: (SweepEvent) throws -> Void) throws -> [TypeCheckSample] {
    while true {
      do {
        if failure == nil, generatorBug == nil, !interrupted {
          try startReady(shouldStop: shouldStop, onEvent: onEvent)
        }
      } catch {
        failure = error
      }
      // Nothing running means nothing more could start (every compile whose dependencies are done was looked at):
      // the plan is done, or it stopped.
      if schedule.running == 0 { break }
      let (entry, result) = completions.next()
      do {
        try complete(entry, result, onEvent: onEvent)
      } catch {
        if failure == nil { failure = error }
      }
    }
    if let failure { throw failure }
    if let generatorBug {
      try onEvent(.finished(interrupted: false))
      throw generatorBug
    }
    try onEvent(.finished(interrupted: interrupted))
    return taken
  }

  /// Starts what the schedule hands out while a worker is free.
  mutating func startReady(shouldStop: () -> Bool, onEvent: (SweepEvent) throws -> Void) throws {
    while let entry = schedule.next() {
      if shouldStop() {
        interrupted = true
        return
      }
      let (generated, url) = try prepare(entry.spec)
      try onEvent(
        .compileStarted(
          caseID: entry.spec.id, toolchain: entry.toolchain.name, run: entry.run, of: entry.of, role: entry.role))
      schedule.start(entry)
      let (measure, completions) = (runner.measure, completions)
      if schedule.workers == 1 {
        // One at a time: the compile runs on this thread.
        completions.add(entry, Result { try measure(generated, url, entry.toolchain, entry.compile) })
      } else {
        // A thread of its own, not a Dispatch queue's: those run no more blocks at once than the machine has cores
        // (fewer when the caller is one of their threads), and `--jobs` is what the user asked for.
        Thread {
          completions.add(entry, Result { try measure(generated, url, entry.toolchain, entry.compile) })
        }.start()
      }
    }
  }

  /// Writes the case's file, once.
  mutating func prepare(_ spec: CaseSpec) throws -> (GeneratedCase, URL) {
    if let existing = generatedFiles[spec.id] { return existing }
    let generated = CaseGenerator.generate(spec, form: runner.form)
    let url = casesFolder.appendingPathComponent(generated.fileName)
    try AtomicFile.write(generated.source, to: url)
    generatedFiles[spec.id] = (generated, url)
    return (generated, url)
  }

  /// Feeds a finished compile to the schedule and reports what it keeps: the sample, the series it stops, and a case
  /// that every toolchain measuring it rejects, which stops the run.
  mutating func complete(
    _ entry: CompileSchedule.Entry, _ result: Result<TypeCheckSample, Error>, onEvent: (SweepEvent) throws -> Void
  ) throws {
    let measured = keepable(entry, result)
    guard let kept = schedule.complete(entry, with: measured) else { return }
    let sample = kept.sample
    taken.append(sample)
    try onEvent(.sampleRecorded(sample))
    if kept.stopsSeries {
      try onEvent(
        .seriesStopped(
          seriesID: entry.spec.seriesID, toolchain: entry.toolchain.name, axis: entry.spec.axisName,
          axisValue: entry.spec.axisValue, outcome: sample.outcome,
          expected: (try prepare(entry.spec)).0.mayExceedSolverLimits))
    }
    if kept.rejectedByAll, generatorBug == nil {
      generatorBug = BenchError.software(
        SweepRunner.uncleanCompileMessage(caseID: entry.spec.id, detail: sample.detail, toolchain: entry.toolchain))
    }
  }

  /// What a finished compile measured of its case, nil when it measured nothing of it: the compile failed, its case
  /// file is gone (the run folder deleted meanwhile: the run stops as for a failed write) or the environment failed
  /// it (a compiler that vanished, a missing standard library: the run stops). Such a compile is not kept, and the
  /// run's resume measures it again.
  mutating func keepable(_ entry: CompileSchedule.Entry, _ result: Result<TypeCheckSample, Error>)
    -> TypeCheckSample?
  {
    let sample: TypeCheckSample
    switch result {
    case .success(let measured): sample = measured
    case .failure(let error):
      if failure == nil { failure = error }
      return nil
    }
    if sample.outcome.isFailure, let url = generatedFiles[entry.spec.id]?.1,
      !FileManager.default.fileExists(atPath: url.path)
    {
      if failure == nil {
        failure = BenchError.io(
          "\(url.path) was removed during its compile (was the run folder deleted?); that compile is not kept")
      }
      return nil
    }
    if sample.outcome == .error, SweepRunner.isEnvironmentFault(sample.detail) {
      if generatorBug == nil {
        generatorBug = BenchError.software(
          SweepRunner.uncleanCompileMessage(caseID: entry.spec.id, detail: sample.detail, toolchain: entry.toolchain))
      }
      return nil
    }
    return sample
  }
}

/// The results of compiles running on other threads, handed to the sweep's thread one at a time.
private final class Completions: @unchecked Sendable {
  private let lock = NSCondition()
  private var ready: [(CompileSchedule.Entry, Result<TypeCheckSample, Error>)] = []

  func add(_ entry: CompileSchedule.Entry, _ result: Result<TypeCheckSample, Error>) {
    lock.lock()
    ready.append((entry, result))
    lock.signal()
    lock.unlock()
  }

  /// The next finished compile, waiting for one.
  func next() -> (CompileSchedule.Entry, Result<TypeCheckSample, Error>) {
    lock.lock()
    defer { lock.unlock() }
    while ready.isEmpty { lock.wait() }
    return ready.removeFirst()
  }
}
