import Foundation
import TypeCheckBenchCore

/// `bench report RUN`: re-renders a run's reports from its run.json without compiling anything.
enum ReportCommand {
  static let options = [
    OptionSpec(
      "--format", value: "csv,md,json,svg,html,gh-benchmark", default: "csv,md,svg,html", help: "Outputs to write."),
    OptionSpec("--output", value: "DIR", alias: "-o", help: "Write into DIR instead of the run folder."),
  ]

  static let help = """
    USAGE: bench report RUN_DIR|run.json [--format LIST] [-o DIR]

    Rebuilds samples.csv, summary.csv, report.md, charts/*.svg and index.html from run.json, byte-identical for the
    same record. gh-benchmark writes github-action-benchmark's customSmallerIsBetter JSON (gh-benchmark.json).

    EXAMPLES:
      bench report Results/reference
      bench report Results/reference/run.json --format md,svg -o /tmp/report
      bench report Results/reference --format gh-benchmark -o site/
    """

  static let command = Command(
    name: "report", summary: "Re-render a run folder's reports from its run.json, without compiling.", help: help,
    options: options,
    body: run)

  static func run(_ parsed: ParsedArguments, context: CommandContext) throws -> ExitStatus {
    guard parsed.positionals.count == 1 else {
      throw BenchError.usage("report: give exactly one run folder or run.json (see 'bench report --help')")
    }
    let formatText = try parsed.valueOrDefault("--format")
    try ValueParsers.names(
      formatText, flag: "--format",
      accepted: ReportFormat.allCases.map(\.rawValue) + ["gh-benchmark", "all", "markdown"])
    let source = URL(fileURLWithPath: parsed.positionals[0])
    let record = try RecordFile.read(source, families: context.families)
    var names = Set(
      formatText.split(separator: ",").map {
        $0.trimmingCharacters(in: .whitespaces)
      })
    let ghBenchmark = names.remove("gh-benchmark") != nil
    var formats: Set<ReportFormat> = []
    if !names.isEmpty {
      guard let parsedFormats = ReportFormat.parseList(names.sorted().joined(separator: ",")) else {
        throw BenchError.usage(
          "--format: '\(formatText)' is not a list of csv, md, json, svg, html, gh-benchmark")
      }
      formats = parsedFormats
    }
    var folder = source
    if source.pathExtension == "json" { folder = source.deletingLastPathComponent() }
    if let explicit = parsed.value("--output") {
      try OutputFolder.checkPath(explicit, flag: "--output")
      folder = URL(fileURLWithPath: explicit)
    }
    let rendered: RenderedReport
    do {
      rendered = try ReportRenderer.render(record, formats: formats)
    } catch {
      throw BenchError.data("\(source.path): cannot render: \(BenchError.reason(error))")
    }
    var files = rendered.files
    if ghBenchmark { files["gh-benchmark.json"] = GitHubBenchmark.json(record) }
    try OutputFolder.claim(
      folder, as: parsed.value("--output") == nil ? .run : .report, accepting: [.run, .report],
      flag: parsed.value("--output") == nil ? "report" : "--output")
    // A run being measured there is not re-rendered under it.
    let lock = try FolderLock.take(folder)
    defer { lock.release() }
    for path in files.keys.sorted() {
      try AtomicFile.write(files[path]!, to: folder.appendingPathComponent(path))
    }
    for line in RunReport(record).headline { context.output(line) }
    context.output("Wrote \(files.count) file\(files.count == 1 ? "" : "s") to \(folder.path)")
    return .success
  }
}
