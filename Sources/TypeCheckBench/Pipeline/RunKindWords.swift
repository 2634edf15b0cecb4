import Foundation
import TypeCheckBenchCore

/// What a kind of run says and checks in the stages every run shares (`MeasureStage`, `MeasureStage.finish`,
/// `RunFolder.resume`, `ProgressDisplay`): the words its lines use and what its resume compares. Each kind states every
/// one (there are no defaults), so a new kind cannot print another's words. `RunKind` adds what the commands do with
/// its records.
protocol RunKindWords: Sendable {
  /// What a kept line counts: "samples", "compiles".
  var noun: String { get }

  /// What a resume says of the samples it starts from: "12 samples already taken", "4 compiles already done".
  var alreadyTaken: String { get }

  /// The line that opens the progress of a run that takes up to `planned` compiles after `alreadyDone` samples; nil
  /// when the command has already said what it compiles.
  func plannedLine(planned: Int, alreadyDone: Int) -> String?

  /// Whether a failed compile is said as it happens.
  var saysFailedCompiles: Bool { get }

  /// The command that continues a run of this kind: "bench run".
  var command: String { get }

  /// The measurement version this bench measures this kind with, bumped whenever a change to how its compiles are
  /// made makes older samples incomparable: a run of another one is not resumed, and comparisons across it warn.
  var measurementVersion: Int { get }

  /// What to do instead of resuming a run of another measurement version.
  var restartAdvice: String { get }

  /// Whether a resume compares the compilers' files too, not only their versions (`ToolchainInfo.checkUnchanged`).
  var comparesCompilerFiles: Bool { get }

  /// What follows "removed a torn last line " when a resume repairs the journal, from the `bytes` removed.
  func tornLine(_ bytes: Int) -> String
}
