import Foundation
import Generators
import TypeCheckBenchCore

/// `bench generate`: writes the sweep's cases as Swift files plus a manifest, without compiling anything.
enum GenerateCommand {
  /// The options: the sweep options of `families`, then the command's own.
  struct Options: SweepCommandOptions {
    var sweep: SweepOptions.Group
    var output = Option<String>(
      "--output", value: "DIR", alias: "-o", help: "Folder to write the files into (required).")
    var maxGeneratedMegabytes = SweepSize.maxGeneratedMegabytes
    var listSurface = Flag(
      "--list-surface", help: "Print the initializer forms of Group, Section, ForEach per kind; exit.")

    init(_ families: FamilySet) { sweep = SweepOptions.Group(families) }
  }

  static let help = """
    USAGE: bench generate [sweep options] -o DIR

    Writes one Swift file per case, each distinct miniature framework once as a module source (<Module>.swift), a
    reproduce.sh and a manifest.tsv with one line per case and its parameters, so any case can be opened in an editor
    or compiled by hand:
      sh DIR/reproduce.sh <case>        (swiftc -emit-module the framework, then swiftc -typecheck -I … the case)
    With --framework inline each case file carries its own framework instead: swiftc -typecheck DIR/<case>.swift

    EXAMPLES:
      bench generate --family nesting --model per-kind,unified --depth 1...4 -o /tmp/cases
      bench generate --family chart --branches 8...12 --chart-variant compat -o /tmp/chart
      bench generate --list-surface --model per-kind     (Group, Section and ForEach initializer forms per kind)
    """

  static func command(_ families: FamilySet) -> Command {
    Command(
      name: "generate", summary: "Write the generated Swift cases and a manifest, without compiling.", help: help,
      options: Options(families), body: run)
  }

  static func run(_ parsed: ParsedArguments<Options>, context: CommandContext) throws -> ExitStatus {
    guard parsed.positionals.isEmpty else {
      throw BenchError.usage("generate: unexpected argument '\(parsed.positionals[0])'")
    }
    if parsed[\.listSurface] {
      context.output(InitializerForm.listing(try SweepOptions(parsed).sweep))
      return .success
    }
    guard let folder = try parsed[\.output] else {
      throw BenchError.usage("generate: missing -o DIR (the folder to write the cases into)")
    }
    try OutputFolder.checkPath(folder, flag: parsed.name(\.output))
    let options = try SweepOptions(parsed)
    for note in options.inapplicableOptionNotes(parsed) { context.warn(note) }
    let sweep = options.sweep
    let maxGeneratedBytes = try parsed.valueOrDefault(\.maxGeneratedMegabytes) * 1_000_000
    // Nothing is compiled: only the sources' size is limited.
    try SweepSize(sweep, toolchains: 1, runs: 1, warmup: 0).check(
      maxCompiles: Int.max, maxGeneratedBytes: maxGeneratedBytes)
    let cases = sweep.cases
    let directory = URL(fileURLWithPath: folder)
    try OutputFolder.claim(directory, as: .cases, flag: parsed.name(\.output))
    // What an earlier generate wrote here (its manifest's files and modules): removed unless written again, so the
    // folder holds exactly this sweep. Files bench did not write stay.
    let earlier = CaseManifest.writtenFiles(in: directory)
    var manifest = CaseManifest()
    var written: Set<String> = ["manifest.tsv"]
    for spec in cases {
      let generated = CaseGenerator.generate(spec, form: sweep.framework)
      try AtomicFile.write(generated.source, to: directory.appendingPathComponent(generated.fileName))
      manifest.add(generated)
      written.insert(generated.fileName)
    }
    var modules: [FrameworkModule] = []
    if sweep.framework == .module {
      modules = CaseGenerator.modules(for: cases)
      for module in modules {
        try AtomicFile.write(module.source, to: directory.appendingPathComponent(module.fileName))
        written.insert(module.fileName)
      }
      try AtomicFile.write(ReproduceScript.text(for: modules), to: directory.appendingPathComponent("reproduce.sh"))
      written.insert("reproduce.sh")
    }
    try AtomicFile.write(manifest.text, to: directory.appendingPathComponent("manifest.tsv"))
    let stale = earlier.subtracting(written).sorted()
    for name in stale { try? FileManager.default.removeItem(at: directory.appendingPathComponent(name)) }
    if !stale.isEmpty {
      context.output("Removed \(stale.count) file\(stale.count == 1 ? "" : "s") an earlier bench generate wrote here.")
    }
    let moduleText =
      modules.isEmpty ? "" : ", \(modules.count) framework module\(modules.count == 1 ? "" : "s"), reproduce.sh"
    context.output(
      "Wrote \(cases.count) case\(cases.count == 1 ? "" : "s")\(moduleText) and manifest.tsv to \(directory.path)")
    return .success
  }
}
