import Escaping
import Foundation

/// The same code's expressions under several compilers: each toolchain's scopes per source line and the ratio to the
/// first toolchain's, the largest changes first, in either direction.
///
/// Lines, not single checks, are compared: compilers put the same work in different events (Swift 6.0's expression
/// events seldom write rows, so an initializer's scopes land on its declaration, which starts on the same line), so
/// a line's figure is the own scopes of every check that starts on it, added up.
public struct ScopeComparison: Hashable, Sendable {
  /// The checks starting on one source line, as each toolchain checked them.
  public struct Row: Hashable, Sendable {
    public var file: String
    public var line: Int
    /// The line's check with the most scopes (in the first toolchain that has one): its kind and node name it.
    public var largest: TracedExpression
    /// Per toolchain, in the comparison's order: the own scopes of its checks starting on the line, added up; nil
    /// when its trace has no check there.
    public var scopes: [Int64?]
    /// Per toolchain: true when every check added up is exact.
    public var exact: [Bool]
    /// Per toolchain: true when that compiler gave up on a check of the line.
    public var atLimit: [Bool]
    public var snippet: String?

    /// Per toolchain: its scopes over the first toolchain's; nil when either has none (or the first counted 0).
    public var ratios: [Double?] {
      guard let base = scopes.first ?? nil, base > 0 else { return scopes.map { _ in nil } }
      return scopes.map { value in value.map { Double($0) / Double(base) } }
    }

    /// How much it changed: the largest difference in scopes from the first toolchain's (a line without checks
    /// counts 0), in either direction. Ranked so, the changes that move code towards or away from the budget come
    /// first; a ratio on a handful of scopes would put noise-sized changes above them.
    public var change: Int64 {
      let counts = scopes.map { $0 ?? 0 }
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
  /// Each toolchain's ranking (its totals and notes); empty for one that timed out.
  public var rankings: [ScopeRanking]
  /// How each toolchain's compile ended, in the comparison's order.
  public var endings: [Ending]

  /// Compares the rankings of one code under `toolchains` (in the same order); the rankings must keep every row
  /// (`limit: .max`) so that rows match. `endings` says how each compile ended (default: each type-checked, or gave
  /// up when its ranking has a check at the limit); a toolchain that timed out has an empty ranking.
  public init(
    toolchains: [String], rankings: [ScopeRanking], budget: ScopeBudget, limit: Int, endings: [Ending]? = nil,
    sources: (String) -> String? = { _ in nil }
  ) {
    self.toolchains = toolchains
    self.endings =
      endings ?? rankings.map { $0.atLimitCount > 0 ? .gaveUp($0.atLimitCount) : .typeChecked }
    self.budget = budget
    struct Key: Hashable {
      var file: String
      var line: Int
    }
    var table: [Key: Row] = [:]
    for (index, ranking) in rankings.enumerated() {
      for row in ranking.rows {
        let key = Key(file: row.range.file, line: row.range.line)
        var entry =
          table[key]
          ?? Row(
            file: row.range.file, line: row.range.line, largest: row.expression,
            scopes: Array(repeating: nil, count: rankings.count), exact: Array(repeating: true, count: rankings.count),
            atLimit: Array(repeating: false, count: rankings.count), snippet: nil)
        // The first toolchain that has the line names it, by its largest check there.
        if entry.scopes[..<index].allSatisfy({ $0 == nil }),
          entry.scopes[index] == nil || row.expression.scopes > entry.largest.scopes
        {
          entry.largest = row.expression
        }
        entry.scopes[index] = (entry.scopes[index] ?? 0) + row.expression.scopes
        entry.exact[index] = entry.exact[index] && row.expression.exact
        entry.atLimit[index] = entry.atLimit[index] || row.atLimit
        table[key] = entry
      }
    }
    var rows = Array(table.values)
    rows.sort { a, b in
      let (changeA, changeB) = (a.change, b.change)
      if changeA != changeB { return changeA > changeB }
      let (mostA, mostB) = (a.scopes.map { $0 ?? 0 }.max() ?? 0, b.scopes.map { $0 ?? 0 }.max() ?? 0)
      if mostA != mostB { return mostA > mostB }
      return (a.file, a.line) < (b.file, b.line)
    }
    comparedCount = rows.count
    var cache: [String: String?] = [:]
    self.rows = rows.prefix(limit).map { row in
      var row = row
      if cache[row.file] == nil { cache[row.file] = .some(sources(row.file)) }
      if let text = cache[row.file] ?? nil {
        // The whole line from its first check: the line is what is compared.
        var range = row.largest.range
        range.column = 1
        range.endLine = range.line + 1
        row.snippet = SourceSnippet.make(text, range: range).map {
          $0.hasSuffix(" …") ? String($0.dropLast(2)) : $0
        }
      }
      return row
    }
    self.rankings = rankings
  }

  /// `0.58×`, `12.1×`; `–` when there is none.
  static func ratio(_ value: Double?) -> String {
    guard let value else { return "–" }
    return NumberFormat.compact(value, digits: 3) + "×"
  }

  /// A line's scopes with one toolchain: `≥1,048,577 LIMIT` where the solver gave up (a lower bound), `≥ 60 s` for a
  /// toolchain that ran past the timeout, `–` where its trace has no check on the line.
  private static func scopes(_ value: Int64?, exact: Bool, atLimit: Bool, ending: Ending) -> String {
    if case .timedOut(let seconds) = ending { return "≥ \(NumberFormat.compact(seconds, digits: 6)) s" }
    guard let value else { return "–" }
    return (atLimit ? "≥" : "") + (exact ? "" : "≈") + ScopeRanking.grouped(value) + (atLimit ? " LIMIT" : "")
  }

  /// `A: <totals>`, or what ended the toolchain's compile when it did not type-check.
  private func totalsLine(_ index: Int) -> String {
    let name = toolchains[index]
    switch endings[index] {
    case .timedOut(let seconds):
      return "\(name): ran past the \(NumberFormat.compact(seconds, digits: 6)) s timeout (≥ "
        + "\(NumberFormat.compact(seconds, digits: 6)) s; stopped, so it wrote no trace)."
    case .doesNotCompile(let reason):
      return "\(name): does not compile: \(reason). \(rankings[index].totalsLine)"
    case .gaveUp(let count):
      return "\(name): the solver gave up on \(count) check\(count == 1 ? "" : "s"). \(rankings[index].totalsLine)"
    case .typeChecked:
      return "\(name): \(rankings[index].totalsLine)"
    }
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
    "Constraint scopes by toolchain and source line (ratio to \(toolchains.first ?? "the first"); largest changes in "
      + "scopes first, \(comparedCount) lines):"
  }

  private func cells(_ row: Row, base: String?) -> [String] {
    var cells = [ScopeRanking.display(row.file, base: base) + ":\(row.line)"]
    for index in toolchains.indices {
      cells.append(
        Self.scopes(row.scopes[index], exact: row.exact[index], atLimit: row.atLimit[index], ending: endings[index]))
      if index > 0 { cells.append(Self.ratio(row.ratios[index])) }
    }
    cells.append(row.largest.label)
    cells.append(row.snippet ?? "")
    return cells
  }

  private var headers: [String] {
    var headers = ["location"]
    for (index, name) in toolchains.enumerated() {
      headers.append(name)
      if index > 0 { headers.append("ratio") }
    }
    return headers + ["largest check", "code"]
  }

  func table(base: String?) -> String {
    let lines = [headers] + rows.map { cells($0, base: base) }
    let widths = (0..<headers.count).map { column in lines.map { $0[column].count }.max() ?? 0 }
    var out = headline(base: base).map { $0 + ".\n" }.joined() + heading + "\n"
    for line in lines {
      let padded = line.enumerated().map { column, cell in
        column == line.count - 1 ? cell : cell.padding(toLength: widths[column], withPad: " ", startingAt: 0)
      }
      out += padded.joined(separator: "  ").trimmingCharacters(in: .whitespaces) + "\n"
    }
    for index in toolchains.indices { out += totalsLine(index) + "\n" }
    return out
  }

  func markdown(base: String?) -> String {
    let escape = Escaping.markdownPipes
    var out = "## Constraint scopes by toolchain\n\nRatio to \(Escaping.markdown(toolchains.first ?? "")); largest "
    out += "changes in scopes first, \(comparedCount) lines; each line adds up the checks that start on it.\n\n"
    for line in headline(base: base) { out += "**\(Escaping.markdown(line)).**\n\n" }
    out += "| " + headers.map { escape($0) }.joined(separator: " | ") + " |\n"
    out += "|---|" + String(repeating: "---:|", count: headers.count - 3) + "---|---|\n"
    for row in rows {
      var line = cells(row, base: base)
      line[0] = "`\(escape(line[0]))`"
      if let snippet = line.last, !snippet.isEmpty { line[line.count - 1] = "`\(escape(snippet))`" }
      out +=
        "| "
        + line.enumerated().map { $0.offset == 0 || $0.offset == line.count - 1 ? $0.element : escape($0.element) }
        .joined(separator: " | ") + " |\n"
    }
    out += "\n"
    for index in toolchains.indices { out += "- \(Escaping.markdown(totalsLine(index)))\n" }
    return out
  }

  struct Document: Encodable {
    var scopeThreshold: Int64
    var toolchains: [String]
    /// The lines compared.
    var checks: Int
    /// One per source line.
    var expressions: [ExpressionJSON]
    var totals: [String: ScopeRanking.Totals]
    /// Per toolchain: type-checked, gave-up, timed-out or does-not-compile.
    var outcomes: [String: String]
    /// Per toolchain that timed out: the timeout, a lower bound on its time.
    var timedOutAfterSeconds: [String: Double]
    /// Per toolchain the code does not compile with: the first diagnostic.
    var diagnostics: [String: String]
    /// The asymmetric cases, in words.
    var headline: [String]
  }

  struct ExpressionJSON: Encodable {
    var file: String
    var line: Int
    /// The line's largest check.
    var column: Int
    var kind: String
    var node: String
    /// Per toolchain name; absent when that compiler's trace has no check on the line.
    var scopes: [String: Int64]
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
          file: row.file, line: row.line, column: row.largest.range.column, kind: row.largest.kind.rawValue,
          node: row.largest.node, scopes: [:], budgetShare: [:], atLimit: [:], exact: [:], ratio: [:],
          snippet: row.snippet)
        for (index, name) in toolchains.enumerated() {
          guard let scopes = row.scopes[index] else { continue }
          json.scopes[name] = scopes
          json.budgetShare[name] = budget.share(scopes)
          json.atLimit[name] = row.atLimit[index]
          json.exact[name] = row.exact[index]
          if index > 0, let ratio = row.ratios[index] { json.ratio[name] = ratio }
        }
        return json
      },
      totals: Dictionary(uniqueKeysWithValues: zip(toolchains, rankings).map { ($0, $1.document.totals) }),
      outcomes: Dictionary(uniqueKeysWithValues: zip(toolchains, endings).map { ($0, $1.word) }),
      timedOutAfterSeconds: Dictionary(
        uniqueKeysWithValues: zip(toolchains, endings).compactMap { name, ending in
          if case .timedOut(let seconds) = ending { return (name, seconds) }
          return nil
        }),
      diagnostics: Dictionary(
        uniqueKeysWithValues: zip(toolchains, endings).compactMap { name, ending in
          if case .doesNotCompile(let reason) = ending { return (name, reason) }
          return nil
        }),
      headline: headline())
  }
}
