import Foundation
import Generators
import TypeCheckBenchCore

/// `bench generate`: writes the sweep's cases as Swift files plus a manifest, without compiling anything.
enum GenerateCommand {
  /// The options: the sweep options of `families`, then the command's own.
  struct Options: SweepCommandOptions {
    var sweep: SweepOptions.Group
    var output = Option<String>(
      "--output", value: "DIR", alias: "-o", help: "Folder to write into (required; --from: RUN/cases).")
    var from = Option<String>(
      "--from", value: "RUN", help: "Write the cases and modules a run measured, from its run.json.")
    var maxGeneratedMegabytes = SweepSize.maxGeneratedMegabytes
    var listSurface = Flag(
      "--list-surface", help: "Print the initializer forms of Group, Section, ForEach per kind; exit.")

    init(_ families: FamilySet) { sweep = SweepOptions.Group(families) }
  }

  static let help = """
    USAGE: bench generate [sweep options] -o DIR
           bench generate --from RUN_DIR|run.json [-o DIR]

    Writes one Swift file per case, each distinct miniature framework once as a module source (<Module>.swift), a
    reproduce.sh and a manifest.tsv with one line per case and its parameters, so any case can be opened in an editor
    or compiled by hand:
      sh DIR/reproduce.sh <case>        (swiftc -emit-module the framework, then swiftc -typecheck -I … the case)
    With --framework inline each case file carries its own framework instead: swiftc -typecheck DIR/<case>.swift

    --from writes what a run's cases/ held when it measured (each measured case's file, each module, reproduce.sh),
    regenerated from its run.json, into RUN/cases or DIR: a committed run keeps its record, not these sources. It
    refuses (exit 65) when this bench would not generate the sources the run measured (their cache keys and module
    names say so): check out the revision the run records to regenerate them.

    EXAMPLES:
      bench generate --family nesting --model per-kind,unified --depth 1...4 -o /tmp/cases
      bench generate --family chart --branches 8...12 --chart-variant compat -o /tmp/chart
      bench generate --list-surface --model per-kind     (Group, Section and ForEach initializer forms per kind)
      bench generate --from Results/reference              (writes Results/reference/cases/)
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
    if let run = try parsed[\.from] { return try regenerate(from: run, parsed: parsed, context: context) }
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

  /// `--from RUN`: the run's cases as it wrote them, regenerated from its run.json (`RunFolderContents.cases`), once
  /// checked to be the sources it measured.
  static func regenerate(
    from run: String, parsed: ParsedArguments<Options>, context: CommandContext
  ) throws -> ExitStatus {
    if let other = parsed.given(except: [\Options.from, \Options.output]).first {
      throw BenchError.usage("generate: --from takes the sweep from the run's record; drop \(other)")
    }
    let source = URL(fileURLWithPath: run)
    // Another kind's run (a corpus run names test files, not generated cases) is refused in that kind's words.
    let record = try RecordStore.read(source, as: SweepKind(), families: context.families)
    let runFolder = source.pathExtension == "json" ? source.deletingLastPathComponent() : source
    let sources = RunFolderContents.Sources(of: record)
    let files = sources.files
    let problems =
      RunFolderCheck.measuredSourceDifferences(record, sources: sources, regenerated: Set(files.keys))
      + RunFolderCheck.moduleNameDifferences(record, sources: sources)
    if let first = problems.first(where: { $0.kind != .missing }) {
      let revision = record.provenance.gitRevision.map { " (\($0))" } ?? ""
      throw BenchError.data(
        "\(run): this bench does not generate the sources the run measured: \(first); regenerate them with the "
          + "bench of the revision that measured it\(revision)")
    }
    let directory: URL
    var lock: FolderLock?
    if let folder = try parsed[\.output] {
      try OutputFolder.checkPath(folder, flag: parsed.name(\.output))
      directory = URL(fileURLWithPath: folder)
      try OutputFolder.claim(directory, as: .cases, flag: parsed.name(\.output))
    } else {
      // The run's own cases/, where its reports' commands look for them.
      try OutputFolder.claim(runFolder, as: .run, flag: parsed.name(\.from))
      lock = try FolderLock.take(runFolder)
      directory = RunFolder(url: runFolder).casesURL
    }
    defer { lock?.release() }
    for path in files.keys.sorted() {
      try AtomicFile.write(files[path]!, to: directory.appendingPathComponent(String(path.dropFirst("cases/".count))))
    }
    let written = files.keys.filter { $0.hasSuffix(".swift") }.count
    context.output(
      "Wrote \(written) source\(written == 1 ? "" : "s") (cases and framework modules) the run measured"
        + "\(files["cases/reproduce.sh"] == nil ? "" : " and reproduce.sh") to \(directory.path)")
    return .success
  }
}
