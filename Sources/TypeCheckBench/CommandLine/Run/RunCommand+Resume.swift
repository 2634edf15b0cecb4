import Foundation
import Generators
import TypeCheckBenchCore

extension RunCommand {
  /// The options `--resume` takes: the plan is the recorded one, only how it is reported and limited may change.
  static var resumableOptions: [PartialKeyPath<Options>] {
    [
      \.resume, \.format, \.quiet, \.measurement.timeout, \.limits.maxCompiles, \.limits.maxGeneratedMegabytes,
    ]
  }

  /// `bench run --resume RUN_DIR`: refuses any option that would change the plan, then continues the run.
  static func resume(
    _ parsed: ParsedArguments<Options>, at path: String, formats: Set<ReportFormat>, quiet: Bool, families: FamilySet,
    faults: JournalFaults, output: @escaping (String) -> Void, warn: @escaping (String) -> Void
  ) throws -> ExitStatus {
    try parsed.checkResumable(
      keeping: resumableOptions, mayChange: "--format, --quiet, --timeout and the --max-* limits")
    let timeout = try parsed[\.measurement.timeout]
    return try resumeRun(
      at: URL(fileURLWithPath: path), timeout: timeout, limits: try SweepSize.limits(parsed, \.limits),
      formats: formats, quiet: quiet, families: families, faults: faults, output: output, warn: warn)
  }

  /// Continues the run in `url` from its journal (its appends meeting `faults` first).
  /// - Parameter timeout: A new per-compile timeout for the compiles still to run, or nil to keep the run's.
  static func resumeRun(
    at url: URL, timeout: Double? = nil,
    limits: (compiles: Int, bytes: Int) = (SweepLimits.defaultMaxCompiles, SweepLimits.defaultMaxGeneratedBytes),
    formats: Set<ReportFormat>, quiet: Bool, families: FamilySet = .builtIn, faults: JournalFaults = .none,
    output: @escaping (String) -> Void, warn: @escaping (String) -> Void
  ) throws -> ExitStatus {
    // The record's values are within the command line's limits (RecordStore validates them); its plan's size is
    // checked like a new sweep's. A metered run goes on with the source it started with, and keeps its baselines.
    try Pipeline.resume(
      at: url, timeout: timeout, read: { try RecordStore.sweep($0, families: families) },
      check: { (record: RunRecord) in
        try SweepSize(plan: record).check(maxCompiles: limits.compiles, maxGeneratedBytes: limits.bytes)
      },
      plan: { (record: RunRecord) throws -> SweepPlan in
        let counting = try record.instructionMetering.map { metering in
          var counting = try InstructionCounting.detect(requested: metering.source)
          try counting.prepare(for: record.toolchains)
          return counting
        }
        return SweepPlan(record: record, formats: formats, counting: counting)
      }, quiet: quiet, faults: faults, output: output, warn: warn)
  }
}
