import Foundation
import Testing

@testable import TypeCheckBenchCore

/// The scopes bench gives each check, checked against the compiler: its stats file's total, its trace's running
/// totals, and a compile of one expression alone. Fixtures are traces of real Swift 6.3.1 and 6.0.3 compiles.
@Suite struct TraceAttributionTests {
  /// Every scope of a trace goes to exactly one check or to the outside, and they add up to what the compiler's
  /// stats file counts for the job.
  @Test(arguments: TraceFixture.all)
  func scopesAddUpToTheStatsFile(fixture: TraceFixture) throws {
    let attribution = try fixture.attribution
    #expect(attribution.problems.isEmpty)
    #expect(attribution.scopesAreWhole)
    #expect(attribution.expressionScopes + attribution.outsideScopes == attribution.finalScopes)
    let statsScopes = try fixture.statsScopes
    #expect(attribution.finalScopes == statsScopes)
  }

  /// A check's count is the compiler's own figure for it: the operator chain of `mixed.swift`, compiled alone,
  /// costs what the stats file of that compile says; in a function body among other code, bench gives its line the
  /// same. (Swift 6.3 puts the work in the expression's event; Swift 6.0, whose expression event writes no row
  /// there, in its declaration's, which starts on the same line.)
  @Test(arguments: TraceFixture.tags)
  func anExpressionCostsWhatItCostsAlone(tag: String) throws {
    let alone = try TraceFixture(tag: tag, name: "mixed").statsScopes
    let body = TraceFixture(tag: tag, name: "body")
    let line = try body.source.split(separator: "\n", omittingEmptySubsequences: false)
      .firstIndex { $0.contains("let z = 1 + 2.0 * 3 - 4") }.map { $0 + 1 }
    let onLine = try body.attribution.expressions.filter { $0.range.line == line }
    #expect(!onLine.isEmpty)
    #expect(onLine.reduce(0) { $0 + $1.scopes } == alone)
  }

  /// Each check whose exit the trace shows gets exactly the scopes the trace's running totals say were counted
  /// between its entry (its entry row, or else its exit time less its live time) and its exit, when no other check
  /// ran inside it: computed here from the `CounterValue` column, not from the deltas bench adds up.
  @Test(arguments: TraceFixture.all)
  func countsEqualTheRunningTotalsAcrossTheCheck(fixture: TraceFixture) throws {
    let rows = try Self.rows(String(decoding: try fixture.traceBytes, as: UTF8.self))
    let scopeRows = rows.enumerated().filter { $0.element.counter == "Sema.NumConstraintScopes" }
    let checkEvents: Set<String> = ["typecheck-expr", "typecheck-stmt", "typecheck-decl"]
    let attribution = try fixture.attribution
    var compared = 0
    for (index, row) in rows.enumerated() where !row.isEntry && checkEvents.contains(row.event) {
      guard let range = TraceSourceRange(row.range), index == 0 || rows[index - 1].key != row.key else { continue }
      let start = row.time - row.live
      // A check inside it, or a scope row in its first microsecond (whose side of its start is unknown), skip.
      let inside = rows[..<index].contains { other in
        other.time > start && checkEvents.contains(other.event) && TraceSourceRange(other.range) != nil
          && other.identity != row.identity
      }
      guard !inside, !scopeRows.contains(where: { $0.element.time == start }) else { continue }
      var end = index
      while end + 1 < rows.count, rows[end + 1].key == row.key { end += 1 }
      // Its own entry row's delta is work done before it began (the compiler takes the running total as it
      // enters): when the entry wrote rows, the total there is where the check starts.
      let entry = rows[..<index].lastIndex { $0.isEntry && $0.identity == row.identity && $0.time >= start }
      var entryEnd = entry ?? 0
      while entry != nil, entryEnd + 1 < index, rows[entryEnd + 1].key == rows[entryEnd].key { entryEnd += 1 }
      let before =
        entry != nil
        ? (scopeRows.last { $0.offset <= entryEnd }?.element.value ?? 0)
        : (scopeRows.last { $0.element.time < start }?.element.value ?? 0)
      let atExit = scopeRows.last { $0.offset <= end }?.element.value ?? 0
      let kind = try #require(TracedExpression.Kind(eventName: row.event))
      let bench = attribution.expressions.filter { $0.range == range && $0.kind == kind && $0.exact }
      guard bench.count == 1 else { continue }
      #expect(bench[0].scopes == atExit - before, "\(fixture) \(row.event) \(row.range)")
      compared += 1
    }
    // How many checks each trace lets one compare (those with an exit row and nothing checked inside); Swift 6.0
    // writes no exit row for the chain alone at the top level.
    let least = ["swift-6.3.1/scopes": 8, "swift-6.3.1/body": 3, "swift-6.0.3/body": 2, "swift-6.0.3/mixed": 0]
    #expect(compared >= least[fixture.testDescription, default: 1])
  }

  /// The limit case (`-solver-scope-threshold=10000`): the solver stops once its count passes the threshold, so
  /// the expression it gave up on has threshold + 1 scopes; the light one costs the 26 the compiler's test gives.
  @Test func theExpressionTheSolverGaveUpOnIsAtTheLimit() throws {
    let fixture = TraceFixture(tag: "swift-6.3.1", name: "limit")
    let profile = Self.profile(try fixture.attribution, stats: try fixture.statsScopes)
    let diagnostics = TimingLogParser.parse(try fixture.output).diagnostics
    let ranking = ScopeRanking(
      profile: profile, budget: ScopeBudget(threshold: 10_000), failOver: 0.5, diagnostics: diagnostics)
    let first = try #require(ranking.rows.first)
    #expect(first.range.line == 1 && first.expression.scopes == 10_001 && first.atLimit)
    #expect(first.budgetShare == 1.0001)
    #expect(ranking.unmatchedGiveUps.isEmpty)
    #expect(ranking.rows.first { $0.range.line == 2 && $0.expression.kind == .expression }?.expression.scopes == 26)
    #expect(ranking.violations.map(\.range.line) == [1])
    #expect(ranking.failsGate)
    // Under the default budget the same count is a small share, and nothing fails the gate but the give-up the
    // compiler reported.
    let relaxed = ScopeRanking(profile: profile, failOver: 0.5, diagnostics: [])
    #expect(!relaxed.failsGate && relaxed.atLimitCount == 0)
  }

  /// Feeding a trace in pieces of any size gives the same result as reading it whole.
  @Test(arguments: [1, 7, 4096])
  func chunksDoNotMatter(size: Int) throws {
    let bytes = try TraceFixture(tag: "swift-6.3.1", name: "scopes").traceBytes
    var reader = StatsTraceReader()
    var offset = 0
    while offset < bytes.count {
      reader.consume(bytes[offset..<min(offset + size, bytes.count)])
      offset += size
    }
    #expect(reader.finish() == StatsTraceReader.read(utf8: bytes))
  }

  static func profile(_ attribution: TraceAttribution, stats: Int64?) -> ScopeProfile {
    var builder = ScopeProfile.Builder()
    builder.add(attribution, statsScopes: stats, source: "trace")
    return builder.finish()
  }

  /// A trace row split the simple way: the fixtures' entity names hold no quotes.
  struct Row {
    var time: UInt64
    var live: UInt64
    var isEntry: Bool
    var event: String
    var counter: String
    var value: Int64
    var range: String
    /// What the rows of one boundary share.
    var key: String
    /// What the rows of one event share (its name, entity and range).
    var identity: String
  }

  static func rows(_ text: String) throws -> [Row] {
    var rows: [Row] = []
    for line in text.split(separator: "\n").dropFirst() {
      let fields = line.split(separator: ",", maxSplits: 7, omittingEmptySubsequences: false)
      try #require(fields.count == 8)
      let tail = String(fields[7])
      let quote = tail.range(of: "\",\"", options: .backwards)
      let range = quote.map { String(tail[$0.upperBound...].dropLast()) } ?? ""
      func unquoted(_ field: Substring) -> String { field.trimmingCharacters(in: CharacterSet(charactersIn: "\"")) }
      rows.append(
        Row(
          time: try #require(UInt64(fields[0])), live: try #require(UInt64(fields[1])),
          isEntry: fields[2] == "\"entry\"",
          event: unquoted(fields[3]), counter: unquoted(fields[4]), value: try #require(Int64(fields[6])),
          range: range, key: "\(fields[0]),\(fields[1]),\(fields[2]),\(fields[3]),\(tail)",
          identity: "\(fields[3]),\(tail)"))
    }
    return rows
  }
}
