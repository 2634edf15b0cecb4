/// Why a compile stops its scale line. As scale-test does, a line stops with a toolchain at its first compile that
/// does not end as its RUN line expects: the runner compiles no later N of it, the run keeps none, the verdict and
/// the chart end the line there. The one statement of that rule.
public enum ScaleLineStop: Hashable, Sendable {
  case timeout
  case crash
  case badData
  /// Another exit status than the RUN line expects.
  case exitStatus(Int32)
}

extension ScaleTestOptions {
  /// Why `sample` stops its line, or nil when it ended as this RUN line expects.
  public func stop(_ sample: TypeCheckSample) -> ScaleLineStop? {
    switch sample.outcome {
    case .timeout: return .timeout
    case .crash: return .crash
    case .badData: return .badData
    case .ok, .tooComplex, .error:
      let status = Int32(sample.stats[CorpusMeasurementKeys.exitStatus] ?? 0)
      return status == expectedExitCode ? nil : .exitStatus(status)
    }
  }
}
