/// How a metric is read from a point's samples and from a run.
extension Metric {
  /// The metric's values among one point's samples, in the samples' order: times and instructions from the timed
  /// compiles, a statistic from the instrumented compiles that wrote statistics (0 where one lacks the entry), the
  /// way `TypeCheckSample.medianCounter` reads it. Errored and crashed samples give none.
  public func values(of samples: [TypeCheckSample]) -> [Double] {
    switch source {
    case .headlineTime:
      TypeCheckSample.headlineTimes(of: TypeCheckSample.timed(samples)).milliseconds
    case .caseInstructions:
      TypeCheckSample.timed(samples).compactMap(\.caseInstructions)
    case .statistic(let name):
      TypeCheckSample.counted(samples).filter { !$0.stats.isEmpty }.map { $0.stats[name] ?? 0 }
    }
  }

  /// True when `record` measured the metric at all: the case's instructions only with `--meter instructions`, the
  /// others always.
  public func isRecorded(in record: RunRecord) -> Bool {
    isOptional ? record.instructionMetering != nil : true
  }

  /// True for a metric only some runs record (the case's instructions, with `--meter instructions`).
  public var isOptional: Bool { source == .caseInstructions }
}
