import Foundation
import TestSupport
import Testing
import TypeCheckBenchCore

@testable import TypeCheckBench

/// `StatsTraceFolder` and `bench parse --stats-dir` on folders made of the captured traces.
@Suite struct StatsTraceFolderTests {
  /// The captured fixtures (in the core tests' folder).
  static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().appendingPathComponent("TypeCheckBenchCoreTests/Fixtures/traces")

  /// A folder holding the stats and trace files of `cases`, as a build would leave them side by side.
  static func folder(_ cases: [String], dropping: (String) -> Bool = { _ in false }) throws -> TemporaryDirectory {
    let folder = try TemporaryDirectory()
    for name in cases {
      let source = fixtures.appendingPathComponent(name)
      for file in try FileManager.default.contentsOfDirectory(atPath: source.path)
      where (file.hasPrefix("stats-") || file.hasPrefix("trace-")) && !dropping(file) {
        try FileManager.default.copyItem(
          at: source.appendingPathComponent(file), to: folder.url.appendingPathComponent(file))
      }
    }
    return folder
  }

  static func parse(_ arguments: [String]) throws -> (
    status: TypeCheckBenchCore.ExitStatus, output: String, warnings: [String]
  ) {
    var lines: [String] = []
    var warnings: [String] = []
    let status = try ParseCommand.command.run(
      arguments, context: CommandContext(output: { lines.append($0) }, warn: { warnings.append($0) }))
    return (status, lines.joined(separator: "\n"), warnings)
  }

  @Test func eachTracePairsWithItsStatsFile() throws {
    let folder = try Self.folder(["swift-6.3.1/scopes", "swift-6.3.1/body", "swift-6.3.1/mixed"])
    let profile = try StatsTraceFolder.read(folder.url)
    #expect(profile.traces == 3)
    #expect(profile.notes.isEmpty)
    #expect(profile.statsScopes == Int64(390 + 277 + 135))
    #expect(profile.tracedScopes == profile.statsScopes)
    #expect(profile.expressionScopes + profile.outsideScopes == profile.tracedScopes)
  }

  @Test func aStatsFileWithoutItsTraceIsIncomplete() throws {
    let folder = try Self.folder(["swift-6.3.1/scopes", "swift-6.3.1/mixed"]) {
      $0.hasPrefix("trace-") && $0.contains("mixed")
    }
    let run = try Self.parse(["--stats-dir", folder.url.path])
    #expect(run.status == .badData)
    #expect(run.warnings.filter { $0.contains("no trace beside this stats file") }.count == 1)
    #expect(run.output.contains("scopes.swift:7:13"))
  }

  @Test func foldersWithoutTraces() throws {
    let empty = try TemporaryDirectory()
    #expect(throws: BenchError.self) { try StatsTraceFolder.read(empty.url) }
    let statsOnly = try Self.folder(["swift-6.3.1/mixed"]) { $0.hasPrefix("trace-") }
    do {
      _ = try StatsTraceFolder.read(statsOnly.url)
      Issue.record("a folder of stats files alone read as traces")
    } catch let error as BenchError {
      #expect(error.status == .badData)
      #expect(error.description.contains("no trace-*.csv"))
    }
  }

  @Test func parseRanksAndGates() throws {
    let folder = try Self.folder(["swift-6.3.1/scopes"])
    let plain = try Self.parse(["--stats-dir", folder.url.path, "--limit", "3"])
    #expect(plain.status == .success)
    let lines = plain.output.split(separator: "\n")
    #expect(lines.count == 6)  // heading, columns, three rows, totals
    #expect(lines[2].hasPrefix("≈141") && lines[2].contains("scopes.swift:10:15"))
    let gated = try Self.parse(["--stats-dir", folder.url.path, "--fail-over", "0.01%"])
    #expect(gated.status == .regression)
    #expect(gated.warnings.count == 2)  // 141 and 135 scopes are over 104.9
    #expect(throws: BenchError.self) { try Self.parse([folder.url.path, "--stats-dir", folder.url.path]) }
    #expect(throws: BenchError.self) { try Self.parse(["--stats-dir", folder.url.path, "--format", "csv"]) }
  }
}
