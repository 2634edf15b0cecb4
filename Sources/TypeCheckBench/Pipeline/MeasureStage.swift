import Foundation
import TypeCheckBenchCore

/// The measure stage every run goes through (`bench run`, `bench fidelity`, `bench corpus`, and their resumes): the
/// journal open for appending (a torn last line repaired), the scratch folder made, then, once the run knows its
/// compiles, the disk reserve set aside (when there are compiles to take) and SIGINT, SIGTERM and SIGHUP trapped.
/// `close()` undoes it all; call it when the run's record and reports are written.
final class MeasureStage: Sendable {
  let folder: RunFolder
  let journal: SampleJournal
  /// Where the runner's samples go, from any thread (`SampleSink.add`).
  let samples: SampleSink
  private let trap = LockedBox<SignalTrap?>(nil)

  /// Opens the journal (its appends meeting `faults` first) and makes the scratch folder.
  /// - Throws: `BenchError.io` when either cannot be made.
  init(_ folder: RunFolder, faults: JournalFaults) throws {
    self.folder = folder
    journal = try SampleJournal(url: folder.journalURL, faults: faults)
    samples = SampleSink(journal)
    try FileManager.default.createDirectory(at: folder.scratchURL, withIntermediateDirectories: true)
  }

  /// Sets the reserve aside (with `reserve`) and traps the signals that stop a run.
  func start(reserve: Bool) {
    if reserve { folder.makeReserve() }
    trap.value = SignalTrap.install()
  }

  /// True once a trapped signal arrived: no new compile starts.
  var shouldStop: @Sendable () -> Bool {
    { [trap] in trap.value?.caughtSignal != nil }
  }

  /// Runs the compiles, which hand each sample to `samples`: the samples taken, `interrupted` when a signal or an
  /// interrupted compile stopped them, `failure` for any other error they threw.
  func measure(_ compiles: () throws -> Void) -> MeasuredSamples {
    var measured = MeasuredSamples()
    do {
      try compiles()
    } catch BenchError.interrupted {
      measured.interrupted = true
    } catch {
      measured.failure = error
    }
    measured.interrupted = measured.interrupted || shouldStop()
    (measured.taken, measured.journaled) = samples.taken
    return measured
  }

  /// Lifts the trap, frees the reserve and removes the scratch folder.
  func close() {
    trap.value?.uninstall()
    folder.releaseReserve()
    try? FileManager.default.removeItem(at: folder.scratchURL)
  }
}
