/// Something wrong with a trace file, said in one line by whoever names the file.
public enum TraceProblem: Hashable, Sendable, CustomStringConvertible {
  /// The file is empty (the compiler was stopped before it wrote its trace, or the disk was full).
  case empty
  /// The first line is not the trace header: not a trace at all.
  case notATrace(firstLine: String)
  /// Rows that could not be read (their counts are missing), with the first one's line number.
  case malformedRows(count: Int, firstLine: Int)
  /// The file ends in the middle of a row: it was cut short, and the rows after the cut are missing.
  case truncated(atLine: Int)
  /// Rows of the scope counters are missing: their running totals jump.
  case scopeRowsMissing(count: Int)

  public var description: String {
    switch self {
    case .empty:
      "the trace is empty"
    case .notATrace(let firstLine):
      "not a -trace-stats-events trace (its first line is \"\(firstLine.prefix(60))\")"
    case .malformedRows(let count, let firstLine):
      "\(count) row\(count == 1 ? "" : "s") could not be read (the first at line \(firstLine)); their counts are missing"
    case .truncated(let line):
      "the trace ends in the middle of line \(line): it was cut short, and what came after is missing"
    case .scopeRowsMissing(let count):
      "the scope counters' running total jumps \(count) time\(count == 1 ? "" : "s"): rows that counted scopes are missing"
    }
  }
}
