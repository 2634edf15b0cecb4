/// `--output` and `--results`: where a new run folder goes (`run`, `fidelity`, `corpus`). The group checks itself, once
/// for every command that holds it: each path names a folder (`Option.folder`), and the two are not given together
/// (`choice`).
struct RunFolderOptions: Sendable {
  var output = Option<String>.folder(
    "--output", alias: "-o", help: "Run folder to create (default: a new one under --results).")
  var results = Option<String>.folder("--results", default: "Results", help: "Parent folder for new run folders.")

  /// The folder the options name, checked.
  struct Choice: Equatable, Sendable {
    /// `--output`: the run folder; nil for a new folder under `results`.
    var output: String?
    /// `--results`: the parent of a new run folder.
    var results: String

    /// Where the pipeline puts a new run whose folder name (under `results`) begins with `base`.
    func destination(base: String) -> Pipeline.Destination {
      Pipeline.Destination(output: output, results: results, base: base)
    }
  }

  /// Reads and checks the group of a command's options: `-` or an empty path names no folder, and `--output` (the run
  /// folder) with `--results` (only its parent) conflict.
  /// - Throws: `BenchError.usage` (exit 64) for either, naming the option.
  static func choice<Options: RunFolderCommandOptions>(_ parsed: ParsedArguments<Options>) throws -> Choice {
    let output = try parsed[\.output.output]
    let results = try parsed.valueOrDefault(\.output.results)
    if output != nil && parsed.has(\.output.results) {
      throw BenchError.usage(
        "--output and --results conflict: --output names the run folder, --results only its parent; give one")
    }
    return Choice(output: output, results: results)
  }
}
