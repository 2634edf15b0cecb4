import Testing
import TypeCheckBenchCore

/// Single lines and small logs: the edge cases of each format.
@Suite struct ParsingLineTests {
  @Test func functionLineSplitsTheLocationFromTheRight() {
    #expect(
      TimingLogParser.parseLine("12.78ms\t/a b/c:d/x y.swift:41:6\tglobal function main.(file).f()@x.swift:41:6")
        == .timing(
          TimingEntry(
            kind: .function, milliseconds: 12.78, file: "/a b/c:d/x y.swift", line: 41, column: 6,
            description: "global function main.(file).f()@x.swift:41:6")))
  }

  @Test func expressionLineHasNoDescription() {
    #expect(
      TimingLogParser.parseLine("0.05ms\ta.swift:3:9")
        == .timing(TimingEntry(kind: .expression, milliseconds: 0.05, file: "a.swift", line: 3, column: 9)))
    // A trailing tab with nothing after it is still an expression line.
    #expect(
      TimingLogParser.parseLine("0.05ms\ta.swift:3:9\t")
        == .timing(TimingEntry(kind: .expression, milliseconds: 0.05, file: "a.swift", line: 3, column: 9)))
  }

  @Test func invalidLocation() {
    #expect(
      TimingLogParser.parseLine("0.01ms\t<invalid loc>\t(closure)")
        == .timing(
          TimingEntry(
            kind: .function, milliseconds: 0.01, file: nil, line: nil, column: nil,
            description: "(closure)")))
    #expect(
      TimingLogParser.parseLine("1.50ms\t<invalid loc>")
        == .timing(TimingEntry(kind: .expression, milliseconds: 1.5, file: nil, line: nil, column: nil)))
  }

  @Test func crlfLineEndings() {
    let log = TimingLogParser.parse(
      "1.25ms\ta.swift:1:2\tgetter x\r\n2.50ms\ta.swift:3:4\r\na.swift:5:6: warning: expression took 7ms to type-check (limit: 5ms)\r\n"
    )
    #expect(
      log.entries
        == [
          TimingEntry(
            kind: .function, milliseconds: 1.25, file: "a.swift", line: 1, column: 2, description: "getter x"),
          TimingEntry(kind: .expression, milliseconds: 2.5, file: "a.swift", line: 3, column: 4),
        ])
    #expect(log.diagnostics.map(\.message) == ["expression took 7ms to type-check (limit: 5ms)"])
    #expect(log.longTypeCheckWarnings.map(\.entry.milliseconds) == [7])
  }

  @Test func lastLineWithoutLineFeedIsParsed() {
    #expect(TimingLogParser.parse("1ms\ta.swift:1:2").entries.count == 1)
    #expect(TimingLogParser.parse("").entries.isEmpty)
  }

  @Test func malformedTimingLinesAreIgnored() {
    for line in [
      "12.78ms a.swift:1:2", "12.78s\ta.swift:1:2", "ms\ta.swift:1:2", "12.78ms\ta.swift:1", "12.78ms\ta.swift:x:2",
      "12.78ms\t:1:2", "12.78ms\ta.swift:1:", "-1.00ms\ta.swift:1:2", "12.78ms\t", ".5ms\ta.swift:1:2",
      "1.0ms\ta.swift:1234567890123456789:2", "1e5ms\ta.swift:1:2",
    ] {
      #expect(TimingLogParser.parseLine(line) == .ignored, "\(line)")
    }
  }

  @Test func numbersAreReadExactlyOrSafely() {
    func milliseconds(_ text: String) -> Double? {
      guard case .timing(let entry) = TimingLogParser.parseLine("\(text)ms\ta.swift:1:2") else { return nil }
      return entry.milliseconds
    }
    #expect(milliseconds("12.78") == 12.78)
    #expect(milliseconds("0.1") == 0.1)
    #expect(milliseconds("7") == 7)
    #expect(milliseconds("123456789012.345") == 123456789012.345)
    #expect(milliseconds("99999999999999999999") == 1e20)
    #expect(milliseconds("000000000000000000000001.5") == 1.5)
    #expect(milliseconds(String(repeating: "9", count: 400)) == nil)
  }

  @Test func diagnosticsWithAndWithoutLocations() {
    let log = TimingLogParser.parse(
      """
      /p/a b.swift:3:7: error: cannot find 'x' in scope
      /p/a.swift:9: warning: line only
      /p/a.swift:9:1: note: did you mean 'y'?
      /p/a.swift:9:1: remark: something
      <unknown>:0: error: unable to load standard library for target 'x86_64-unknown-linux-gnu'
      error: link command failed with exit code 1 (use -v to see invocation)
      warning:
      /odd: dir/a.swift:1:2: error: colon-space in the path
        |                   `- error: a snippet marker, not a diagnostic
      [3/10] Compiling Shapes a.swift
      clang: error: not a swift location
      warning:no space
      """)
    #expect(
      log.diagnostics
        == [
          CompilerDiagnostic(
            severity: .error, file: "/p/a b.swift", line: 3, column: 7, message: "cannot find 'x' in scope"),
          CompilerDiagnostic(severity: .warning, file: "/p/a.swift", line: 9, column: nil, message: "line only"),
          CompilerDiagnostic(severity: .note, file: "/p/a.swift", line: 9, column: 1, message: "did you mean 'y'?"),
          CompilerDiagnostic(severity: .remark, file: "/p/a.swift", line: 9, column: 1, message: "something"),
          CompilerDiagnostic(
            severity: .error, file: nil, line: nil, column: nil,
            message: "unable to load standard library for target 'x86_64-unknown-linux-gnu'"),
          CompilerDiagnostic(
            severity: .error, file: nil, line: nil, column: nil,
            message: "link command failed with exit code 1 (use -v to see invocation)"),
          CompilerDiagnostic(severity: .warning, file: nil, line: nil, column: nil, message: ""),
          CompilerDiagnostic(
            severity: .error, file: "/odd: dir/a.swift", line: 1, column: 2, message: "colon-space in the path"),
        ])
    #expect(log.entries.isEmpty)
    #expect(log.longTypeCheckWarnings.isEmpty)
  }

  @Test func longTypeCheckWarnings() {
    let log = TimingLogParser.parse(
      """
      a.swift:4:6: warning: global function 'f' took 123ms to type-check (limit: 100ms)
      a.swift:5:7: warning: expression took 30ms to type-check (limit: 5ms)
      a.swift:6:8: error: closure took 9ms to type-check (limit: 2ms) [debug_long_closure_body]
      a.swift:7:9: warning: expression took 30ms to type-check (limit: 5ms) [#SomeGroup] [another_name]
      warning: expression took 4ms to type-check (limit: 1ms)
      a.swift:8:1: note: expression took 30ms to type-check (limit: 5ms)
      a.swift:8:2: warning: took 30ms to type-check (limit: 5ms)
      a.swift:8:3: warning: expression took ms to type-check (limit: 5ms)
      a.swift:8:4: warning: expression took 3ms to type-check (limit: 5ms
      """)
    #expect(log.diagnostics.count == 9)
    #expect(
      log.longTypeCheckWarnings
        == [
          LongTypeCheckWarning(
            entry: TimingEntry(
              kind: .function, milliseconds: 123, file: "a.swift", line: 4, column: 6,
              description: "global function 'f'"),
            limitMilliseconds: 100),
          LongTypeCheckWarning(
            entry: TimingEntry(kind: .expression, milliseconds: 30, file: "a.swift", line: 5, column: 7),
            limitMilliseconds: 5),
          LongTypeCheckWarning(
            entry: TimingEntry(
              kind: .function, milliseconds: 9, file: "a.swift", line: 6, column: 8, description: "closure"),
            limitMilliseconds: 2, severity: .error),
          LongTypeCheckWarning(
            entry: TimingEntry(kind: .expression, milliseconds: 30, file: "a.swift", line: 7, column: 9),
            limitMilliseconds: 5),
          LongTypeCheckWarning(
            entry: TimingEntry(kind: .expression, milliseconds: 4, file: nil, line: nil, column: nil),
            limitMilliseconds: 1),
        ])
    // A log with warnings only still has entries to rank.
    #expect(log.entries.isEmpty)
    #expect(log.bestAvailableEntries.count == 5)
  }

  @Test func invalidUTF8IsReplacedNotFatal() {
    var bytes = Array("1.00ms\t/p/".utf8)
    bytes += [0xFF, 0xFE, 0xC3]
    bytes += Array(".swift:1:2\tgetter \u{00E9}\n".utf8)
    let log = TimingLogParser.parse(utf8: bytes)
    #expect(log.entries.count == 1)
    #expect(log.entries.first?.file == "/p/\u{FFFD}\u{FFFD}\u{FFFD}.swift")
    #expect(log.entries.first?.description == "getter \u{00E9}")
  }

  @Test func parseLineReadsOnlyTheFirstLine() {
    #expect(
      TimingLogParser.parseLine("1.00ms\ta.swift:1:2\r\n2.00ms\tb.swift:1:2")
        == .timing(TimingEntry(kind: .expression, milliseconds: 1, file: "a.swift", line: 1, column: 2)))
  }

  @Test func consecutiveLinesOfOneFileShareTheName() {
    let log = TimingLogParser.parse("1ms\ta.swift:1:2\n2ms\ta.swift:3:4\n3ms\tab.swift:3:4\n4ms\ta.swift:5:6\n")
    #expect(log.entries.map(\.file) == ["a.swift", "a.swift", "ab.swift", "a.swift"])
  }
}
