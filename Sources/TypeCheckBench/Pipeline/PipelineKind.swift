import Foundation
import TypeCheckBenchCore

/// A kind of run, by what it brings to the stages every run shares: the words its lines use and what its resume
/// checks. The stages themselves are stated once (`MeasureStage`, `MeasureStage.finish`, `RunFolder.resume`).
enum PipelineKind: Sendable {
  /// `bench run` and `bench fidelity`.
  case sweep
  /// `bench corpus`.
  case corpus

  /// What a kept line counts.
  var noun: String { self == .sweep ? "samples" : "compiles" }

  /// What a resume says of the samples it starts from: "12 samples already taken", "4 compiles already done".
  var alreadyTaken: String { self == .sweep ? "already taken" : "already done" }

  /// The line that opens the progress of a run that takes up to `planned` compiles after `alreadyDone` samples; nil
  /// for a corpus, whose command has said what it compiles (its tests, its compiles, how many at once).
  func plannedLine(planned: Int, alreadyDone: Int) -> String? {
    guard self == .sweep else { return nil }
    return "Sweep: up to \(planned) compiles" + (alreadyDone > 0 ? " (\(alreadyDone) samples already taken)" : "")
  }

  /// Whether a failed compile is said as it happens. In a sweep it is news (a generator bug, or the compiler's
  /// installation); a corpus's tests often expect one (`-verify`, an expected exit code), and their verdicts say what
  /// it meant.
  var saysFailedCompiles: Bool { self == .sweep }

  /// The command that continues a run of this kind.
  var command: String { self == .sweep ? "bench run" : "bench corpus" }

  /// The measurement version this bench measures this kind with, bumped whenever a change to how its compiles are
  /// made makes older samples incomparable: a run of another one is not resumed, and comparisons across it warn.
  /// - A sweep's is 2: times come from timed compiles with `-debug-time-function-bodies` alone, counters from one
  ///   instrumented compile per point (version 1 armed the expression timer and wrote statistics in every compile,
  ///   which made builder-heavy cases 1.5–2× slower).
  /// - A corpus's is 1.
  var measurementVersion: Int {
    switch self {
    case .sweep: 2
    case .corpus: 1
    }
  }

  /// What to do instead of resuming a run of another measurement version.
  var restartAdvice: String {
    "start a new run" + (self == .sweep ? " (--reuse cannot copy them either)" : "")
  }

  /// Whether a resume compares the compilers' files too, not only their versions (`ToolchainInfo.checkUnchanged`):
  /// as it always has, a corpus resume compares their versions only.
  var comparesCompilerFiles: Bool { self == .sweep }

  /// What follows "removed a torn last line " when a resume repairs the journal, from the `bytes` removed.
  func tornLine(_ bytes: Int) -> String {
    self == .sweep
      ? "(\(bytes) bytes, a write cut short); its sample is measured again." : "(\(bytes) bytes); it is compiled again."
  }
}
