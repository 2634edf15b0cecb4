import Generators
import TypeCheckBenchCore

/// What a run reports as it goes (the sweep runner, a corpus plan); the progress display and the journal subscribe to these.
public enum SweepEvent: Sendable {
  /// The sweep starts: `plannedCompiles` is the most compiles it can take (stopped series take fewer).
  case started(plannedCompiles: Int, alreadyDone: Int)
  /// A compile starts: the point's probe or its instrumented compile (`run` 1 of 1), warm-up `run` of `of` warm-ups
  /// (the instrumented compile was the first), or measured `run` of `of` runs.
  case compileStarted(caseID: String, toolchain: String, run: Int, of: Int, role: CompileRole)
  /// A measured sample is recorded.
  case sampleRecorded(TypeCheckSample)
  /// A series stops early because a point went censored; its later axis values are skipped. `axis` names the
  /// family's axis (`depth`, `branches`, `states`).
  case seriesStopped(
    seriesID: String, toolchain: String, axis: String, axisValue: Int, outcome: Outcome, expected: Bool)
  /// The sweep ends; `interrupted` when a signal stopped it.
  case finished(interrupted: Bool)
}
