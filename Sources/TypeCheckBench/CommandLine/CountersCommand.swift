import Foundation
import Generators
import TypeCheckBenchCore

/// `bench counters RUN`: which compiler counters grew most across a run's sweep, with their growth verdicts.
enum CountersCommand {
  static let options = [
    OptionSpec("--limit", value: "N", default: "10", help: "Counters shown per series."),
    OptionSpec("--all", help: "Show every counter that grew."),
  ]

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
    help: help, options: options,
    body: run)

  static func run(_ parsed: ParsedArguments, context: CommandContext) throws -> ExitStatus {
    guard parsed.positionals.count == 1 else {
      throw BenchError.usage("counters: give exactly one run folder or run.json (see 'bench counters --help')")
    }
    if parsed.has("--all") && parsed.has("--limit") { throw BenchError.usage("counters: --all and --limit conflict") }
    let limit =
      parsed.has("--all")
      ? Int.max
      : try ValueParsers.integers(try parsed.valueOrDefault("--limit"), flag: "--limit", minimum: 1).last!
    let record = try RecordStore.sweep(URL(fileURLWithPath: parsed.positionals[0]), families: context.families)
    for line in CounterGrowth.listing(RunReport(record), limit: limit) { context.output(line) }
    return .success
  }
}
