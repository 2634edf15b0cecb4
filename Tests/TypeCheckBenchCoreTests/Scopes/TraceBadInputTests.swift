import Foundation
import Testing

@testable import TypeCheckBenchCore

/// Damaged traces, made from a real one: each problem is said once, what can be read is still attributed, and the
/// profile says whether the scopes are complete (checked against the compiler's stats file where there is one).
@Suite struct TraceBadInputTests {
  static let fixture = TraceFixture(tag: "swift-6.3.1", name: "scopes")

  static func lines() throws -> [String] {
    String(decoding: try fixture.traceBytes, as: UTF8.self).split(separator: "\n").map(String.init)
  }

  static func notes(_ text: String, stats: Int64?) -> (TraceAttribution, ScopeProfile) {
    let attribution = StatsTraceReader.read(utf8: Array(text.utf8))
    var builder = ScopeProfile.Builder()
    builder.add(attribution, statsScopes: stats, source: "trace")
    return (attribution, builder.finish())
  }

  @Test func aTraceCutShortIsSaidAndIncompleteWhenScopesAreMissing() throws {
    let text = String(decoding: try Self.fixture.traceBytes, as: UTF8.self)
    let cut = String(text.prefix(text.utf8.count * 3 / 5))
    let statsScopes = try Self.fixture.statsScopes
    let (attribution, profile) = Self.notes(cut, stats: statsScopes)
    #expect(attribution.problems.contains { if case .truncated = $0 { true } else { false } })
    #expect(attribution.finalScopes < statsScopes)
    #expect(!profile.isComplete)
    #expect(profile.notes.count == 1)
    // What was read before the cut is still attributed.
    #expect(attribution.expressions.contains { $0.range.line == 7 && $0.scopes == 135 })
  }

  @Test func aCutAfterTheLastScopeRowLosesNoScope() throws {
    // The compiler's own count says whether anything that counted scopes was cut: here only the last rows go.
    let lines = try Self.lines()
    let lastScopeRow = try #require(lines.lastIndex { $0.contains("Sema.NumConstraintScopes") })
    let keep = lines[...lastScopeRow].joined(separator: "\n") + "\n" + String(lines[lastScopeRow + 1].prefix(10))
    let (attribution, profile) = Self.notes(keep, stats: try Self.fixture.statsScopes)
    #expect(attribution.problems.count == 1)
    #expect(profile.isComplete)
    #expect(profile.notes.first?.message.contains("every scope is there") == true)
  }

  /// An unreadable row is counted, and leaves the profile incomplete even when the stats file's total shows every
  /// scope was read: the check the row named may be the one missing from the ranking.
  @Test func aMalformedRowIsCountedAndTheRestRead() throws {
    var lines = try Self.lines()
    let plain = try #require(lines.firstIndex { $0.contains("AST.NumASTBytesAllocated") && $0.contains("entry") })
    lines[plain] = "12,not a row"
    let (attribution, profile) = Self.notes(lines.joined(separator: "\n") + "\n", stats: try Self.fixture.statsScopes)
    #expect(attribution.problems == [.malformedRows(count: 1, firstLine: plain + 1)])
    #expect(profile.unreadableRows == 1)
    #expect(!profile.isComplete)
    #expect(
      profile.notes.map(\.message) == [
        "1 row could not be read (the first at line \(plain + 1)); their counts are missing; every scope is there, "
          + "but not every check"
      ])
  }

  /// Fourth hostile pass, X2: a line longer than any row (a trace of zero bytes after a power loss, a 300 MB row) is
  /// one unreadable row, and the reader never holds more of it than the bound, however it arrives.
  @Test func aLineLongerThanTheBoundIsOneUnreadableRowHeldOnlyUpToTheBound() throws {
    let bound = 1 << 10
    let header = Array((TraceRow.header + "\n").utf8)
    let text = String(decoding: try Self.fixture.traceBytes, as: UTF8.self)
    let rows = Array(text.utf8.dropFirst(header.count))
    let statsScopes = try Self.fixture.statsScopes
    for chunk in [7, 1000, 4096, 1 << 20] {
      var lines = LineChunks(maximumLength: bound)
      var handed: [(count: Int, cut: Bool)] = []
      let stream = header + Array(repeating: UInt8(ascii: "a"), count: 3 << 20) + [10] + rows
      var largestPending = 0
      for start in stride(from: 0, to: stream.count, by: chunk) {
        stream[start..<min(stream.count, start + chunk)].withUnsafeBufferPointer { buffer in
          lines.splitMarkingCuts(buffer) { handed.append(($0.count, $1)) }
        }
        largestPending = max(largestPending, lines.pending.count)
      }
      #expect(largestPending <= bound, "chunks of \(chunk)")
      #expect(handed.filter { $0.cut }.map { $0.count } == [bound], "chunks of \(chunk)")
      #expect(handed.allSatisfy { $0.count <= bound })
      // The same stream through the reader: one unreadable row, and every row after it read.
      var reader = StatsTraceReader(maximumLineLength: bound)
      for start in stride(from: 0, to: stream.count, by: chunk) {
        reader.consume(stream[start..<min(stream.count, start + chunk)])
      }
      let attribution = reader.finish()
      #expect(attribution.problems == [.malformedRows(count: 1, firstLine: 2)], "chunks of \(chunk)")
      #expect(attribution.finalScopes == statsScopes)
    }
    // Without a line feed at all (a file of zero bytes): not a trace, its first bytes shown as '?', never printed.
    var zeros = StatsTraceReader(maximumLineLength: bound)
    for _ in 0..<64 { zeros.consume([UInt8](repeating: 0, count: 1 << 16)) }
    #expect(zeros.finish().problems == [.notATrace(firstLine: String(repeating: "?", count: 80))])
  }

  @Test func aMissingScopeRowBreaksTheRunningTotal() throws {
    var lines = try Self.lines()
    let scopeRow = try #require(lines.firstIndex { $0.contains("Sema.NumConstraintScopes") })
    lines.remove(at: scopeRow)
    let (attribution, profile) = Self.notes(lines.joined(separator: "\n") + "\n", stats: nil)
    #expect(!attribution.scopesAreWhole)
    #expect(attribution.problems.contains(.scopeRowsMissing(count: 1)))
    #expect(!profile.isComplete)
  }

  @Test func notATraceAndEmpty() {
    let (other, otherProfile) = Self.notes("{\"Sema.NumConstraintScopes\": 3}\n", stats: nil)
    #expect(other.problems == [.notATrace(firstLine: "{\"Sema.NumConstraintScopes\": 3}")])
    #expect(!otherProfile.isComplete)
    let (empty, emptyProfile) = Self.notes("", stats: nil)
    #expect(empty.problems == [.empty])
    #expect(!emptyProfile.isComplete)
    let (header, headerProfile) = Self.notes(TraceRow.header + "\n", stats: 0)
    #expect(header.problems.isEmpty && header.expressions.isEmpty && headerProfile.isComplete)
  }

  @Test func aBatchJobsTraceMissesItsLaterFiles() {
    // A compile job writes its trace before generating code; in a batch, later files' bodies are checked after.
    var attribution = TraceAttribution(finalScopes: 100)
    attribution.declarationFiles = ["A.swift", "B.swift"]
    var builder = ScopeProfile.Builder()
    builder.add(attribution, statsScopes: 150, source: "batch")
    let profile = builder.finish()
    #expect(!profile.isComplete)
    #expect(profile.untracedScopes == 50)
    #expect(profile.notes.first?.message.contains("-disable-batch-mode") == true)
    // One file's job that counted more after its trace (code generation, a module interface) is complete.
    var single = TraceAttribution(finalScopes: 100)
    single.declarationFiles = ["A.swift"]
    var other = ScopeProfile.Builder()
    other.add(single, statsScopes: 103, source: "job")
    #expect(other.finish().isComplete)
  }

  @Test func rowsWithQuotesAndCommasInTheirEntity() throws {
    let row = try #require(
      TraceRow(
        #"12,3,"exit","typecheck-expr","Sema.NumConstraintScopes",5,9,"a","b, "c"","[/p, q/a.swift:1:2 - line:1:9]""#))
    #expect(row.entity == #"a","b, "c""#)
    #expect(row.range == "[/p, q/a.swift:1:2 - line:1:9]")
    #expect(
      TraceSourceRange(row.range)
        == TraceSourceRange(file: "/p, q/a.swift", line: 1, column: 2, endLine: 1, endColumn: 9))
    #expect(
      TraceSourceRange("a.swift:3:4") == TraceSourceRange(file: "a.swift", line: 3, column: 4, endLine: 3, endColumn: 4)
    )
    #expect(TraceSourceRange("[<invalid loc> - <invalid loc>]") == nil)
    #expect(TraceRow(#"12,3,"exit","e","c",x,9,"",""#) == nil)
  }
}
