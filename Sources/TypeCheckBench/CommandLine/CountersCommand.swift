import Foundation
import Generators
import TypeCheckBenchCore

/// `bench counters RUN`: which compiler counters grew most across a run's sweep, with their growth verdicts.
enum CountersCommand {
  struct Options: Sendable {
    /// `--limit`: a list or range is read as its largest value.
    var limit = Option("--limit", value: "N", default: "10", help: "Counters shown per series.") { text, name in
      try ValueParsers.integers(text, flag: name, minimum: 1).last!
    }
    var all = Flag("--all", help: "Show every counter that grew.")
  }

  static let help = """
    USAGE: bench counters RUN_DIR|run.json [--limit N | --all]

    Lists, per series, the -stats-output-dir counters that grew most between the first and the last uncensored
    point, with the growth verdict of each (fitted like the reports' scopes). Counters are deterministic: unlike
    times they do not vary between runs. Chart any of them with bench run --counter NAME.

    EXAMPLES:
      bench counters Results/20261123-091500-template-arithmetic-chain
      bench counters Results/reference --limit 5
    """

  static let command = Command(
    name: "counters", summary: "List the compiler counters that grew most across a run's sweep, with growth verdicts.",
    help: help, options: Options(),
    body: run)

  static func run(_ parsed: ParsedArguments<Options>, context: CommandContext) throws -> ExitStatus {
    guard parsed.positionals.count == 1 else {
      throw BenchError.usage("counters: give exactly one run folder or run.json (see 'bench counters --help')")
    }
    if parsed[\.all] && parsed.has(\.limit) { throw BenchError.usage("counters: --all and --limit conflict") }
    let limit = parsed[\.all] ? Int.max : try parsed.valueOrDefault(\.limit)
    let record = try RecordStore.sweep(URL(fileURLWithPath: parsed.positionals[0]), families: context.families)
    for line in CounterGrowth.listing(RunReport(record), limit: limit) { context.output(line) }
    return .success
  }
}
