import Foundation
import Generators
import TypeCheckBenchCore

/// A kind of run, as a value: its record, the plan that measures it, what `bench report`, `compare`, `merge` and
/// `history` do with its records, and the words it prints (`RunKindWords`). `RecordStore` reads a run.json as the kind
/// it names, from the table `BenchCommandLine.kinds`, and those commands dispatch through the kind it read. None of
/// the requirements has a default: a new kind states each one, so nothing it prints is another kind's.
/// A new kind is its conformance (its record, its plan), its command and one entry in `BenchCommandLine.kinds`.
protocol RunKind: RunKindWords {
  /// What its run.json holds.
  associatedtype Record: MeasuredRecord & Codable & Sendable
  /// How a run of this kind is measured and resumed (through `Pipeline.start` and `Pipeline.resume`).
  associatedtype Plan: MeasurementPlan where Plan.Record == Record, Plan.Kind == Self

  /// The `kind` its run.json names; nil for none (a sweep run, whose records have never named one).
  var recordName: String? { get }

  /// What a run of this kind is called in messages: "sweep", "corpus".
  var title: String { get }

  /// Decodes and checks the record in `data`, read from `file`; a sweep's cases' families are among `families`.
  /// - Throws: `BenchError.data` with one line naming the file.
  func decode(_ data: Data, file: URL, families: FamilySet) throws -> Record

  /// What a command that reads only this kind says (after the file's path) of a record of kind `other`.
  func refusal(of other: any RunKind) -> String

  /// `bench report RUN` (and `--check`) for a record of this kind read from `source`.
  func report(
    _ record: Record, from source: URL, parsed: ParsedArguments<ReportCommand.Options>, context: CommandContext
  ) throws -> ExitStatus

  /// `bench compare BASE NEW` (or one run and two toolchain names) for records of this kind.
  func compare(
    _ records: [Record], parsed: ParsedArguments<CompareCommand.Options>, context: CommandContext
  ) throws -> ExitStatus

  /// `bench merge IN… -o OUT` of records of this kind, each with the path it was given as.
  func merge(
    _ inputs: [(label: String, record: Record)], into destination: String,
    parsed: ParsedArguments<MergeCommand.Options>, context: CommandContext
  ) throws -> ExitStatus

  /// The run `bench history --append` adds for `record`, or nil when a history holds no run of this kind.
  func historyRun(_ record: Record) -> RunRecord?
}

extension RunKind {
  /// The record of `stored`, which the store read as this kind.
  /// - Throws: `BenchError.data` naming the file, with this kind's refusal, when it holds another kind.
  func record(of stored: StoredRecord) throws -> Record {
    guard stored.kind.isKind(Self.self), let record = stored.record as? Record else {
      throw BenchError.data("\(stored.file.path): " + refusal(of: stored.kind))
    }
    return record
  }

  /// Whether this kind is `kind`.
  func isKind<Other: RunKind>(_ kind: Other.Type) -> Bool { Self.self == kind }

  /// `report` for a record the store read as this kind.
  func report(
    stored: StoredRecord, parsed: ParsedArguments<ReportCommand.Options>, context: CommandContext
  ) throws -> ExitStatus {
    try report(
      try record(of: stored), from: URL(fileURLWithPath: parsed.positionals[0]), parsed: parsed, context: context)
  }

  /// `compare` for records the store read as this kind.
  func compare(
    stored: [StoredRecord], parsed: ParsedArguments<CompareCommand.Options>, context: CommandContext
  ) throws -> ExitStatus {
    try compare(try stored.map(record(of:)), parsed: parsed, context: context)
  }

  /// `merge` for records the store read as this kind, labelled by the paths given.
  func merge(
    stored: [StoredRecord], labels: [String], into destination: String,
    parsed: ParsedArguments<MergeCommand.Options>, context: CommandContext
  ) throws -> ExitStatus {
    let inputs = try zip(labels, stored).map { (label: $0, record: try record(of: $1)) }
    return try merge(inputs, into: destination, parsed: parsed, context: context)
  }

  /// The history run of a record the store read as this kind, or nil.
  func historyRun(stored: StoredRecord) throws -> RunRecord? {
    historyRun(try record(of: stored))
  }
}
