import Foundation
import Generators
import TestSupport
import Testing
import TypeCheckBenchCore

@testable import TypeCheckBench

/// `bench run` with two configurations of the installed swiftc, then `bench compare` between them: a solver limit
/// that only one configuration has is a regression (exit 2), and two identical configurations show no change (exit 0).
@Suite(.enabled(if: Integration.hasCompiler, "needs an installed swiftc"))
struct IntegrationCompareTests {
  /// Low enough that per-kind nesting at depth 2 exceeds it while depth 1 and unified depth 2 stay under it (checked
  /// with Swift 6.3.1 in the module form: per-kind d2's body expression needs between 50 and 100 scopes, the others
  /// fewer than 30; the limit applies to one expression, not to the file's scope counter).
  static let scopeThreshold = 50

  @Test(.enabled(if: InstalledCompiler.hasScopeThreshold, "needs -solver-scope-threshold, which Swift 6.0.3 lacks"))
  func aSolverLimitInTheNewConfigurationIsARegression() throws {
    let swiftc = try #require(Integration.swiftc)
    let folder = try TemporaryDirectory()
    let run = folder.url.appendingPathComponent("run")
    let status = Integration.bench([
      "run", "--depth", "1...2", "--runs", "3", "--warmup", "0", "--quiet",
      "--toolchain", "base=\(swiftc)", "--toolchain", "limited=\(swiftc)",
      "--toolchain-flags", "limited=-Xfrontend -solver-scope-threshold=\(Self.scopeThreshold)",
      "-o", run.path,
    ])
    #expect(status == 0)
    let record = try Integration.record(run)
    let perKindDepth2 = try #require(record.cases.first { $0.model == .perKind && $0.depth == 2 })
    let outcomes = Dictionary(
      record.samples.map { ("\($0.caseID)@\($0.toolchain)", $0.outcome) }, uniquingKeysWith: { first, _ in first })
    for spec in record.cases {
      #expect(outcomes["\(spec.id)@base"] == .ok, "\(spec.id) with base")
      #expect(outcomes["\(spec.id)@limited"] == (spec == perKindDepth2 ? .tooComplex : .ok), "\(spec.id) with limited")
    }
    // A censored point is compiled once: per-kind depth 1 counted more than 1/64 of the limit, so depth 2 is probed
    // first, and the probe the solver gives up on stands for it. The other points get their instrumented compile and
    // all three timed ones (a probe the solver does not give up on is not recorded).
    let censored = record.samples.filter { $0.caseID == perKindDepth2.id && $0.toolchain == "limited" }
    #expect(censored.map(\.pass) == [.probe])
    #expect(censored.allSatisfy { $0.outcome == .tooComplex && $0.constraintScopes != nil })
    #expect(record.samples.count == record.cases.count * 2 * 4 - 3)

    let bundle = folder.url.appendingPathComponent("bundle")
    let compareStatus = Integration.bench([
      "compare", run.path, "--base-toolchain", "base", "--new-toolchain", "limited", "--bundle", bundle.path,
    ])
    #expect(compareStatus == 2)
    // The repro bundle names the regression and holds its source.
    let bundled = try Integration.bundledCases(bundle)
    #expect(bundled.contains(perKindDepth2.id))
    let index = try String(contentsOf: bundle.appendingPathComponent("README.md"), encoding: .utf8)
    #expect(index.contains("[\(perKindDepth2.id)](\(perKindDepth2.id)/README.md): NEW hits the limit: too-complex"))

    // Every other point is the same compile: no constraint-scope change, whatever the timing noise.
    let comparison = try Comparison(record: record, baseToolchain: "base", newToolchain: "limited")
    #expect(comparison.points.count == record.cases.count)
    for point in comparison.points where point.caseID != perKindDepth2.id {
      #expect(point.scopesRatio == 1, "\(point.caseID)")
      #expect(point.scopesVerdict == .unchanged, "\(point.caseID)")
      #expect(point.note == nil, "\(point.caseID)")
    }
    #expect(comparison.regressions.contains { $0.caseID == perKindDepth2.id && $0.new.outcome == .tooComplex })
  }

  @Test func identicalConfigurationsShowNoChange() throws {
    let swiftc = try #require(Integration.swiftc)
    let folder = try TemporaryDirectory()
    let run = folder.url.appendingPathComponent("run")
    let status = Integration.bench([
      "run", "--depth", "1...2", "--runs", "5", "--warmup", "0", "--quiet",
      "--toolchain", "base=\(swiftc)", "--toolchain", "same=\(swiftc)", "-o", run.path,
    ])
    #expect(status == 0)
    let record = try Integration.record(run)
    #expect(record.samples.count == record.cases.count * 2 * (1 + 5))

    // The default threshold and rule: five runs a side, and a time change only beyond both runs' own spread.
    let bundle = folder.url.appendingPathComponent("bundle")
    let compareStatus = Integration.bench([
      "compare", run.path, "--base-toolchain", "base", "--new-toolchain", "same", "--bundle", bundle.path,
    ])
    #expect(compareStatus == 0)
    #expect(!FileManager.default.fileExists(atPath: bundle.path), "no regression, so no bundle")
    let comparison = try Comparison(record: record, baseToolchain: "base", newToolchain: "same")
    #expect(comparison.points.count == record.cases.count)
    for point in comparison.points {
      #expect(point.verdict == .unchanged, "\(point.caseID): \(point.timeChange)")
      // Scopes are exact: the same compile does the same solver work.
      #expect(point.scopesRatio == 1 && point.scopesVerdict == .unchanged && point.note == nil, "\(point.caseID)")
    }
    #expect(comparison.warnings.isEmpty)
  }
}
