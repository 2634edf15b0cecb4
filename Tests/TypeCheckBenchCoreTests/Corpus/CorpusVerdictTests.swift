import Foundation
import Testing

@testable import TypeCheckBenchCore

/// Verdicts, comparisons and merges of corpus records built by hand (the real compiles are in
/// TypeCheckBenchTests/Corpus).
@Suite struct CorpusVerdictTests {
  static let linux = LitRequirement.Features.host(operatingSystem: "Linux", cpu: "x86_64", assertionsEnabled: false)

  static func test(_ path: String, _ text: String) -> CorpusTest {
    CorpusTest.read(
      path: path, id: RecordID.sanitized(path), source: "/" + path, text: text, features: linux,
      ignoring: ["asserts"])
  }

  static func sample(
    _ caseID: String, _ toolchain: String, _ stats: [String: Double], outcome: Outcome = .ok,
    detail: String? = nil
  ) -> TypeCheckSample {
    TypeCheckSample(
      caseID: caseID, toolchain: toolchain, iteration: 0, outcome: outcome, detail: detail, wallSeconds: 0.1,
      userSeconds: 0.1, systemSeconds: 0, maxRSSBytes: 1, caseMilliseconds: nil, stats: stats)
  }

  static let provenance = Provenance(
    benchVersion: "0", gitRevision: nil, measurementVersion: 1, commandLine: ["bench", "corpus"],
    operatingSystem: "Linux", cpuModel: "cpu", coreCount: 2, startedAt: "2026-01-01T00:00:00Z",
    finishedAt: "2026-01-01T00:01:00Z", runs: 1, warmup: 0, timeoutSeconds: 300, jobs: 1)

  static func toolchain(_ name: String) -> ToolchainInfo {
    ToolchainInfo(
      name: name, swiftcPath: "/\(name)/swiftc", versionText: "Swift version 6.3.1", version: "6.3.1",
      extraFlags: [], assertionsEnabled: false)
  }

  static let scale = test(
    "fast/s.swift.gyb",
    "// RUN: %scale-test --begin 1 --end 5 --step 1 --select NumLeafScopes %s\n// REQUIRES: asserts\n${N}\n")
  static let inverted = test(
    "slow/i.swift.gyb",
    "// RUN: %scale-test --invert-result --begin 1 --end 5 --step 1 --select NumLeafScopes %s\n${N}\n")
  static let verify = test("slow/v.swift", "// RUN: %target-typecheck-verify-swift -solver-scope-threshold=50\n")

  /// Leaf scopes per N for a scale test.
  static func series(_ test: CorpusTest, _ toolchain: String, _ values: [Double]) -> [TypeCheckSample] {
    zip(test.cases, values).map {
      sample($0.id, toolchain, [StatName.leafScopes: $1, StatName.constraintScopes: $1 * 2])
    }
  }

  @Test func scaleVerdictsFollowTheFitAndTheInversion() {
    let samples = Dictionary(
      uniqueKeysWithValues: (Self.series(Self.scale, "a", [3, 5, 7, 9])
        + Self.series(Self.inverted, "a", [3, 9, 27, 81]))
        .map { (PointKey($0), $0) })
    let linear = CorpusVerdict.verdict(Self.scale, toolchain: "a", samples: samples)
    #expect(linear.status == .pass)
    #expect(linear.reason == "Sema.NumLeafScopes O(n) (r² 1.000)")
    #expect(linear.counters.map(\.values) == [[3, 5, 7, 9]])
    let exponential = CorpusVerdict.verdict(Self.inverted, toolchain: "a", samples: samples)
    #expect(exponential.status == .pass)
    #expect(exponential.counters.first?.winner?.law == .exponential)
    // The same linear data under --invert-result fails: slow/ expected bad scaling.
    let flipped = Dictionary(
      uniqueKeysWithValues: Self.series(Self.inverted, "a", [3, 5, 7, 9]).map { (PointKey($0), $0) })
    let failed = CorpusVerdict.verdict(Self.inverted, toolchain: "a", samples: flipped)
    #expect(failed.status == .fail)
    #expect(failed.reason.hasSuffix("expected bad scaling (--invert-result)"))
  }

  @Test func compileFailuresAndMissingDataAreNotInverted() {
    var samples = Self.series(Self.inverted, "a", [3, 9, 27, 81])
    samples[2] = Self.sample(
      samples[2].caseID, "a", [:], outcome: .tooComplex,
      detail: "error: unable to type-check this expression in reasonable time")
    samples[2].stats[CorpusMeasurementKeys.exitStatus] = 1
    let keyed = Dictionary(uniqueKeysWithValues: samples.map { (PointKey($0), $0) })
    let verdict = CorpusVerdict.verdict(Self.inverted, toolchain: "a", samples: keyed)
    #expect(verdict.status == .fail)
    #expect(verdict.reason.hasPrefix("N=3: exit status 1, expected 0"))
    let missing = CorpusVerdict.verdict(Self.scale, toolchain: "a", samples: [:])
    #expect(missing.status == .error)
  }

  @Test func notInvertsTheWholeLine() {
    let negated = Self.test(
      "slow/n.swift.gyb", "// RUN: not %scale-test --begin 1 --end 3 --step 1 --select NoSuchCounter %s\n${N}\n")
    let samples = Dictionary(
      uniqueKeysWithValues: negated.cases.map {
        (PointKey(caseID: $0.id, toolchain: "a"), Self.sample($0.id, "a", [StatName.leafScopes: 4]))
      })
    let verdict = CorpusVerdict.verdict(negated, toolchain: "a", samples: samples)
    #expect(verdict.status == .pass)
    #expect(verdict.reason.hasPrefix("not: scale-test failed as expected (no data"))
  }

  @Test func verifyVerdictsComeFromTheVerifier() {
    let id = Self.verify.cases[0].id
    func verdict(_ outcome: Outcome, _ detail: String? = nil) -> CorpusVerdict {
      CorpusVerdict.verdict(
        Self.verify, toolchain: "a",
        samples: [
          PointKey(caseID: id, toolchain: "a"): Self.sample(
            id, "a", [StatName.constraintScopes: 57], outcome: outcome, detail: detail)
        ])
    }
    #expect(verdict(.ok).status == .pass)
    #expect(verdict(.ok).verifyScopes == 57)
    #expect(verdict(.tooComplex, "v.swift:3:1: error: expected error not produced").status == .fail)
    #expect(verdict(.error, "v.swift:1:1: error: cannot find 'CGFloat' in scope").status == .error)
    #expect(verdict(.timeout).status == .fail)
    #expect(verdict(.crash, "SIGSEGV").status == .error)
  }

  @Test func xfailInvertsTheVerdict() {
    let expected = Self.test("fast/x.swift", "// RUN: %target-typecheck-verify-swift\n// XFAIL: *\n")
    #expect(expected.expectedToFail)
    let id = expected.cases[0].id
    let failing = CorpusVerdict.verdict(
      expected, toolchain: "a",
      samples: [PointKey(caseID: id, toolchain: "a"): Self.sample(id, "a", [:], outcome: .error, detail: "error: x")])
    #expect(failing.status == .pass)
    let passing = CorpusVerdict.verdict(
      expected, toolchain: "a", samples: [PointKey(caseID: id, toolchain: "a"): Self.sample(id, "a", [:])])
    #expect(passing.status == .fail)
  }

  func record(_ runID: String, toolchains: [String], samples: [TypeCheckSample]) -> CorpusRecord {
    CorpusRecord(
      runID: runID, provenance: Self.provenance, toolchains: toolchains.map(Self.toolchain),
      tests: [Self.inverted, Self.scale, Self.verify], samples: samples)
  }

  @Test func comparisonGatesOnFlipsAndCounterGrowth() {
    let verifyID = Self.verify.cases[0].id
    let base = record(
      "base", toolchains: ["a"],
      samples: Self.series(Self.scale, "a", [3, 5, 7, 9]) + Self.series(Self.inverted, "a", [3, 9, 27, 81])
        + [Self.sample(verifyID, "a", [StatName.constraintScopes: 57])])
    // The same record against itself: nothing changed, exit 0 (an A/A run is never called different).
    let same = CorpusComparison(base: base, baseToolchain: "a", new: base, newToolchain: "a")
    #expect(same.flips.isEmpty && same.exitStatus == .success)
    // NEW: the linear test becomes exponential (a flip), the verify test needs 20% more scopes.
    let new = record(
      "new", toolchains: ["b"],
      samples: Self.series(Self.scale, "b", [3, 9, 27, 81]) + Self.series(Self.inverted, "b", [3, 9, 27, 81])
        + [Self.sample(verifyID, "b", [StatName.constraintScopes: 68.4])])
    let comparison = CorpusComparison(base: base, baseToolchain: "a", new: new, newToolchain: "b", threshold: 0.05)
    #expect(comparison.flips.map(\.test) == ["fast/s.swift.gyb"])
    #expect(comparison.flips.first?.isRegression == true)
    #expect(comparison.counterRegressions.map(\.test) == ["fast/s.swift.gyb", "slow/v.swift"])
    #expect(abs(comparison.counterRegressions[0].ratio - 9) < 1e-12)  // 81 / 9 at N = 4
    #expect(comparison.exitStatus == .regression)
    // Reversed, only improvements: exit 4.
    #expect(
      CorpusComparison(base: new, baseToolchain: "b", new: base, newToolchain: "a").exitStatus == .improvementsOnly)
  }

  @Test func timeBoundedLinesAreNotCompared() {
    let timed = Self.test(
      "slow/t.swift", "// RUN: %target-typecheck-verify-swift -solver-expression-time-threshold=1\n")
    let id = timed.cases[0].id
    let base = CorpusRecord(
      runID: "r", provenance: Self.provenance, toolchains: [Self.toolchain("a"), Self.toolchain("b")], tests: [timed],
      samples: [
        Self.sample(id, "a", [StatName.constraintScopes: 129_246]),
        Self.sample(id, "b", [StatName.constraintScopes: 147_983]),
      ])
    #expect(CorpusComparison(base: base, baseToolchain: "a", new: base, newToolchain: "b").ratios.isEmpty)
  }

  @Test func mergeJoinsShardsAndRefusesDuplicates() throws {
    let all = Self.series(Self.scale, "a", [3, 5, 7, 9]) + Self.series(Self.inverted, "a", [3, 9, 27, 81])
    var first = record("s1", toolchains: ["a"], samples: Array(all.prefix(4)))
    first.tests = [Self.scale]
    var second = record("s2", toolchains: ["a"], samples: Array(all.dropFirst(4)))
    second.tests = [Self.inverted]
    let merged = try CorpusMerge.merge([("s1", first), ("s2", second)], runID: "m")
    #expect(merged.tests.map(\.id) == [Self.inverted.id, Self.scale.id].sorted())
    #expect(Set(merged.samples) == Set(all))
    #expect(throws: CompareError.self) { _ = try CorpusMerge.merge([("s1", first), ("again", first)], runID: "m") }
  }

  @Test func reportListsEveryTestAndItsCounters() throws {
    let base = record(
      "r", toolchains: ["a", "b"],
      samples: Self.series(Self.scale, "a", [3, 5, 7, 9]) + Self.series(Self.scale, "b", [3, 9, 27, 81]))
    let report = CorpusReport(base)
    let markdown = report.markdown
    #expect(markdown.contains("## Changed"))
    #expect(markdown.contains("| fast/s.swift.gyb | pass | fail |"))
    #expect(markdown.contains("1: 3, 2: 9, 3: 27, 4: 81"))
    #expect(report.summaryCSV.split(separator: "\r\n").count == 1 + 6)  // header, 3 tests × 2 toolchains
    let files = try report.files()
    #expect(
      Set(files.keys) == [
        "run.json", "verdicts.json", "report.md", "summary.csv", "samples.csv", "index.html",
        "charts/fast-s.swift.gyb.svg",
      ])
    let decoded = try JSONDecoder().decode(CorpusRecord.self, from: Data(files["run.json"]!.utf8))
    #expect(decoded == base)
  }
}
