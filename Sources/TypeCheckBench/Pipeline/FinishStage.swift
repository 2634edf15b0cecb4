import Escaping
import Foundation
import TypeCheckBenchCore

/// How a measure stage ended: every sample the runner reported (kept in memory too: the journal is for resuming),
/// how many of them reached the journal, and whether a signal or an error stopped the compiles.
struct MeasuredSamples {
  var taken: [TypeCheckSample] = []
  var journaled = 0
  var interrupted = false
  var failure: Error?
}

extension MeasureStage {
  /// The end every run goes through (`bench run`, `bench fidelity`, `bench corpus`, and their resumes):
  /// 1. every sample taken is journaled: when appending is what failed (a full disk, typically), the scratch folder
  ///    and the reserve are freed and the rest is journaled now;
  /// 2. the record gets the first of each sample (`previous` first), in the order `arrange` gives them, and a finish
  ///    time when nothing stopped the compiles;
  /// 3. `write` writes the record and reports; when it fails, the run stops as for a failed compile (the resume
  ///    writes them from the journal);
  /// 4. an interrupted run says what it kept and how to resume (exit 130), a stopped one says so too and throws the
  ///    error; a completed one is `complete`d with what `write` returned.
  func finish<Record: MeasuredRecord, Written>(
    _ record: Record, previous: [TypeCheckSample], measured: MeasuredSamples, kind: any RunKindWords,
    arrange: ([TypeCheckSample]) -> [TypeCheckSample], write: (Record) throws -> Written, output: (String) -> Void,
    complete: (Record, Written) throws -> ExitStatus
  ) throws -> ExitStatus {
    let unsaved = journalRest(measured.taken[measured.journaled...], failed: measured.failure != nil)
    var final = record
    final.samples = arrange(SampleKey.firstOfEach(previous + measured.taken))
    let stopped = measured.interrupted || measured.failure != nil
    final.provenance.finishedAt = stopped ? nil : HostFacts.timestamp()
    var written: Written?
    var reportFailure: Error?
    do {
      written = try write(final)
    } catch {
      reportFailure = error
    }
    let kept = "\(final.samples.count - unsaved) \(kind.noun) kept in \(folder.url.path)"
    let lost = unsaved == 0 ? "" : " (\(unsaved) more could not be saved)"
    let resume = "\(kind.command) --resume \(Escaping.shellArgument(folder.url.path))"
    if measured.interrupted {
      output("Interrupted: \(kept)\(lost)")
      output("Resume with: \(resume)")
      if let reportFailure { throw reportFailure }
      return .interrupted
    }
    if let failure = measured.failure ?? reportFailure {
      output("Stopped: \(kept)\(lost)")
      output("Once the cause is fixed, resume with: \(resume)")
      throw failure
    }
    return try complete(final, written!)
  }

  /// Journals `unjournaled` after a failure (freeing the scratch folder and the reserve first, which is what they are
  /// set aside for).
  /// - Returns: how many samples still could not be saved.
  private func journalRest(_ unjournaled: ArraySlice<TypeCheckSample>, failed: Bool) -> Int {
    guard failed || !unjournaled.isEmpty else { return 0 }
    try? FileManager.default.removeItem(at: folder.scratchURL)
    folder.releaseReserve()
    guard !unjournaled.isEmpty, (try? SampleJournal.repair(folder.journalURL)) != nil else {
      return unjournaled.count
    }
    for (index, sample) in zip(unjournaled.indices, unjournaled) where (try? journal.append(sample)) == nil {
      return unjournaled.endIndex - index
    }
    return 0
  }
}
