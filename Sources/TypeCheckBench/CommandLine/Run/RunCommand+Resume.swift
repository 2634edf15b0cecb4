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
    output: @escaping (String) -> Void, warn: @escaping (String) -> Void
  ) throws -> ExitStatus {
    try parsed.checkResumable(
      keeping: resumableOptions, mayChange: "--format, --quiet, --timeout and the --max-* limits")
    let timeout = try parsed[\.measurement.timeout]
    return try resumeRun(
      at: URL(fileURLWithPath: path), timeout: timeout, limits: try SweepSize.limits(parsed, \.limits),
      formats: formats,
      quiet: quiet, families: families, output: output, warn: warn)
  }

  /// Continues the run in `url` from its journal.
  /// - Parameter timeout: A new per-compile timeout for the compiles still to run, or nil to keep the run's.
  static func resumeRun(
    at url: URL, timeout: Double? = nil,
    limits: (compiles: Int, bytes: Int) = (SweepLimits.defaultMaxCompiles, SweepLimits.defaultMaxGeneratedBytes),
    formats: Set<ReportFormat>, quiet: Bool, families: FamilySet = .builtIn, output: @escaping (String) -> Void,
    warn: @escaping (String) -> Void
  ) throws -> ExitStatus {
    let folder = RunFolder(url: url)
    // The record's values are within the command line's limits (RecordStore validates them); its plan's size is
    // checked like a new sweep's.
    let resumed = try folder.resume(
      .sweep, timeout: timeout, read: { try RecordStore.sweep($0, families: families) },
      check: { try SweepSize(plan: $0).check(maxCompiles: limits.compiles, maxGeneratedBytes: limits.bytes) },
      output: output)
    defer { resumed.lock.release() }
    var record = resumed.record
    let previous = resumed.previous
    // A metered run goes on with the source it started with, and keeps its baselines.
    let counting = try record.instructionMetering.map { metering in
      var counting = try InstructionCounting.detect(requested: metering.source)
      try counting.prepare(for: record.toolchains)
      return counting
    }
    // With every sample taken (a run stopped by a full disk after its last compile), only the reports are left to
    // write: no module is rebuilt and no baseline counted, which would need the space that ran out.
    let left = hasWork(record, after: previous)
    if left {
      let rebuilt = try buildModules(for: record, folder: folder, output: output)
      // Each module's first build stays the recorded one.
      let recorded = Set(record.moduleBuilds.map { [$0.module, $0.toolchain] })
      record.moduleBuilds += rebuilt.filter { !recorded.contains([$0.module, $0.toolchain]) }
    }
    output(
      "Resuming \(url.path): \(previous.count) samples already taken"
        + (left ? "." : "; none left to take, writing the reports."))
    if left, let counting, var metering = record.instructionMetering {
      metering.baselines = try InstructionBaselines.measure(for: record, folder: folder, counting: counting)
      record.instructionMetering = metering
    }
    return try execute(
      record: record, previous: previous, folder: folder, formats: formats, quiet: quiet, counting: counting,
      output: output, warn: warn)
  }
}
