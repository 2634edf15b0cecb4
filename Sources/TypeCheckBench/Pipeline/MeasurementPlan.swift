import Foundation
import TypeCheckBenchCore

/// What a kind of run brings to the one pipeline (`Pipeline`), which does everything else in one place: claiming the
/// folder, writing the plan, the journal, the progress display, the signals, the finish and the resume. A sweep
/// (`bench run`, `bench fidelity`) is a `SweepPlan`, a corpus (`bench corpus`) a `CorpusPlan`.
protocol MeasurementPlan {
  associatedtype Record: MeasuredRecord & Encodable
  /// What `write` returns for `complete`: the paths written, or the report rendered.
  associatedtype Written
  /// The kind of run the plan measures, for the words the shared stages print.
  associatedtype Kind: RunKindWords

  static var kind: Kind { get }

  /// The record the run measures into; `prepare` may add to it (the modules built).
  var record: Record { get }

  /// Makes what the compiles still to take after `previous` need, before the first of them: a sweep's framework
  /// modules and instruction baselines, a corpus's case files. Called with the folder held, for a new run (before
  /// the plan is written; an error then leaves no run behind) and for a resume.
  mutating func prepare(in folder: RunFolder, previous: [TypeCheckSample]) throws

  /// True when a compile is left to take after `previous` (once prepared): a run with none builds nothing and sets no
  /// disk reserve aside.
  func hasWork(after previous: [TypeCheckSample]) -> Bool

  /// Takes the compiles left after `previous`, reporting them as the sweep runner does: `.started`, then for each
  /// compile `.compileStarted` and its sample in `.sampleRecorded`, `.seriesStopped` when a series (a scale line)
  /// stops, and `.finished`. Events come one at a time, in the order they happen.
  func measure(
    previous: [TypeCheckSample], in folder: RunFolder, shouldStop: @escaping @Sendable () -> Bool,
    onEvent: (SweepEvent) throws -> Void) throws

  /// The record's samples in the order it keeps them (a run of several jobs finishes its compiles in its own order).
  func arrange(_ samples: [TypeCheckSample]) -> [TypeCheckSample]

  /// Writes the record and its reports into `folder`.
  func write(_ final: Record, to folder: RunFolder) throws -> Written

  /// Says how a run that measured everything ended (its headline, what was written) and what it exits with.
  func complete(
    _ final: Record, written: Written, folder: RunFolder, output: (String) -> Void, warn: (String) -> Void
  ) throws -> ExitStatus
}
