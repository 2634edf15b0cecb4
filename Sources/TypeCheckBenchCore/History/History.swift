import Escaping
import Foundation

/// The published history of runs: one entry per point per run, stored as JSON Lines (`history.jsonl`), from which the
/// trend page is drawn.
public struct History: Hashable, Sendable {
  /// One point of one run.
  public struct Entry: Codable, Hashable, Sendable {
    public var runID: String
    /// The run's `Provenance.startedAt` (ISO 8601 UTC).
    public var date: String
    public var gitRevision: String?
    public var toolchain: String
    /// The parsed compiler version, for example `6.2`.
    public var toolchainVersion: String
    public var caseID: String
    public var outcome: Outcome
    /// The median type-check time; a lower bound when `outcome` is censored; nil when nothing was timed.
    public var medianMilliseconds: Double?
    /// The median constraint scopes, nil when not recorded.
    public var scopes: Double?
  }

  /// One trend line: a case measured by a toolchain name, run after run in date order.
  public struct Series: Hashable, Sendable {
    public var caseID: String
    public var toolchain: String
    public var entries: [Entry]
  }

  /// Every entry, ordered by date, then run id, then the run's own point order.
  public private(set) var entries: [Entry]

  public init(entries: [Entry] = []) {
    self.entries = History.ordered(entries)
  }

  /// Parses JSON Lines; blank lines are skipped.
  /// - Throws: `CompareError.data` naming the first bad line.
  public init(jsonLines: String) throws {
    let decoder = JSONFormat.decoder()
    var entries: [Entry] = []
    for (number, line) in jsonLines.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
      let trimmed = line.trimmingCharacters(in: .whitespacesAndNewlines)
      guard !trimmed.isEmpty else { continue }
      let entry: Entry
      do {
        entry = try decoder.decode(Entry.self, from: Data(trimmed.utf8))
      } catch {
        throw CompareError.data("history line \(number + 1) is not a history entry: \(trimmed.prefix(80))")
      }
      // Ids name chart files and page text: anything outside the strict set is refused, never written.
      for (id, field) in [(entry.runID, "run id"), (entry.caseID, "case id"), (entry.toolchain, "toolchain name")] {
        if let problem = RecordID.problem(id, field: field) {
          throw CompareError.data("history line \(number + 1): \(problem)")
        }
      }
      entries.append(entry)
    }
    self.init(entries: entries)
  }

  /// `jsonLines` without a torn last line: one cut short (no final line break) that is not an entry, as a copy or a
  /// write cut off leaves it; the bytes removed, or nil when the text ends whole. Any other bad line is still refused.
  public static func withoutTornLastLine(_ jsonLines: String) -> (text: String, removedBytes: Int?) {
    guard !jsonLines.isEmpty, !jsonLines.hasSuffix("\n") else { return (jsonLines, nil) }
    let start = jsonLines.lastIndex(of: "\n").map { jsonLines.index(after: $0) } ?? jsonLines.startIndex
    let last = jsonLines[start...]
    if (try? JSONFormat.decoder().decode(Entry.self, from: Data(last.utf8))) != nil { return (jsonLines, nil) }
    return (String(jsonLines[..<start]), last.utf8.count)
  }

  /// One compact JSON object per line, keys sorted, in entry order.
  public var jsonLines: String {
    // Entries hold strings and finite numbers only, which always encode.
    entries.map { try! JSONFormat.line($0) + "\n" }.joined()
  }

  /// How a run joined the history (`adding`).
  public enum Addition: Equatable, Sendable {
    /// A run the history did not hold, under its own id.
    case added(runID: String)
    /// An earlier copy of the same run (same id, start time, bench revision and compilers) was replaced, under the
    /// id that copy has.
    case replaced(runID: String)
    /// A different run holds the run's id (two runs written to folders of the same name): the run is added as
    /// `to`, its id with the first `-2`, `-3`, … suffix that is free or holds an earlier copy of it (`replacedCopy`).
    case renamed(from: String, to: String, holder: Entry, replacedCopy: Bool)
  }

  /// The history with `record`'s points added, replacing any entries of a run with the same id (so publishing the
  /// same run twice changes nothing), or, when a different run has that id, under a new one (`adding`).
  public func appending(_ record: RunRecord) -> History {
    (try? adding(record).history) ?? self
  }

  /// The history with `record`'s points added. Runs are keyed by their id and what they are: the same id with the
  /// same start time, bench revision and compiler versions is the same run (published again, or resumed and
  /// published again), whose earlier points are replaced; the same id on a different run (a folder name reused:
  /// `-o nightly` every night) never replaces it, and the run is added under its id with a `-2`, `-3`, … suffix,
  /// the first that is free or holds an earlier copy of this run.
  /// - Throws: `CompareError.data` when no such id is an identifier (the run id is already near the 200-byte bound).
  public func adding(_ record: RunRecord) throws -> (history: History, addition: Addition) {
    let versions = Dictionary(
      record.toolchains.map { ($0.name, $0.version) }, uniquingKeysWith: { first, _ in first })
    func isThisRun(_ entry: Entry) -> Bool {
      entry.date == record.provenance.startedAt && entry.gitRevision == record.provenance.gitRevision
        && versions[entry.toolchain].map { $0 == entry.toolchainVersion } ?? true
    }
    var runID = record.runID
    var holder: Entry?
    for suffix in 1... {
      if suffix > 1 { runID = "\(record.runID)-\(suffix)" }
      if let problem = RecordID.problem(runID, field: "run id") {
        throw CompareError.data(
          "run id '\(record.runID)' is taken by a different run, and \(problem); rename the run's folder")
      }
      let held = entries.filter { $0.runID == runID }
      if held.isEmpty || held.allSatisfy(isThisRun) { break }
      holder = holder ?? held.first
    }
    let added = MeasuredPoint.points(in: record).map { point in
      Entry(
        runID: runID, date: record.provenance.startedAt, gitRevision: record.provenance.gitRevision,
        toolchain: point.toolchain, toolchainVersion: versions[point.toolchain] ?? "unknown", caseID: point.caseID,
        outcome: point.outcome, medianMilliseconds: point.medianMilliseconds.map(GitHubBenchmark.rounded),
        scopes: point.scopes)
    }
    let replaced = entries.contains { $0.runID == runID }
    let history = History(entries: entries.filter { $0.runID != runID } + added)
    if let holder {
      return (history, .renamed(from: record.runID, to: runID, holder: holder, replacedCopy: replaced))
    }
    return (history, replaced ? .replaced(runID: runID) : .added(runID: runID))
  }

  /// The run ids in date order.
  public var runIDs: [String] {
    var seen = Set<String>()
    return entries.map(\.runID).filter { seen.insert($0).inserted }
  }

  /// One series per case and toolchain name, in order of first appearance.
  public var series: [Series] {
    var order: [PointKey] = []
    var grouped: [PointKey: [Entry]] = [:]
    for entry in entries {
      let key = PointKey(caseID: entry.caseID, toolchain: entry.toolchain)
      if grouped[key] == nil { order.append(key) }
      grouped[key, default: []].append(entry)
    }
    return order.map { Series(caseID: $0.caseID, toolchain: $0.toolchain, entries: grouped[$0]!) }
  }

  /// The history as an RFC 4180 table, for download.
  public var csv: String {
    let header = [
      "run_id", "date", "git_revision", "toolchain", "toolchain_version", "case_id", "outcome", "median_ms", "scopes",
    ]
    return CSVTable(
      header: header,
      rows: entries.map { entry in
        [
          entry.runID, entry.date, entry.gitRevision ?? "", entry.toolchain, entry.toolchainVersion, entry.caseID,
          entry.outcome.rawValue, entry.medianMilliseconds.map { NumberFormat.compact($0, digits: 6) } ?? "",
          entry.scopes.map { NumberFormat.compact($0, digits: 15) } ?? "",
        ]
      }
    ).text
  }

  /// Sorts by date and run id, keeping each run's entries in their given order.
  static func ordered(_ entries: [Entry]) -> [Entry] {
    entries.indices.sorted { lhs, rhs in
      (entries[lhs].date, entries[lhs].runID, lhs) < (entries[rhs].date, entries[rhs].runID, rhs)
    }.map { entries[$0] }
  }
}
