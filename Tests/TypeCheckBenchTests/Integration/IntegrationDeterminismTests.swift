import Foundation
import TestSupport
import Testing
import TypeCheckBenchCore

@testable import TypeCheckBench

/// Repeating a sweep gives the same constraint scopes for every case, and re-rendering a run's reports gives the same
/// bytes.
@Suite(.enabled(if: Integration.hasCompiler, "needs an installed swiftc"))
struct IntegrationDeterminismTests {
  /// Every family, both models, every chart variant: 31 cases.
  static func sweep(_ swiftc: String) -> [String] {
    [
      "--family", "nesting,branches,chart", "--depth", "1...2", "--branches", "1...3", "--runs", "1", "--warmup", "0",
      "--quiet", "--swiftc", swiftc,
    ]
  }

  @Test func repeatingASweepGivesTheSameScopesAndTheSameReports() throws {
    let swiftc = try #require(Integration.swiftc)
    let folder = try TemporaryDirectory()
    let first = folder.url.appendingPathComponent("first")
    let second = folder.url.appendingPathComponent("second")
    #expect(Integration.bench(["run"] + Self.sweep(swiftc) + ["-o", first.path]) == 0)
    // The repeat compiles two at a time: scopes must not depend on that either.
    #expect(Integration.bench(["run"] + Self.sweep(swiftc) + ["--jobs", "2", "-o", second.path]) == 0)

    let firstRecord = try Integration.record(first)
    let secondRecord = try Integration.record(second)
    #expect(firstRecord.cases.count == 31)
    #expect(firstRecord.cases == secondRecord.cases)
    let firstScopes = Integration.scopes(firstRecord)
    #expect(firstScopes.count == 31)
    #expect(firstScopes.values.allSatisfy { ($0 ?? 0) > 0 })
    #expect(Integration.scopes(secondRecord) == firstScopes)

    // The report: rendered twice from run.json, byte for byte the same, and the same as the run wrote.
    let reportA = folder.url.appendingPathComponent("report-a")
    let reportB = folder.url.appendingPathComponent("report-b")
    #expect(Integration.bench(["report", first.path, "-o", reportA.path]) == 0)
    #expect(Integration.bench(["report", first.path, "-o", reportB.path]) == 0)
    let filesA = try Integration.files(under: reportA)
    let filesB = try Integration.files(under: reportB)
    for name in ["samples.csv", "summary.csv", "report.md", "index.html"] {
      #expect(filesA[name] != nil, "\(name) written")
    }
    let charts = filesA.keys.filter { $0.hasPrefix("charts/") && $0.hasSuffix(".svg") }
    #expect(charts.count >= 3, "charts: \(charts.sorted())")
    #expect(filesA.keys.sorted() == filesB.keys.sorted())
    for (name, bytes) in filesA {
      #expect(filesB[name] == bytes, "\(name) differs between two renderings")
    }
    let written = try Integration.files(under: first)
    // The folder marker says what each folder is (a run, a report), so it is the one file that differs.
    for (name, bytes) in filesA where name != OutputFolder.markerName {
      #expect(written[name] == bytes, "\(name) differs from what bench run wrote")
    }
  }
}
