import Foundation
import TestSupport
import Testing

@testable import TypeCheckBench
@testable import TypeCheckBenchCore

/// Statistics and timings out of range are bad data for their sample, recorded as such; never a trap.
@Suite struct OutOfRangeSampleTests {
  @Test(arguments: [
    "{\"Sema.NumConstraintScopes\": 1e300, \"Sema.NumLeafScopes\": 7}",
    "{\"Sema.NumConstraintScopes\": -42, \"Sema.NumLeafScopes\": 7}",
    "{\"Sema.NumConstraintScopes\": 42, \"time.swift.Type checking and Semantic analysis.wall\": 1e300}",
  ])
  func anAbsurdStatisticIsBadDataForItsSampleOnly(_ stats: String) throws {
    let temp = try TemporaryDirectory()
    let ids = try FaultInjectionTests.caseIDs()
    // The third case's instrumented compile (the one that writes statistics) writes a second statistics file with the
    // absurd value (files are summed), then its timing line, and ends before the fake's usual output.
    let fake = try FakeCompiler(
      in: temp,
      scenario: FaultInjectionTests.when(
        ids[2],
        "if [ -n \"$stats\" ]; then printf '%s\\n' '\(stats)' > \"$stats/bad.json\"; "
          + "printf '{}' > \"$stats/frontend.json\"; "
          + "printf '1.25ms\\t%s:%s:1\\tglobal function main.(file).body@%s:%s:1\\n' \"$file\" \"$lines\" \"$file\" "
          + "\"$lines\" >&2; exit 0; fi"))
    let folder = temp.url.appendingPathComponent("run")
    let outcome = FaultInjectionTests.run(fake, into: folder)
    #expect(outcome.status == 0, "\(outcome.transcript)")
    let record = try RecordStore.sweep(folder)
    #expect(record.samples.count == 12)
    let bad = try #require(record.samples.first { $0.caseID == ids[2] && $0.pass == .instrumented })
    #expect(bad.outcome == .badData)
    #expect(bad.detail?.hasPrefix("out of range: ") == true, "\(bad.detail ?? "")")
    #expect(record.samples.filter { $0.outcome == .ok }.count == 11)
    // A point whose instrumented compile reported bad data has no measurement: its counters are unknown.
    #expect(PointSummary.summaries(of: record).first { $0.caseID == ids[2] }?.outcome == .badData)
    #expect(outcome.output.contains { $0.contains(ids[2]) && $0.contains("bad-data") }, "\(outcome.transcript)")
    // Every later reader accepts the run.
    #expect(bench(["report", folder.path]).status == 0)
    #expect(bench(["run", "--resume", folder.path, "--quiet"]).status == 0)
    #expect(fake.invocations == 12)
  }

  @Test func quarantineKeepsTheGoodValuesAndNamesTheBadOnes() throws {
    let sample = TypeCheckSample(
      caseID: "c", toolchain: "t", iteration: 0, outcome: .ok, wallSeconds: 1e300, userSeconds: 0.5,
      systemSeconds: -1, maxRSSBytes: 100, caseMilliseconds: 3,
      stats: ["Sema.NumConstraintScopes": 12, "Sema.NumLeafScopes": .infinity])
    let kept = RecordValidation.quarantined(sample)
    #expect(kept.outcome == .badData)
    #expect(kept.wallSeconds == 0 && kept.systemSeconds == 0 && kept.userSeconds == 0.5)
    #expect(kept.stats == ["Sema.NumConstraintScopes": 12])
    #expect(kept.detail == "out of range: wall time 1e+300, system time -1.0, Sema.NumLeafScopes inf")
    try RecordValidation.validate(kept)
    var fine = sample
    fine.wallSeconds = 1
    fine.systemSeconds = 0
    fine.stats = [:]
    #expect(RecordValidation.quarantined(fine) == fine)
  }

  @Test func aScopesFigureBeyondIntIsFormattedNotTrapped() {
    #expect(RunReport.grouped(1e300) == NumberFormat.compact(1e300, digits: 6))
    #expect(RunReport.grouped(1_048_576) == "1,048,576")
  }
}
