import Foundation
import Generators
import TypeCheckBenchCore

/// `bench compat`: type-checks TN3211's compatibility corpus in both builder models and prints the matrix.
enum CompatCommand {
  struct Options: Sendable {
    var output = Option<String>(
      "--output", value: "DIR", alias: "-o", help: "Write compat.md, compat.json and the reproducers' sources here.")
    var cases = Option<String>("--case", value: "ID,ID", help: "Only these cases (default: all).")
    var jobs = Option<Int>.integer("--jobs", default: "2", minimum: 1, maximum: 64, help: "Compiles at once.")
    var swiftc = ToolchainOptions.swiftc("The compiler")
    var list = Flag("--list", help: "List the cases and exit.")
  }

  static let help = """
    USAGE: bench compat [--output DIR] [--case ID,…] [--jobs N] [--swiftc PATH]

    For each source incompatibility of TN3211 that the miniature frameworks can express, type-checks three
    reproducers with swiftc -typecheck: the code against the per-kind framework (must compile), the same code
    against the unified framework (must fail with the diagnostic observed for the technote's), and the documented
    fix against the unified framework (must compile). Prints a Markdown matrix (case × model × expected × observed
    × pass); with --output, writes compat.md, compat.json and every reproducer under sources/.
    Exit status: \(ExitStatus.list([.success, .expectationFailed, .usage, .software])).

    EXAMPLES:
      bench compat
      bench compat --output /tmp/compat --jobs 2
      bench compat --case module-color-clear,tuple-view-nested-generic
    """

  static let command = Command(
    name: "compat",
    summary: "Type-check TN3211's compatibility corpus in both builder models; exit 1 on a failed expectation.",
    help: help, options: Options(),
    body: run)

  static func run(_ parsed: ParsedArguments<Options>, context: CommandContext) throws -> ExitStatus {
    guard parsed.positionals.isEmpty else {
      throw BenchError.usage("compat: unexpected argument '\(parsed.positionals[0])' (see 'bench compat --help')")
    }
    let output = try parsed[\.output]
    if let folder = output {
      try OutputFolder.checkPath(folder, flag: parsed.name(\.output))
      try OutputFolder.check(URL(fileURLWithPath: folder), as: .compat, flag: parsed.name(\.output))
    }
    var cases = CompatCorpus.cases
    if parsed[\.list] {
      context.output(cases.map { "\($0.id)\t\($0.title)" }.joined(separator: "\n"))
      return .success
    }
    if let text = try parsed[\.cases] {
      let wanted = text.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
      for id in wanted where !cases.contains(where: { $0.id == id }) {
        var message = "--case: unknown case '\(id)'"
        if let near = ArgumentScanner.nearest(id, among: cases.map(\.id)) { message += "; did you mean '\(near)'?" }
        throw BenchError.usage(message + " (see 'bench compat --list')")
      }
      cases = cases.filter { wanted.contains($0.id) }
    }
    let jobs = try parsed.valueOrDefault(\.jobs)
    let swiftc = try ToolchainLocator.locateSwiftc(explicitPath: try parsed[\.swiftc])
    let toolchain = try ToolchainLocator.inspect(swiftcPath: swiftc)
    let reproducers = cases.flatMap(\.reproducers)
    let observations = try CompatRunner.run(reproducers, swiftc: swiftc, workers: jobs)
    let compiler = toolchain.versionText.split(separator: "\n").first.map(String.init) ?? swiftc
    let matrix = CompatMatrix(cases: cases, observations: observations, compiler: compiler)
    if let folder = output {
      let directory = URL(fileURLWithPath: folder)
      try OutputFolder.claim(directory, as: .compat, flag: parsed.name(\.output))
      try AtomicFile.write(matrix.markdown, to: directory.appendingPathComponent("compat.md"))
      try AtomicFile.write(matrix.json, to: directory.appendingPathComponent("compat.json"))
      let sources = directory.appendingPathComponent("sources")
      for reproducer in reproducers {
        try AtomicFile.write(reproducer.source, to: sources.appendingPathComponent(reproducer.fileName))
        for module in reproducer.modules {
          let name = "\(reproducer.caseID)-\(reproducer.variant.rawValue)-\(module.fileName)"
          try AtomicFile.write(module.source, to: sources.appendingPathComponent(name))
        }
      }
      let failed = matrix.rows.filter { !$0.pass }.count
      context.output(
        "\(matrix.rows.count - failed) of \(matrix.rows.count) expectations met; wrote compat.md, compat.json and "
          + "sources/ to \(directory.path)")
    } else {
      var text = matrix.markdown
      if text.hasSuffix("\n") { text.removeLast() }
      context.output(text)
    }
    return matrix.allPass ? .success : .expectationFailed
  }
}
