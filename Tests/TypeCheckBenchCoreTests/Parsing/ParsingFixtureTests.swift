import Foundation
import Testing
import TypeCheckBenchCore

/// Every fixture parses to the entries it holds.
///
/// The fixtures without the `legacy-` prefix were captured from swiftc 6.3.1 by scripts/capture-parser-fixtures.sh;
/// their times change on every capture, so re-capturing means updating the values spot-checked here. The
/// `legacy-*` fixtures are written by hand from the formats older releases printed (this machine has no such
/// toolchain): Swift 2.x (`%0.1f`, declarations printed as source), Swift 3.x–4.0 (`%0.2f`, the same
/// descriptions) and Swift 4.1–5.x (kind and name, `getter bar`).
@Suite struct ParsingFixtureTests {
  @Test func bodiesFixtureHasOneFunctionEntryPerLine() throws {
    let log = TimingLogParser.parse(try ParsingFixture.text("bodies"))
    #expect(log.entries.count == 30)
    #expect(log.entries.allSatisfy { $0.kind == .function })
    #expect(log.diagnostics.isEmpty)
    #expect(
      log.entries.first
        == TimingEntry(
          kind: .function, milliseconds: 2.70, file: "functions.swift", line: 15, column: 19,
          description: "didSet observer main.(file).Counter.count.didSet observer@functions.swift:15:19"))
    let slowish = try #require(log.entries.first { $0.location == "functions.swift:33:6" })
    #expect(slowish.milliseconds == 11.60)
    #expect(slowish.description == "global function main.(file).slowish()@functions.swift:33:6")
    #expect(
      log.entries.contains { $0.description == "static method main.(file).ListBuilder.buildBlock@builder.swift:4:15" })
    #expect(log.entries.contains { $0.location == "builder.swift:12:6" })
  }

  @Test func expressionsFixtureInterleavesExpressionsBeforeTheirBodies() throws {
    let log = TimingLogParser.parse(try ParsingFixture.text("expressions"))
    #expect(log.entries.filter { $0.kind == .function }.count == 30)
    #expect(log.entries.filter { $0.kind == .expression }.count == 56)
    #expect(
      Array(log.entries.prefix(3))
        == [
          TimingEntry(
            kind: .expression, milliseconds: 0.20, file: "/tmp/fixture/functions.swift", line: 15, column: 15),
          TimingEntry(
            kind: .expression, milliseconds: 2.32, file: "/tmp/fixture/functions.swift", line: 15, column: 28),
          TimingEntry(
            kind: .function, milliseconds: 2.55, file: "/tmp/fixture/functions.swift", line: 15, column: 19,
            description:
              "didSet observer main.(file).Counter.count.didSet observer@/tmp/fixture/functions.swift:15:19"),
        ])
    #expect(log.entries.allSatisfy { ($0.kind == .expression) == ($0.description == nil) })
  }

  @Test func pathWithSpacesStaysWhole() throws {
    let log = TimingLogParser.parse(try ParsingFixture.text("space-path"))
    let path = "/tmp/fixture/Odd Folder/odd name+v1.0 (copy).swift"
    #expect(
      log.entries
        == [
          TimingEntry(kind: .expression, milliseconds: 2.49, file: path, line: 2, column: 17),
          TimingEntry(kind: .expression, milliseconds: 1.00, file: path, line: 3, column: 10),
          TimingEntry(
            kind: .function, milliseconds: 10.68, file: path, line: 1, column: 6,
            description: "global function main.(file).oddlyNamed@\(path):1:6"),
        ])
  }

  @Test func errorFixtureHasTimingsAndOneDiagnosticAndIgnoresTheSnippet() throws {
    let log = TimingLogParser.parse(try ParsingFixture.text("error"))
    #expect(log.entries.count == 5)
    #expect(
      log.diagnostics
        == [
          CompilerDiagnostic(
            severity: .error, file: "/tmp/fixture/error.swift", line: 2, column: 19,
            message: "cannot convert value of type 'String' to specified type 'Int'")
        ])
    #expect(log.longTypeCheckWarnings.isEmpty)
    #expect(log.entries.first { $0.kind == .function }?.milliseconds == 9.72)
  }

  @Test func warningsFixtureBecomesDiagnosticsAndTimings() throws {
    let log = TimingLogParser.parse(try ParsingFixture.text("warnings"))
    #expect(log.entries.isEmpty)
    // The snippet under each warning repeats its text after "`- warning:"; only the headline counts.
    #expect(log.diagnostics.count == 24)
    #expect(log.diagnostics.allSatisfy { $0.severity == .warning && $0.file != nil })
    #expect(log.longTypeCheckWarnings.count == 24)
    #expect(log.longTypeCheckWarnings.filter { $0.entry.kind == .expression }.count == 14)
    #expect(log.longTypeCheckWarnings.filter { $0.entry.kind == .function }.count == 10)
    #expect(log.longTypeCheckWarnings.allSatisfy { $0.limitMilliseconds == 1 })
    #expect(
      log.longTypeCheckWarnings.first { $0.entry.kind == .function }
        == LongTypeCheckWarning(
          entry: TimingEntry(
            kind: .function, milliseconds: 5, file: "/tmp/fixture/functions.swift", line: 15, column: 19,
            description: "didSet observer for property 'count'"),
          limitMilliseconds: 1))
    #expect(log.bestAvailableEntries.count == 24)
  }

  @Test func diagnosticNamesSuffixIsAllowed() throws {
    let log = TimingLogParser.parse(try ParsingFixture.text("warnings-diagnostic-names"))
    #expect(log.diagnostics.count == 4)
    #expect(log.diagnostics.allSatisfy { $0.message.hasSuffix("]") })
    #expect(
      log.longTypeCheckWarnings.map(\.entry)
        == [
          TimingEntry(kind: .expression, milliseconds: 1, file: "/tmp/fixture/builder.swift", line: 4, column: 62),
          TimingEntry(
            kind: .function, milliseconds: 2, file: "/tmp/fixture/builder.swift", line: 4, column: 15,
            description: "static method 'buildBlock'"),
          TimingEntry(kind: .expression, milliseconds: 5, file: "/tmp/fixture/builder.swift", line: 20, column: 8),
          TimingEntry(
            kind: .function, milliseconds: 8, file: "/tmp/fixture/builder.swift", line: 12, column: 6,
            description: "global function 'menu(showsExtras:count:)'"),
        ])
  }

  @Test func parallelJobsKeepEveryFile() throws {
    let log = TimingLogParser.parse(try ParsingFixture.text("interleaved-j2"))
    #expect(log.entries.count == 36)
    let files = Set(log.entries.compactMap(\.file))
    #expect(files == Set(["A", "B", "C", "D"].map { "/tmp/fixture/Module\($0).swift" }))
    for file in files {
      #expect(log.entries.filter { $0.file == file }.count == 9)
    }
  }

  @Test func swiftPMBuildIgnoresProgressLinesAndBatchRepeats() throws {
    let log = TimingLogParser.parse(try ParsingFixture.text("swiftpm-build"))
    // 85 timing lines in the file; SwiftPM printed the batch job of ModuleA…ModuleB, builder and functions once per
    // file, so two of its blocks (42 lines, 5 warnings) repeat an earlier block line for line.
    #expect(log.entries.count == 43)
    #expect(log.repeatedBlocks == 2)
    #expect(log.repeatedEntries == 42)
    #expect(log.entries.allSatisfy { $0.kind == .function && $0.file?.hasPrefix("/tmp/fixture/Package/") == true })
    #expect(log.diagnostics.count == 5)
    #expect(log.longTypeCheckWarnings.count == 5)
    #expect(log.longTypeCheckWarnings.allSatisfy { $0.entry.kind == .expression && $0.limitMilliseconds == 5 })
    // Bodies of the emit-module job are also checked by the compile job: those rows count 2, the others 1.
    let report = SlowestReport(logs: [log])
    #expect(report.bodies.reduce(0) { $0 + $1.count } == 43)
    #expect(Set(report.bodies.map(\.count)) == [1, 2])
    #expect(report.repeatedBlocks == 2)
  }

  /// Rainbow 4.2.2 built twice by SwiftPM (scripts/capture-parser-fixtures.sh): in batch mode (two batch jobs, each
  /// printed once per file: 15 blocks, 13 of them repeats) and with -disable-batch-mode (one job per file).
  @Test func batchAndNonBatchBuildsGiveTheSameRows() throws {
    let batch = TimingLogParser.parse(try ParsingFixture.text("swiftpm-batch"))
    let single = TimingLogParser.parse(try ParsingFixture.text("swiftpm-nobatch"))
    #expect(batch.repeatedBlocks == 13)
    #expect(batch.repeatedEntries == 7210)
    #expect(single.repeatedBlocks == 0)
    let a = SlowestReport(logs: [batch])
    let b = SlowestReport(logs: [single])
    func keyed(_ rows: [SlowestReport.Row]) -> [String: SlowestReport.Row] {
      Dictionary(uniqueKeysWithValues: rows.map { ("\($0.location) \($0.description ?? "")", $0) })
    }
    let (batchBodies, singleBodies) = (keyed(a.bodies), keyed(b.bodies))
    #expect(batchBodies.count == 303)
    #expect(Set(batchBodies.keys) == Set(singleBodies.keys))
    #expect(batchBodies.allSatisfy { key, row in singleBodies[key]?.count == row.count })
    #expect(a.bodies.reduce(0) { $0 + $1.count } == 330)
    let (batchExpressions, singleExpressions) = (keyed(a.expressions), keyed(b.expressions))
    #expect(batchExpressions.count == 662)
    #expect(Set(batchExpressions.keys) == Set(singleExpressions.keys))
    // A stored property's initial value (`static var enabled = environmentAvailable`) is checked by every job
    // that uses the property: one job per file checks it more often than one job per batch. Every other
    // expression counts the same.
    let differing = batchExpressions.filter { key, row in singleExpressions[key]?.count != row.count }
    #expect(differing.keys.sorted() == ["/tmp/fixture/Rainbow/Sources/Rainbow.swift:133:33 "])
    #expect(differing.allSatisfy { key, row in singleExpressions[key]!.count > row.count })
    // Totals: CPU times of different processes. Each non-batch job pays its own first-use costs, so its bodies
    // read slower, but the two stay within a small factor, where the batch log's own sum is ~8x inflated.
    let batchTotal = a.bodies.reduce(0) { $0 + $1.totalMilliseconds }
    let singleTotal = b.bodies.reduce(0) { $0 + $1.totalMilliseconds }
    let inflated = batchTotal + Self.repeatedBodyMilliseconds(try ParsingFixture.text("swiftpm-batch"), log: batch)
    #expect(batchTotal / singleTotal > 1.0 / 3 && batchTotal / singleTotal < 3)
    #expect(inflated / singleTotal > 3)
  }

  /// A real `swift build --quiet -j 2` (scripts/capture-parser-fixtures.sh): no progress line at all, so each batch
  /// job's output follows itself back to back, once per file of its batch (two jobs of two files). Counted once, it
  /// gives the rows the same package built without batch mode gives, where the only body two jobs check (a stored
  /// property's `didSet`, needed by both) counts twice in both builds.
  @Test func aQuietBatchBuildCountsEachJobsOutputOnce() throws {
    let batch = TimingLogParser.parse(try ParsingFixture.text("swiftpm-quiet-batch"))
    let single = TimingLogParser.parse(try ParsingFixture.text("swiftpm-quiet-nobatch"))
    #expect(batch.repeatedBlocks == 2)
    #expect(batch.repeatedEntries == 12 + 30)
    #expect(single.repeatedBlocks == 0)
    func keyed(_ rows: [SlowestReport.Row]) -> [String: SlowestReport.Row] {
      Dictionary(uniqueKeysWithValues: rows.map { ("\($0.location) \($0.description ?? "")", $0) })
    }
    let batchBodies = keyed(SlowestReport(logs: [batch], limit: 1000).bodies)
    let singleBodies = keyed(SlowestReport(logs: [single], limit: 1000).bodies)
    #expect(batchBodies.count == 42 && singleBodies.count == 42)
    #expect(Set(batchBodies.keys) == Set(singleBodies.keys))
    #expect(batchBodies.allSatisfy { key, row in singleBodies[key]?.count == row.count }, "\(batchBodies)")
    // The didSet: 2.37 ms in the first job, 1.29 ms in the second; each job's copies counted once.
    let didSet = try #require(
      batchBodies.first { $0.key.hasPrefix("/tmp/fixture/Package/Sources/Shapes/functions.swift:15:19 ") }?.value)
    #expect(didSet.count == 2)
    #expect(Swift.abs(didSet.totalMilliseconds - (2.37 + 1.29)) < 1e-9)
    // Counted line by line, the slowest body would read twice its time.
    let slowish = try #require(batchBodies.first { $0.key.contains("slowish") }?.value)
    #expect(slowish.count == 1 && slowish.totalMilliseconds == 15.06)
  }

  /// The sum of every body line in the text minus the kept ones: what the repeats would have added.
  private static func repeatedBodyMilliseconds(_ text: String, log: ParsedTimingLog) -> Double {
    let all = text.split(separator: "\n").compactMap { line -> Double? in
      let fields = line.split(separator: "\t", omittingEmptySubsequences: false)
      guard fields.count == 3, fields[0].hasSuffix("ms") else { return nil }
      return Double(fields[0].dropLast(2))
    }
    let kept = log.entries.filter { $0.kind == .function }.reduce(0) { $0 + $1.milliseconds }
    return all.reduce(0, +) - kept
  }

  @Test func repeatsCountOnlyBetweenProgressLines() {
    let block = "1.00ms\ta.swift:1:6\tglobal function M.(file).f()@a.swift:1:6\n0.50ms\ta.swift:2:3\n"
    // No progress lines: two builds' logs one after the other keep both (their times differ), as do lines of one
    // file printed twice; a job's output over two files that follows itself line for line, times included, is a
    // batch job of two files printed once per file (`swift build --quiet`).
    #expect(TimingLogParser.parse(block + block.replacingOccurrences(of: "1.00", with: "1.10")).entries.count == 4)
    #expect(TimingLogParser.parse(block + block).entries.count == 4)
    let job = block + "2.00ms\tb.swift:1:6\tglobal function M.(file).g()@b.swift:1:6\n"
    let quiet = TimingLogParser.parse(job + job)
    #expect(quiet.entries.count == 3)
    #expect(quiet.repeatedBlocks == 1 && quiet.repeatedEntries == 3)
    // Three copies of a job over two files are not one job's per-file copies: kept.
    #expect(TimingLogParser.parse(job + job + job).entries.count == 9)
    // Between progress lines: the second copy is a batch repeat; an empty block and a different block are not.
    let log = TimingLogParser.parse(
      "[1/4] Compiling M a.swift\n" + block + "[2/4] Compiling M b.swift\n" + block + "[3/4] Emitting module M\n"
        + "[4/4] Compiling M c.swift\n" + block.replacingOccurrences(of: "0.50", with: "0.60"))
    #expect(log.entries.count == 4)
    #expect(log.repeatedBlocks == 1)
    #expect(log.repeatedEntries == 2)
    // Lines that only look like progress lines do not cut blocks.
    for line in ["[#DeprecatedDeclaration]: <https://…>", "[1/] x", "[/2] x", "[1/2]x", "[12]"] {
      #expect(TimingLogParser.parse("\(line)\n" + block + "\(line)\n" + block).entries.count == 4, "\(line)")
    }
  }

  @Test func legacySwift2() throws {
    let log = TimingLogParser.parse(try ParsingFixture.text("legacy-swift2"))
    #expect(
      log.entries
        == [
          TimingEntry(
            kind: .function, milliseconds: 0.4, file: "/Users/dev/Shop/Sources/Cart.swift", line: 12, column: 8,
            description: "get {}"),
          TimingEntry(
            kind: .function, milliseconds: 0.1, file: "/Users/dev/Shop/Sources/Cart.swift", line: 13, column: 8,
            description: "set {}"),
          TimingEntry(
            kind: .function, milliseconds: 1612.3, file: "/Users/dev/Shop/Sources/Cart.swift", line: 20, column: 10,
            description: "func total(items: [Item]) -> Double"),
          TimingEntry(
            kind: .function, milliseconds: 38.0, file: "/Users/dev/Shop/Sources/Cart.swift", line: 24, column: 32,
            description: "(closure)"),
          TimingEntry(kind: .function, milliseconds: 0, file: nil, line: nil, column: nil, description: "init()"),
        ])
    #expect(log.entries[3].isClosure)
    #expect(log.entries[4].location == "<invalid loc>")
    #expect(log.diagnostics.map(\.severity) == [.error])
    #expect(log.diagnostics.first?.message.hasPrefix("expression was too complex") == true)
  }

  @Test func legacySwift3() throws {
    let log = TimingLogParser.parse(try ParsingFixture.text("legacy-swift3"))
    #expect(log.entries.map(\.milliseconds) == [0.02, 0.01, 1612.35, 38.01])
    #expect(
      log.entries.map(\.description) == [
        "final get {}", "@objc final set {}", "func total(items: [Item]) -> Double", "(closure)",
      ])
    #expect(
      log.longTypeCheckWarnings.map(\.entry)
        == [
          TimingEntry(
            kind: .function, milliseconds: 1612, file: "/Users/dev/Shop/Sources/Cart.swift", line: 20, column: 10,
            description: "instance method 'total(items:)'")
        ])
  }

  @Test func legacySwift4To5() throws {
    let log = TimingLogParser.parse(try ParsingFixture.text("legacy-swift4-5"))
    #expect(log.entries.count == 9)
    #expect(log.entries.map(\.kind).filter { $0 == .expression }.count == 1)
    #expect(
      log.entries.compactMap(\.description)
        == [
          "getter bar", "setter bar", "instance method baz(one:two:)", "(closure)", "initializer init()",
          "deinitializer deinit", "global function foo()", "getter hashValue",
        ])
    #expect(log.entries[2].milliseconds == 152.75)
    #expect(log.entries[7].file == nil)
    #expect(log.diagnostics.count == 3)
    #expect(
      log.longTypeCheckWarnings.map { [$0.entry.description ?? "-", $0.entry.location] }
        == [
          ["instance method 'baz(one:two:)'", "/Users/dev/Shop/Sources/Cart.swift:9:10"],
          ["closure", "/Users/dev/Shop/Sources/Cart.swift:11:24"],
          ["-", "/Users/dev/Shop/Sources/Cart.swift:10:17"],
        ])
    #expect(log.longTypeCheckWarnings.map(\.limitMilliseconds) == [100, 20, 10])
  }

  @Test func everyFixtureParsesTheSameInChunks() throws {
    for name in ParsingFixture.names {
      let text = try ParsingFixture.text(name)
      let whole = TimingLogParser.parse(text)
      #expect(!whole.entries.isEmpty || !whole.diagnostics.isEmpty, "\(name) parsed to nothing")
      let bytes = Array(text.utf8)
      for chunkSize in [1, 7, 64, 4096] {
        var parser = TimingLogParser()
        var start = 0
        while start < bytes.count {
          let end = min(bytes.count, start + chunkSize)
          parser.consume(bytes[start..<end])
          start = end
        }
        #expect(parser.finish() == whole, "\(name) in chunks of \(chunkSize)")
      }
    }
  }
}
