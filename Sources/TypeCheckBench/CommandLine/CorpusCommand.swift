import Escaping
import Foundation
import Generators
import TypeCheckBenchCore

/// `bench corpus PATH…`: runs lit-style type-checker performance tests (the Swift repository's
/// `validation-test/Sema/type_checker_perf`) as their RUN lines say, with each toolchain, into a run folder.
enum CorpusCommand {
  struct Options: ToolchainCommandOptions, RunFolderCommandOptions {
    var toolchains = ToolchainOptions(
      toolchain: "Run the corpus with this compiler as NAME (repeatable).",
      toolchainFlags: "Extra frontend flags for toolchain NAME, space-separated.",
      allowMixed: "Allow assertions-enabled (nightly) with release compilers.")
    var jobs = Option<Int>.integer(
      "--jobs", default: "1", limit: SweepLimits.jobs, help: "Compiles at once (counters are exact at any N).")
    var timeout = Option<Double>.seconds("--timeout", default: "300", help: "Kill a compile after this long.")
    var filter = Option("--filter", value: "REGEX", help: "Run only the tests whose path matches REGEX.") {
      pattern, name in
      do {
        return try NSRegularExpression(pattern: pattern)
      } catch {
        throw BenchError.usage("\(name): '\(pattern)' is not a regular expression")
      }
    }
    var shard = Option<ShardSpec>.shard(help: "Run only shard I of N of the tests (join with bench merge).")
    var ignoreRequires = Option<String>(
      "--ignore-requires", value: "FEATURE", repeatable: true,
      help: "Run scale tests needing FEATURE anyway (asserts only: for counters release builds keep).")
    var output = RunFolderOptions()
    var resume = Option<String>("--resume", value: "RUN_DIR", help: "Continue an interrupted corpus run.")
    var quiet = Flag("--quiet", help: "Print only the end of the run.")
  }

  static let help = """
    USAGE: bench corpus PATH... [options]
           bench corpus --resume RUN_DIR

    Runs lit-style type-checker performance tests, such as the Swift repository's
    validation-test/Sema/type_checker_perf (fast/ and slow/), as their RUN: lines say: %scale-test sweeps a gyb
    template over N (rendered natively: no Python), fits each selected counter (linear, c + a*n^k, c + a*b^n;
    r^2 > 0.99) and fails on growth at or above the thresholds; %target-typecheck-verify-swift lets the compiler's
    -verify check the file's expected diagnostics. REQUIRES:/UNSUPPORTED:/XFAIL: are evaluated as lit does. Every
    test gets a verdict per toolchain: pass, fail, unsupported (why) or error (the first diagnostic). PATH is a test
    file or a folder searched for *.swift and *.gyb files. Writes run.json, samples.jsonl, report.md, summary.csv,
    samples.csv, verdicts.json, index.html, charts/ (each scale test's counters against N) and cases/. bench
    compare and bench merge take corpus runs too.
    Exits as lit: \(ExitStatus.success.rawValue) when every selected test passes or is unsupported, \(ExitStatus.expectationFailed.rawValue) when one fails or errors (the
    reports are written), \(WorkOutcome.nothingSelected.status.rawValue) when no test is selected (nothing is written).

    EXAMPLES:
      bench corpus swift/validation-test/Sema/type_checker_perf --jobs 2
      bench corpus swift/validation-test/Sema/type_checker_perf --ignore-requires asserts --filter 'fast/'
      bench corpus type_checker_perf --toolchain 6.2=/opt/swift-6.2/usr/bin/swiftc --toolchain 6.3=/usr/bin/swiftc
      bench corpus type_checker_perf --shard 1/4 -o shard-1
      bench compare Results/corpus-6.2 Results/corpus-6.3
    """

  static let command = Command(
    name: "corpus", summary: "Run lit-style type-checker performance tests (scale-test, -verify) per toolchain.",
    help: help, options: Options(), body: run)

  /// The measurement version of a corpus run (`CorpusKind.measurementVersion`).
  static var measurementVersion: Int { CorpusKind().measurementVersion }
  /// Features `--ignore-requires` may set aside.
  static let ignorableFeatures = ["asserts"]

  static func run(_ parsed: ParsedArguments<Options>, context: CommandContext) throws -> ExitStatus {
    let output = context.output
    let quiet = parsed[\.quiet]
    if let resume = try parsed[\.resume] {
      try parsed.checkResumable(keeping: [\.resume, \.quiet, \.timeout], mayChange: "--quiet and --timeout")
      return try resumeRun(
        at: URL(fileURLWithPath: resume), timeout: try parsed[\.timeout], quiet: quiet, faults: context.journalFaults,
        output: output, warn: context.warn)
    }
    guard !parsed.positionals.isEmpty else {
      throw BenchError.usage("corpus: give the test files or folders to run (see 'bench corpus --help')")
    }
    let folder = try RunFolderOptions.choice(parsed)
    let jobs = try parsed.valueOrDefault(\.jobs)
    let timeout = try parsed.valueOrDefault(\.timeout)
    let shard = try parsed[\.shard]
    let filter = try parsed[\.filter]
    var ignored: [String] = []
    for feature in try parsed.all(\.ignoreRequires) where !ignored.contains(feature) {
      guard ignorableFeatures.contains(feature) else {
        throw BenchError.usage(
          "--ignore-requires: '\(feature)' cannot be ignored (only \(ignorableFeatures.joined(separator: ", ")))")
      }
      ignored.append(feature)
    }
    let files = try CorpusFiles.find(parsed.positionals, warn: context.warn)
    let toolchains = try ToolchainOptions.resolve(parsed)
    let features = LitRequirement.Features.host(
      operatingSystem: HostFacts.operatingSystem, cpu: CorpusFiles.machine,
      assertionsEnabled: toolchains[0].assertionsEnabled)
    // Which tests run is decided once, for every toolchain: with --allow-mixed the builds disagree, so say whose
    // build decided `asserts`.
    if Set(toolchains.map(\.assertionsEnabled)).count > 1 {
      let first = toolchains[0]
      let others = toolchains.filter { $0.assertionsEnabled != first.assertionsEnabled }.map(\.name)
      context.warn(
        "note: REQUIRES: asserts and no_asserts are decided by \(first.name)'s build (assertions "
          + (first.assertionsEnabled ? "enabled" : "disabled")
          + ") for every toolchain, also for \(others.joined(separator: ", ")), whose build differs: "
          + "put the toolchain whose requirements you want first")
    }
    var tests: [CorpusTest] = []
    var taken: Set<String> = []
    for file in files {
      if let filter, filter.firstMatch(in: file.path, range: NSRange(file.path.startIndex..., in: file.path)) == nil {
        continue
      }
      let id = CorpusTest.id(for: file.path, taken: taken)
      taken.insert(id)
      guard let data = FileManager.default.contents(atPath: file.url.path) else {
        throw BenchError.io("\(file.url.path): cannot read the file")
      }
      tests.append(
        CorpusTest.read(
          path: file.path, id: id, source: file.url.path, text: String(decoding: data, as: UTF8.self),
          features: features, ignoring: Set(ignored)))
    }
    if let shard { tests = shard.select(tests, id: \.id) }
    tests.sort { $0.id < $1.id }
    // As lit: a run that selects no test fails (a --filter typo, an empty folder), before a folder is made.
    guard !tests.isEmpty else {
      var why = "\(files.count) test file\(files.count == 1 ? "" : "s") (*.swift, *.gyb) found"
      if let pattern = parsed.text(\.filter) { why += ", none matching --filter '\(pattern)'" }
      if let shard, !files.isEmpty { why += ", none in shard \(shard)" }
      context.warn("bench: corpus: no test selected: \(why)")
      return WorkOutcome.nothingSelected.status
    }

    return try Pipeline.start(
      folder.destination(base: runID(shard: shard)),
      plan: { runID in
        CorpusPlan(
          record: CorpusRecord(
            runID: runID,
            provenance: .measuring(
              command: "corpus", arguments: parsed.arguments, measurementVersion: measurementVersion, runs: 1,
              warmup: 0, timeout: timeout, jobs: jobs, shard: shard?.description),
            toolchains: toolchains, ignoredRequirements: ignored, tests: tests))
      },
      announce: { corpus, _ in
        output(RunCommand.toolchainLine(toolchains, named: parsed.has(\.toolchains.toolchain)))
        let runnable = tests.filter { !$0.runLines.isEmpty }.count
        output(
          "Corpus: \(tests.count) tests (\(runnable) to run, \(tests.count - runnable) unsupported or in error), "
            + "\(corpus.record.plannedCases.count * toolchains.count) compiles, \(jobs) at once")
        return []
      }, quiet: quiet, faults: context.journalFaults, output: output, warn: context.warn)
  }

  /// `20261123-221500-corpus` (with `-shard-1of4`).
  static func runID(shard: ShardSpec?) -> String {
    HostFacts.runIDStamp() + "-corpus" + (shard.map { "-shard-\($0.index)of\($0.count)" } ?? "")
  }

  /// Continues the corpus run in `url` from its journal (its appends meeting `faults` first).
  static func resumeRun(
    at url: URL, timeout: Double?, quiet: Bool, faults: JournalFaults = .none, output: @escaping (String) -> Void,
    warn: @escaping (String) -> Void
  ) throws -> ExitStatus {
    try Pipeline.resume(
      at: url, timeout: timeout, read: { try RecordStore.read($0, as: CorpusKind()) }, plan: CorpusPlan.init(record:),
      quiet: quiet, faults: faults, output: output, warn: warn)
  }
}
