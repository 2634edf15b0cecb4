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
  /// `--output`: the run folder; nil for a new folder under `resultsFolder`.
  var outputFolder: String?
  var resultsFolder: String

  /// Reads and checks the options (`--family` among `families`); warns with a note for each sweep option no selected
  /// family reads.
  init(_ parsed: ParsedArguments, families: FamilySet = .builtIn, warn: (String) -> Void) throws {
    for flag in ["--output", "--results"] {
      if let path = parsed.value(flag) { try OutputFolder.checkPath(path, flag: flag) }
    }
    if parsed.value("--output") != nil && parsed.value("--results") != nil {
      throw BenchError.usage(
        "--output and --results conflict: --output names the run folder, --results only its parent; give one")
    }
    outputFolder = parsed.value("--output")
    resultsFolder = try parsed.valueOrDefault("--results")
    let options = try SweepOptions(parsed, families: families)
    sweep = options.sweep
    template = options.template
    for note in options.inapplicableOptionNotes(parsed, families: families) { warn(note) }
    let meterText = try parsed.valueOrDefault("--meter")
    guard let meter = Meter(rawValue: meterText) else {
      throw BenchError.usage("--meter: unknown meter '\(meterText)'; expected time or instructions")
    }
    self.meter = meter
    let sourceText = try parsed.valueOrDefault("--instruction-source")
    try ValueParsers.names(
      sourceText, flag: "--instruction-source", accepted: ["auto"] + InstructionSource.allCases.map(\.rawValue))
    if meter == .time && parsed.value("--instruction-source") != nil {
      throw BenchError.usage("--instruction-source needs --meter instructions")
    }
    // A host without any source refuses here, before a folder exists or a compile runs.
    counting =
      meter == .instructions
      ? try InstructionCounting.detect(requested: InstructionSource(rawValue: sourceText)) : nil
    // Counts are deterministic: one run a point, no warm-up, unless asked for.
    let deterministic = meter == .instructions
    runs = try ValueParsers.integer(
      deterministic ? parsed.value("--runs") ?? "1" : try parsed.valueOrDefault("--runs"), limit: SweepLimits.runs)
    warmup = try ValueParsers.integer(
      deterministic ? parsed.value("--warmup") ?? "0" : try parsed.valueOrDefault("--warmup"),
      limit: SweepLimits.warmup)
    jobs = try ValueParsers.integer(try parsed.valueOrDefault("--jobs"), limit: SweepLimits.jobs)
    timeout = try ValueParsers.seconds(try parsed.valueOrDefault("--timeout"), flag: "--timeout")
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
      sweep, toolchains: max(1, parsed.values["--toolchain"]?.count ?? 0), runs: runs, warmup: warmup,
      shards: shardSpec?.count ?? 1
    ).check(maxCompiles: limits.compiles, maxGeneratedBytes: limits.bytes)
    cases = sweep.cases
    if let shardSpec {
      cases = shardSpec.select(cases)
      shard = shardSpec.description
    }
    // The canonical order (family, series, axis) is the one `bench merge` produces, so shards merge back to the
    // same record; the runner still measures the models of each axis value side by side.
    cases.sort(by: RecordMerge.canonicalOrder)
    counters = try Self.counterNames(parsed)
    toolchains = try ToolchainOptions.resolve(parsed)
    // A wrapper's frontend jobs run inside its root (scripts/install-toolchain.sh): the root's valgrind counts them.
    try counting?.prepare(for: toolchains)
    namedToolchains = parsed.values["--toolchain"] != nil
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
