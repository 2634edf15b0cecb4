import Foundation
import TestSupport
import Testing
import TypeCheckBenchCore

@testable import TypeCheckBench

/// A run.json is held to the command line's limits before anything is generated, by every command that reads one.
@Suite struct RecordLimitsTests {
  struct Absurd: Sendable, CustomStringConvertible {
    var field: String
    var value: Any & Sendable
    var expected: String
    var description: String { "\(field) = \(value)" }
  }

  static let absurd: [Absurd] = [
    Absurd(field: "runs", value: -2, expected: "provenance.runs is -2, outside the limit 1...1000 (as for --runs)"),
    Absurd(field: "warmup", value: 100_000, expected: "provenance.warmup is 100000, outside the limit 0...100"),
    Absurd(field: "jobs", value: 0, expected: "provenance.jobs is 0, outside the limit 1...256 (as for --jobs)"),
    Absurd(field: "timeoutSeconds", value: -1.0, expected: "provenance.timeoutSeconds is -1.0, outside the limit"),
    Absurd(
      field: "depth", value: 1_000_000,
      expected: "cases.[0].depth is 1000000, outside the limit 1...64 (as for --depth)"),
    Absurd(
      field: "kinds", value: 100_000, expected: "cases.[0].kinds is 100000, outside the limit 1...64 (as for --kinds)"),
    Absurd(
      field: "states", value: 10_000_000,
      expected: "cases.[0].states is 10000000, outside the limit 1...512 (as for --states)"),
    Absurd(field: "width", value: 10, expected: "cases.[0].width is 10, outside the limit 1...9 (as for --width)"),
    Absurd(field: "branches", value: 257, expected: "cases.[0].branches is 257, outside the limit 1...256"),
  ]

  @Test(arguments: absurd)
  func anAbsurdPlanIsRefusedByEveryReaderBeforeAnyWork(_ absurd: Absurd) throws {
    let temp = try TemporaryDirectory()
    let valid = try FaultInjectionTests.validRun(in: temp)
    let broken = temp.url.appendingPathComponent("broken")
    try FileManager.default.copyItem(at: valid, to: broken)
    let record = broken.appendingPathComponent("run.json")
    var object = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: record)) as? [String: Any])
    if ["runs", "warmup", "jobs", "timeoutSeconds"].contains(absurd.field) {
      var provenance = object["provenance"] as! [String: Any]
      provenance[absurd.field] = absurd.value
      object["provenance"] = provenance
    } else {
      var cases = object["cases"] as! [[String: Any]]
      cases[0][absurd.field] = absurd.value
      object["cases"] = cases
    }
    try JSONSerialization.data(withJSONObject: object).write(to: record)
    let before = try OutputFolderTests.snapshot(broken)
    for arguments in [
      ["run", "--resume", broken.path], ["report", broken.path], ["compare", valid.path, broken.path],
      ["merge", valid.path, broken.path, "-o", temp.url.appendingPathComponent("merged").path],
      ["history", temp.url.appendingPathComponent("site").path, "--append", broken.path],
    ] {
      let outcome = bench(arguments)
      #expect(outcome.status == 65, "\(arguments): \(outcome.transcript)")
      #expect(
        outcome.errors == ["bench: \(record.path): \(absurd.expected)"]
          || outcome.errors.first?.contains(absurd.expected) == true,
        "\(arguments): \(outcome.transcript)")
    }
    #expect(try OutputFolderTests.snapshot(broken) == before)
    #expect(!FileManager.default.fileExists(atPath: temp.url.appendingPathComponent("merged").path))
    #expect(!FileManager.default.fileExists(atPath: temp.url.appendingPathComponent("site").path))
  }

  @Test func aProductOfCappedRangesIsRefusedWithItsSizeBeforeAnyCase() throws {
    let temp = try TemporaryDirectory()
    let fake = try FakeCompiler(in: temp)
    let folder = temp.url.appendingPathComponent("run")
    let outcome = bench(
      [
        "run", "--swiftc", fake.path, "-o", folder.path, "--family", "branches", "--branches", "1...256", "--depth",
        "1...64", "--width", "1...9", "--kinds", "1...64",
      ])
    #expect(outcome.status == 64, "\(outcome.transcript)")
    // 256 × 64 × 9 × 64 × 2 models cases, × (5 runs + 1 warm-up) compiles: a hand computation.
    #expect(
      outcome.errors == [
        "bench: the sweep plans \(256 * 64 * 9 * 64 * 2 * 6) compiles (\(256 * 64 * 9 * 64 * 2) cases), above the "
          + "limit of 20000; narrow the ranges or raise it with --max-compiles \(256 * 64 * 9 * 64 * 2 * 6)"
      ])
    #expect(fake.invocations == 0)
    #expect(!FileManager.default.fileExists(atPath: folder.path))
  }

  @Test func theLimitsAreRaisedByFlags() throws {
    let temp = try TemporaryDirectory()
    let fake = try FakeCompiler(in: temp)
    // Inline: every case file is the whole source, so the files on disk are the bound's own figures.
    let arguments = ["--depth", "1...3", "--model", "unified", "--runs", "2", "--warmup", "0", "--framework", "inline"]
    let refused = bench(["run", "--swiftc", fake.path, "--max-compiles", "5", "--results", temp.url.path] + arguments)
    #expect(refused.status == 64)
    #expect(refused.errors.first?.contains("the sweep plans 6 compiles (3 cases)") == true, "\(refused.transcript)")
    let folder = temp.url.appendingPathComponent("run")
    let accepted = bench(
      ["run", "--swiftc", fake.path, "--max-compiles", "6", "-o", folder.path, "--quiet"] + arguments)
    #expect(accepted.status == 0, "\(accepted.transcript)")
    // The generated-sources bound: three cases of at most the largest one's bytes.
    let casesFolder = folder.appendingPathComponent("cases")
    let names = try FileManager.default.contentsOfDirectory(atPath: casesFolder.path)
    #expect(names.count == 3)
    let largest = try names.map { try Data(contentsOf: casesFolder.appendingPathComponent($0)).count }.max()!
    let size = try SweepSize(runSweep(arguments), toolchains: 1, runs: 2, warmup: 0)
    #expect(size.largestCaseBytes == largest)
    #expect(size.generatedBytes == 3 * largest)
    let generate = bench(
      [
        "generate", "--family", "state", "--states", "1...512", "--kinds", "1...64", "-o",
        temp.url.appendingPathComponent("g").path,
      ])
    #expect(generate.status == 64)
    #expect(generate.errors.first?.contains("raise it with --max-generated-mb") == true, "\(generate.transcript)")
  }

  @Test func caseCountBoundMatchesTheListedCases() throws {
    for arguments in [
      ["--depth", "1...4"], ["--family", "branches,chart", "--branches", "1...5", "--branch-form", "if-else,switch"],
      ["--family", "state", "--states", "1,2,4", "--kinds", "1,2"],
      ["--family", "nesting,state", "--block-style", "pack,fixed-arity", "--width", "1,2"],
    ] {
      let sweep = try runSweep(arguments)
      #expect(sweep.caseCountBound >= sweep.cases.count, "\(arguments)")
    }
    let plain = try runSweep(["--depth", "1...4"])
    #expect(plain.caseCountBound == plain.cases.count)
  }

  @Test(arguments: [
    ["run", "--runs", "1,5"], ["run", "--runs", "5x"], ["run", "--runs", "+5"], ["run", "--runs", " 5"],
    ["run", "--warmup", "1...2"], ["run", "--jobs", "0x2"], ["run", "--timeout", "1e3"], ["run", "--timeout", "inf"],
    ["run", "--timeout", "10s"], ["run", "--depth", "1...3x"], ["run", "--shard", "+1/2"],
    ["parse", "--limit", "20,30", "x.log"], ["compare", "a", "b", "--threshold", "5%%"],
    ["compare", "a", "b", "--threshold", "0x0.1"],
  ])
  func numbersAreParsedStrictly(_ arguments: [String]) {
    let outcome = bench(arguments)
    #expect(outcome.status == 64, "\(outcome.transcript)")
    #expect(outcome.errors.count == 1, "\(outcome.transcript)")
  }

  @Test func strictNumbers() {
    #expect(StrictNumber.integer("42") == 42)
    #expect(StrictNumber.integer("4 2") == nil)
    #expect(StrictNumber.integer("-1") == nil)
    #expect(StrictNumber.integer("9999999999999999999") == nil)
    #expect(StrictNumber.decimal("0.05") == 0.05)
    #expect(StrictNumber.decimal("5.") == nil)
    #expect(StrictNumber.decimal(".5") == nil)
    #expect(StrictNumber.decimal("1e3") == nil)
    #expect(StrictNumber.decimal("nan") == nil)
  }
}
