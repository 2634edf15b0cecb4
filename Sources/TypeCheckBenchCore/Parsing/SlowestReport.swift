/// The slowest function bodies and expressions of one or more parsed logs, merged by location and description.
///
/// A body type-checked in several frontend jobs or builds appears once per occurrence in the logs: occurrences
/// with the same kind, `file:line:col` and description become one row that counts them and keeps their total and
/// maximum (a getter, a setter and a `_modify` at one location stay three rows). An expression line has no
/// description; one at `<invalid loc>` takes the description of the body printed after it (the compiler prints an
/// expression before its enclosing body), so unlocated expressions of different bodies stay apart. Rows are ranked
/// by `ranking` (slowest first; ties by file, line, column, description), filtered by `thresholdMilliseconds` (on
/// the ranked value, inclusive) and cut to `limit` per section.
public struct SlowestReport: Hashable, Sendable {
  /// An output format of `render(_:)`.
  public enum Format: String, CaseIterable, Codable, Sendable {
    /// Aligned plain-text columns.
    case table
    /// RFC 4180 CSV, one record per row, with a `section` column.
    case csv
    /// JSON with sorted keys.
    case json
    /// GitHub-flavoured Markdown tables.
    case md
  }

  /// Which merged value ranks the rows and meets the threshold.
  public enum Ranking: String, CaseIterable, Codable, Sendable {
    /// The slowest single occurrence (robust to how many times a log repeats a body).
    case maximum
    /// The sum over occurrences (the whole cost across jobs and builds).
    case total
  }

  /// One merged location.
  public struct Row: Hashable, Sendable {
    public var kind: TimingEntry.Kind
    public var file: String?
    public var line: Int?
    public var column: Int?
    /// The description column the merged occurrences share; for an expression at `<invalid loc>`, the description of
    /// its enclosing body (the next body line of its log), or nil when none followed.
    public var description: String?
    public var count: Int
    public var totalMilliseconds: Double
    public var maximumMilliseconds: Double

    /// `file:line:col`, or `<invalid loc>`.
    public var location: String {
      TimingEntry(kind: kind, milliseconds: 0, file: file, line: line, column: column).location
    }

    /// The value rows are ranked by under `ranking`.
    public func milliseconds(_ ranking: Ranking) -> Double {
      ranking == .maximum ? maximumMilliseconds : totalMilliseconds
    }
  }

  /// The slowest function bodies (including closures and accessors), slowest first.
  public var bodies: [Row]
  /// The slowest expressions, slowest first.
  public var expressions: [Row]
  /// How many body rows met the threshold before `limit` cut them.
  public var matchingBodyCount: Int
  /// How many expression rows met the threshold before `limit` cut them.
  public var matchingExpressionCount: Int
  public var limit: Int?
  public var thresholdMilliseconds: Double
  public var ranking: Ranking
  /// Repeated blocks of batch-mode output the logs left out (see `ParsedTimingLog.repeatedBlocks`).
  public var repeatedBlocks: Int
  /// The timing lines in those repeated blocks.
  public var repeatedEntries: Int

  /// Builds the report from each log's `bestAvailableEntries` (the debug-time lines, or the long-type-check
  /// warnings of a log that has none).
  /// - Parameters:
  ///   - logs: The parsed logs, merged together.
  ///   - limit: The most rows per section; nil for all.
  ///   - thresholdMilliseconds: Rows whose ranked value is below this are left out.
  ///   - ranking: Rank by the slowest occurrence or by the total.
  public init(
    logs: [ParsedTimingLog], limit: Int? = nil, thresholdMilliseconds: Double = 0, ranking: Ranking = .maximum
  ) {
    var merger = Merger()
    for log in logs { merger.add(log: log.bestAvailableEntries) }
    self.init(
      merged: merger, limit: limit, thresholdMilliseconds: thresholdMilliseconds, ranking: ranking,
      repeatedBlocks: logs.reduce(0) { $0 + $1.repeatedBlocks },
      repeatedEntries: logs.reduce(0) { $0 + $1.repeatedEntries })
  }

  /// Builds the report from timing entries (see `init(logs:limit:thresholdMilliseconds:ranking:)`).
  public init(
    entries: [TimingEntry], limit: Int? = nil, thresholdMilliseconds: Double = 0, ranking: Ranking = .maximum
  ) {
    var merger = Merger()
    merger.add(log: entries)
    self.init(merged: merger, limit: limit, thresholdMilliseconds: thresholdMilliseconds, ranking: ranking)
  }

  /// Builds the report from rows merged entry by entry (`Merger`), for logs too large to keep as entries.
  /// - Parameters:
  ///   - repeatedBlocks: the logs' `ParsedTimingLog.repeatedBlocks`, added up.
  ///   - repeatedEntries: the logs' `ParsedTimingLog.repeatedEntries`, added up.
  public init(
    merged merger: Merger, limit: Int? = nil, thresholdMilliseconds: Double = 0, ranking: Ranking = .maximum,
    repeatedBlocks: Int = 0, repeatedEntries: Int = 0
  ) {
    let rows = merger.rows
      .filter { $0.milliseconds(ranking) >= thresholdMilliseconds }
      .sorted { Self.ranksBefore($0, $1, ranking: ranking) }
    let bodies = rows.filter { $0.kind == .function }
    let expressions = rows.filter { $0.kind == .expression }
    let cut = max(0, limit ?? Int.max)
    self.bodies = Array(bodies.prefix(cut))
    self.expressions = Array(expressions.prefix(cut))
    self.matchingBodyCount = bodies.count
    self.matchingExpressionCount = expressions.count
    self.limit = limit
    self.thresholdMilliseconds = thresholdMilliseconds
    self.ranking = ranking
    self.repeatedBlocks = repeatedBlocks
    self.repeatedEntries = repeatedEntries
  }

  /// What a row is keyed by: kind, location and description (see `Row.description`).
  fileprivate struct MergeKey: Hashable, Sendable {
    var kind: TimingEntry.Kind
    var file: String?
    var line: Int?
    var column: Int?
    var description: String?
  }

  /// The rows of one or more logs, merged as their entries are fed in log order, one at a time.
  ///
  /// An expression at `<invalid loc>` waits for the next body of its log, whose description it takes (the compiler
  /// prints an expression before its enclosing body); `endLog()` ends a log, and expressions no body followed keep
  /// none.
  public struct Merger: Sendable {
    /// Each key's count, total and maximum: the strings stay in the key alone until the rows are made.
    private var totals: [MergeKey: Totals] = [:]
    /// The unlocated expressions of the current log waiting for the next body, by their milliseconds.
    private var waiting: [Double] = []

    public init() {}

    /// Adds the next entry of the current log.
    public mutating func add(_ entry: TimingEntry) {
      if entry.kind == .function {
        flushWaiting(description: entry.description)
      } else if entry.file == nil || entry.line == nil || entry.column == nil {
        waiting.append(entry.milliseconds)
        return
      }
      add(
        MergeKey(
          kind: entry.kind, file: entry.file, line: entry.line, column: entry.column, description: entry.description),
        entry.milliseconds)
    }

    /// Ends the current log.
    public mutating func endLog() {
      flushWaiting(description: nil)
    }

    /// Adds a whole log's entries and ends it.
    public mutating func add(log entries: [TimingEntry]) {
      for entry in entries { add(entry) }
      endLog()
    }

    private mutating func flushWaiting(description: String?) {
      guard !waiting.isEmpty else { return }
      let key = MergeKey(kind: .expression, file: nil, line: nil, column: nil, description: description)
      for milliseconds in waiting { add(key, milliseconds) }
      waiting.removeAll(keepingCapacity: true)
    }

    private mutating func add(_ key: MergeKey, _ milliseconds: Double) {
      guard milliseconds.isFinite else { return }
      // One lookup, and the totals updated where they are.
      if let index = totals.index(forKey: key) {
        totals.values[index].add(milliseconds)
      } else {
        totals[key] = Totals(count: 1, total: milliseconds, maximum: milliseconds)
      }
    }

    /// The merged rows, in no particular order.
    fileprivate var rows: [Row] {
      totals.map { key, totals in
        Row(
          kind: key.kind, file: key.file, line: key.line, column: key.column, description: key.description,
          count: totals.count, totalMilliseconds: totals.total, maximumMilliseconds: totals.maximum)
      }
    }
  }

  private struct Totals: Sendable {
    var count: Int
    var total: Double
    var maximum: Double

    mutating func add(_ milliseconds: Double) {
      count += 1
      total += milliseconds
      maximum = max(maximum, milliseconds)
    }
  }

  private static func ranksBefore(_ a: Row, _ b: Row, ranking: Ranking) -> Bool {
    let (aValue, bValue) = (a.milliseconds(ranking), b.milliseconds(ranking))
    if aValue != bValue { return aValue > bValue }
    // Ties: the other measure, then the location, so the order never depends on the input order.
    let other: Ranking = ranking == .maximum ? .total : .maximum
    if a.milliseconds(other) != b.milliseconds(other) { return a.milliseconds(other) > b.milliseconds(other) }
    // nil sorts before any value.
    if a.file != b.file { return b.file.map { file in a.file.map { $0 < file } ?? true } ?? false }
    if a.line != b.line { return (a.line ?? -1) < (b.line ?? -1) }
    if a.column != b.column { return (a.column ?? -1) < (b.column ?? -1) }
    if a.description != b.description {
      return b.description.map { text in a.description.map { $0 < text } ?? true } ?? false
    }
    return a.count > b.count
  }
}
