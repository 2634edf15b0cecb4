import Foundation
import Generators
import TypeCheckBenchCore

/// `bench run`: generates the sweep, type-checks every case with each toolchain, and writes a run folder. This file
/// holds the command's options and its course; the plan (what the options ask for), provenance, reuse, resume,
/// execution and the module builds each have a file beside it.
enum RunCommand {
  /// `bench run`'s options: the sweep options of `families`, then how it measures, with which compilers, and where
  /// it writes.
  struct Options: SweepCommandOptions, ToolchainCommandOptions, SDKCommandOptions, RunFolderCommandOptions {
    var sweep: SweepOptions.Group
    var measurement = MeasurementOptions()
    var toolchains = ToolchainOptions(
      toolchain: "Measure this compiler as NAME (repeatable); replaces the default swiftc.",
      toolchainFlags: "Extra swiftc flags for toolchain NAME, space-separated.",
      allowMixed: "Allow comparing assertions-enabled (nightly) with release compilers.")
    var flags = CompilerFlagOptions()
    var sdk = SDKOptions()
    var counter = Option<String>(
      "--counter", value: "NAME", default: StatName.constraintScopes, repeatable: true,
      help: "Counter to chart (repeatable).")
    var shard = Option<ShardSpec>.shard(help: "Measure only shard I of N of the sweep (for CI matrices).")
    var output = RunFolderOptions()
    var resume = Option<String>(
      "--resume", value: "RUN_DIR", help: "Continue an interrupted run; finished samples are not repeated.")
    var reuse = Option<String>(
      "--reuse", value: "RUN_DIR", help: "Copy identical compiles (source, compiler, flags) from RUN_DIR.")
    var format = Option<Set<ReportFormat>>(
      "--format", value: ReportFormat.namesList, default: "all", help: "Reports to write."
    ) { text, name in
      try ValueParsers.names(text, flag: name, accepted: ReportFormat.allCases.map(\.rawValue) + ["all", "markdown"])
      guard let formats = ReportFormat.parseList(text) else {
        throw BenchError.usage(
          "\(name): '\(text)' is not a list of \(ReportFormat.namesList.replacingOccurrences(of: ",", with: ", "))")
      }
      return formats
    }
    var quiet = Flag("--quiet", help: "Plain progress lines only at series stops and the end.")
    var limits = SweepSize.Limits()

    init(_ families: FamilySet) { sweep = SweepOptions.Group(families) }
  }

  /// How `bench run` measures each point.
  struct MeasurementOptions: Sendable {
    var meter = Option(
      "--meter", value: "time|instructions", default: "time",
      help: "instructions: count timed compiles' instructions too."
    ) { text, name in
      guard let meter = Meter(rawValue: text) else {
        throw BenchError.usage("\(name): unknown meter '\(text)'; expected time or instructions")
      }
      return meter
    }
    /// `--instruction-source`: a source, or nil for `auto`.
    var instructionSource = Option<InstructionSource?>(
      "--instruction-source", value: "SOURCE", default: "auto",
      help: "perf_event_open, proc_pid_rusage, cachegrind or auto."
    ) { text, name in
      try ValueParsers.names(text, flag: name, accepted: ["auto"] + InstructionSource.allCases.map(\.rawValue))
      return InstructionSource(rawValue: text)
    }
    var runs = Option<Int>.integer(
      "--runs", default: "5", limit: SweepLimits.runs, help: "Timed compiles per point; 1 with --meter instructions.")
    var warmup = Option<Int>.integer(
      "--warmup", default: "1", limit: SweepLimits.warmup,
      help: "Warm-ups, instrumented first; 0 with --meter instructions.")
    var timeout = Option<Double>.seconds(
      "--timeout", default: "300", help: "Kill a compile after this long; kept as censored.")
    var jobs = Option<Int>.integer(
      "--jobs", default: "1", limit: SweepLimits.jobs, help: "Compiles at once; above 1, wall times are not comparable."
    )
  }

  static let help = """
    USAGE: bench run [sweep options] [measurement options]

    Generates each case of the sweep and type-checks it with swiftc -typecheck: per point, one instrumented compile
    (-stats-output-dir and the expression timer: the constraint scopes and other counters, expression timings; it is
    the first warm-up) and --runs timed compiles with -debug-time-function-bodies alone, whose times are reported.
    With --meter instructions the timed compiles' frontend jobs are counted too (one a point by default), less the
    import-only baseline of the case's preamble, compiled the same way once per toolchain before the sweep.
    Writes a run folder: run.json (every sample), samples.jsonl (the journal), cases/*.swift and the reports
    (--format): \(ReportFormat.fileList(ReportFormat.reports)).
    Models and toolchains are interleaved; a series stops at its first censored point (too-complex or timeout). A
    point after one that counted 1/64 of the solver's scope limit is first compiled once as a probe
    (-debug-time-function-bodies and -stats-output-dir): if the solver gives up on it or it times out, it is the
    point's only compile. With --meter instructions, --jobs runs a point's compiles as soon as the previous point of
    its series is done. Ctrl-C keeps every finished sample and prints how to resume (a second Ctrl-C stops the
    compiles at once). A run in which every compile crashed or gave bad data measured nothing: its reports are written
    and it exits 70. In a pipe or a CI log, progress is a plain line at least every 30 s.

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
      help: help, options: Options(families), body: run)
  }

  /// Checks everything the user typed, then runs the sweep's plan through the pipeline (`Pipeline.start`: the folder,
  /// the framework modules, the plan written, the compiles, the reports). `--resume` continues an earlier run instead (`resume`).
  static func run(_ parsed: ParsedArguments<Options>, context: CommandContext) throws -> ExitStatus {
    guard parsed.positionals.isEmpty else {
      throw BenchError.usage("run: unexpected argument '\(parsed.positionals[0])'")
    }
    let formats = try parsed.valueOrDefault(\.format)
    let quiet = parsed[\.quiet]
    if let resume = try parsed[\.resume] {
      return try self.resume(
        parsed, at: resume, formats: formats, quiet: quiet, families: context.families, faults: context.journalFaults,
        output: context.output, warn: context.warn)
    }

    // Everything the user typed is checked before any compile.
    let plan = try RunPlan(parsed, warn: context.warn)
    let reuseSource = try parsed[\.reuse].map {
      try reusableSamples(URL(fileURLWithPath: $0), jobs: plan.jobs, families: context.families)
    }
    if let template = plan.template {
      // Validity first, before any folder exists: a broken template stops here, with no report.
      try checkTemplate(
        template, sweep: plan.sweep, toolchain: plan.toolchains[0], timeout: plan.timeout, output: context.output)
    }

    if let counting = plan.counting {
      context.output("Counting instructions with \(counting.source.phrase), \(counting.detail)")
    }
    return try Pipeline.start(
      plan.folder.destination(base: runID(families: plan.sweep.families, template: plan.template)),
      plan: { runID in
        SweepPlan(
          record: RunRecord(
            runID: runID, provenance: provenance(of: plan, arguments: parsed.arguments), toolchains: plan.toolchains,
            cases: plan.cases, samples: [], frameworkForm: plan.sweep.framework, counters: plan.counters),
          formats: formats, counting: plan.counting)
      },
      announce: { sweep, folder in
        context.output(toolchainLine(plan.toolchains, named: plan.namedToolchains))
        if plan.jobs > 1 {
          context.warn(
            "note: --jobs \(plan.jobs) compiles in parallel: constraint scopes stay exact, but wall times are not "
              + "comparable.")
        }
        return try reuseSource.map { try reuse($0, for: sweep.record, in: folder, output: context.output) } ?? []
      }, quiet: quiet, faults: context.journalFaults, output: context.output, warn: context.warn)
  }
}
