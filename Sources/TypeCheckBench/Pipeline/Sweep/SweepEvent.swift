import Generators
import TypeCheckBenchCore

/// What a run reports as it goes (the sweep runner, a corpus plan); the progress display and the journal subscribe to these.
public enum SweepEvent: Sendable {
  /// The sweep starts: `plannedCompiles` is the most compiles it can take (stopped series take fewer).
  case started(plannedCompiles: Int, alreadyDone: Int)
  /// A compile starts: the point's probe or its instrumented compile (`run` 1 of 1), warm-up `run` of `of` warm-ups
  /// (the instrumented compile was the first), or measured `run` of `of` runs.
  case compileStarted(caseID: String, toolchain: String, run: Int, of: Int, role: Role)
  /// A measured sample is recorded.
  case sampleRecorded(TypeCheckSample)
  /// A series stops early because a point went censored; its later axis values are skipped. `axis` names the
  /// family's axis (`depth`, `branches`, `states`).
  case seriesStopped(
    seriesID: String, toolchain: String, axis: String, axisValue: Int, outcome: Outcome, expected: Bool)
  /// The sweep ends; `interrupted` when a signal stopped it.
  case finished(interrupted: Bool)

  /// What a compile is for.
  public enum Role: Hashable, Sendable {
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
}
