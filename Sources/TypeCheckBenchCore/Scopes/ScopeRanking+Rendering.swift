import Escaping
import Foundation

extension ScopeRanking {
  /// An output format of `render(_:)`.
  public enum Format: String, CaseIterable, Sendable {
    case table, md, json, github
  }

  /// The ranking as text in `format`; paths under `base` are shown relative to it (JSON gives them as the traces do).
  public func render(_ format: Format, base: String? = nil) -> String {
    switch format {
    case .table: table(base: base)
    case .md: markdown(base: base)
    case .json: (try? JSONFormat.document(document)) ?? "\n"
    case .github: githubAnnotations(base: base)
    }
  }

  /// `path` relative to `base` when it lies under it.
  static func display(_ path: String, base: String?) -> String {
    guard let base, !base.isEmpty else { return path }
    let prefix = base.hasSuffix("/") ? base : base + "/"
    return path.hasPrefix(prefix) ? String(path.dropFirst(prefix.count)) : path
  }

  /// `file:line:column`; for code a macro wrote, where the macro was used and its name (`HelpTests.swift:206:5
  /// (#expect)`), read from the expansion buffer's mangled name, which is no file a user can open.
  static func location(_ row: Row, base: String?) -> String {
    if let expansion = MacroExpansionBuffer(path: row.range.file) {
      if let site = expansion.useSite { return "\(site.file):\(site.line):\(site.column) (\(expansion.written))" }
      return "\(display(row.range.file, base: base)):\(row.range.line):\(row.range.column) (\(expansion.written))"
    }
    return "\(display(row.range.file, base: base)):\(row.range.line):\(row.range.column)"
  }

  static func grouped(_ value: Int64) -> String { NumberFormat.thousandsSeparated(String(value)) }

  private static func milliseconds(_ expression: TracedExpression) -> String {
    expression.ownMicroseconds.map { NumberFormat.fixed(Double($0) / 1000, decimals: 2, trimZeros: false) } ?? "–"
  }

  /// `12,345` for an exact count, `≈12,345` when bench had to guess where the check ended.
  private static func scopes(_ value: Int64, exact: Bool) -> String { (exact ? "" : "≈") + grouped(value) }

  private static func check(_ row: Row) -> String {
    row.expression.label
  }

  private func flag(_ row: Row) -> String {
    row.atLimit ? "LIMIT" : row.overShare ? "OVER" : ""
  }

  /// The heading line: what the budget is and how many checks were ranked.
  var heading: String {
    var text = "Constraint scopes by expression (budget \(Self.grouped(budget.threshold)) scopes an expression"
    if let failOver { text += ", gate over \(ScopeBudget.percent(failOver))" }
    text += "; \(rankedCount) check\(rankedCount == 1 ? "" : "s") in \(profile.traces) trace"
    text += profile.traces == 1 ? "" : "s"
    if atLimitCount > 0 { text += ", \(atLimitCount) at the limit" }
    return text + "):"
  }

  /// Where the traces' scopes went, in one line, checked against the stats files.
  public var totalsLine: String {
    var text = "Scopes: \(Self.grouped(profile.tracedScopes)) in the traces = "
    text += "\(Self.grouped(profile.expressionScopes)) in checks (expressions, statements, declarations) + "
    text += "\(Self.grouped(profile.outsideScopes)) outside them"
    let outside = profile.outsideScopesByEvent.filter { $0.value != 0 }.sorted {
      ($1.value, $0.key) < ($0.value, $1.key)
    }
    if !outside.isEmpty {
      text += " (" + outside.prefix(3).map { "\($0.key) \(Self.grouped($0.value))" }.joined(separator: ", ")
      text += outside.count > 3 ? ", …)" : ")"
    }
    if let stats = profile.statsScopes {
      text += "; the stats files: \(Self.grouped(stats))"
      // With unreadable rows, what the stats files count beyond the rows read may be in those rows.
      let untraced = profile.unreadableRows > 0 ? "not in the rows read" : "after the traces end"
      if profile.untracedScopes > 0 { text += ", \(Self.grouped(profile.untracedScopes)) of them \(untraced)" }
    }
    if profile.unreadableRows > 0 {
      let rows = profile.unreadableRows
      text += "; \(Self.grouped(Int64(rows))) trace row\(rows == 1 ? "" : "s") could not be read: the checks "
      text += "\(rows == 1 ? "it" : "they") counted are missing"
    }
    if inexactCount > 0 {
      text += "; ≈ marks \(inexactCount) count\(inexactCount == 1 ? "" : "s") that may hold work around the check "
      text += "(the trace shows no end for it)"
    }
    return text + "."
  }

  func table(base: String?) -> String {
    var cells = [["scopes", "leaf", "budget", "ms", "location", "flag", "check", "code"]]
    for row in rows {
      cells.append([
        Self.scopes(row.expression.scopes, exact: row.expression.exact),
        Self.scopes(row.expression.leafScopes, exact: row.expression.exact), ScopeBudget.percent(row.budgetShare),
        Self.milliseconds(row.expression), Self.location(row, base: base), flag(row), Self.check(row),
        row.snippet ?? "",
      ])
    }
    let widths = (0..<cells[0].count).map { column in cells.map { $0[column].count }.max() ?? 0 }
    var out = heading + "\n"
    for line in cells {
      let padded = line.enumerated().map { column, cell in
        column == line.count - 1 ? cell : cell.padding(toLength: widths[column], withPad: " ", startingAt: 0)
      }
      out += padded.joined(separator: "  ").trimmingCharacters(in: .whitespaces) + "\n"
    }
    out += totalsLine + "\n"
    if let failOver {
      let over = violations.count
      out +=
        over == 0 && profile.unreadableRows > 0
        ? "No expression read uses more than \(ScopeBudget.percent(failOver)) of the budget, but some could not be "
          + "read (exit 65).\n"
        : over == 0
          ? "No expression uses more than \(ScopeBudget.percent(failOver)) of the budget.\n"
          : "\(over) expression\(over == 1 ? " uses" : "s use") more than \(ScopeBudget.percent(failOver)) of the "
            + "budget or reached the limit.\n"
    }
    return out
  }

  func markdown(base: String?) -> String {
    let escape = Escaping.markdownPipes
    var out = "## Constraint scopes by expression\n\n"
    out += "Budget \(Self.grouped(budget.threshold)) scopes an expression"
    if let failOver { out += "; gate over \(ScopeBudget.percent(failOver))" }
    out += ". \(rankedCount) checks in \(profile.traces) trace\(profile.traces == 1 ? "" : "s").\n\n"
    out += "| scopes | leaf | budget | ms | location | flag | check | code |\n"
    out += "|---:|---:|---:|---:|---|---|---|---|\n"
    for row in rows {
      out += "| \(Self.scopes(row.expression.scopes, exact: row.expression.exact)) | "
      out += "\(Self.scopes(row.expression.leafScopes, exact: row.expression.exact)) | "
      out += "\(ScopeBudget.percent(row.budgetShare)) | \(Self.milliseconds(row.expression)) | "
      out += "`\(escape(Self.location(row, base: base)))` | \(flag(row)) | \(escape(Self.check(row))) | "
      out += (row.snippet.map { "`\(escape($0))`" } ?? "") + " |\n"
    }
    out += "\n" + Escaping.markdown(totalsLine) + "\n"
    return out
  }

  /// One workflow command per expression over the share (a warning) or at the limit (an error), then a summary.
  private func githubAnnotations(base: String?) -> String {
    var out = ""
    for row in violations {
      let file = Self.display(row.range.file, base: base)
      let command = row.atLimit ? "error" : "warning"
      let title = row.atLimit ? "Type checker gave up" : "Type checker budget"
      let message =
        row.atLimit
        ? "the solver gave up on this \(row.expression.kind.rawValue) after \(Self.grouped(row.expression.scopes)) "
          + "constraint scopes (budget \(Self.grouped(budget.threshold)))"
        : "this \(row.expression.kind.rawValue) uses \(ScopeBudget.percent(row.budgetShare)) of the solver's budget "
          + "(\(Self.grouped(row.expression.scopes)) of \(Self.grouped(budget.threshold)) constraint scopes; the gate "
          + "is \(failOver.map(ScopeBudget.percent) ?? "–"))"
      out += "::\(command) file=\(Escaping.githubCommandProperty(file)),line=\(row.range.line),"
      out += "col=\(row.range.column),endLine=\(row.range.endLine),"
      out += "title=\(Escaping.githubCommandProperty(title))::\(Escaping.githubCommandMessage(message))\n"
    }
    out += totalsLine + "\n"
    return out
  }

  /// The JSON document of `--format json`.
  var document: Document {
    Document(
      scopeThreshold: budget.threshold, failOver: failOver, checks: rankedCount, atLimit: atLimitCount,
      expressions: rows.map(ExpressionJSON.init),
      violations: failOver == nil ? nil : violations.map(ExpressionJSON.init),
      totals: Totals(
        traces: profile.traces, tracedScopes: profile.tracedScopes, expressionScopes: profile.expressionScopes,
        outsideScopes: profile.outsideScopes, outsideScopesByEvent: profile.outsideScopesByEvent,
        statsScopes: profile.statsScopes, untracedScopes: profile.untracedScopes, unseenEnds: profile.unseenEnds,
        inexact: inexactCount, unreadableRows: profile.unreadableRows),
      notes: profile.notes.map { NoteJSON(trace: $0.source, message: $0.message, incomplete: $0.incomplete) })
  }

  struct Document: Encodable {
    var scopeThreshold: Int64
    var failOver: Double?
    var checks: Int
    var atLimit: Int
    var expressions: [ExpressionJSON]
    var violations: [ExpressionJSON]?
    var totals: Totals
    var notes: [NoteJSON]
  }

  struct Totals: Encodable {
    var traces: Int
    var tracedScopes: Int64
    var expressionScopes: Int64
    var outsideScopes: Int64
    var outsideScopesByEvent: [String: Int64]
    var statsScopes: Int64?
    var untracedScopes: Int64
    var unseenEnds: Int
    /// The ranked checks whose counts are not exact (`≈`).
    var inexact: Int
    /// Trace rows that could not be read (the checks they counted are missing).
    var unreadableRows: Int
  }

  struct NoteJSON: Encodable {
    var trace: String
    var message: String
    var incomplete: Bool
  }

  struct ExpressionJSON: Encodable {
    var file: String
    var line: Int
    var column: Int
    var endLine: Int
    var endColumn: Int
    var kind: String
    var node: String
    var scopes: Int64
    var leafScopes: Int64
    var budgetShare: Double
    var atLimit: Bool
    var exact: Bool
    var occurrences: Int
    var milliseconds: Double?
    var snippet: String?

    init(_ row: Row) {
      file = row.range.file
      line = row.range.line
      column = row.range.column
      endLine = row.range.endLine
      endColumn = row.range.endColumn
      kind = row.expression.kind.rawValue
      node = row.expression.node
      scopes = row.expression.scopes
      leafScopes = row.expression.leafScopes
      budgetShare = row.budgetShare
      atLimit = row.atLimit
      exact = row.expression.exact
      occurrences = row.occurrences
      milliseconds = row.expression.ownMicroseconds.map { Double($0) / 1000 }
      snippet = row.snippet
    }
  }
}
