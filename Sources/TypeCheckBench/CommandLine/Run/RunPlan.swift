import Foundation
import Generators
import TypeCheckBenchCore

/// What `bench run` measures and how, read from its options and checked before any folder is made or any compile
/// runs: the sweep's cases (sharded, in canonical order), the measurement settings and the resolved toolchains.
struct RunPlan {
  var sweep: CaseSweep
  /// The template the sweep measures (`--template`), nil for built-in families.
  var template: TemplateSweep?
  var cases: [CaseSpec]
  var runs: Int
  var warmup: Int
  var jobs: Int
  var timeout: Double
  /// `--shard I/N` as given, nil for the whole sweep.
  var shard: String?
  var counters: [String]?
  var toolchains: [ToolchainInfo]
  /// True when `--toolchain` named the compilers (the default swiftc is then measured only if named).
  var namedToolchains: Bool
  /// `--meter`: what each compile is measured by.
  var meter: Meter
  /// With `--meter instructions`, the host's instruction source, found before anything is written.
  var counting: InstructionCounting?
  /// `--output` and `--results`, checked.
  var folder: RunFolderOptions.Choice

  /// Reads and checks the options (`--family` among the families they were declared for); warns with a note for each sweep option no selected
  /// family reads.
  init(_ parsed: ParsedArguments<RunCommand.Options>, warn: (String) -> Void) throws {
    folder = try RunFolderOptions.choice(parsed)
    let options = try SweepOptions(parsed)
    sweep = options.sweep
    template = options.template
    for note in options.inapplicableOptionNotes(parsed) { warn(note) }
    let meter = try parsed.valueOrDefault(\.measurement.meter)
    self.meter = meter
    let source = try parsed.valueOrDefault(\.measurement.instructionSource)
    if meter == .time && parsed.has(\.measurement.instructionSource) {
      throw BenchError.usage("--instruction-source needs --meter instructions")
    }
    // A host without any source refuses here, before a folder exists or a compile runs.
    counting = meter == .instructions ? try InstructionCounting.detect(requested: source) : nil
    // Counts are deterministic: one run a point, no warm-up, unless asked for.
    let deterministic = meter == .instructions
    runs = try deterministic ? parsed[\.measurement.runs] ?? 1 : parsed.valueOrDefault(\.measurement.runs)
    warmup = try deterministic ? parsed[\.measurement.warmup] ?? 0 : parsed.valueOrDefault(\.measurement.warmup)
    jobs = try parsed.valueOrDefault(\.measurement.jobs)
    timeout = try parsed.valueOrDefault(\.measurement.timeout)
    let shardSpec = try parsed[\.shard]
    // The sweep's size is known before a case is listed or generated.
    let limits = try SweepSize.limits(parsed, \.limits)
    try SweepSize(
      sweep, toolchains: max(1, try parsed.all(\.toolchains.toolchain).count), runs: runs, warmup: warmup,
      shards: shardSpec?.count ?? 1
    ).check(maxCompiles: limits.compiles, maxGeneratedBytes: limits.bytes)
    cases = sweep.cases
    // A sweep that selects nothing is refused before a folder exists (an empty shard of a sweep is not: it is a
    // share of a CI matrix).
    guard !cases.isEmpty else {
      throw BenchError.data(
        "no case matches these options: together they select none (a family leaves out the combinations it does "
          + "not have: per-kind Charts has no --chart-variant modern, its compat is the same case)")
    }
    if let shardSpec {
      cases = shardSpec.select(cases)
      shard = shardSpec.description
    }
    // The canonical order (family, series, axis) is the one `bench merge` produces, so shards merge back to the
    // same record; the runner still measures the models of each axis value side by side.
    cases.sort(by: RecordMerge.canonicalOrder)
    // Every case id the record will hold, held to the readers' rule before anything is written.
    for spec in cases {
      if let problem = RecordID.problem(spec.id, field: "case id") {
        let hint = template != nil ? "; name the template's file and parameters with ASCII letters and digits" : ""
        throw BenchError.usage(problem + hint)
      }
    }
    counters = try Self.counterNames(parsed)
    let extraFlags =
      try parsed.all(\.flags.frontend).flatMap { ["-Xfrontend", $0] } + parsed.all(\.flags.swiftc)
      + SDKOptions.flags(parsed)
    toolchains = try ToolchainOptions.resolve(parsed, extraFlags: extraFlags)
    // A wrapper's frontend jobs run inside its root (scripts/install-toolchain.sh): the root's valgrind counts them.
    try counting?.prepare(for: toolchains)
    namedToolchains = parsed.has(\.toolchains.toolchain)
  }

  /// `--counter` names in order, each once; nil when none is given (the default, constraint scopes).
  static func counterNames(_ parsed: ParsedArguments<RunCommand.Options>) throws -> [String]? {
    let given = try parsed.all(\.counter)
    guard !given.isEmpty else { return nil }
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
