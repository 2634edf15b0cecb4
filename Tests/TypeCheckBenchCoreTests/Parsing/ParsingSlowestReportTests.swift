import Testing
import TypeCheckBenchCore

/// Merging, ranking, filtering and rendering the slowest bodies and expressions.
@Suite struct ParsingSlowestReportTests {
  /// Two jobs' logs: `f` is checked in both, one expression appears twice, a path has a space and a pipe.
  static let logs = [
    TimingLogParser.parse(
      """
      [1/3] Compiling App a.swift
      1.50ms\t/src/a.swift:3:5
      12.00ms\t/src/a.swift:1:6\tglobal function App.(file).f()@/src/a.swift:1:6
      0.40ms\t/src/my dir/b|c.swift:2:1\tgetter App.(file).S.x.getter@/src/my dir/b|c.swift:2:1
      0.01ms\t<invalid loc>\t(closure)
      """),
    TimingLogParser.parse(
      """
      1.00ms\t/src/a.swift:3:5
      8.00ms\t/src/a.swift:1:6\tglobal function App.(file).f()@/src/a.swift:1:6
      12.00ms\t/src/a.swift:9:6\tglobal function App.(file).g()@/src/a.swift:9:6
      0.02ms\t<invalid loc>\t(closure)
      0.03ms\t<invalid loc>\tgetter App.(file).T.y.getter@<invalid loc>
      """),
  ]

  @Test func mergesByLocationAndKindAndRanksByMaximum() {
    let report = SlowestReport(logs: Self.logs)
    #expect(
      report.bodies.map { [$0.location, "\($0.count)", "\($0.totalMilliseconds)", "\($0.maximumMilliseconds)"] }
        == [
          ["/src/a.swift:1:6", "2", "20.0", "12.0"],
          // Same maximum as f: the smaller total ranks second.
          ["/src/a.swift:9:6", "1", "12.0", "12.0"],
          ["/src/my dir/b|c.swift:2:1", "1", "0.4", "0.4"],
          ["<invalid loc>", "1", "0.03", "0.03"],
          // The two closures at <invalid loc> merge; the getter there does not join them.
          ["<invalid loc>", "2", "0.03", "0.02"],
        ])
    #expect(
      report.expressions.map { [$0.location, "\($0.count)", "\($0.totalMilliseconds)"] } == [
        ["/src/a.swift:3:5", "2", "2.5"]
      ])
    #expect(report.matchingBodyCount == 5)
  }

  @Test func rankingByTotal() {
    let report = SlowestReport(logs: Self.logs, ranking: .total)
    #expect(report.bodies.prefix(2).map(\.location) == ["/src/a.swift:1:6", "/src/a.swift:9:6"])
    // Equal totals (0.03 ms): the larger maximum breaks the tie.
    #expect(report.bodies.suffix(2).map(\.description) == ["getter App.(file).T.y.getter@<invalid loc>", "(closure)"])
  }

  @Test func limitAndThreshold() {
    let limited = SlowestReport(logs: Self.logs, limit: 1)
    #expect(limited.bodies.map(\.location) == ["/src/a.swift:1:6"])
    #expect(limited.matchingBodyCount == 5)
    #expect(limited.expressions.count == 1)
    let threshold = SlowestReport(logs: Self.logs, thresholdMilliseconds: 1.5)
    #expect(threshold.bodies.map(\.location) == ["/src/a.swift:1:6", "/src/a.swift:9:6"])
    #expect(threshold.expressions.map(\.location) == ["/src/a.swift:3:5"])
    let high = SlowestReport(logs: Self.logs, thresholdMilliseconds: 12.01)
    #expect(high.bodies.isEmpty && high.expressions.isEmpty)
    #expect(SlowestReport(logs: Self.logs, limit: 0).bodies.isEmpty)
  }

  @Test func orderDoesNotDependOnInputOrder() {
    #expect(SlowestReport(logs: Self.logs.reversed()) == SlowestReport(logs: Self.logs))
  }

  @Test func warningsAreUsedOnlyWhenALogHasNoTimingLines() {
    let warningsOnly = TimingLogParser.parse(
      "a.swift:1:6: warning: global function 'f()' took 40ms to type-check (limit: 1ms)")
    let both = TimingLogParser.parse(
      "12.00ms\ta.swift:1:6\tglobal function main.(file).f()@a.swift:1:6\n"
        + "a.swift:1:6: warning: global function 'f()' took 12ms to type-check (limit: 1ms)")
    let report = SlowestReport(logs: [warningsOnly, both])
    // The warning describes the body in other words than the debug-time line, so the two stay separate rows.
    #expect(
      report.bodies.map { [$0.location, "\($0.count)", "\($0.maximumMilliseconds)", $0.description ?? "-"] } == [
        ["a.swift:1:6", "1", "40.0", "global function 'f()'"],
        ["a.swift:1:6", "1", "12.0", "global function main.(file).f()@a.swift:1:6"],
      ])
  }

  @Test func accessorsAtOneLocationStayApart() throws {
    // A stored property's getter, setter and _modify share one location (captured by swiftc 6.3.1).
    let log = TimingLogParser.parse(try ParsingFixture.text("swiftpm-build"))
    let rows = SlowestReport(logs: [log]).bodies.filter {
      $0.location == "/tmp/fixture/Package/Sources/Shapes/ModuleA.swift:2:7"
    }
    #expect(
      rows.compactMap { $0.description?.split(separator: " ").first }.sorted() == ["_modify", "getter", "setter"])
    #expect(rows.allSatisfy { $0.count == 1 })
  }

  @Test func unlocatedExpressionsTakeTheirEnclosingBody() {
    let log = TimingLogParser.parse(
      """
      0.10ms\t<invalid loc>
      0.20ms\t<invalid loc>
      0.50ms\t<invalid loc>\tinstance method M.(file).A.hash(into:)
      0.30ms\t<invalid loc>
      0.40ms\t<invalid loc>\tgetter M.(file).B.hashValue.getter
      0.70ms\t<invalid loc>
      """)
    let report = SlowestReport(logs: [log])
    #expect(
      report.expressions.map { [$0.description ?? "-", "\($0.count)", "\($0.totalMilliseconds)"] } == [
        ["-", "1", "0.7"],
        ["getter M.(file).B.hashValue.getter", "1", "0.3"],
        ["instance method M.(file).A.hash(into:)", "2", "0.30000000000000004"],
      ])
    #expect(report.render(.table).contains("enclosing body (unlocated)"))
    // Located expressions have no description column.
    #expect(!SlowestReport(logs: Self.logs).render(.table).contains("enclosing body"))
  }

  @Test func rendersTable() {
    let report = SlowestReport(logs: Self.logs, limit: 3)
    #expect(
      report.render(.table) == """
        Function bodies: 3 of 5 at or above 0 ms, slowest first by maximum ms
        max ms  total ms  count  location                   description
         12.00     20.00      2  /src/a.swift:1:6           global function App.(file).f()@/src/a.swift:1:6
         12.00     12.00      1  /src/a.swift:9:6           global function App.(file).g()@/src/a.swift:9:6
          0.40      0.40      1  /src/my dir/b|c.swift:2:1  getter App.(file).S.x.getter@/src/my dir/b|c.swift:2:1

        Expressions: 1 of 1 at or above 0 ms, slowest first by maximum ms
        max ms  total ms  count  location
          1.50      2.50      2  /src/a.swift:3:5

        """)
    #expect(
      SlowestReport(logs: []).render(.table) == """
        Function bodies: 0 of 0 at or above 0 ms, slowest first by maximum ms
        (none)

        Expressions: 0 of 0 at or above 0 ms, slowest first by maximum ms
        (none)

        """)
  }

  @Test func rendersCSV() {
    let report = SlowestReport(logs: Self.logs, limit: 2, thresholdMilliseconds: 1)
    #expect(
      report.render(.csv)
        == [
          "section,rank,location,file,line,column,count,max_ms,total_ms,description",
          "body,1,/src/a.swift:1:6,/src/a.swift,1,6,2,12,20,global function App.(file).f()@/src/a.swift:1:6",
          "body,2,/src/a.swift:9:6,/src/a.swift,9,6,1,12,12,global function App.(file).g()@/src/a.swift:9:6",
          "expression,1,/src/a.swift:3:5,/src/a.swift,3,5,2,1.5,2.5,",
        ].map { $0 + "\r\n" }.joined())
  }

  @Test func rendersJSON() {
    let report = SlowestReport(logs: Self.logs, limit: 1, ranking: .total)
    #expect(
      report.render(.json) == """
        {
          "bodies": [
            {"column": 6, "count": 2, "description": "global function App.(file).f()@/src/a.swift:1:6", \
        "file": "/src/a.swift", "line": 1, "location": "/src/a.swift:1:6", "max_ms": 12, "total_ms": 20}
          ],
          "expressions": [
            {"column": 5, "count": 2, "description": null, "file": "/src/a.swift", "line": 3, \
        "location": "/src/a.swift:3:5", "max_ms": 1.5, "total_ms": 2.5}
          ],
          "limit": 1,
          "matching_bodies": 5,
          "matching_expressions": 1,
          "ranking": "total",
          "repeated_blocks_dropped": 0,
          "repeated_lines_dropped": 0,
          "threshold_ms": 0
        }

        """)
    #expect(
      SlowestReport(entries: [
        TimingEntry(kind: .expression, milliseconds: 1, file: "q\"\\\u{1}.swift", line: 1, column: 2)
      ])
      .render(.json).contains(#""file": "q\"\\\u0001.swift""#))
    #expect(
      SlowestReport(logs: []).render(.json).contains("\"bodies\": [],\n  \"expressions\": [],\n  \"limit\": null,"))
  }

  @Test func rendersMarkdown() {
    let report = SlowestReport(logs: Self.logs, limit: 2, thresholdMilliseconds: 0.3)
    #expect(
      report.render(.md) == """
        ### Function bodies

        2 of 3 at or above 0.3 ms, slowest first by maximum ms.

        | Max ms | Total ms | Count | Location | Description |
        | ---: | ---: | ---: | --- | --- |
        | 12.00 | 20.00 | 2 | `/src/a.swift:1:6` | `global function App.(file).f()@/src/a.swift:1:6` |
        | 12.00 | 12.00 | 1 | `/src/a.swift:9:6` | `global function App.(file).g()@/src/a.swift:9:6` |

        ### Expressions

        1 of 1 at or above 0.3 ms, slowest first by maximum ms.

        | Max ms | Total ms | Count | Location |
        | ---: | ---: | ---: | --- |
        | 1.50 | 2.50 | 2 | `/src/a.swift:3:5` |

        """)
    let pipes = SlowestReport(logs: Self.logs, thresholdMilliseconds: 0.3).render(.md)
    #expect(pipes.contains("| 0.40 | 0.40 | 1 | `/src/my dir/b\\|c.swift:2:1` |"))
    #expect(SlowestReport(logs: []).render(.md).contains("_None._"))
  }

  @Test func everyFormatRendersEveryFixture() throws {
    let logs = try ParsingFixture.names.filter { !$0.hasPrefix("swiftpm-") }.map {
      TimingLogParser.parse(try ParsingFixture.text($0))
    }
    let report = SlowestReport(logs: logs, limit: 20)
    for format in SlowestReport.Format.allCases {
      let text = report.render(format)
      #expect(text == SlowestReport(logs: logs.reversed(), limit: 20).render(format), "\(format)")
      #expect(text.contains("/tmp/fixture/functions.swift:4:22"), "\(format)")
    }
  }
}
