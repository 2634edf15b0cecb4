import Generators
import Testing

@testable import TypeCheckBenchCore

@Suite struct CompareHistoryTests {
  typealias R = CompareTestRecords

  func run(_ id: String, startedAt: String, factor: Double = 1) -> RunRecord {
    R.record(
      runID: id, cases: Array(R.sweep.prefix(2)), provenance: R.provenance(startedAt: startedAt),
      timeFactor: { _, _ in factor })
  }

  @Test func appendsOneEntryPerPointAndReplacesARepublishedRun() {
    let first = History().appending(run("r1", startedAt: "2026-01-02T00:00:00Z"))
    #expect(first.entries.count == 2)
    #expect(first.entries[0].caseID == R.sweep[0].id && first.entries[0].toolchainVersion == "6.3.1")
    #expect(first.appending(run("r1", startedAt: "2026-01-02T00:00:00Z")) == first)
    let second = first.appending(run("r0", startedAt: "2026-01-01T00:00:00Z", factor: 2))
    #expect(second.runIDs == ["r0", "r1"])
    #expect(second.series.count == 2)
    #expect(second.series[0].entries.map(\.runID) == ["r0", "r1"])
  }

  @Test func jsonLinesRoundTrip() throws {
    let history = History().appending(run("r1", startedAt: "2026-01-02T00:00:00Z"))
      .appending(run("r2", startedAt: "2026-01-03T00:00:00Z"))
    let text = history.jsonLines
    #expect(text.split(separator: "\n").count == 4)
    #expect(try History(jsonLines: text + "\n\n") == history)
    #expect(
      history.csv.hasPrefix("run_id,date,git_revision,toolchain,toolchain_version,case_id,outcome,median_ms,scopes\r\n")
    )
  }

  @Test func refusesABadLine() {
    #expect(throws: CompareError.data("history line 1 is not a history entry: {}")) {
      try History(jsonLines: "{}\n")
    }
  }
}
