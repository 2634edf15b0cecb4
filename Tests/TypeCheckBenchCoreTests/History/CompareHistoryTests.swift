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

  /// Fourth hostile pass, D3: two different runs written to folders of the same name (`-o runs/a/nightly`, then
  /// `-o runs/b/nightly`) share a run id. The second never replaces the first: it is added as `nightly-2`, said so;
  /// each appended again replaces only its own earlier copy; a copy claiming another compiler version (h07) is
  /// another run too.
  @Test func aDifferentRunWithTheSameIDIsAddedUnderANewIDNeverReplacingTheFirst() throws {
    let a = run("nightly", startedAt: "2026-01-02T00:00:00Z")
    let b = run("nightly", startedAt: "2026-01-03T00:00:00Z", factor: 2)
    let (first, added) = try History().adding(a)
    #expect(added == .added(runID: "nightly"))
    let (second, renamed) = try first.adding(b)
    guard case .renamed(from: "nightly", to: "nightly-2", let holder, replacedCopy: false) = renamed else {
      Issue.record("\(renamed)")
      return
    }
    #expect(holder.date == "2026-01-02T00:00:00Z")
    #expect(second.runIDs == ["nightly", "nightly-2"])
    #expect(second.entries.count == 4)
    // Each run appended again replaces its own copy, nothing else.
    let (third, again) = try second.adding(b)
    #expect(third == second)
    if case .renamed(_, "nightly-2", _, replacedCopy: true) = again {} else { Issue.record("\(again)") }
    let (fourth, replaced) = try third.adding(a)
    #expect(fourth == second && replaced == .replaced(runID: "nightly"))
    // The same folder and start time, another compiler version: not the same run.
    var edited = a
    edited.toolchains[0].version = "9.9"
    let (fifth, other) = try fourth.adding(edited)
    if case .renamed(_, "nightly-3", _, replacedCopy: false) = other {} else { Issue.record("\(other)") }
    #expect(fifth.entries.filter { $0.runID == "nightly" } == second.entries.filter { $0.runID == "nightly" })
    // An id with no room for a suffix is refused, never truncated into another run's.
    let long = run(String(repeating: "n", count: 200), startedAt: "2026-01-02T00:00:00Z")
    let longer = run(String(repeating: "n", count: 200), startedAt: "2026-01-03T00:00:00Z")
    #expect(throws: CompareError.self) { try History().appending(long).adding(longer) }
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
