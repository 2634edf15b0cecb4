import Escaping
import Foundation
import Generators
import TypeCheckBenchCore

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// `bench run`: generates the sweep, type-checks every case with each toolchain, and writes a run folder.
enum RunCommand {
  /// Bumped whenever a change to the measurement makes older samples incomparable.
  static let measurementVersion = 1

  static let options =
    SweepOptions.optionSpecs + [
      OptionSpec("--runs", value: "N", default: "5", help: "Measured compiles per point."),
      OptionSpec("--warmup", value: "N", default: "1", help: "Unrecorded warm-up compiles per point."),
      OptionSpec(
        "--timeout", value: "SECONDS", default: "300", help: "Kill a compile after this long; kept as censored."),
      OptionSpec(
        "--jobs", value: "N", default: "1", help: "Compiles at once; above 1, wall times are not comparable."),
      OptionSpec("--swiftc", value: "PATH", help: "The compiler (default: $SWIFTC, then swiftc on PATH)."),
      OptionSpec("--Xfrontend", value: "FLAG", help: "Pass FLAG to the frontend (repeatable)."),
      OptionSpec("--Xswiftc", value: "FLAG", help: "Pass FLAG to swiftc (repeatable)."),
      OptionSpec(
        "--toolchain", value: "NAME=PATH",
        help: "Measure this compiler as NAME (repeatable); replaces the default swiftc."),
      OptionSpec(
        "--toolchain-flags", value: "NAME=FLAGS", help: "Extra swiftc flags for toolchain NAME, space-separated."),
    ] + SDKOptions.optionSpecs + [
      OptionSpec(
        "--counter", value: "NAME",
        help: "A -stats-output-dir counter to chart and fit (repeatable)."),
      OptionSpec("--allow-mixed", help: "Allow comparing assertions-enabled (nightly) with release compilers."),
      OptionSpec("--shard", value: "I/N", help: "Measure only shard I of N of the sweep (for CI matrices)."),
      OptionSpec("--output", value: "DIR", alias: "-o", help: "Run folder to create (default: Results/<run-id>)."),
      OptionSpec("--results", value: "DIR", default: "Results", help: "Parent folder for new run folders."),
      OptionSpec("--resume", value: "RUN_DIR", help: "Continue an interrupted run; finished samples are not repeated."),
      OptionSpec("--reuse", value: "RUN_DIR", help: "Copy identical compiles (source, compiler, flags) from RUN_DIR."),
      OptionSpec("--format", value: "csv,md,json,svg,html", default: "all", help: "Reports to write."),
      OptionSpec("--quiet", help: "Plain progress lines only at series stops and the end."),
    ] + SweepSize.optionSpecs

  static let help = """
    USAGE: bench run [sweep options] [measurement options]

    Generates each case of the sweep, type-checks it with swiftc -typecheck and the timing flags
    (-debug-time-function-bodies, -debug-time-expression-type-checking, -stats-output-dir), and writes a run folder:
    run.json (every sample), samples.jsonl (the journal), samples.csv, summary.csv, report.md, charts/*.svg,
    index.html, and cases/*.swift. Models and toolchains are interleaved; a series stops at its first censored point
    (too-complex or timeout). Ctrl-C keeps every finished sample and prints how to resume.

    EXAMPLES:
      bench run --depth 1...8
      bench run --family chart --branches 1...12 --runs 3
      bench run --family nesting --kinds 1,2,4,11 --depth 1...4 --jobs 2 --runs 1
      bench run --toolchain base=/usr/bin/swiftc --toolchain new=/opt/swift/usr/bin/swiftc --depth 1...5
      bench run --Xfrontend -solver-disable-prepared-overloads --depth 1...5
      bench run --resume Results/20261122-071500-nesting
      bench run --depth 1...10 --reuse Results/20261122-071500-nesting
      bench run --template examples/templates/arithmetic-chain.swift --param N=1...7 --runs 3
      bench run --template my-view.swift --param N=1...12 --param M=1,2 --counter Sema.NumLeafScopes
    """

  static let command = Command(
    name: "run", summary: "Generate cases, type-check them with swiftc, write a run folder (CSV, Markdown, JSON, SVG).",
    help: help, options: options,
    body: run)

  static func run(_ parsed: ParsedArguments, output: @escaping (String) -> Void) throws -> Int32 {
    guard parsed.positionals.isEmpty else {
      throw BenchError.usage("run: unexpected argument '\(parsed.positionals[0])'")
    }
    let formatText = try parsed.valueOrDefault("--format")
    try ValueParsers.names(
      formatText, flag: "--format", accepted: ReportFormat.allCases.map(\.rawValue) + ["all", "markdown"])
    guard let formats = ReportFormat.parseList(formatText) else {
      throw BenchError.usage("--format: '\(formatText)' is not a list of csv, md, json, svg, html")
    }
    let quiet = parsed.has("--quiet")

    if let resume = parsed.value("--resume") {
      let allowed = ["--resume", "--format", "--quiet", "--timeout", "--max-compiles", "--max-generated-mb"]
      let conflicting = (Array(parsed.values.keys) + parsed.switches).filter { !allowed.contains($0) }
      guard conflicting.isEmpty else {
        throw BenchError.usage(
          "--resume continues the run exactly as it was planned (only --format, --quiet, --timeout and the "
            + "--max-* limits may change); "
            + "drop \(conflicting.sorted().joined(separator: ", "))")
      }
      let timeout = try parsed.value("--timeout").map { try ValueParsers.seconds($0, flag: "--timeout") }
      return try resumeRun(
        at: URL(fileURLWithPath: resume), timeout: timeout, limits: try SweepSize.limits(parsed), formats: formats,
        quiet: quiet, output: output)
    }
    for flag in ["--output", "--results"] {
      if let path = parsed.value(flag) { try OutputFolder.checkPath(path, flag: flag) }
    }
    if parsed.value("--output") != nil && parsed.value("--results") != nil {
      throw BenchError.usage(
        "--output and --results conflict: --output names the run folder, --results only its parent; give one")
    }

    // Everything the user typed is checked before any compile.
    let sweep = try SweepOptions(parsed)
    for note in sweep.inapplicableOptionNotes(parsed) { output(note) }
    let runs = try ValueParsers.integer(try parsed.valueOrDefault("--runs"), limit: SweepLimits.runs)
    let warmup = try ValueParsers.integer(try parsed.valueOrDefault("--warmup"), limit: SweepLimits.warmup)
    let jobs = try ValueParsers.integer(try parsed.valueOrDefault("--jobs"), limit: SweepLimits.jobs)
    let timeout = try ValueParsers.seconds(try parsed.valueOrDefault("--timeout"), flag: "--timeout")
    let shardSpec = try parsed.value("--shard").map { shard in
      do {
        return try ShardSpec(parsing: shard)
      } catch {
        throw BenchError.usage("--shard: \(error)")
      }
    }
    // The sweep's size is known before a case is listed or generated.
    let limits = try SweepSize.limits(parsed)
    try SweepSize(
      sweep, compilesPerCase: max(1, parsed.values["--toolchain"]?.count ?? 0) * (runs + warmup),
      shards: shardSpec?.count ?? 1
    ).check(maxCompiles: limits.compiles, maxGeneratedBytes: limits.bytes)
    var cases = sweep.cases
    var shardText: String?
    if let shardSpec {
      cases = shardSpec.select(cases)
      shardText = shardSpec.description
    }
    // The canonical order (family, series, axis) is the one `bench merge` produces, so shards merge back to the
    // same record; the runner still measures the models of each axis value side by side.
    cases.sort(by: RecordMerge.canonicalOrder)
    let counters = try counterNames(parsed)
    let toolchains = try ToolchainOptions.resolve(parsed)
    let reuseSource = try parsed.value("--reuse").map { try reusableSamples(URL(fileURLWithPath: $0), jobs: jobs) }
    if let template = sweep.template {
      // Validity first, before any folder exists: a broken template stops here, with no report.
      try checkTemplate(
        template, models: sweep.models, framework: sweep.source, toolchain: toolchains[0], timeout: timeout,
        output: output)
    }

    // The folder is claimed and locked before it is checked for an earlier run, and before anything is written.
    let folderExisted = parsed.value("--output").map { FileManager.default.fileExists(atPath: $0) } ?? false
    let (folder, lock) =
      if let explicit = parsed.value("--output") {
        try RunFolder.use(URL(fileURLWithPath: explicit))
      } else {
        try RunFolder.create(
          under: URL(fileURLWithPath: try parsed.valueOrDefault("--results")),
          base: runID(families: sweep.families, template: sweep.template))
      }
    defer { lock.release() }
    let provenance = Provenance(
      benchVersion: BenchCommandLine.version, gitRevision: HostFacts.gitRevision(),
      measurementVersion: measurementVersion,
      commandLine: ["bench", "run"] + parsed.arguments, operatingSystem: HostFacts.operatingSystem,
      cpuModel: HostFacts.cpuModel,
      coreCount: ProcessInfo.processInfo.activeProcessorCount, startedAt: HostFacts.timestamp(), finishedAt: nil,
      runs: runs, warmup: warmup, timeoutSeconds: timeout, jobs: jobs, shard: shardText)
    var record = RunRecord(
      runID: RecordID.sanitized(folder.url.lastPathComponent), provenance: provenance, toolchains: toolchains,
      cases: cases, samples: [], frameworkForm: sweep.framework, counters: counters)
    // Modules first: a framework that does not build is one error before any case, and leaves no run behind.
    do {
      record.moduleBuilds = try buildModules(for: record, folder: folder, output: output)
    } catch {
      for leftover in [folder.casesURL, folder.scratchURL] { try? FileManager.default.removeItem(at: leftover) }
      if !folderExisted { try? FileManager.default.removeItem(at: folder.url) }
      throw error
    }
    // The plan is on disk before the first compile, so an interrupted run can be resumed.
    try AtomicFile.write(try ReportRenderer.runJSON(record), to: folder.recordURL)
    output(toolchainLine(toolchains, named: parsed.values["--toolchain"] != nil))
    if jobs > 1 {
      output(
        "note: --jobs \(jobs) compiles in parallel: constraint scopes stay exact, but wall times are not comparable.")
    }
    var reused: [TypeCheckSample] = []
    if let reuseSource {
      reused = SampleCache.reusable(from: reuseSource.samples, for: record, casesFolder: folder.casesURL)
      // Journaled like measured samples, so a resume of this run keeps them.
      let journal = try SampleJournal(url: folder.journalURL)
      for sample in reused { try journal.append(sample) }
      output("Reusing \(reused.count) samples from \(reuseSource.path).")
    }
    return try execute(record: record, previous: reused, folder: folder, formats: formats, quiet: quiet, output: output)
  }

  /// The compilers a run measures, said before the first compile: `Toolchains: default = /path (Swift 6.3.1)`, and
  /// with `--toolchain` that the default swiftc is not among them unless named.
  static func toolchainLine(_ toolchains: [ToolchainInfo], named: Bool) -> String {
    let list = toolchains.map { toolchain in
      let flags = toolchain.extraFlags.isEmpty ? "" : ", flags \(toolchain.extraFlags.joined(separator: " "))"
      return "\(toolchain.name) = \(toolchain.swiftcPath) (Swift \(toolchain.version)\(flags))"
    }
    let note =
      named && !toolchains.contains { $0.name == "default" }
      ? "; the default swiftc is not measured (--toolchain replaces it; add --toolchain default=PATH to keep it)" : ""
    return "Toolchains: " + list.joined(separator: ", ") + note
  }

  /// The samples of the run at `url` (record and journal), for `--reuse`.
  /// - Throws: `BenchError.data` for an unreadable record, `BenchError.usage` when its `--jobs` differs from `jobs`
  ///   (wall times measured in parallel and alone do not mix).
  static func reusableSamples(_ url: URL, jobs: Int) throws -> (path: String, samples: [TypeCheckSample]) {
    let record = try RecordFile.read(url)
    guard record.provenance.jobs == jobs else {
      throw BenchError.usage(
        "--reuse: \(url.path) was measured with --jobs \(record.provenance.jobs) and this run uses --jobs \(jobs); "
          + "their wall times do not mix")
    }
    var isFolder: ObjCBool = false
    let folderURL =
      FileManager.default.fileExists(atPath: url.path, isDirectory: &isFolder) && isFolder.boolValue
      ? url : url.deletingLastPathComponent()
    let journal = try SampleJournal.read(RunFolder(url: folderURL).journalURL)
    return (url.path, record.samples + journal)
  }

  /// Continues the run in `url` from its journal.
  /// - Parameter timeout: A new per-compile timeout for the compiles still to run, or nil to keep the run's.
  static func resumeRun(
    at url: URL, timeout: Double? = nil,
    limits: (compiles: Int, bytes: Int) = (SweepLimits.defaultMaxCompiles, SweepLimits.defaultMaxGeneratedBytes),
    formats: Set<ReportFormat>, quiet: Bool, output: @escaping (String) -> Void
  ) throws -> Int32 {
    let folder = RunFolder(url: url)
    // Checked before the lock so that a folder that is not a run gets nothing written (not even a lock file), and
    // read again under the lock, which is what the resume continues from. The record's values are within the
    // command line's limits (RecordFile validates them); its plan's size is checked like a new sweep's.
    let planned = try RecordFile.read(folder.recordURL)
    try SweepSize(
      cases: planned.cases,
      compilesPerCase: planned.toolchains.count * (planned.provenance.runs + planned.provenance.warmup)
    ).check(maxCompiles: limits.compiles, maxGeneratedBytes: limits.bytes)
    let lock = try folder.lock()
    defer { lock.release() }
    var record = try RecordFile.read(folder.recordURL)
    if let timeout { record.provenance.timeoutSeconds = timeout }
    if case .truncated(let bytes) = try SampleJournal.repair(folder.journalURL) {
      output(
        "Repaired \(folder.journalURL.path): removed a torn last line (\(bytes) bytes, a write cut short); "
          + "its sample is measured again.")
    }
    let journal = try SampleJournal.read(folder.journalURL)
    // The journal is the truth for samples: a record written at the end of an interrupted run holds the same ones.
    let previous = SweepRunner.SampleKey.firstOfEach(record.samples + journal)
    for toolchain in record.toolchains {
      // The compiler must still be the one the run started with.
      let now = try ToolchainLocator.inspect(
        swiftcPath: toolchain.swiftcPath, name: toolchain.name, extraFlags: toolchain.extraFlags)
      guard now.versionText == toolchain.versionText else {
        throw BenchError.usage("--resume: \(toolchain.swiftcPath) is no longer the compiler this run started with")
      }
    }
    let rebuilt = try buildModules(for: record, folder: folder, output: output)
    // Each module's first build stays the recorded one.
    let recorded = Set(record.moduleBuilds.map { $0.module + "@" + $0.toolchain })
    record.moduleBuilds += rebuilt.filter { !recorded.contains($0.module + "@" + $0.toolchain) }
    output("Resuming \(url.path): \(previous.count) samples already taken.")
    return try execute(
      record: record, previous: previous, folder: folder, formats: formats, quiet: quiet, output: output)
  }

  /// Runs the sweep of `record`, journaling each sample, then writes the record and reports.
  static func execute(
    record: RunRecord, previous: [TypeCheckSample], folder: RunFolder, formats: Set<ReportFormat>, quiet: Bool,
    output: @escaping (String) -> Void
  ) throws -> Int32 {
    let journal = try SampleJournal(url: folder.journalURL)
    folder.makeReserve()
    defer { folder.releaseReserve() }
    try FileManager.default.createDirectory(at: folder.scratchURL, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder.scratchURL) }
    let timeout = record.provenance.timeoutSeconds
    let scratch = folder.scratchURL
    let measurementVersion = record.provenance.measurementVersion
    let extraStats = Set(record.chartedCounters)
    let form = record.frameworkForm
    let toolchainIndex = Dictionary(
      record.toolchains.enumerated().map { ($1.name, $0) }, uniquingKeysWith: { first, _ in first })
    let host = SampleCache.Host(record.provenance)
    let runner = SweepRunner(
      cases: record.cases, toolchains: record.toolchains, runs: record.provenance.runs,
      warmup: record.provenance.warmup,
      jobs: record.provenance.jobs, form: form
    ) { generated, file, toolchain in
      let moduleFolder =
        form == .module
        ? FrameworkModuleBuilder.moduleFolder(scratch: scratch, toolchainIndex: toolchainIndex[toolchain.name] ?? 0)
        : nil
      var sample = try TypeCheckMeasurement.measure(
        file: file, caseLines: generated.caseLines, caseID: generated.spec.id, toolchain: toolchain, iteration: 0,
        timeout: timeout, scratch: scratch, moduleFolder: moduleFolder, extraStats: extraStats)
      // A value out of range makes this sample bad data, not a trap or an unreadable run.
      sample = RecordValidation.quarantined(sample)
      sample.cacheKey = SampleCache.key(
        source: generated.measuredSource, toolchain: toolchain, measurementVersion: measurementVersion, host: host)
      return sample
    }
    let trap = SignalTrap.install()
    defer { trap.uninstall() }
    let progress = ProgressDisplay(quiet: quiet, output: output)
    // Every sample the runner reports, kept in memory too: the journal is for resuming, and reading it back here
    // would cost as much as the reports (a sample can hold tens of thousands of timing entries).
    var recorded: [TypeCheckSample] = []
    var journaled = 0
    var failure: Error?
    var interrupted = false
    do {
      _ = try runner.run(
        casesFolder: folder.casesURL, previous: previous, shouldStop: { trap.caughtSignal != nil }
      ) { event in
        if case .sampleRecorded(let sample) = event {
          recorded.append(sample)
          try journal.append(sample)
          journaled = recorded.count
        }
        if case .finished(let wasInterrupted) = event { interrupted = wasInterrupted }
        progress.handle(event)
      }
    } catch BenchError.interrupted {
      interrupted = true
    } catch {
      failure = error
    }
    progress.finish()
    if trap.caughtSignal != nil { interrupted = true }
    // Whatever happened, every sample taken is in `recorded`, and in the journal unless appending is what failed:
    // then (a full disk, typically) the scratch folder and the reserve are freed and the rest is journaled now.
    var unjournaled = Array(recorded[journaled...])
    if failure != nil || !unjournaled.isEmpty {
      try? FileManager.default.removeItem(at: folder.scratchURL)
      folder.releaseReserve()
      if !unjournaled.isEmpty,
        (try? SampleJournal.repair(folder.journalURL)) != nil,
        (try? unjournaled.forEach { try journal.append($0) }) != nil
      {
        unjournaled = []
      }
    }
    var final = record
    final.samples = SweepRunner.SampleKey.firstOfEach(previous + recorded)
    final.provenance.finishedAt = interrupted ? nil : HostFacts.timestamp()
    // The reports are rewritten from the journal by the resume when they cannot be written now.
    var reportFailure: Error?
    do {
      try writeReports(final, to: folder, formats: formats)
    } catch {
      reportFailure = error
    }
    let kept = final.samples.count - unjournaled.count
    let lost = unjournaled.isEmpty ? "" : " (\(unjournaled.count) more could not be saved)"
    let resume = "bench run --resume \(Escaping.shellArgument(folder.url.path))"
    if interrupted {
      output("Interrupted: \(kept) samples kept in \(folder.url.path)\(lost)")
      output("Resume with: \(resume)")
      if let reportFailure { throw reportFailure }
      return 130
    }
    if let failure = failure ?? reportFailure {
      output("Stopped: \(kept) samples kept in \(folder.url.path)\(lost)")
      output("Once the cause is fixed, resume with: \(resume)")
      throw failure
    }
    for line in RunReport(final).headline { output(line) }
    output("Wrote \(folder.url.path)/report.md (and run.json, samples.csv, summary.csv, charts/, index.html)")
    return 0
  }

  /// In module form, writes each distinct framework module's source and `reproduce.sh` into `cases/`, and builds
  /// every module once per toolchain into the run's scratch folder (where the sweep's compiles find them).
  /// - Returns: the builds, module by module and toolchain by toolchain; empty in inline form.
  /// - Throws: `BenchError.software` (one line: module, toolchain, first compiler error) when a module does not
  ///   build.
  static func buildModules(
    for record: RunRecord, folder: RunFolder, output: (String) -> Void
  ) throws -> [ModuleBuild] {
    guard record.frameworkForm == .module else { return [] }
    let modules = CaseGenerator.modules(for: record.cases)
    try FileManager.default.createDirectory(at: folder.scratchURL, withIntermediateDirectories: true)
    try AtomicFile.write(ReproduceScript.text, to: folder.casesURL.appendingPathComponent("reproduce.sh"))
    var builds: [ModuleBuild] = []
    for module in modules {
      let source = folder.casesURL.appendingPathComponent(module.fileName)
      try AtomicFile.write(module.source, to: source)
      for (index, toolchain) in record.toolchains.enumerated() {
        builds.append(
          try FrameworkModuleBuilder.build(
            module, source: source, toolchain: toolchain,
            outputFolder: FrameworkModuleBuilder.moduleFolder(scratch: folder.scratchURL, toolchainIndex: index),
            scratch: folder.scratchURL, timeout: record.provenance.timeoutSeconds))
      }
    }
    return builds
  }

  /// Writes run.json and the selected reports atomically.
  static func writeReports(_ record: RunRecord, to folder: RunFolder, formats: Set<ReportFormat>) throws {
    let rendered: RenderedReport
    do {
      rendered = try ReportRenderer.render(record, formats: formats.union([.json]))
    } catch {
      throw BenchError.data("cannot encode the run record: \(BenchError.reason(error))")
    }
    for path in rendered.paths {
      try AtomicFile.write(rendered.files[path]!, to: folder.url.appendingPathComponent(path))
    }
  }

  /// A readable, sortable run id: UTC time plus the families swept (or the template's name).
  static func runID(families: [CaseFamily], template: TemplateSweep? = nil) -> String {
    let stamp = HostFacts.timestamp().replacingOccurrences(of: ":", with: "").replacingOccurrences(of: "-", with: "")
      .replacingOccurrences(of: "T", with: "-").replacingOccurrences(of: "Z", with: "")
    if let template { return stamp + "-template-" + template.name }
    return stamp + "-" + families.map(\.rawValue).joined(separator: "+")
  }

  /// Type-checks the template's smallest and largest instances once (`TemplateValidity`), in a scratch folder that
  /// keeps a failing instance for the user to open.
  static func checkTemplate(
    _ template: TemplateSweep, models: [BuilderModel], framework: FrameworkSource, toolchain: ToolchainInfo,
    timeout: Double, output: (String) -> Void
  ) throws {
    var extremes = template.extremes(models: models)
    for index in extremes.indices { extremes[index].framework = framework }
    var names: [String] = []
    for text in extremes.compactMap(\.template?.parameterText) where !names.contains(text) { names.append(text) }
    output("Checking that the template's smallest and largest instances type-check: \(names.joined(separator: "; "))")
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "typecheckbench-template-\(template.name)-\(UUID().uuidString.prefix(8))",
      isDirectory: true)
    try TemplateValidity.check(extremes, toolchain: toolchain, timeout: timeout, folder: folder)
    try? FileManager.default.removeItem(at: folder)
  }

  /// `--counter` names in order, each once; nil when none is given (the default, constraint scopes).
  static func counterNames(_ parsed: ParsedArguments) throws -> [String]? {
    guard let given = parsed.values["--counter"] else { return nil }
    var names: [String] = []
    for name in given {
      guard !name.isEmpty, !name.contains(where: { $0.isNewline || $0 == "/" }) else {
        throw BenchError.usage("--counter: '\(name)' is not a statistics name such as Sema.NumLeafScopes")
      }
      if !names.contains(name) { names.append(name) }
    }
    return names
  }
}
