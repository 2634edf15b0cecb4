import Foundation
import Generators
import TypeCheckBenchCore

/// Runs a sweep: generates each case, measures it with each toolchain, interleaving models and toolchains so that
/// drift hits all alike, and stops a series at its first censored point. It never prints: it reports events.
///
/// Each point gets one instrumented compile first (its counters and expression timings; it is the first warm-up when
/// there is one, an extra compile otherwise), then the rest of its warm-ups and its measured runs as timed compiles
/// (`CompilePass`). Only a timed compile decides censoring: the instrumented one runs slower, so its reaching the
/// solver's limit or the timeout is recorded but the point goes on to its timed compiles, the first censored one of
/// which stops the point and its series.
///
/// A point whose series' previous point counted 1/64 of the solver's scope limit or more (`CompilePass.probeScopes`)
/// may be one the solver gives up on: it is first compiled once as a probe (the timed flag and `-stats-output-dir`). When the probe
/// is censored it stands for the point, which is then compiled to the limit once, not twice; otherwise it is
/// discarded as a warm-up is and the point is measured as any other.
///
/// The compiles run in plan order: step by step (the cases of one axis value), round by round (probe, instrumented,
/// warm-ups, measured runs), each round every case of the step with every toolchain. With `jobs` above 1 the compiles
/// of one round run at once. In a metered run (`metered`, `--meter instructions`) the counted compiles' results do not
/// depend on what runs beside them: there a point's compiles start as soon as the previous point of its series is
/// done (and its own probe and earlier timed compiles), so `jobs` workers stay busy across rounds and steps.
public struct SweepRunner: Sendable {
  /// Measures one compile of `file` (the generated case) with a toolchain; the sample's iteration is set by the runner.
  public typealias Measure =
    @Sendable (_ generated: GeneratedCase, _ file: URL, _ toolchain: ToolchainInfo, _ compile: Compile) throws ->
    TypeCheckSample

  /// What kind of compile to run.
  public struct Compile: Hashable, Sendable {
    public var pass: CompilePass
    /// For a timed compile: the point's instrumented compile printed no case body, so its time is read from the
    /// stats timer and the compile must write statistics.
    public var needsStatsTimer: Bool

    public init(pass: CompilePass, needsStatsTimer: Bool = false) {
      self.pass = pass
      self.needsStatsTimer = needsStatsTimer
    }
  }

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

  /// The key that identifies a sample within a run (for resuming and caching).
  public struct SampleKey: Hashable, Sendable {
    public var caseID: String
    public var toolchain: String
    public var iteration: Int
    /// True for the point's instrumented compile.
    public var instrumented: Bool = false

    public init(caseID: String, toolchain: String, iteration: Int, instrumented: Bool = false) {
      self.caseID = caseID
      self.toolchain = toolchain
      self.iteration = iteration
      self.instrumented = instrumented
    }

    /// `samples` with only the first sample of each key, in order.
    public static func firstOfEach(_ samples: [TypeCheckSample]) -> [TypeCheckSample] {
      var seen = Set<SampleKey>()
      return samples.filter { seen.insert(SampleKey($0)).inserted }
    }
  }

  /// One compile of the plan: a case with a toolchain in one round of its step.
  private struct Task {
    var step: Int
    /// -1 for the probe, 0 for the instrumented compile, then the warm-ups, then the measured runs.
    var round: Int
    var spec: CaseSpec
    var toolchain: ToolchainInfo
    /// The task of the point's previous timed compile, which a metered run waits for.
    var previousTimed: Int?
    var point: PointKey { PointKey(caseID: spec.id, toolchain: toolchain.name) }
    var series: SeriesKey { SeriesKey(seriesID: spec.seriesID, toolchain: toolchain.name) }
  }

  private enum TaskState { case waiting, running, finished }

  /// What `previous` samples leave: the samples done, the series stopped and the points censored by a timed compile
  /// or a probe, the points a failed probe stands for, whether each
  /// point's instrumented compile printed a case body, and the constraint scopes of each point's first compile
  /// (instrumented, or a probe that stands for it).
  static func state(after previous: [TypeCheckSample], cases: [CaseSpec]) -> (
    done: Set<SampleKey>, stopped: Set<SeriesKey>, censored: Set<PointKey>, closed: Set<PointKey>,
    instrumentedHadBody: [PointKey: Bool], firstScopes: [PointKey: Double]
  ) {
    var stopped: Set<SeriesKey> = []
    var censored: Set<PointKey> = []
    var closed: Set<PointKey> = []
    var instrumentedHadBody: [PointKey: Bool] = [:]
    var firstScopes: [PointKey: Double] = [:]
    let specsByID = CaseSpec.byID(cases)
    // A case one toolchain rejected is that toolchain's outcome at that point when another compiled it: its point is
    // closed, not compiled again on resume. A case every toolchain rejected stays open (the run stopped on it).
    var compiledBy: [String: Set<String>] = [:]
    for sample in previous where sample.outcome != .error {
      compiledBy[sample.caseID, default: []].insert(sample.toolchain)
    }
    for sample in previous where sample.outcome == .error {
      if compiledBy[sample.caseID, default: []].subtracting([sample.toolchain]).isEmpty == false {
        closed.insert(PointKey(sample))
      }
    }
    for sample in previous {
      let point = PointKey(sample)
      if sample.pass == .instrumented || sample.pass == .probe {
        if let scopes = sample.constraintScopes { firstScopes[point] = scopes }
      }
      if sample.pass == .instrumented {
        instrumentedHadBody[point] = sample.caseMilliseconds != nil
      } else if sample.outcome.isCensored {
        censored.insert(point)
        if let spec = specsByID[sample.caseID] {
          stopped.insert(SeriesKey(seriesID: spec.seriesID, toolchain: sample.toolchain))
        }
      } else if sample.pass == .probe {
        closed.insert(point)
      }
    }
    return (Set(previous.map(SampleKey.init)), stopped, censored, closed, instrumentedHadBody, firstScopes)
  }

  /// True when `previous` leaves a compile to take: a point of a series not stopped, neither censored nor closed by a
  /// failed probe, that lacks its instrumented compile or a measured run. A resume with nothing left builds no module
  /// and sets no reserve aside.
  public func hasWork(after previous: [TypeCheckSample]) -> Bool {
    let (done, stopped, censored, closed, _, _) = Self.state(after: previous, cases: cases)
    for spec in cases {
      for toolchain in toolchains where pairs(spec, toolchain) {
        let point = PointKey(caseID: spec.id, toolchain: toolchain.name)
        let series = SeriesKey(seriesID: spec.seriesID, toolchain: toolchain.name)
        guard !censored.contains(point), !closed.contains(point), !stopped.contains(series) else { continue }
        if !done.contains(SampleKey(caseID: spec.id, toolchain: toolchain.name, iteration: 0, instrumented: true)) {
          return true
        }
        if (0..<runs).contains(where: {
          !done.contains(SampleKey(caseID: spec.id, toolchain: toolchain.name, iteration: $0))
        }) {
          return true
        }
      }
    }
    return false
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
  ///   - shouldStop: polled between compiles; true ends the sweep early (an interrupt).
  ///   - onEvent: receives every event, in order, on the calling thread.
  /// - Returns: the samples taken by this call (not including `previous`).
  /// - Throws: what `measure` or writing a case file throws; samples taken before are already reported.
  public func run(
    casesFolder: URL, previous: [TypeCheckSample] = [], shouldStop: @Sendable () -> Bool = { false },
    onEvent: (SweepEvent) throws -> Void
  ) throws -> [TypeCheckSample] {
    var (done, stopped, censoredPoints, closedPoints, instrumentedHadBody, firstScopes) = Self.state(
      after: previous, cases: cases)
    let warmupRounds = max(warmup, 1)
    let rounds = warmupRounds + runs
    let pairCount = cases.reduce(0) { count, spec in count + toolchains.filter { pairs(spec, $0) }.count }
    let planned = SweepSize.compiles(pairs: pairCount, runs: runs, warmup: warmup)
    try onEvent(.started(plannedCompiles: planned, alreadyDone: previous.count))
    var taken: [TypeCheckSample] = []
    var generatedFiles: [String: (GeneratedCase, URL)] = [:]

    func prepare(_ spec: CaseSpec) throws -> (GeneratedCase, URL) {
      if let existing = generatedFiles[spec.id] { return existing }
      let generated = CaseGenerator.generate(spec, form: form)
      let url = casesFolder.appendingPathComponent(generated.fileName)
      try AtomicFile.write(generated.source, to: url)
      generatedFiles[spec.id] = (generated, url)
      return (generated, url)
    }

    func allRunsDone(_ point: Task) -> Bool {
      (0..<runs).allSatisfy {
        done.contains(SampleKey(caseID: point.spec.id, toolchain: point.toolchain.name, iteration: $0))
      }
    }

    // Every compile of the plan, in plan order, and for each point its tasks and the point before it in its series.
    let steps = Self.steps(of: cases)
    var tasks: [Task] = []
    var tasksOfPoint: [PointKey: [Int]] = [:]
    var previousPoint: [PointKey: PointKey] = [:]
    var lastPointOfSeries: [SeriesKey: PointKey] = [:]
    for (stepIndex, step) in steps.enumerated() {
      for spec in step {
        for toolchain in toolchains where pairs(spec, toolchain) {
          let task = Task(step: stepIndex, round: 0, spec: spec, toolchain: toolchain)
          if let last = lastPointOfSeries[task.series] { previousPoint[task.point] = last }
          lastPointOfSeries[task.series] = task.point
        }
      }
      var lastTimed: [PointKey: Int] = [:]
      for round in -1..<rounds {
        for spec in step {
          for toolchain in toolchains where pairs(spec, toolchain) {
            var task = Task(step: stepIndex, round: round, spec: spec, toolchain: toolchain)
            if round >= 1 {
              task.previousTimed = lastTimed[task.point]
              lastTimed[task.point] = tasks.count
            }
            tasksOfPoint[task.point, default: []].append(tasks.count)
            tasks.append(task)
          }
        }
      }
    }
    var state = [TaskState](repeating: .waiting, count: tasks.count)
    // Time runs go round by round: the tasks of one (step, round) start once every earlier one has finished.
    var unfinishedInGroup: [Int: Int] = [:]
    func group(_ task: Task) -> Int { task.step * (rounds + 1) + task.round + 1 }
    for task in tasks { unfinishedInGroup[group(task), default: 0] += 1 }

    var unfinishedOfPoint = tasksOfPoint.mapValues(\.count)
    func pointSettled(_ point: PointKey) -> Bool { (unfinishedOfPoint[point] ?? 0) == 0 }
    func finish(_ index: Int) {
      state[index] = .finished
      unfinishedInGroup[group(tasks[index]), default: 0] -= 1
      unfinishedOfPoint[tasks[index].point, default: 0] -= 1
    }

    /// Whether the task may start now (its dependencies are done).
    func isReady(_ index: Int) -> Bool {
      let task = tasks[index]
      if !metered {
        let first = group(tasks[0])
        return (first..<group(task)).allSatisfy { (unfinishedInGroup[$0] ?? 0) == 0 }
      }
      if let previous = previousPoint[task.point], !pointSettled(previous) { return false }
      let own = tasksOfPoint[task.point] ?? []
      if task.round >= 0, let probe = own.first, tasks[probe].round == -1, state[probe] != .finished { return false }
      if let previousTimed = task.previousTimed, state[previousTimed] != .finished { return false }
      return true
    }

    /// What the task compiles, or nil when it is not needed (done, censored, stopped, not at risk).
    func compileNeeded(_ index: Int) -> Compile? {
      let task = tasks[index]
      let point = task.point
      guard !stopped.contains(task.series) || censoredPoints.contains(point) else { return nil }
      guard !censoredPoints.contains(point), !closedPoints.contains(point) else { return nil }
      let instrumentedKey = SampleKey(
        caseID: task.spec.id, toolchain: task.toolchain.name, iteration: 0, instrumented: true)
      switch task.round {
      case -1:
        guard !done.contains(instrumentedKey), !allRunsDone(task),
          let previous = previousPoint[point], let scopes = firstScopes[previous],
          scopes >= CompilePass.probeScopes(flags: task.toolchain.extraFlags)
        else { return nil }
        return Compile(pass: .probe)
      case 0:
        return done.contains(instrumentedKey) ? nil : Compile(pass: .instrumented)
      case ..<warmupRounds:
        // A warm-up of a point whose measured runs are all done is skipped too.
        if allRunsDone(task) { return nil }
      default:
        let key = SampleKey(caseID: task.spec.id, toolchain: task.toolchain.name, iteration: task.round - warmupRounds)
        if done.contains(key) { return nil }
      }
      return Compile(pass: .timed, needsStatsTimer: instrumentedHadBody[point] == false)
    }

    func role(_ task: Task) -> (SweepEvent.Role, run: Int, of: Int) {
      switch task.round {
      case -1: (.probe, 1, 1)
      case 0: (.instrumented, 1, 1)
      case ..<warmupRounds: (.warmup, task.round + 1, warmup)
      default: (.measured, task.round - warmupRounds + 1, runs)
      }
    }

    var generatorBug: BenchError?
    var failure: Error?
    /// The toolchains that rejected each case (by case id).
    var rejected: [String: Set<String>] = [:]

    /// Records the result of a finished compile as `run()` always has: the instrumented compile whatever it did,
    /// a warm-up or a probe only when it stands for its point, a measured run always.
    func process(_ index: Int, _ compile: Compile, _ result: Result<TypeCheckSample, Error>) throws {
      let task = tasks[index]
      let point = task.point
      var sample: TypeCheckSample
      switch result {
      case .success(let measured): sample = measured
      case .failure(let error):
        if failure == nil { failure = error }
        return
      }
      // A compile that failed because its case file is gone (the run folder deleted meanwhile) says nothing about the
      // case: it is not recorded, and the run stops as for a failed write, to be measured again on resume.
      if sample.outcome.isFailure, let url = generatedFiles[task.spec.id]?.1,
        !FileManager.default.fileExists(atPath: url.path)
      {
        if failure == nil {
          failure = BenchError.io(
            "\(url.path) was removed during its compile (was the run folder deleted?); that compile is not kept")
        }
        return
      }
      // A compile the environment failed (a compiler that vanished, a missing standard library) measured nothing of
      // the case: it is not kept, the run stops, and its resume measures it again.
      if sample.outcome == .error, Self.isEnvironmentFault(sample.detail) {
        if generatorBug == nil {
          generatorBug = BenchError.software(
            Self.uncleanCompileMessage(caseID: task.spec.id, detail: sample.detail, toolchain: task.toolchain))
        }
        return
      }
      sample.caseID = task.spec.id
      sample.toolchain = task.toolchain.name
      sample.pass = compile.pass
      // The instrumented compile is kept whatever it did; it never decides censoring (it runs slower).
      let decidesCensoring = compile.pass != .instrumented && sample.outcome.isCensored
      switch compile.pass {
      case .instrumented:
        sample.iteration = 0
        instrumentedHadBody[point] = sample.caseMilliseconds != nil
        if let scopes = sample.constraintScopes { firstScopes[point] = scopes }
      case .probe:
        // A probe the solver did not give up on is a warm-up; one that failed or went censored stands for the point.
        guard decidesCensoring || sample.outcome.isFailure else { return }
        sample.iteration = 0
        if let scopes = sample.constraintScopes { firstScopes[point] = scopes }
        if !decidesCensoring { closedPoints.insert(point) }
      case .timed:
        if task.round < warmupRounds {
          // A warm-up is discarded unless it went censored: a censored point is measured once and kept.
          guard decidesCensoring else { return }
          sample.iteration =
            (0..<runs).first {
              !done.contains(SampleKey(caseID: task.spec.id, toolchain: task.toolchain.name, iteration: $0))
            }
            ?? 0
        } else {
          sample.iteration = task.round - warmupRounds
        }
      }
      taken.append(sample)
      done.insert(SampleKey(sample))
      try onEvent(.sampleRecorded(sample))
      if decidesCensoring {
        censoredPoints.insert(point)
        stopped.insert(task.series)
        try onEvent(
          .seriesStopped(
            seriesID: task.spec.seriesID, toolchain: task.toolchain.name, axis: task.spec.axisName,
            axisValue: task.spec.axisValue, outcome: sample.outcome,
            expected: (try prepare(task.spec)).0.mayExceedSolverLimits))
      }
      if sample.outcome == .error {
        // A rejection is that toolchain's outcome at the point (its series goes on with the next point); a case that
        // every toolchain measuring it rejects, or that fails for the compiler's installation, stops the run.
        closedPoints.insert(point)
        rejected[task.spec.id, default: []].insert(task.toolchain.name)
        let measuring = toolchains.filter { pairs(task.spec, $0) }.count
        if generatorBug == nil,
          Self.isEnvironmental(sample.detail) || (rejected[task.spec.id]?.count ?? 0) >= measuring
        {
          generatorBug = BenchError.software(
            Self.uncleanCompileMessage(caseID: task.spec.id, detail: sample.detail, toolchain: task.toolchain))
        }
      }
    }

    let workers = max(1, jobs)
    let completions = Completions()
    var running = 0
    var interrupted = false
    var scanFrom = 0
    /// Starts what may start, in plan order, while a worker is free.
    func startReadyTasks() throws {
      var index = scanFrom
      while index < tasks.count, running < workers {
        if state[index] != .waiting {
          index += 1
          continue
        }
        guard isReady(index) else {
          // Round by round, nothing after a task that must wait may start either.
          if !metered { break }
          index += 1
          continue
        }
        guard let compile = compileNeeded(index) else {
          finish(index)
          index += 1
          continue
        }
        if shouldStop() {
          interrupted = true
          break
        }
        let task = tasks[index]
        let (generated, url) = try prepare(task.spec)
        let (role, run, of) = role(task)
        try onEvent(.compileStarted(caseID: task.spec.id, toolchain: task.toolchain.name, run: run, of: of, role: role))
        state[index] = .running
        running += 1
        if workers == 1 {
          // One at a time: the compile runs on this thread.
          completions.add(index, compile, Result { try measure(generated, url, task.toolchain, compile) })
        } else {
          // A thread of its own, not a Dispatch queue's: those run no more blocks at once than the machine has cores
          // (fewer when the caller is one of their threads), and `--jobs` is what the user asked for.
          let (measure, toolchain, started) = (measure, task.toolchain, index)
          Thread {
            completions.add(started, compile, Result { try measure(generated, url, toolchain, compile) })
          }.start()
        }
        index += 1
      }
      while scanFrom < tasks.count, state[scanFrom] == .finished { scanFrom += 1 }
    }
    while true {
      // After a failure, an error or an interrupt nothing more starts, and the compiles running are waited for and
      // recorded: nothing measured is lost.
      do {
        if failure == nil, generatorBug == nil, !interrupted { try startReadyTasks() }
      } catch {
        failure = error
      }
      // Nothing running means nothing more could start (every task whose dependencies are done was looked at): the
      // plan is done, or it stopped.
      if running == 0 { break }
      let (index, compile, result) = completions.next()
      running -= 1
      finish(index)
      do {
        try process(index, compile, result)
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

  /// The samples in the order a run of one job records them (step, round, case, toolchain): a run of several jobs
  /// finishes its compiles in another order, and its record is sorted back into this one.
  public func inPlanOrder(_ samples: [TypeCheckSample]) -> [TypeCheckSample] {
    var stepOf: [String: (step: Int, position: Int)] = [:]
    for (stepIndex, step) in Self.steps(of: cases).enumerated() {
      for (position, spec) in step.enumerated() { stepOf[spec.id] = (stepIndex, position) }
    }
    let toolchainIndex = Dictionary(
      toolchains.enumerated().map { ($1.name, $0) }, uniquingKeysWith: { first, _ in first })
    let warmupRounds = max(warmup, 1)
    func key(_ sample: TypeCheckSample) -> [Int] {
      let place = stepOf[sample.caseID] ?? (Int.max, Int.max)
      let round =
        switch sample.pass {
        case .probe: -1
        case .instrumented: 0
        default: warmupRounds + sample.iteration
        }
      return [place.step, round, place.position, toolchainIndex[sample.toolchain] ?? Int.max]
    }
    return samples.enumerated().sorted { left, right in
      let (a, b) = (key(left.element), key(right.element))
      return a != b ? a.lexicographicallyPrecedes(b) : left.offset < right.offset
    }.map(\.element)
  }

  /// Groups cases into steps: cases that differ only in model, surface, chart variant or framework source (the
  /// miniature and the real SDK), at one axis value, measured together.
  static func steps(of cases: [CaseSpec]) -> [[CaseSpec]] {
    var order: [String] = []
    var groups: [String: [CaseSpec]] = [:]
    for spec in cases {
      var key = spec
      key.model = .perKind
      key[.surface] = nil
      key.chartVariant = .compat
      key.blockStyle = .pack
      key.framework = .miniature
      let id = key.id
      if groups[id] == nil { order.append(id) }
      groups[id, default: []].append(spec)
    }
    return order.map { groups[$0]! }
  }
}

extension SweepRunner.SampleKey {
  /// The key of `sample`.
  public init(_ sample: TypeCheckSample) {
    self.init(
      caseID: sample.caseID, toolchain: sample.toolchain, iteration: sample.iteration,
      instrumented: sample.pass == .instrumented)
  }
}

/// The results of compiles running on other threads, handed to the sweep's thread one at a time.
private final class Completions: @unchecked Sendable {
  private let lock = NSCondition()
  private var ready: [(Int, SweepRunner.Compile, Result<TypeCheckSample, Error>)] = []

  func add(_ index: Int, _ compile: SweepRunner.Compile, _ result: Result<TypeCheckSample, Error>) {
    lock.lock()
    ready.append((index, compile, result))
    lock.signal()
    lock.unlock()
  }

  /// The next finished compile, waiting for one.
  func next() -> (Int, SweepRunner.Compile, Result<TypeCheckSample, Error>) {
    lock.lock()
    defer { lock.unlock() }
    while ready.isEmpty { lock.wait() }
    return ready.removeFirst()
  }
}
