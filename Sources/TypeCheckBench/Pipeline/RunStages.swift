import Foundation
import TypeCheckBenchCore

/// The stages `bench run`, `bench corpus` and `bench fidelity` share, each stated once: claim a run folder and its
/// lock, give it back when nothing was measured, continue from its journal, check the compilers are the ones the
/// run started with, and write the rendered files.
extension RunFolder {
  /// Claims the folder of a new run, locked: `output` when given (new, empty or bench's and holding no run), else a
  /// new folder named `base` under `results`.
  /// - Returns: the folder, its lock (hold it until the run ends), and whether the folder existed before.
  static func claimNew(output: String?, results: String, base: String) throws -> (
    folder: RunFolder, lock: FolderLock, existed: Bool
  ) {
    let existed = output.map { FileManager.default.fileExists(atPath: $0) } ?? false
    let (folder, lock) =
      if let output {
        try use(URL(fileURLWithPath: output))
      } else {
        try create(under: URL(fileURLWithPath: results), base: base)
      }
    return (folder, lock, existed)
  }

  /// Takes back what a run that failed before its first compile made: its cases and scratch folders, and the folder
  /// itself when the run made it (`existed` false), so no run is left behind.
  func discardUnstarted(existed: Bool) {
    for leftover in [casesURL, scratchURL] { try? FileManager.default.removeItem(at: leftover) }
    if !existed { try? FileManager.default.removeItem(at: url) }
  }

  /// The samples a resumed run already has: its journal (repaired first, a torn last line removed and said so with
  /// `torn`) joined to `recorded`, the first of each. The journal is the truth: a record written at the end of an
  /// interrupted run holds the same samples. `torn` says, from the bytes removed, what follows "removed a torn last
  /// line ".
  func samplesTaken(recorded: [TypeCheckSample], output: (String) -> Void, torn: (Int) -> String) throws
    -> [TypeCheckSample]
  {
    if case .truncated(let bytes) = try SampleJournal.repair(journalURL) {
      output("Repaired \(journalURL.path): removed a torn last line \(torn(bytes))")
    }
    return SweepRunner.SampleKey.firstOfEach(recorded + (try SampleJournal.read(journalURL)))
  }

  /// Writes rendered `files` (paths relative to the folder), each atomically, in path order.
  func write(files: [String: String]) throws {
    try AtomicFile.write(files: files, in: url)
  }
}

extension AtomicFile {
  /// Writes `files` (paths relative to `folder`), each atomically, in path order.
  static func write(files: [String: String], in folder: URL) throws {
    for path in files.keys.sorted() { try write(files[path]!, to: folder.appendingPathComponent(path)) }
  }
}

extension ToolchainInfo {
  /// Checks that this recorded compiler is still the one at its path, for a resume: the same version text and, with
  /// `comparingFiles` when the record has a fingerprint, the same files (a compiler replaced in place, or the root
  /// behind a wrapper upgraded, is another compiler).
  /// - Throws: `BenchError.usage` naming the compiler when it changed.
  func checkUnchanged(comparingFiles: Bool) throws {
    let now = try ToolchainLocator.inspect(swiftcPath: swiftcPath, name: name, extraFlags: extraFlags)
    let sameFiles =
      !comparingFiles || executableFingerprint == nil || now.executableFingerprint == executableFingerprint
    guard now.versionText == versionText, sameFiles else {
      throw BenchError.usage("--resume: \(swiftcPath) is no longer the compiler this run started with")
    }
  }
}

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

  /// Opens the journal and makes the scratch folder.
  /// - Throws: `BenchError.io` when either cannot be made.
  init(_ folder: RunFolder) throws {
    self.folder = folder
    journal = try SampleJournal(url: folder.journalURL)
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

/// Where a run's samples go as they are taken, from any thread: each is kept (the journal is for resuming, and
/// reading it back would cost as much as the reports: a sample can hold tens of thousands of timing entries) and
/// appended to the journal, flushed before the next is taken.
final class SampleSink: @unchecked Sendable {
  private let lock = NSLock()
  private let journal: SampleJournal
  private var kept: [TypeCheckSample] = []
  private var journaled = 0

  init(_ journal: SampleJournal) { self.journal = journal }

  /// Keeps `sample` and journals it.
  /// - Returns: how many samples were taken so far, this one included.
  /// - Throws: `BenchError.io` when the journal cannot be appended to (the sample is kept all the same, for the
  ///   finish stage to save).
  @discardableResult @Sendable func add(_ sample: TypeCheckSample) throws -> Int {
    try lock.withLock {
      kept.append(sample)
      try journal.append(sample)
      journaled = kept.count
      return kept.count
    }
  }

  /// Every sample added, in the order added, and how many of them reached the journal.
  var taken: (samples: [TypeCheckSample], journaled: Int) {
    lock.withLock { (kept, journaled) }
  }
}
