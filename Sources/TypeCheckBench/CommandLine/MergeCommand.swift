import Foundation
import TypeCheckBenchCore

/// `bench merge IN… -o OUT`: joins shard runs into one run record and renders its reports.
enum MergeCommand {
  struct Options: Sendable {
    var output = Option<String>(
      "--output", value: "DIR", alias: "-o", help: "The merged run folder to write (required).")
    var allowMismatch = Flag("--allow-mismatch", help: "Merge even when the runs' provenance or toolchains differ.")
    var allowDuplicates = Flag("--allow-duplicates", help: "Keep every sample of a point measured by several inputs.")
  }

  static let help = """
    USAGE: bench merge RUN_DIR... -o OUT_DIR

    Joins the shards of one sweep (bench run --shard i/n) into one run record, refusing mismatched provenance,
    an incomplete shard set, shards of different sweeps or counts, or duplicate points unless told otherwise, and
    writes the merged run.json and reports. A complete set records the sweep's command line; anything merged with
    --allow-mismatch records the merge itself and the shards it holds.
    Corpus runs (bench corpus --shard i/n, or one run per toolchain) merge the same way.

    EXAMPLES:
      bench merge shard-1 shard-2 shard-3 shard-4 -o merged
      bench merge Results/linux Results/macos -o Results/both --allow-mismatch
    """

  static let command = Command(
    name: "merge", summary: "Join shard runs into one run record.", help: help, options: Options(),
    body: run)

  /// Claims and locks the merged run folder: a new or empty folder, or an earlier merge's, never a measured run.
  static func claimDestination(_ destination: String) throws -> (RunFolder, FolderLock) {
    let folder = RunFolder(url: URL(fileURLWithPath: destination))
    try OutputFolder.checkPath(destination, flag: "merge -o")
    try OutputFolder.claim(folder.url, as: .run, flag: "merge -o")
    // Locked before it is checked: a run in progress there refuses, and nothing replaces a run being written.
    let lock = try folder.lock()
    // A measured run (it has a journal) is never replaced by a merge; an earlier merge result is.
    if FileManager.default.fileExists(atPath: folder.journalURL.path) {
      lock.release()
      throw BenchError.usage(
        "merge -o: \(destination) holds a measured run (it has samples.jsonl); merge into a new folder")
    }
    return (folder, lock)
  }

  /// Writes `cases/reproduce.sh`, which report.md points to, as a run writes it (in module form; it regenerates the
  /// cases from run.json when run, as a committed run's does), and removes an earlier merge's that this record does
  /// not have. The case files are not written: `bench generate --from` writes them.
  static func writeReproduceScript(_ record: RunRecord, in folder: RunFolder) throws {
    let script = folder.casesURL.appendingPathComponent("reproduce.sh")
    guard let text = RunFolderContents.reproduceScript(of: record) else {
      try? FileManager.default.removeItem(at: script)
      return
    }
    try AtomicFile.write(text, to: script)
  }

  static func run(_ parsed: ParsedArguments<Options>, context: CommandContext) throws -> ExitStatus {
    guard !parsed.positionals.isEmpty else { throw BenchError.usage("merge: give the run folders to merge") }
    guard let destination = try parsed[\.output] else { throw BenchError.usage("merge: missing -o OUT_DIR") }
    let stored = try RecordStore.read(parsed.positionals, families: context.families)
    let kind = try RecordStore.oneKind(stored) { "merge: \($0.title) runs merge only with \($0.title) runs" }
    return try kind.merge(
      stored: stored, labels: parsed.positionals, into: destination, parsed: parsed, context: context)
  }
}
