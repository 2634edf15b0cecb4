/// One line of `-debug-time-function-bodies` or `-debug-time-expression-type-checking` output.
public struct TimingEntry: Codable, Hashable, Sendable {
  public enum Kind: String, Codable, Sendable {
    /// A type-checked body (function, accessor, closure, initializer).
    case function
    /// A type-checked expression.
    case expression
  }

  public var kind: Kind
  /// Milliseconds as printed by the compiler (process CPU time).
  public var milliseconds: Double
  /// The source file path as printed, or nil for `<invalid loc>`.
  public var file: String?
  public var line: Int?
  public var column: Int?
  /// The description column (for example `global function main.(file).f()@a.swift:4:6`, or `(closure)`); nil for
  /// expression lines.
  public var description: String?

  /// How many timing lines were merged into this entry (nil for one): the solver type-checks an expression again
  /// for every overload candidate of its enclosing closure, so per-kind cases print the same expression thousands of
  /// times.
  public var occurrences: Int?

  public init(
    kind: Kind, milliseconds: Double, file: String?, line: Int?, column: Int?, description: String? = nil,
    occurrences: Int? = nil
  ) {
    self.kind = kind
    self.milliseconds = milliseconds
    self.file = file
    self.line = line
    self.column = column
    self.description = description
    self.occurrences = occurrences
  }

  /// Entries with the same kind, location and description merged into one, times summed and `occurrences` counted,
  /// in order of first appearance. Keeps a sample's record small however often the compiler revisits a location.
  public static func merged(_ entries: [TimingEntry]) -> [TimingEntry] {
    var merger = Merger()
    for entry in entries { merger.add(entry) }
    return merger.entries
  }

  /// Merges entries fed one at a time as `merged(_:)` merges an array, for a log too large to keep its entries.
  public struct Merger: Sendable {
    private struct Key: Hashable, Sendable {
      var kind: Kind
      var file: String?
      var line: Int?
      var column: Int?
      var description: String?
    }

    /// The merged entries so far, in order of first appearance.
    public private(set) var entries: [TimingEntry] = []
    private var positions: [Key: Int] = [:]

    public init() {}

    /// Adds one entry.
    public mutating func add(_ entry: TimingEntry) {
      let key = Key(
        kind: entry.kind, file: entry.file, line: entry.line, column: entry.column, description: entry.description)
      if let position = positions[key] {
        entries[position].milliseconds += entry.milliseconds
        entries[position].occurrences = (entries[position].occurrences ?? 1) + (entry.occurrences ?? 1)
      } else {
        positions[key] = entries.count
        entries.append(entry)
      }
    }
  }

  /// `file:line:col`, the key results are merged by; `<invalid loc>` when the compiler printed none.
  public var location: String {
    guard let file, let line, let column else { return "<invalid loc>" }
    return "\(file):\(line):\(column)"
  }

  /// True for closure bodies, whose time is already part of their enclosing body's.
  public var isClosure: Bool { description == "(closure)" }

  /// The entry with the path of a file named `fileName` (in another folder) replaced by `path`, in its file and
  /// description: a sample copied from another run, or timed on a staged copy of the case.
  public func relocated(fileName: String, to path: String) -> TimingEntry {
    guard let old = file, old != path, old.hasSuffix("/" + fileName) else { return self }
    var moved = self
    moved.file = path
    moved.description = description?.replacingOccurrences(of: old + ":", with: path + ":")
    return moved
  }
}
