import Escaping
import Foundation

/// The same code's expressions under several compilers: each toolchain's scopes per expression and the ratio to the
/// first toolchain's, the largest changes first, in either direction.
public struct ScopeComparison: Hashable, Sendable {
  /// One expression or statement, as each toolchain checked it.
  public struct Row: Hashable, Sendable {
    public var kind: TracedExpression.Kind
    public var node: String
    public var range: TraceSourceRange
    /// Per toolchain, in the comparison's order: its occurrence with the most scopes, nil when that compiler's trace
    /// has no such check.
    public var expressions: [TracedExpression?]
    /// Per toolchain: true when that compiler gave up on it.
    public var atLimit: [Bool]
    public var snippet: String?

    /// Per toolchain: its scopes over the first toolchain's; nil when either has none (or the first counted 0).
    public var ratios: [Double?] {
      guard let base = expressions.first??.scopes, base > 0 else { return expressions.map { _ in nil } }
      return expressions.map { expression in expression.map { Double($0.scopes) / Double(base) } }
    }

    /// How much it changed: the largest difference in scopes from the first toolchain's (a missing check counts
    /// 0), in either direction. Ranked so, the changes that move an expression towards or away from the budget come
    /// first; a ratio on a handful of scopes would put noise-sized changes above them.
    public var change: Int64 {
      let counts = expressions.map { $0?.scopes ?? 0 }
      guard let base = counts.first else { return 0 }
      return counts.map { abs($0 - base) }.max() ?? 0
    }
  }

  public var toolchains: [String]
  public var budget: ScopeBudget
  /// Every check any toolchain saw, the largest change in scopes first (then the most scopes, then by position).
  public var rows: [Row]
  /// The rows before the limit.
  public var comparedCount: Int
  /// Each toolchain's ranking (its totals and notes).
  public var rankings: [ScopeRanking]

  /// Compares the rankings of one code under `toolchains` (in the same order); the rankings must keep every row
  /// (`limit: .max`) so that rows match.
  public init(
    toolchains: [String], rankings: [ScopeRanking], budget: ScopeBudget, limit: Int,
    sources: (String) -> String? = { _ in nil }
  ) {
    self.toolchains = toolchains
    self.budget = budget
    struct Key: Hashable {
      var kind: TracedExpression.Kind
      var range: TraceSourceRange
    }
    var table: [Key: Row] = [:]
    for (index, ranking) in rankings.enumerated() {
      for row in ranking.rows {
        let key = Key(kind: row.expression.kind, range: row.range)
        var entry =
          table[key]
          ?? Row(
            kind: row.expression.kind, node: row.expression.node, range: row.range,
            expressions: Array(repeating: nil, count: rankings.count),
            atLimit: Array(repeating: false, count: rankings.count), snippet: nil)
        entry.expressions[index] = row.expression
        entry.atLimit[index] = row.atLimit
        table[key] = entry
      }
    }
    var rows = Array(table.values)
    rows.sort { a, b in
      let (changeA, changeB) = (a.change, b.change)
      if changeA != changeB { return changeA > changeB }
      let (mostA, mostB) = (a.expressions.map { $0?.scopes ?? 0 }.max() ?? 0, b.expressions.map { $0?.scopes ?? 0 }.max() ?? 0)
      if mostA != mostB { return mostA > mostB }
      return (a.range, a.kind.rawValue) < (b.range, b.kind.rawValue)
    }
    comparedCount = rows.count
    var cache: [String: String?] = [:]
    self.rows = rows.prefix(limit).map { row in
      var row = row
      if cache[row.range.file] == nil { cache[row.range.file] = .some(sources(row.range.file)) }
      if let text = cache[row.range.file] ?? nil { row.snippet = SourceSnippet.make(text, range: row.range) }
      return row
    }
    self.rankings = rankings
  }

  /// `0.58×`, `12.1×`; `–` when there is none.
  static func ratio(_ value: Double?) -> String {
    guard let value else { return "–" }
    return NumberFormat.compact(value, digits: 3) + "×"
  }

  private static func scopes(_ expression: TracedExpression?, atLimit: Bool) -> String {
    guard let expression else { return "–" }
    return (expression.exact ? "" : "≈") + ScopeRanking.grouped(expression.scopes) + (atLimit ? " LIMIT" : "")
  }

  /// The comparison as text in `format` (`github` is not a comparison's: it gives the table).
  public func render(_ format: ScopeRanking.Format, base: String? = nil) -> String {
    switch format {
    case .table, .github: table(base: base)
    case .md: markdown(base: base)
    case .json: (try? JSONFormat.document(document)) ?? "\n"
    }
  }

  private var heading: String {
    "Constraint scopes by toolchain (ratio to \(toolchains.first ?? "the first"); largest changes in scopes first, "
      + "\(comparedCount) checks):"
  }

  private func cells(_ row: Row, base: String?) -> [String] {
    var cells = [ScopeRanking.display(row.range.file, base: base) + ":\(row.range.line):\(row.range.column)"]
    for index in toolchains.indices {
      cells.append(Self.scopes(row.expressions[index], atLimit: row.atLimit[index]))
      if index > 0 { cells.append(Self.ratio(row.ratios[index])) }
    }
    cells.append(row.kind.abbreviation + " " + row.node)
    cells.append(row.snippet ?? "")
    return cells
  }

  private var headers: [String] {
    var headers = ["location"]
    for (index, name) in toolchains.enumerated() {
      headers.append(name)
      if index > 0 { headers.append("ratio") }
    }
    return headers + ["check", "code"]
  }

  func table(base: String?) -> String {
    let lines = [headers] + rows.map { cells($0, base: base) }
    let widths = (0..<headers.count).map { column in lines.map { $0[column].count }.max() ?? 0 }
    var out = heading + "\n"
    for line in lines {
      let padded = line.enumerated().map { column, cell in
        column == line.count - 1 ? cell : cell.padding(toLength: widths[column], withPad: " ", startingAt: 0)
      }
      out += padded.joined(separator: "  ").trimmingCharacters(in: .whitespaces) + "\n"
    }
    for (name, ranking) in zip(toolchains, rankings) { out += "\(name): \(ranking.totalsLine)\n" }
    return out
  }

  func markdown(base: String?) -> String {
    let escape = Escaping.markdownPipes
    var out = "## Constraint scopes by toolchain\n\nRatio to \(Escaping.markdown(toolchains.first ?? "")); largest "
    out += "changes in scopes first, \(comparedCount) checks.\n\n"
    out += "| " + headers.map { escape($0) }.joined(separator: " | ") + " |\n"
    out += "|---|" + String(repeating: "---:|", count: headers.count - 3) + "---|---|\n"
    for row in rows {
      var line = cells(row, base: base)
      line[0] = "`\(escape(line[0]))`"
      if let snippet = line.last, !snippet.isEmpty { line[line.count - 1] = "`\(escape(snippet))`" }
      out += "| " + line.enumerated().map { $0.offset == 0 || $0.offset == line.count - 1 ? $0.element : escape($0.element) }
        .joined(separator: " | ") + " |\n"
    }
    out += "\n"
    for (name, ranking) in zip(toolchains, rankings) {
      out += "- \(Escaping.markdown(name)): \(Escaping.markdown(ranking.totalsLine))\n"
    }
    return out
  }

  struct Document: Encodable {
    var scopeThreshold: Int64
    var toolchains: [String]
    var checks: Int
    var expressions: [ExpressionJSON]
    var totals: [String: ScopeRanking.Totals]
  }

  struct ExpressionJSON: Encodable {
    var file: String
    var line: Int
    var column: Int
    var endLine: Int
    var endColumn: Int
    var kind: String
    var node: String
    /// Per toolchain name; absent when that compiler's trace has no such check.
    var scopes: [String: Int64]
    var leafScopes: [String: Int64]
    var budgetShare: [String: Double]
    var atLimit: [String: Bool]
    var exact: [String: Bool]
    /// Per toolchain after the first: its scopes over the first's.
    var ratio: [String: Double]
    var snippet: String?
  }

  var document: Document {
    Document(
      scopeThreshold: budget.threshold, toolchains: toolchains, checks: comparedCount,
      expressions: rows.map { row in
        var json = ExpressionJSON(
          file: row.range.file, line: row.range.line, column: row.range.column, endLine: row.range.endLine,
          endColumn: row.range.endColumn, kind: row.kind.rawValue, node: row.node, scopes: [:], leafScopes: [:],
          budgetShare: [:], atLimit: [:], exact: [:], ratio: [:], snippet: row.snippet)
        for (index, name) in toolchains.enumerated() {
          guard let expression = row.expressions[index] else { continue }
          json.scopes[name] = expression.scopes
          json.leafScopes[name] = expression.leafScopes
          json.budgetShare[name] = budget.share(expression.scopes)
          json.atLimit[name] = row.atLimit[index]
          json.exact[name] = expression.exact
          if index > 0, let ratio = row.ratios[index] { json.ratio[name] = ratio }
        }
        return json
      },
      totals: Dictionary(
        uniqueKeysWithValues: zip(toolchains, rankings).map { ($0, $1.document.totals) }))
  }
}
