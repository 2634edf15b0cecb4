import Generators

/// The summary of every sample of one point: one case compiled by one toolchain.
public struct PointSummary: Hashable, Sendable {
  public var spec: CaseSpec
  public var toolchain: String
  /// The worst outcome across the point's samples (a censored or failed sample makes the whole point so).
  public var outcome: Outcome
  /// Number of samples taken.
  public var count: Int
  /// The headline type-check time, milliseconds, of every measured sample, all read from `timer` (see
  /// `TypeCheckSample.headlineTimes(of:)`).
  public var milliseconds: SampleStatistics?
  /// The clock `milliseconds` comes from; nil when no sample has a time.
  public var timer: CaseTimer?
  public var wallSeconds: SampleStatistics?
  public var userSeconds: SampleStatistics?
  public var systemSeconds: SampleStatistics?
  /// Median `Sema.NumConstraintScopes` (deterministic, so the median is just the value).
  public var constraintScopes: Double?
  /// Median `Sema.NumLeafScopes`.
  public var leafScopes: Double?
  /// The median of every `-stats-output-dir` entry the instrumented compile holds (counters and kept timers), by name,
  /// and of the case's own instructions of the timed compiles (`StatName.instructions`) in a metered run.
  public var statistics: [String: Double] = [:]

  public init(
    spec: CaseSpec, toolchain: String, outcome: Outcome, count: Int, milliseconds: SampleStatistics?,
    wallSeconds: SampleStatistics?, userSeconds: SampleStatistics?, systemSeconds: SampleStatistics?,
    constraintScopes: Double?, leafScopes: Double?, timer: CaseTimer? = nil
  ) {
    self.timer = timer
    self.spec = spec
    self.toolchain = toolchain
    self.outcome = outcome
    self.count = count
    self.milliseconds = milliseconds
    self.wallSeconds = wallSeconds
    self.userSeconds = userSeconds
    self.systemSeconds = systemSeconds
    self.constraintScopes = constraintScopes
    self.leafScopes = leafScopes
  }

  /// Summarises the samples of one point; samples that errored or crashed carry no measurement and are left out of
  /// the statistics (but still decide `outcome`). Times come from the timed compiles, counters from the
  /// instrumented one (`CompilePass`); `count` is the number of timed compiles.
  public init(spec: CaseSpec, toolchain: String, samples: [TypeCheckSample]) {
    let timed = TypeCheckSample.timed(samples)
    let counted = TypeCheckSample.counted(samples)
    let times = TypeCheckSample.headlineTimes(of: timed)
    self.init(
      spec: spec, toolchain: toolchain, outcome: TypeCheckSample.pointOutcome(of: samples) ?? .error,
      count: samples.filter(\.givesTime).count,
      milliseconds: SampleStatistics(times.milliseconds),
      wallSeconds: SampleStatistics(timed.map(\.wallSeconds)),
      userSeconds: SampleStatistics(timed.map(\.userSeconds)),
      systemSeconds: SampleStatistics(timed.map(\.systemSeconds)),
      constraintScopes: TypeCheckSample.medianCounter(\.constraintScopes, of: counted),
      leafScopes: TypeCheckSample.medianCounter(\.leafScopes, of: counted), timer: times.timer)
    var values: [String: [Double]] = [:]
    for sample in counted {
      for (name, value) in sample.stats { values[name, default: []].append(value) }
    }
    // The case's own instructions, counted on the timed compiles (`--meter instructions`), are ranked, charted and
    // fitted like a compiler counter.
    let ownInstructions = timed.compactMap(\.caseInstructions)
    if !ownInstructions.isEmpty { values[StatName.instructions] = ownInstructions }
    statistics = values.compactMapValues { SampleStatistics($0)?.median }
  }

  /// `CaseSpec.id` of the point's case.
  public var caseID: String { spec.id }
  /// A name for the point, `case-id@toolchain`, used as hyperfine's `command` column.
  public var name: String { key.description }
  public var key: PointKey { PointKey(caseID: spec.id, toolchain: toolchain) }
  /// True when the point's values are lower bounds (the solver gave up or the compile timed out).
  public var isCensored: Bool { outcome.isCensored }
  /// True when the point carries a measurement at all (not an error or a crash).
  public var isMeasured: Bool { outcome.isMeasured }

  /// Summarises every point of `record`, in case order then toolchain order.
  public static func summaries(of record: RunRecord) -> [PointSummary] {
    var samplesByPoint: [PointKey: [TypeCheckSample]] = [:]
    for sample in record.samples {
      samplesByPoint[PointKey(sample), default: []].append(sample)
    }
    // Toolchains named by samples but missing from the record still get points, after the declared ones.
    var toolchains = record.toolchains.map(\.name)
    for sample in record.samples where !toolchains.contains(sample.toolchain) { toolchains.append(sample.toolchain) }
    var summaries: [PointSummary] = []
    var seen: Set<String> = []
    for spec in record.cases where seen.insert(spec.id).inserted {
      for toolchain in toolchains {
        guard let samples = samplesByPoint[PointKey(caseID: spec.id, toolchain: toolchain)] else { continue }
        summaries.append(PointSummary(spec: spec, toolchain: toolchain, samples: samples))
      }
    }
    return summaries
  }
}

extension PointSummary {
  /// The point's median of `metric`, or nil when it has none.
  public func value(_ metric: Metric) -> Double? {
    switch metric.source {
    case .headlineTime: milliseconds?.median
    case .caseInstructions: statistics[StatName.instructions]
    // The summary keeps constraint scopes in a field of its own (0 where a compile wrote statistics without them).
    case .statistic(StatName.constraintScopes): constraintScopes
    case .statistic(let name): statistics[name]
    }
  }
}

extension PointSummary {
  /// The spread of a noisy metric's values (time's), or nil for an exact one, which has one value (`value(_:)`).
  public func distribution(_ metric: Metric) -> SampleStatistics? {
    metric.source == .headlineTime ? milliseconds : nil
  }
}

extension TypeCheckSample {
  /// The headline type-check time in milliseconds: `caseMilliseconds`, else the stats type-checking wall timer.
  ///
  /// One sample alone; a point's samples go through `headlineTimes(of:)` so they all use one clock.
  public var headlineMilliseconds: Double? {
    if let caseMilliseconds { return caseMilliseconds }
    return typeCheckTimerMilliseconds
  }

  /// The stats type-checking wall timer, milliseconds.
  public var typeCheckTimerMilliseconds: Double? { stats[StatName.typeCheckWall].map { $0 * 1000 } }

  /// The type-check times of one point's samples, all from one clock: the case's bodies when every sample has them,
  /// else the stats timer when every sample has it, else each sample's own (`.mixed`). Samples with neither are
  /// left out; the timer is nil when no sample has a time.
  public static func headlineTimes(of samples: [TypeCheckSample]) -> (milliseconds: [Double], timer: CaseTimer?) {
    let timed = samples.filter { $0.headlineMilliseconds != nil }
    guard !timed.isEmpty else { return ([], nil) }
    if timed.allSatisfy({ $0.caseMilliseconds != nil }) {
      return (timed.compactMap(\.caseMilliseconds), .caseBodies)
    }
    if timed.allSatisfy({ $0.typeCheckTimerMilliseconds != nil }) {
      return (timed.compactMap(\.typeCheckTimerMilliseconds), .typeCheckTimer)
    }
    return (timed.compactMap(\.headlineMilliseconds), .mixed)
  }
}
