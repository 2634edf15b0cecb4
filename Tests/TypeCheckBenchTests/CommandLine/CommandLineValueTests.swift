import Foundation
import TestSupport
import Testing
import TypeCheckBenchCore

@testable import TypeCheckBench

/// Values, not flags: a misspelt value gets the nearest accepted one, and a range where one number belongs is refused.
@Suite struct CommandLineValueTests {
  @Test(arguments: [
    (["run", "--family", "nestng"], "--family: unknown value 'nestng'", "did you mean 'nesting'?"),
    (["generate", "--model", "perkind", "-o", "R"], "--model: unknown value 'perkind'", "did you mean 'per-kind'?"),
    (["run", "--primitives", "group,secton"], "--primitives: unknown value 'secton'", "did you mean 'section'?"),
    (["run", "--chart-variant", "moden"], "--chart-variant: unknown value 'moden'", "did you mean 'modern'?"),
    (
      ["run", "--block-style", "fixed-arty"], "--block-style: unknown value 'fixed-arty'", "did you mean 'fixed-arity'?"
    ),
    (["run", "--format", "csv,svgg"], "--format: unknown value 'svgg'", "did you mean 'svg'?"),
    (
      ["report", "R", "--format", "gh-benchmrk"], "--format: unknown value 'gh-benchmrk'",
      "did you mean 'gh-benchmark'?"
    ),
    (["parse", "x.log", "--format", "jsn"], "--format: unknown value 'jsn'", "did you mean 'json'?"),
    (["parse", "x.log", "--rank", "totl"], "--rank: unknown value 'totl'", "did you mean 'total'?"),
    (["compare", "a", "b", "--format", "mdd"], "--format: unknown value 'mdd'", "did you mean 'md'?"),
    (["analyze", "x", "--format", "tabel"], "--format: unknown value 'tabel'", "did you mean 'table'?"),
  ])
  func aMisspeltValueSuggestsTheNearest(_ arguments: [String], _ start: String, _ suggestion: String) throws {
    let temp = try TemporaryDirectory()
    let outcome = bench(arguments.map { $0 == "R" ? temp.url.path : $0 })
    #expect(outcome.status == 64, "\(outcome.transcript)")
    #expect(outcome.errors.count == 1, "\(outcome.transcript)")
    let line = outcome.errors.first ?? ""
    #expect(line.hasPrefix("bench: \(start); expected "), "\(line)")
    #expect(line.hasSuffix("; \(suggestion)"), "\(line)")
  }

  @Test func aFarFetchedValueGetsTheListOnly() {
    let outcome = bench(["run", "--family", "xyzzy"])
    #expect(
      outcome.errors == [
        "bench: --family: unknown value 'xyzzy'; expected one or more of nesting, branches, chart, state, "
          + "comma-separated"
      ])
  }

  @Test(arguments: [
    ["run", "--runs", "1...3"], ["run", "--warmup", "0..<2"], ["run", "--jobs", "1,2"],
    ["parse", "--limit", "2...4", "x"],
  ])
  func aRangeWhereOneNumberBelongsIsAnError(_ arguments: [String]) {
    let outcome = bench(arguments)
    #expect(outcome.status == 64, "\(outcome.transcript)")
    #expect(outcome.errors.count == 1)
    #expect(outcome.errors.first?.contains("expected one whole number") == true, "\(outcome.transcript)")
  }
}
