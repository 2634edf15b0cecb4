import Escaping
import Foundation
import TypeCheckBenchCore

/// The one pipeline every run goes through (`bench run`, `bench fidelity`, `bench corpus`, and their resumes), stated
/// once: folder → prepare (modules) → plan written → journal → measure → record → render. What differs between kinds
/// is the plan (`MeasurementPlan`).
enum Pipeline {
  /// Where a new run goes: `output` when given, else a new folder named `base` under `results`.
  struct Destination {
    var output: String?
    var results: String
    var base: String
  }

  /// Starts a new run: claims its folder, makes the plan for the folder's run id (`plan`), prepares it (an error
  /// takes back the folder, so no run is left behind), writes the plan (so that an interrupted run can be resumed),
  /// lets the command `announce` it (its lines, and any samples it already has: `--reuse`), then executes it; the
  /// journal's appends meet `faults` first (the command's `CommandContext.journalFaults`).
  static func start<Plan: MeasurementPlan>(
    _ destination: Destination, plan makePlan: (_ runID: String) throws -> Plan,
    announce: (Plan, RunFolder) throws -> [TypeCheckSample] = { _, _ in [] }, quiet: Bool,
    faults: JournalFaults = .none, output: @escaping (String) -> Void, warn: @escaping (String) -> Void
  ) throws -> ExitStatus {
    // The folder is claimed and locked before it is checked for an earlier run, and before anything is written.
    let (folder, lock, existed) = try RunFolder.claimNew(
      output: destination.output, results: destination.results, base: destination.base)
    defer { lock.release() }
    // Ctrl-C while the modules build (the first second of a run) stops them and takes the folder back, said in one
    // line; after the plan is written, the run stops as it would between compiles, resumable.
    let trap = SignalTrap.install()
    defer { trap.uninstall() }
    var plan: Plan
    do {
      plan = try makePlan(RecordID.sanitized(folder.url.lastPathComponent))
      try plan.prepare(in: folder, previous: [])
      if trap.caughtSignal != nil { throw BenchError.interrupted("interrupted before the first compile") }
    } catch {
      folder.discardUnstarted(existed: existed)
      var interrupted = trap.caughtSignal != nil
      if case BenchError.interrupted = error { interrupted = true }
      if interrupted {
        output(
          "Interrupted before the first compile: nothing was measured; "
            + (existed ? "\(folder.url.path) holds no run" : "\(folder.url.path) removed"))
        return .interrupted
      }
      throw error
    }
    try AtomicFile.write(try JSONFormat.record(plan.record), to: folder.recordURL)
    let previous = try announce(plan, folder)
    if trap.caughtSignal != nil {
      return stoppedBeforeMeasuring(folder, kind: Plan.kind, kept: previous.count, output: output)
    }
    return try execute(
      plan, previous: previous, folder: folder, quiet: quiet, faults: faults, output: output, warn: warn)
  }

  /// Says that a run whose plan is written was interrupted before its compiles (while its modules built, or it was
  /// announced), with the samples it holds and how to resume it, as an interrupt between compiles does.
  static func stoppedBeforeMeasuring(
    _ folder: RunFolder, kind: any RunKindWords, kept: Int, output: (String) -> Void
  ) -> ExitStatus {
    try? FileManager.default.removeItem(at: folder.scratchURL)
    output("Interrupted: \(kept) \(kind.noun) kept in \(folder.url.path)")
    output("Resume with: \(kind.command) --resume \(Escaping.shellArgument(folder.url.path))")
    return .interrupted
  }

  /// Continues the run in `url` from its journal (`RunFolder.resume`: the record read, checked with `check`, the
  /// folder locked, `timeout` set), with the plan `plan` makes of the record; says how much is done, then executes it
  /// (the journal's appends meeting `faults` first).
  static func resume<Plan: MeasurementPlan>(
    at url: URL, timeout: Double?, read: (URL) throws -> Plan.Record,
    check: (Plan.Record) throws -> Void = { _ in }, plan makePlan: (Plan.Record) throws -> Plan, quiet: Bool,
    faults: JournalFaults = .none, output: @escaping (String) -> Void, warn: @escaping (String) -> Void
  ) throws -> ExitStatus {
    let folder = RunFolder(url: url)
    let (record, previous, lock) = try folder.resume(
      Plan.kind, timeout: timeout, read: read, check: check, output: output)
    defer { lock.release() }
    var plan = try makePlan(record)
    // Ctrl-C while the modules build again stops the resume as one between compiles would: nothing lost.
    let trap = SignalTrap.install()
    defer { trap.uninstall() }
    // With every compile taken (a run stopped by a full disk after its last one), only the reports are left to write:
    // `prepare` builds nothing, which would need the space that ran out.
    do {
      try plan.prepare(in: folder, previous: previous)
    } catch {
      var interrupted = trap.caughtSignal != nil
      if case BenchError.interrupted = error { interrupted = true }
      guard interrupted else { throw error }
      return stoppedBeforeMeasuring(folder, kind: Plan.kind, kept: previous.count, output: output)
    }
    if trap.caughtSignal != nil {
      return stoppedBeforeMeasuring(folder, kind: Plan.kind, kept: previous.count, output: output)
    }
    let kind = Plan.kind
    output(
      "Resuming \(url.path): \(previous.count) \(kind.noun) \(kind.alreadyTaken)"
        + (plan.hasWork(after: previous) ? "." : "; none left to take, writing the reports."))
    return try execute(
      plan, previous: previous, folder: folder, quiet: quiet, faults: faults, output: output, warn: warn)
  }

  /// Measures what `plan` still lacks after `previous`, journaling each sample and showing progress, then writes the
  /// record and reports (`MeasureStage.finish`).
  static func execute<Plan: MeasurementPlan>(
    _ plan: Plan, previous: [TypeCheckSample], folder: RunFolder, quiet: Bool, faults: JournalFaults,
    output: @escaping (String) -> Void, warn: @escaping (String) -> Void
  ) throws -> ExitStatus {
    let stage = try MeasureStage(folder, faults: faults)
    defer { stage.close() }
    // Space set aside for the sample in hand when the disk fills; a run with nothing left to take needs none.
    stage.start(reserve: plan.hasWork(after: previous))
    let progress = ProgressDisplay(quiet: quiet, kind: Plan.kind, output: output)
    var reportedInterrupt = false
    var measured = stage.measure {
      try plan.measure(previous: previous, in: folder, shouldStop: stage.shouldStop) { event in
        if case .sampleRecorded(let sample) = event { try stage.samples.add(sample) }
        if case .finished(let wasInterrupted) = event { reportedInterrupt = wasInterrupted }
        progress.handle(event)
      }
    }
    progress.finish()
    measured.interrupted = measured.interrupted || reportedInterrupt
    return try stage.finish(
      plan.record, previous: previous, measured: measured, kind: Plan.kind, arrange: plan.arrange,
      write: { try plan.write($0, to: folder) }, output: output,
      complete: { try plan.complete($0, written: $1, folder: folder, output: output, warn: warn) })
  }
}
