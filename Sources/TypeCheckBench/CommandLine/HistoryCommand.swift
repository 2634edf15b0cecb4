import Foundation
import TypeCheckBenchCore

/// `bench history SITE_DIR --append RUN_DIR`: keeps a published history and renders its trend page.
enum HistoryCommand {
  struct Options: Sendable {
    var append = Option<String>(
      "--append", value: "RUN_DIR", help: "Add this run's points (replacing its earlier copy, never another run's).")
  }

  static let help = """
    USAGE: bench history SITE_DIR [--append RUN_DIR]

    Reads SITE_DIR/history.jsonl (one line per point per run), appends a run, and rewrites history.jsonl,
    history.csv, index.html and charts/trend-*.svg: a static folder ready for GitHub Pages.

    A run is known by its id (its folder's name) and what it is (its start time, bench revision and compiler
    versions): appending the same run again replaces its earlier points, and says so. A different run with the same
    id (two folders of the same name, such as -o nightly every night) replaces nothing: it is added as ID-2 (or the
    next free suffix), said in one line.

    EXAMPLES:
      bench history site --append Results/merged
      bench history site
    """

  static let command = Command(
    name: "history", summary: "Append a run to a published history and render its trend page (for GitHub Pages).",
    help: help, options: Options(),
    body: run)

  static func run(_ parsed: ParsedArguments<Options>, context: CommandContext) throws -> ExitStatus {
    guard parsed.positionals.count == 1 else { throw BenchError.usage("history: give exactly one SITE_DIR") }
    try OutputFolder.checkPath(parsed.positionals[0], flag: "history SITE_DIR")
    let site = URL(fileURLWithPath: parsed.positionals[0])
    // The run is read before the site is touched: a bad run changes nothing.
    let appended = try parsed[\.append].map { path in
      let stored = try RecordStore.read(URL(fileURLWithPath: path), families: context.families)
      // A kind whose runs a history does not hold is refused in the words of the kind it does.
      guard let run = try stored.kind.historyRun(stored: stored) else {
        throw BenchError.data("\(stored.file.path): " + SweepKind().refusal(of: stored.kind))
      }
      return run
    }
    try OutputFolder.claim(site, as: .site, flag: "history SITE_DIR")
    // Concurrent appends queue on the site's lock; the history is read under it, so none is lost.
    let lock = try FolderLock.take(site, wait: 120)
    defer { lock.release() }
    let historyURL = site.appendingPathComponent("history.jsonl")
    var history = History()
    if let data = FileManager.default.contents(atPath: historyURL.path) {
      // A torn last line (a copy or write cut short) used to lock the site for good: it is removed, and said so.
      let (text, removed) = History.withoutTornLastLine(String(decoding: data, as: UTF8.self))
      if let removed {
        context.output(
          "Repaired \(historyURL.path): removed a torn last line (\(removed) bytes, cut short); append its run again to "
            + "restore its points.")
      }
      do {
        history = try History(jsonLines: text)
      } catch {
        throw BenchError.data(
          "\(historyURL.path): \(error); fix or remove that line, and the history is rewritten from the others")
      }
    }
    if let appended {
      let addition: History.Addition
      do {
        (history, addition) = try history.adding(appended)
      } catch let error as CompareError {
        throw BenchError.data("history: \(error.description)")
      }
      switch addition {
      case .added:
        break
      case .replaced(let runID):
        context.output("Replaced the earlier copy of run \(runID) (the same start time, bench revision and compilers)")
      case .renamed(let from, let to, let holder, let replacedCopy):
        context.output(
          "\(replacedCopy ? "Replaced the earlier copy of" : "Added as") run \(to): run id \(from) is taken in this "
            + "history by a different run (started \(holder.date), bench \(holder.gitRevision ?? "unknown"))")
      }
    }
    try AtomicFile.write(history.jsonLines, to: historyURL)
    try AtomicFile.write(history.csv, to: site.appendingPathComponent("history.csv"))
    let page = HistoryPage(history: history).files
    for path in page.keys.sorted() { try AtomicFile.write(page[path]!, to: site.appendingPathComponent(path)) }
    let runs = history.runIDs.count
    context.output("History of \(runs) run\(runs == 1 ? "" : "s") written to \(site.path)/index.html")
    return .success
  }
}
