import Foundation
import Generators
import TypeCheckBenchCore

/// `bench run`: generates the sweep, type-checks every case with each toolchain, and writes a run folder. This file
/// holds the command's options and its course; the plan (what the options ask for), provenance, reuse, resume,
/// execution and the module builds each have a file beside it.
enum RunCommand {
  /// The options, with the sweep options of `families`.
  static func options(_ families: FamilySet) -> [OptionSpec] {
    SweepOptions.optionSpecs(families) + measurementOptions
  }

  /// Every option but the sweep's.
  static let measurementOptions: [OptionSpec] =
    [
      OptionSpec(
        "--meter", value: "time|instructions", default: "time",
        help: "instructions: count timed compiles' instructions too."),
      OptionSpec(
        "--instruction-source", value: "SOURCE", default: "auto",
        help: "perf_event_open, proc_pid_rusage, cachegrind or auto."),
      OptionSpec(
        "--runs", value: "N", default: "5", help: "Timed compiles per point; 1 with --meter instructions."),
      OptionSpec(
        "--warmup", value: "N", default: "1",
        help: "Warm-ups, instrumented first; 0 with --meter instructions."),
      OptionSpec(
        "--timeout", value: "SECONDS", default: "300", help: "Kill a compile after this long; kept as censored."),
      OptionSpec(
        "--jobs", value: "N", default: "1", help: "Compiles at once; above 1, wall times are not comparable."),
      ToolchainOptions.swiftc,
      OptionSpec("--Xfrontend", value: "FLAG", repeatable: true, help: "Pass FLAG to the frontend (repeatable)."),
      OptionSpec("--Xswiftc", value: "FLAG", repeatable: true, help: "Pass FLAG to swiftc (repeatable)."),
      OptionSpec(
        "--toolchain", value: "NAME=PATH", repeatable: true,
        help: "Measure this compiler as NAME (repeatable); replaces the default swiftc."),
      OptionSpec(
        "--toolchain-flags", value: "NAME=FLAGS", repeatable: true,
        help: "Extra swiftc flags for toolchain NAME, space-separated."),
    ] + SDKOptions.optionSpecs + [
      OptionSpec(
        "--counter", value: "NAME", default: StatName.constraintScopes, repeatable: true,
        help: "Counter to chart (repeatable)."),
      OptionSpec("--allow-mixed", help: "Allow comparing assertions-enabled (nightly) with release compilers."),
      OptionSpec("--shard", value: "I/N", help: "Measure only shard I of N of the sweep (for CI matrices)."),
      outputOption, resultsOption,
      OptionSpec("--resume", value: "RUN_DIR", help: "Continue an interrupted run; finished samples are not repeated."),
      OptionSpec("--reuse", value: "RUN_DIR", help: "Copy identical compiles (source, compiler, flags) from RUN_DIR."),
      OptionSpec("--format", value: "csv,md,json,svg,html", default: "all", help: "Reports to write."),
      OptionSpec("--quiet", help: "Plain progress lines only at series stops and the end."),
    ] + SweepSize.optionSpecs

  /// `--output`: the run folder (also `bench fidelity`'s).
  static let outputOption = OptionSpec(
    "--output", value: "DIR", alias: "-o", help: "Run folder to create (default: a new one under --results).")
  /// `--results`: where a run folder is made when `--output` is not given.
  static let resultsOption = OptionSpec(
    "--results", value: "DIR", default: "Results", help: "Parent folder for new run folders.")

  static let help = """
    USAGE: bench run [sweep options] [measurement options]

    Generates each case of the sweep and type-checks it with swiftc -typecheck: per point, one instrumented compile
    (-stats-output-dir and the expression timer: the constraint scopes and other counters, expression timings; it is
    the first warm-up) and --runs timed compiles with -debug-time-function-bodies alone, whose times are reported.
    With --meter instructions the timed compiles' frontend jobs are counted too (one a point by default), less the
    import-only baseline of the case's preamble, compiled the same way once per toolchain before the sweep.
    Writes a run folder: run.json (every sample), samples.jsonl (the journal), samples.csv, summary.csv, report.md,
    charts/*.svg, index.html, and cases/*.swift. Models and toolchains are interleaved; a series stops at its first
    censored point (too-complex or timeout). A point after one that counted 1/64 of the solver's scope limit is first
    compiled once as a probe (-debug-time-function-bodies and -stats-output-dir): if the solver gives up on it or it
    times out, it is the point's only compile. With --meter instructions, --jobs runs a point's compiles as soon as
    the previous point of its series is done. Ctrl-C keeps every finished sample and prints how to resume (a second
    Ctrl-C stops the compiles at once). A run in which every compile crashed or gave bad data measured nothing: its
    reports are written and it exits 70. In a pipe or a CI log, progress is a plain line at least every 30 s.

    EXAMPLES:
      bench run --depth 1...8
      bench run --family chart --branches 1...12 --runs 3
      bench run --family nesting --kinds 1,2,4,11 --depth 1...4 --jobs 2 --runs 1
      bench run --depth 1...3 --meter instructions
      bench run --toolchain base=/usr/bin/swiftc --toolchain new=/opt/swift/usr/bin/swiftc --depth 1...5
      bench run --Xfrontend -solver-disable-prepared-overloads --depth 1...5
      bench run --resume Results/20261122-071500-nesting
      bench run --depth 1...10 --reuse Results/20261122-071500-nesting
      bench run --template examples/templates/arithmetic-chain.swift --param N=1...7 --runs 3
      bench run --template my-view.swift --param N=1...12 --param M=1,2 --counter Sema.NumLeafScopes
    """

  static func command(_ families: FamilySet) -> Command {
    Command(
      name: "run",
      summary: "Generate cases, type-check them with swiftc, write a run folder (CSV, Markdown, JSON, SVG).",
      help: help, options: options(families), body: run)
  }

  /// Checks everything the user typed, claims the run folder, builds the framework modules, writes the plan, then
  /// measures (`execute`). `--resume` continues an earlier run instead (`resume`).
  static func run(_ parsed: ParsedArguments, context: CommandContext) throws -> ExitStatus {
    guard parsed.positionals.isEmpty else {
      throw BenchError.usage("run: unexpected argument '\(parsed.positionals[0])'")
    }
    let formats = try reportFormats(parsed)
    let quiet = parsed.has("--quiet")
    if let resume = parsed.value("--resume") {
      return try self.resume(
        parsed, at: resume, formats: formats, quiet: quiet, families: context.families, output: context.output,
        warn: context.warn)
    }

    // Everything the user typed is checked before any compile.
    let plan = try RunPlan(parsed, families: context.families, warn: context.warn)
    let reuseSource = try parsed.value("--reuse").map {
      try reusableSamples(URL(fileURLWithPath: $0), jobs: plan.jobs, families: context.families)
    }
    if let template = plan.template {
      // Validity first, before any folder exists: a broken template stops here, with no report.
      try checkTemplate(
        template, sweep: plan.sweep, toolchain: plan.toolchains[0], timeout: plan.timeout, output: context.output)
    }

    // The folder is claimed and locked before it is checked for an earlier run, and before anything is written.
    let (folder, lock, folderExisted) = try RunFolder.claimNew(
      output: plan.outputFolder, results: plan.resultsFolder,
      base: runID(families: plan.sweep.families, template: plan.template))
    defer { lock.release() }
    var record = RunRecord(
      runID: RecordID.sanitized(folder.url.lastPathComponent),
      provenance: provenance(of: plan, arguments: parsed.arguments), toolchains: plan.toolchains,
      cases: plan.cases, samples: [], frameworkForm: plan.sweep.framework, counters: plan.counters)
    // Modules first: a framework that does not build is one error before any case, and leaves no run behind.
    // Then, with --meter instructions, each preamble's import-only baseline, once per toolchain.
    do {
      record.moduleBuilds = try buildModules(for: record, folder: folder, output: context.output)
      if let counting = plan.counting {
        context.output("Counting instructions with \(counting.source.phrase), \(counting.detail)")
        var metering = counting.metering
        metering.baselines = try InstructionBaselines.measure(for: record, folder: folder, counting: counting)
        record.instructionMetering = metering
      }
    } catch {
      folder.discardUnstarted(existed: folderExisted)
      throw error
    }
    // The plan is on disk before the first compile, so an interrupted run can be resumed.
    try AtomicFile.write(try ReportRenderer.runJSON(record), to: folder.recordURL)
    context.output(toolchainLine(plan.toolchains, named: plan.namedToolchains))
    if plan.jobs > 1 {
      context.warn(
        "note: --jobs \(plan.jobs) compiles in parallel: constraint scopes stay exact, but wall times are not "
          + "comparable.")
    }
    let reused = try reuseSource.map { try reuse($0, for: record, in: folder, output: context.output) } ?? []
    return try execute(
      record: record, previous: reused, folder: folder, formats: formats, quiet: quiet, counting: plan.counting,
      output: context.output, warn: context.warn)
  }

  /// `--format`: the reports to write.
  static func reportFormats(_ parsed: ParsedArguments) throws -> Set<ReportFormat> {
    let formatText = try parsed.valueOrDefault("--format")
    try ValueParsers.names(
      formatText, flag: "--format", accepted: ReportFormat.allCases.map(\.rawValue) + ["all", "markdown"])
    guard let formats = ReportFormat.parseList(formatText) else {
      throw BenchError.usage("--format: '\(formatText)' is not a list of csv, md, json, svg, html")
    }
    return formats
  }

}
