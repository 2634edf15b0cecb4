import Generators
import TypeCheckBenchCore

/// What the sweep runner reports as it goes; the progress display and the journal subscribe to these.
public enum SweepEvent: Sendable {
  /// The sweep starts: `plannedCompiles` is the most compiles it can take (stopped series take fewer).
  case started(plannedCompiles: Int, alreadyDone: Int)
  /// A compile starts: warm-up `run` of `of` warm-ups, or measured `run` of `of` runs.
  case compileStarted(caseID: String, toolchain: String, run: Int, of: Int, warmup: Bool)
  /// A measured sample is recorded.
  case sampleRecorded(TypeCheckSample)
  /// A series stops early because a point went censored; its later axis values are skipped. `axis` names the
  /// family's axis (`depth`, `branches`, `states`).
  case seriesStopped(
    seriesID: String, toolchain: String, axis: String, axisValue: Int, outcome: Outcome, expected: Bool)
  /// The sweep ends; `interrupted` when a signal stopped it.
  case finished(interrupted: Bool)
}
