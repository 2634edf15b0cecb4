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
    var done = Set(previous.map(SampleKey.init))
    var stopped: Set<String> = []  // "seriesID@toolchain"
    var censoredPoints: Set<String> = []  // "caseID@toolchain"
    // Whether each point's instrumented compile printed a case body ("caseID@toolchain").
    var instrumentedHadBody: [String: Bool] = [:]
    let specsByID = CaseSpec.byID(cases)
    for sample in previous {
      let point = sample.caseID + "@" + sample.toolchain
      if sample.pass == .instrumented {
        instrumentedHadBody[point] = sample.caseMilliseconds != nil
      } else if sample.outcome.isCensored {
        censoredPoints.insert(point)
        if let spec = specsByID[sample.caseID] { stopped.insert(spec.seriesID + "@" + sample.toolchain) }
      }
    }
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

    func allRunsDone(_ spec: CaseSpec, _ toolchain: ToolchainInfo) -> Bool {
      (0..<runs).allSatisfy { done.contains(SampleKey(caseID: spec.id, toolchain: toolchain.name, iteration: $0)) }
    }

    for step in Self.steps(of: cases) {
      for round in 0..<rounds {
        // One round: every case of the step with every toolchain, once (A B A B … across rounds).
        let role: SweepEvent.Role = round == 0 ? .instrumented : (round < warmupRounds ? .warmup : .measured)
        var tasks: [(CaseSpec, ToolchainInfo, Compile)] = []
        for spec in step {
          for toolchain in toolchains where pairs(spec, toolchain) {
            let point = spec.id + "@" + toolchain.name
            guard !stopped.contains(spec.seriesID + "@" + toolchain.name) || censoredPoints.contains(point) else {
              continue
            }
            guard !censoredPoints.contains(point) else { continue }
            switch role {
            case .instrumented:
              if done.contains(SampleKey(caseID: spec.id, toolchain: toolchain.name, iteration: 0, instrumented: true))
              {
                continue
              }
              tasks.append((spec, toolchain, Compile(pass: .instrumented)))
              continue
            case .warmup:
              // A warm-up of a point whose measured runs are all done is skipped too.
              if allRunsDone(spec, toolchain) { continue }
            case .measured:
              if done.contains(SampleKey(caseID: spec.id, toolchain: toolchain.name, iteration: round - warmupRounds)) {
                continue
              }
            }
            tasks.append(
              (spec, toolchain, Compile(pass: .timed, needsStatsTimer: instrumentedHadBody[point] == false)))
          }
        }
        for chunkStart in stride(from: 0, to: tasks.count, by: max(1, jobs)) {
          if shouldStop() {
            try onEvent(.finished(interrupted: true))
            return taken
          }
          let chunk = Array(tasks[chunkStart..<min(tasks.count, chunkStart + max(1, jobs))])
          let prepared = try chunk.map { try prepare($0.0) }
          for (spec, toolchain, _) in chunk {
            let (run, of) =
              switch role {
              case .instrumented: (1, 1)
              case .warmup: (round + 1, warmup)
              case .measured: (round - warmupRounds + 1, runs)
              }
            try onEvent(.compileStarted(caseID: spec.id, toolchain: toolchain.name, run: run, of: of, role: role))
          }
          let results = try measureAll(chunk.indices.map { (prepared[$0], chunk[$0].1, chunk[$0].2) })
          for (index, result) in results.enumerated() {
            let (spec, toolchain, compile) = chunk[index]
            let point = spec.id + "@" + toolchain.name
            var sample = result
            sample.caseID = spec.id
            sample.toolchain = toolchain.name
            sample.pass = compile.pass
            // The instrumented compile is kept whatever it did; it never decides censoring (it runs slower).
            let decidesCensoring = compile.pass == .timed && sample.outcome.isCensored
            if compile.pass == .instrumented {
              sample.iteration = 0
              instrumentedHadBody[point] = sample.caseMilliseconds != nil
            } else if role == .warmup {
              // A warm-up is discarded unless it went censored: a censored point is measured once and kept.
              guard decidesCensoring else { continue }
              sample.iteration =
                (0..<runs).first {
                  !done.contains(SampleKey(caseID: spec.id, toolchain: toolchain.name, iteration: $0))
                }
                ?? 0
            } else {
              sample.iteration = round - warmupRounds
            }
            taken.append(sample)
            done.insert(SampleKey(sample))
            try onEvent(.sampleRecorded(sample))
            if decidesCensoring {
              censoredPoints.insert(point)
              stopped.insert(spec.seriesID + "@" + toolchain.name)
              try onEvent(
                .seriesStopped(
                  seriesID: spec.seriesID, toolchain: toolchain.name, axis: spec.axisName, axisValue: spec.axisValue,
                  outcome: sample.outcome,
                  expected: prepared[index].0.mayExceedSolverLimits))
            }
            if sample.outcome == .error {
              try onEvent(.finished(interrupted: false))
              throw BenchError.software(
                "case \(spec.id) did not type-check cleanly (a generator bug): \(sample.detail ?? "unexpected diagnostic")"
              )
            }
          }
        }
      }
    }
    try onEvent(.finished(interrupted: false))
    return taken
  }

  /// Runs one chunk of compiles, concurrently when there are several (`--jobs`).
  private func measureAll(_ work: [((GeneratedCase, URL), ToolchainInfo, Compile)]) throws -> [TypeCheckSample] {
    if work.count == 1 {
      return [try measure(work[0].0.0, work[0].0.1, work[0].1, work[0].2)]
    }
    let results = ParallelWork.map(count: work.count, workers: work.count) { index in
      try measure(work[index].0.0, work[index].0.1, work[index].1, work[index].2)
    }
    return try results.map { try $0!.get() }
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
