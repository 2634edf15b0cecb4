import Generators

/// What a compile is for.
public enum CompileRole: Hashable, Sendable {
  /// The point's probe (`CompilePass.probe`), a compile more than planned: it stands for the point if censored.
  case probe
  /// The point's instrumented compile (`CompilePass.instrumented`): counters and expression timings.
  case instrumented
  /// A discarded timed compile.
  case warmup
  /// A measured timed compile.
  case measured
  /// A point's only compile (a corpus compile: its verdict and counters).
  case single
}

extension CompileSchedule {
  /// One compile of the plan: a case with a toolchain in one round of its step.
  struct Task: Sendable {
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

  /// Every compile of a sweep, in plan order (step, round, case, toolchain), and for each point its tasks and the
  /// point before it in its series.
  struct Plan: Sendable {
    var tasks: [Task] = []
    var tasksOfPoint: [PointKey: [Int]] = [:]
    var previousPoint: [PointKey: PointKey] = [:]
    /// Every (case, toolchain) pair measured, in plan order, with its series.
    var points: [(PointKey, SeriesKey)] = []

    /// The plan of `cases` with the `toolchains` that `pairs` allows, each point in `rounds` rounds after its probe.
    init(
      cases: [CaseSpec], toolchains: [ToolchainInfo], rounds: Int, pairs: (CaseSpec, ToolchainInfo) -> Bool
    ) {
      var lastPointOfSeries: [SeriesKey: PointKey] = [:]
      for (stepIndex, step) in CompileSchedule.steps(of: cases).enumerated() {
        let stepPairs = step.flatMap { spec in toolchains.filter { pairs(spec, $0) }.map { (spec, $0) } }
        for (spec, toolchain) in stepPairs {
          let task = Task(step: stepIndex, round: 0, spec: spec, toolchain: toolchain)
          if let last = lastPointOfSeries[task.series] { previousPoint[task.point] = last }
          lastPointOfSeries[task.series] = task.point
          points.append((task.point, task.series))
        }
        var lastTimed: [PointKey: Int] = [:]
        for round in -1..<rounds {
          for (spec, toolchain) in stepPairs {
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
  }

  /// Groups cases into steps: cases that differ only in model, surface, chart variant or framework source (the
  /// miniature and the real SDK), at one axis value, measured together.
  public static func steps(of cases: [CaseSpec]) -> [[CaseSpec]] {
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

  /// The samples in the order a run of one job records them (step, round, case, toolchain): a run of several jobs
  /// finishes its compiles in another order, and its record is sorted back into this one.
  public func inPlanOrder(_ samples: [TypeCheckSample]) -> [TypeCheckSample] {
    var stepOf: [String: (step: Int, position: Int)] = [:]
    for (stepIndex, step) in Self.steps(of: cases).enumerated() {
      for (position, spec) in step.enumerated() { stepOf[spec.id] = (stepIndex, position) }
    }
    let toolchainIndex = Dictionary(
      toolchains.enumerated().map { ($1.name, $0) }, uniquingKeysWith: { first, _ in first })
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

  /// Keeps what a compile of `task` measured as the record holds it, or nothing: the instrumented compile whatever it
  /// did, a warm-up or a probe only when it stands for its point, a measured run always. A censored timed compile or
  /// probe stops its point and series; a rejection closes its point.
  mutating func record(_ measured: TypeCheckSample, of task: Task, pass: CompilePass) -> Kept? {
    var sample = measured
    let point = task.point
    (sample.caseID, sample.toolchain, sample.pass) = (task.spec.id, task.toolchain.name, pass)
    // The instrumented compile is kept whatever it did; it never decides censoring (it runs slower).
    let decidesCensoring = pass != .instrumented && sample.outcome.isCensored
    switch pass {
    case .instrumented:
      sample.iteration = 0
      progress.instrumentedHadBody[point] = sample.caseMilliseconds != nil
      if let scopes = sample.constraintScopes { progress.firstScopes[point] = scopes }
    case .probe:
      // A probe the solver did not give up on is a warm-up; one that failed or went censored stands for the point.
      guard decidesCensoring || sample.outcome.isFailure else { return nil }
      sample.iteration = 0
      if let scopes = sample.constraintScopes { progress.firstScopes[point] = scopes }
      if !decidesCensoring { progress.closed.insert(point) }
    case .timed where task.round < warmupRounds:
      // A warm-up is discarded unless it went censored: a censored point is measured once and kept.
      guard decidesCensoring else { return nil }
      sample.iteration = progress.missingRun(of: point, runs: runs) ?? 0
    case .timed:
      sample.iteration = task.round - warmupRounds
    }
    progress.done.insert(SampleKey(sample))
    if decidesCensoring {
      progress.censored.insert(point)
      progress.stopped.insert(task.series)
    }
    var rejectedByAll = false
    if sample.outcome == .error {
      // A rejection is that toolchain's outcome at the point: its series goes on with the next point.
      progress.closed.insert(point)
      rejected[task.spec.id, default: []].insert(task.toolchain.name)
      rejectedByAll = rejected[task.spec.id, default: []].count >= toolchains.filter { pairs(task.spec, $0) }.count
    }
    return Kept(sample: sample, stopsSeries: decidesCensoring, rejectedByAll: rejectedByAll)
  }
}
