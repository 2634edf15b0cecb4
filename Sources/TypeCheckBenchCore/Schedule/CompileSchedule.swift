import Generators

/// Which compiles a sweep takes and when, decided without a compiler: the sweep runner asks for the next compile
/// (`next`), says when it starts one (`start`) and feeds back what each one measured (`complete`).
///
/// Each point gets one instrumented compile first (its counters and expression timings; it is the first warm-up when
/// there is one, an extra compile otherwise), then the rest of its warm-ups and its measured runs as timed compiles
/// (`CompilePass`). Only a timed compile decides censoring: the instrumented one runs slower, so its reaching the
/// solver's limit or the timeout is recorded but the point goes on to its timed compiles, the first censored one of
/// which stops the point and its series.
///
/// A point whose series' previous point counted 1/64 of the solver's scope limit or more (`CompilePass.probeScopes`)
/// may be one the solver gives up on: it is first compiled once as a probe (the timed flag and `-stats-output-dir`).
/// When the probe is censored it stands for the point, which is then compiled to the limit once, not twice; otherwise
/// it is discarded as a warm-up is and the point is measured as any other.
///
/// The compiles come in plan order: step by step (the cases of one axis value), round by round (probe, instrumented,
/// warm-ups, measured runs), each round every case of the step with every toolchain. With `jobs` above 1 the compiles
/// of one round run at once. In a metered run (`metered`, `--meter instructions`) the counted compiles' results do not
/// depend on what runs beside them: there a point's compiles may start as soon as the previous point of its series is
/// done (and its own probe and earlier timed compiles), so `jobs` workers stay busy across rounds and steps.
public struct CompileSchedule: Sendable {
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

  /// A compile the schedule hands out: a case with a toolchain, what it compiles and what it is for.
  public struct Entry: Hashable, Sendable {
    /// Its place in the plan.
    let index: Int
    public let spec: CaseSpec
    public let toolchain: ToolchainInfo
    public let compile: Compile
    public let role: CompileRole
    /// Which compile of its role it is, from 1, and of how many: warm-up 2 of 3, measured run 1 of 5; 1 of 1 for a
    /// probe or an instrumented compile.
    public let run: Int
    public let of: Int
  }

  /// A sample the schedule keeps, and what it decides.
  public struct Kept: Sendable {
    /// The sample as the record holds it: its case, toolchain, pass and iteration set.
    public var sample: TypeCheckSample
    /// It went censored in a compile that decides censoring: its point and series take no more compiles.
    public var stopsSeries: Bool
    /// Every toolchain that measures its case has rejected the case in this run.
    public var rejectedByAll: Bool
  }

  private enum TaskState { case waiting, running, finished }

  let cases: [CaseSpec]
  let toolchains: [ToolchainInfo]
  let runs: Int
  let warmup: Int
  /// How many compiles run at once (`--jobs`), 1 or more.
  public let workers: Int
  let metered: Bool
  let pairs: @Sendable (CaseSpec, ToolchainInfo) -> Bool
  let plan: Plan
  var progress: SweepProgress
  /// The toolchains that rejected each case in this run (by case id).
  var rejected: [String: Set<String>] = [:]
  private var state: [TaskState]
  /// Round by round: the unfinished tasks of each (step, round) group.
  private var unfinishedInGroup: [Int: Int] = [:]
  private var unfinishedOfPoint: [PointKey: Int]
  /// Every task before it is finished.
  private var scanFrom = 0
  /// Just after the compile last started, until one completes: no task before it can have become ready since (a
  /// task waits only for tasks before it), so the next look starts there, as one pass over the plan would.
  private var resumeFrom: Int?
  /// The compiles started and not yet completed.
  public private(set) var running = 0

  /// The schedule of `cases`, each measured by each toolchain `pairs` allows, `runs` times after `warmup`, `jobs`
  /// at once; a `metered` run starts counted compiles in a free order. `previous` samples (a resumed run's) are not
  /// taken again, and censored ones still stop their series.
  public init(
    cases: [CaseSpec], toolchains: [ToolchainInfo], runs: Int, warmup: Int, jobs: Int = 1, metered: Bool = false,
    pairs: @escaping @Sendable (CaseSpec, ToolchainInfo) -> Bool = { _, _ in true },
    previous: [TypeCheckSample] = []
  ) {
    (self.cases, self.toolchains, self.runs, self.warmup) = (cases, toolchains, runs, warmup)
    (self.workers, self.metered, self.pairs) = (max(1, jobs), metered, pairs)
    progress = SweepProgress(after: previous, cases: cases)
    plan = Plan(cases: cases, toolchains: toolchains, rounds: max(warmup, 1) + runs, pairs: pairs)
    state = Array(repeating: .waiting, count: plan.tasks.count)
    unfinishedOfPoint = plan.tasksOfPoint.mapValues(\.count)
    for task in plan.tasks { unfinishedInGroup[group(task), default: 0] += 1 }
  }

  /// The rounds of a point before its measured runs: the instrumented compile and the warm-ups after it.
  var warmupRounds: Int { max(warmup, 1) }

  /// The (case, toolchain) pairs the sweep measures.
  public var pairCount: Int { plan.points.count }

  /// True when a compile is left to take: a point still open that lacks its instrumented compile or a measured run.
  /// A resume with nothing left builds no module and sets no reserve aside.
  public var hasWork: Bool {
    plan.points.contains { point, series in
      progress.isOpen(point, of: series)
        && (!progress.hasInstrumented(point) || progress.missingRun(of: point, runs: runs) != nil)
    }
  }

  /// The next compile to start, in plan order, nil when none may start now (a worker is not free, what is left
  /// waits for compiles running, or nothing is left). Compiles no longer needed are passed over for good. The
  /// compile handed out is not started until `start` says so: asked again, the schedule hands out the same one.
  public mutating func next() -> Entry? {
    while scanFrom < plan.tasks.count, state[scanFrom] == .finished { scanFrom += 1 }
    var index = max(scanFrom, resumeFrom ?? 0)
    while index < plan.tasks.count, running < workers {
      defer { index += 1 }
      guard state[index] == .waiting else { continue }
      // Round by round, nothing after a task that must wait may start either.
      guard isReady(index) else { if metered { continue } else { return nil } }
      guard let compile = compileNeeded(index) else {
        finish(index)
        continue
      }
      return entry(index, compile)
    }
    return nil
  }

  /// `entry` (from `next`) is running.
  public mutating func start(_ entry: Entry) {
    state[entry.index] = .running
    running += 1
    resumeFrom = entry.index + 1
  }

  /// `entry` has finished: `sample` is what it measured, nil when it left nothing to keep (the runner failed it).
  /// - Returns: the sample kept and what it decides; nil when nothing is kept (a warm-up, a probe the solver did not
  ///   give up on).
  public mutating func complete(_ entry: Entry, with sample: TypeCheckSample?) -> Kept? {
    running -= 1
    resumeFrom = nil
    finish(entry.index)
    guard let sample else { return nil }
    return record(sample, of: plan.tasks[entry.index], pass: entry.compile.pass)
  }

  private mutating func finish(_ index: Int) {
    state[index] = .finished
    unfinishedInGroup[group(plan.tasks[index]), default: 0] -= 1
    unfinishedOfPoint[plan.tasks[index].point, default: 0] -= 1
  }

  /// The group a time run takes in turn: one (step, round).
  private func group(_ task: Task) -> Int { task.step * (warmupRounds + runs + 1) + task.round + 1 }

  /// Whether the task may start now (what it waits for is done).
  private func isReady(_ index: Int) -> Bool {
    let task = plan.tasks[index]
    if !metered {
      let first = group(plan.tasks[0])
      return (first..<group(task)).allSatisfy { (unfinishedInGroup[$0] ?? 0) == 0 }
    }
    if let previous = plan.previousPoint[task.point], (unfinishedOfPoint[previous] ?? 0) != 0 { return false }
    let own = plan.tasksOfPoint[task.point] ?? []
    if task.round >= 0, let probe = own.first, plan.tasks[probe].round == -1, state[probe] != .finished { return false }
    if let previousTimed = task.previousTimed, state[previousTimed] != .finished { return false }
    return true
  }

  /// What the task compiles, or nil when it is not needed (done, censored, stopped, not near the limit).
  private func compileNeeded(_ index: Int) -> Compile? {
    let task = plan.tasks[index]
    let point = task.point
    guard progress.isOpen(point, of: task.series) else { return nil }
    let allRunsDone = progress.missingRun(of: point, runs: runs) == nil
    switch task.round {
    case -1:
      guard !progress.hasInstrumented(point), !allRunsDone,
        let previous = plan.previousPoint[point], let scopes = progress.firstScopes[previous],
        scopes >= CompilePass.probeScopes(flags: task.toolchain.extraFlags)
      else { return nil }
      return Compile(pass: .probe)
    case 0:
      return progress.hasInstrumented(point) ? nil : Compile(pass: .instrumented)
    case ..<warmupRounds:
      // A warm-up of a point whose measured runs are all done is skipped too.
      if allRunsDone { return nil }
    default:
      let key = SampleKey(caseID: point.caseID, toolchain: point.toolchain, iteration: task.round - warmupRounds)
      if progress.done.contains(key) { return nil }
    }
    return Compile(pass: .timed, needsStatsTimer: progress.instrumentedHadBody[point] == false)
  }

  private func entry(_ index: Int, _ compile: Compile) -> Entry {
    let task = plan.tasks[index]
    let (role, run, of): (CompileRole, Int, Int) =
      switch task.round {
      case -1: (.probe, 1, 1)
      case 0: (.instrumented, 1, 1)
      case ..<warmupRounds: (.warmup, task.round + 1, warmup)
      default: (.measured, task.round - warmupRounds + 1, runs)
      }
    return Entry(
      index: index, spec: task.spec, toolchain: task.toolchain, compile: compile, role: role, run: run, of: of)
  }
}
