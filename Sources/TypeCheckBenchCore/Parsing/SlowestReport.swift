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
    self.init(
      keyed: logs.flatMap { Self.keyed($0.bestAvailableEntries) }, limit: limit,
      thresholdMilliseconds: thresholdMilliseconds, ranking: ranking)
    repeatedBlocks = logs.reduce(0) { $0 + $1.repeatedBlocks }
    repeatedEntries = logs.reduce(0) { $0 + $1.repeatedEntries }
  }

  /// Builds the report from timing entries (see `init(logs:limit:thresholdMilliseconds:ranking:)`).
  public init(
    entries: [TimingEntry], limit: Int? = nil, thresholdMilliseconds: Double = 0, ranking: Ranking = .maximum
  ) {
    self.init(
      keyed: Self.keyed(entries), limit: limit, thresholdMilliseconds: thresholdMilliseconds, ranking: ranking)
  }

  private init(keyed entries: [KeyedEntry], limit: Int?, thresholdMilliseconds: Double, ranking: Ranking) {
    let rows = Self.merge(entries)
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
    self.repeatedBlocks = 0
    self.repeatedEntries = 0
  }

  /// What a row is keyed by: kind, location and description (see `Row.description`).
  private struct MergeKey: Hashable {
    var kind: TimingEntry.Kind
    var file: String?
    var line: Int?
    var column: Int?
    var description: String?
  }

  private struct KeyedEntry {
    var key: MergeKey
    var milliseconds: Double
  }

  /// The entries of one log with their keys: an unlocated expression borrows the next body's description.
  private static func keyed(_ entries: [TimingEntry]) -> [KeyedEntry] {
    var keyed: [KeyedEntry] = []
    keyed.reserveCapacity(entries.count)
    var nextBody: String?
    for entry in entries.reversed() {
      var description = entry.description
      if entry.kind == .function {
        nextBody = entry.description
      } else if entry.file == nil || entry.line == nil || entry.column == nil {
        description = nextBody
      }
      let key = MergeKey(
        kind: entry.kind, file: entry.file, line: entry.line, column: entry.column, description: description)
      keyed.append(KeyedEntry(key: key, milliseconds: entry.milliseconds))
    }
    return keyed.reversed()
  }

  private static func merge(_ entries: [KeyedEntry]) -> [Row] {
    var rows: [MergeKey: Row] = [:]
    for entry in entries where entry.milliseconds.isFinite {
      let key = entry.key
      if var row = rows[key] {
        row.count += 1
        row.totalMilliseconds += entry.milliseconds
        row.maximumMilliseconds = max(row.maximumMilliseconds, entry.milliseconds)
        rows[key] = row
      } else {
        rows[key] = Row(
          kind: key.kind, file: key.file, line: key.line, column: key.column, description: key.description,
          count: 1, totalMilliseconds: entry.milliseconds, maximumMilliseconds: entry.milliseconds)
      }
    }
    return Array(rows.values)
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
