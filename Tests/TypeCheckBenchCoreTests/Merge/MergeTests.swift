import Generators
import Testing

@testable import TypeCheckBenchCore

@Suite struct MergeTests {
  typealias R = CompareTestRecords

  /// An unsharded two-toolchain record in canonical order, and its four shards as separate runs would record them.
  func shardedRecord() throws -> (whole: RunRecord, shards: [(label: String, record: RunRecord)]) {
    let toolchains = [R.toolchain("a"), R.toolchain("b", version: "6.2")]
    let cases = R.sweep.sorted(by: RecordMerge.canonicalOrder)
    let whole = R.record(runID: "whole", toolchains: toolchains, cases: cases)
    let shards = try (1...4).map { index in
      let share = try ShardSpec(index: index, count: 4).select(cases)
      let ids = Set(share.map(\.id))
      var record = whole
      record.runID = "shard-\(index)"
      record.cases = share
      record.samples = whole.samples.filter { ids.contains($0.caseID) }
      record.provenance.shard = "\(index)/4"
      record.provenance.commandLine = ["bench", "run", "--shard", "\(index)/4"]
      record.provenance.startedAt = "2026-01-01T00:0\(index):00Z"
      record.provenance.finishedAt = "2026-01-01T00:1\(index):00Z"
      return (label: "shard-\(index).json", record: record)
    }
    return (whole, shards)
  }

  @Test func mergingFourShardsGivesTheUnshardedRecord() throws {
    let (whole, shards) = try shardedRecord()
    // Feed the shards out of order: the result must not depend on it.
    let merged = try RecordMerge.merge([shards[2], shards[0], shards[3], shards[1]], runID: "whole")
    #expect(merged.cases == whole.cases)
    #expect(merged.samples == whole.samples)
    #expect(merged.toolchains == whole.toolchains)
    #expect(merged.provenance.startedAt == "2026-01-01T00:01:00Z")
    #expect(merged.provenance.finishedAt == "2026-01-01T00:14:00Z")
    var provenance = merged.provenance
    provenance.startedAt = whole.provenance.startedAt
    provenance.finishedAt = whole.provenance.finishedAt
    #expect(provenance == whole.provenance)
    #expect(merged.provenance.shard == nil)
    #expect(merged.runID == "whole")
    #expect(try RecordMerge.merge(shards).runID == "shard-1")
    #expect(MeasuredPoint.points(in: merged) == MeasuredPoint.points(in: whole))
  }

  @Test func theChartedCountersSurviveTheMerge() throws {
    var (whole, shards) = try shardedRecord()
    let counters = [StatName.constraintScopes, StatName.leafScopes]
    whole.counters = counters
    for index in shards.indices { shards[index].record.counters = counters }
    let merged = try RecordMerge.merge(shards, runID: "whole")
    #expect(merged.counters == counters)
    #expect(merged.chartedCounters == whole.chartedCounters)
    #expect(RunReport(merged).charts.map(\.path) == RunReport(whole).charts.map(\.path))
    // Shards that charted different counters are a mismatch; allowed, every counter is kept.
    shards[1].record.counters = [StatName.declsTypechecked]
    do {
      _ = try RecordMerge.merge(shards, runID: "m")
      Issue.record("merged")
    } catch let error as CompareError {
      #expect(error.description.contains("counters differ"))
    }
    let allowed = try RecordMerge.merge(shards, runID: "m", allowMismatch: true)
    #expect(allowed.counters == counters + [StatName.declsTypechecked])
    // Runs without --counter stay without.
    #expect(try RecordMerge.merge(try shardedRecord().shards, runID: "m").counters == nil)
  }

  @Test func anUnfinishedShardLeavesTheMergeUnfinished() throws {
    var (_, shards) = try shardedRecord()
    shards[1].record.provenance.finishedAt = nil
    #expect(try RecordMerge.merge(shards, runID: "m").provenance.finishedAt == nil)
  }

  @Test func refusesMismatchedProvenanceUnlessAllowed() throws {
    var (_, shards) = try shardedRecord()
    shards[1].record.provenance.benchVersion = "0.2.0"
    shards[1].record.provenance.runs = 3
    #expect(
      throws: CompareError.data(
        "cannot merge shard-2.json with shard-1.json: bench versions differ (0.2.0 vs 0.1.0); runs differ (3 vs 5) "
          + "(--allow-mismatch merges anyway)")
    ) { try RecordMerge.merge(shards, runID: "m") }
    let merged = try RecordMerge.merge(shards, runID: "m", allowMismatch: true)
    #expect(merged.provenance.benchVersion == "0.1.0")
  }

  @Test func refusesDifferentToolchainIdentities() throws {
    var (_, shards) = try shardedRecord()
    shards[3].record.toolchains[1].extraFlags = ["-Xfrontend", "-solver-disable-splitter"]
    #expect(
      throws: CompareError.data(
        "cannot merge shard-4.json with shard-1.json: toolchain b differs (path, version or flags) "
          + "(--allow-mismatch merges anyway)")
    ) { try RecordMerge.merge(shards, runID: "m") }
    shards[3].record.toolchains[1].extraFlags = []
    shards[3].record.toolchains[1].versionText = "Swift version 6.2.1"
    #expect(throws: CompareError.self) { try RecordMerge.merge(shards, runID: "m") }
  }

  /// Runs that differ only in toolchain (as CI measures them, one job per toolchain) merge into one record holding
  /// both, which reports show side by side.
  @Test func mergesRunsOfDifferentToolchains() throws {
    typealias R = CompareTestRecords
    let old = R.record(runID: "c1-6.2", toolchains: [R.toolchain("6.2", version: "6.2")])
    let new = R.record(
      runID: "c1-6.3", toolchains: [R.toolchain("6.3", version: "6.3.1")], timeFactor: { _, _ in 0.5 })
    let merged = try RecordMerge.merge([("6.2", old), ("6.3", new)], runID: "side-by-side")
    #expect(merged.toolchains.map(\.name) == ["6.2", "6.3"])
    #expect(merged.samples.count == old.samples.count + new.samples.count)
    let comparison = try Comparison(record: merged, baseToolchain: "6.2", newToolchain: "6.3")
    #expect(comparison.count(.faster) == R.sweep.count)
    // Same-named toolchains must still be the same compiler.
    var other = new
    other.toolchains[0].name = "6.2"
    other.samples = other.samples.map { sample in
      var copy = sample
      copy.toolchain = "6.2"
      return copy
    }
    #expect(throws: CompareError.self) { try RecordMerge.merge([("6.2", old), ("other", other)], runID: "m") }
  }

  @Test func refusesDuplicatePointsUnlessAllowed() throws {
    let (_, shards) = try shardedRecord()
    let inputs = [shards[0], (label: "again.json", record: shards[0].record)]
    let pointCount = Set(shards[0].record.samples.map { "\($0.caseID)/\($0.toolchain)" }).count
    do {
      _ = try RecordMerge.merge(inputs, runID: "m")
      Issue.record("merged")
    } catch let error as CompareError {
      #expect(
        error.description.hasPrefix("cannot merge again.json: \(pointCount) point(s) also in shard-1.json, first "))
    }
    let merged = try RecordMerge.merge(inputs, runID: "m", allowDuplicates: true)
    #expect(merged.samples.count == 2 * shards[0].record.samples.count)
    let first = MeasuredPoint.points(in: merged)[0]
    #expect(first.milliseconds.count == 10)
    let iterations = merged.samples.filter { $0.caseID == first.caseID && $0.toolchain == first.toolchain }
      .map(\.iteration)
    #expect(iterations == Array(0..<10))
  }

  @Test func dropsTheShardArgumentFromTheCommandLine() {
    #expect(
      RecordMerge.withoutShardArgument(["bench", "run", "--shard", "1/4", "--shard=2/4", "--runs", "5"])
        == ["bench", "run", "--runs", "5"])
  }
}
