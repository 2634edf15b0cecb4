import Foundation

/// What a run's sample journal meets before each append: nothing in bench (`none`); a test's full disk. It is handed
/// to the run, not registered anywhere: `BenchCommandLine.main(_:families:journalFaults:output:errorOutput:)` puts it
/// in the `CommandContext`, the commands that measure pass it to `Pipeline.start` and `Pipeline.resume`, and the
/// pipeline's `MeasureStage` opens the run's journal with it.
public struct JournalFaults: Sendable {
  /// True when an append is to fail as on a full disk.
  let failsAppend: @Sendable () -> Bool

  /// No fault: every append is written.
  public static let none = JournalFaults(failingAppendsWhile: { false })

  /// Appends fail with ENOSPC, as on a full disk, while `condition` returns true.
  public init(failingAppendsWhile condition: @escaping @Sendable () -> Bool) {
    failsAppend = condition
  }
}
