import Foundation
import Generators
import TypeCheckBenchCore

/// A sweep as the pipeline runs it (`bench run`, `bench fidelity`, and their resumes): its record's cases measured
/// by `SweepRunner`, each with each toolchain that measures it, in the record's framework form; reports in `formats`.
struct SweepPlan: MeasurementPlan {
  static let kind = SweepKind()

  var record: RunRecord
  var formats: Set<ReportFormat>
  /// With `--meter instructions`, the host's instruction source.
  var counting: InstructionCounting?

  /// The runner of the record's plan; `measure` is what each compile does.
  private func runner(
    measure: @escaping SweepRunner.Measure = { _, _, _, _ in
      throw BenchError.software("nothing is measured here")
    }
  ) -> SweepRunner {
    SweepRunner(
      cases: record.cases, toolchains: record.toolchains, runs: record.provenance.runs,
      warmup: record.provenance.warmup, jobs: record.provenance.jobs, metered: counting != nil,
      form: record.frameworkForm, pairs: { [record] in record.measures($0, with: $1) }, measure: measure)
  }

  /// In module form, builds the framework modules the compiles left need (`buildModules`; a module's first build
  /// stays the recorded one), then, in a metered run, each preamble's import-only baseline, once per toolchain.
  mutating func prepare(in folder: RunFolder, previous: [TypeCheckSample]) throws {
    guard hasWork(after: previous) else { return }
    let recorded = Set(record.moduleBuilds.map { [$0.module, $0.toolchain] })
    record.moduleBuilds += try Self.buildModules(for: record, folder: folder).filter {
      !recorded.contains([$0.module, $0.toolchain])
    }
    if let counting {
      // A resumed run keeps its metering, with baselines counted again.
      var metering = record.instructionMetering ?? counting.metering
      metering.baselines = try InstructionBaselines.measure(for: record, scratch: folder.scratchURL, counting: counting)
      record.instructionMetering = metering
    }
  }

  func hasWork(after previous: [TypeCheckSample]) -> Bool {
    runner().hasWork(after: previous)
  }

  func measure(
    previous: [TypeCheckSample], in folder: RunFolder, shouldStop: @escaping @Sendable () -> Bool,
    onEvent: (SweepEvent) throws -> Void
  ) throws {
    let timeout = record.provenance.timeoutSeconds
    let scratch = folder.scratchURL
    let measurementVersion = record.provenance.measurementVersion
    let extraStats = Set(record.chartedCounters)
    let form = record.frameworkForm
    let toolchainIndex = Dictionary(
      record.toolchains.enumerated().map { ($1.name, $0) }, uniquingKeysWith: { first, _ in first })
    let host = SampleCache.Host(record.provenance)
    let metering = record.instructionMetering
    let counting = counting
    let baselines = Dictionary(
      (metering?.baselines ?? []).map { ([$0.key, $0.toolchain], $0.instructions) },
      uniquingKeysWith: { first, _ in first })
    // A compiler replaced during the run stops it (resumable) before its samples could be recorded under the old one:
    // checked before each compile and again before its sample is kept.
    let watch = ToolchainIdentityWatch(record.toolchains)
    let runner = runner { generated, file, toolchain, compile in
      try watch.check(toolchain)
      let moduleFolder =
        form == .module
        ? FrameworkModuleBuilder.moduleFolder(scratch: scratch, toolchainIndex: toolchainIndex[toolchain.name] ?? 0)
        : nil
      var sample = try TypeCheckMeasurement.measure(
        file: file, caseLines: generated.caseLines, caseID: generated.spec.id, toolchain: toolchain, iteration: 0,
        timeout: timeout, scratch: scratch, moduleFolder: moduleFolder, extraStats: extraStats, pass: compile.pass,
        needsStatsTimer: compile.needsStatsTimer, counting: counting,
        baseline: counting == nil ? nil : baselines[[BaselinePreamble(of: generated).key, toolchain.name]])
      try watch.check(toolchain)
      // A value out of range makes this sample bad data, not a trap or an unreadable run.
      sample = RecordValidation.quarantined(sample)
      sample.cacheKey = SampleCache.key(
        source: generated.measuredSource, toolchain: toolchain, measurementVersion: measurementVersion, host: host,
        metering: metering)
      return sample
    }
    _ = try runner.run(casesFolder: folder.casesURL, previous: previous, shouldStop: shouldStop, onEvent: onEvent)
  }

  /// Several jobs finish their compiles in an order of their own: the record keeps the plan's, as one job takes them.
  func arrange(_ samples: [TypeCheckSample]) -> [TypeCheckSample] {
    record.provenance.jobs > 1 ? runner().inPlanOrder(samples) : samples
  }

  func write(_ final: RunRecord, to folder: RunFolder) throws -> [String] {
    try folder.writeReports(final, formats: formats)
  }

  func complete(
    _ final: RunRecord, written: [String], folder: RunFolder, output: (String) -> Void, warn: (String) -> Void
  ) throws -> ExitStatus {
    // A run in which every compile crashed or gave bad data measured nothing: its reports say so, and it fails.
    var (outcome, reason) = WorkOutcome.sweep(final.samples)
    if final.cases.isEmpty, let shard = final.provenance.shard {
      // A small sweep dealt over many shards leaves some empty: nothing to measure is not a failure of this shard,
      // and its record still completes the set `bench merge` wants.
      (outcome, reason) = (.completed, nil)
      output(
        "Shard \(shard) holds no case of this sweep (cases are dealt to shards series by series); bench merge takes "
          + "its record all the same.")
    }
    if final.fidelityClaims != nil {
      // A `bench fidelity` run (or its resume): the claims' tables and verdicts.
      output(FidelityReport(final).text)
    } else {
      let report = RunReport(final)
      for line in report.headline { output(line) }
      for warning in report.unwrittenCounterWarnings { warn(warning) }
    }
    // What was written, exactly: `--format csv` writes run.json and the CSV files, no report or charts.
    output(RunFolder.writtenLine(folder.url.path, paths: written))
    if let reason { warn("bench: " + reason) }
    return outcome.status
  }

  /// In module form, writes each distinct framework module's source and `reproduce.sh` into `cases/`, and builds
  /// every module once per toolchain into the run's scratch folder (where the sweep's compiles find them).
  /// - Returns: the builds, module by module and toolchain by toolchain; empty in inline form.
  /// - Throws: `BenchError.software` (one line: module, toolchain, first compiler error) when a module does not
  ///   build.
  static func buildModules(for record: RunRecord, folder: RunFolder) throws -> [ModuleBuild] {
    guard record.frameworkForm == .module else { return [] }
    let modules = CaseGenerator.modules(for: record.cases)
    try FileManager.default.createDirectory(at: folder.scratchURL, withIntermediateDirectories: true)
    try AtomicFile.write(
      ReproduceScript.text(for: modules), to: folder.casesURL.appendingPathComponent("reproduce.sh"))
    // Only the compilers of miniature cases build them (a fidelity run's SDK side never imports a miniature module).
    let miniature = record.cases.filter { $0.framework == .miniature }
    let builders = record.toolchains.enumerated().filter { _, toolchain in
      miniature.contains { record.measures($0, with: toolchain) }
    }
    // Each module source written once, then each toolchain's builds, `jobs` toolchains at once: a toolchain builds
    // its modules one after another, in order (an SDK surface's modules import the ones before them), and no time is
    // taken from a module build.
    let sources = try modules.map { module in
      let source = folder.casesURL.appendingPathComponent(module.fileName)
      try AtomicFile.write(module.source, to: source)
      return (module: module, source: source)
    }
    let results = ParallelWork.map(count: builders.count, workers: record.provenance.jobs) { position in
      let (index, toolchain) = builders[position]
      return try sources.map { module, source in
        try FrameworkModuleBuilder.build(
          module, source: source, toolchain: toolchain,
          outputFolder: FrameworkModuleBuilder.moduleFolder(scratch: folder.scratchURL, toolchainIndex: index),
          scratch: folder.scratchURL, timeout: record.provenance.timeoutSeconds)
      }
    }
    let byToolchain = try results.map { try $0!.get() }
    // Module by module, toolchain by toolchain, as the record lists them.
    return sources.indices.flatMap { module in byToolchain.map { $0[module] } }
  }
}
