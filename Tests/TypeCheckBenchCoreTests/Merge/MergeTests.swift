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
    // Shard 1/4 twice is also an incomplete set: both allowances merge it.
    let merged = try RecordMerge.merge(inputs, runID: "m", allowMismatch: true, allowDuplicates: true)
    #expect(merged.samples.count == 2 * shards[0].record.samples.count)
    let first = MeasuredPoint.points(in: merged)[0]
    #expect(first.milliseconds.count == 10)
    let iterations = merged.samples.filter { $0.caseID == first.caseID && $0.toolchain == first.toolchain }
      .map(\.iteration)
    #expect(iterations == Array(0..<10))
  }

  /// An incomplete set, shards of different counts or of different sweeps, and shards mixed with a whole run merged
  /// silently, the record carrying the first shard's command line as the whole sweep's: each is refused, naming the
  /// shards; with --allow-mismatch the record says what it holds (the shards given, the merge's command line).
  @Test func refusesAnythingButOneCompleteShardSet() throws {
    let (_, shards) = try shardedRecord()
    func refusal(_ inputs: [(label: String, record: RunRecord)]) -> String? {
      do {
        _ = try RecordMerge.merge(inputs, runID: "m")
        Issue.record("merged")
      } catch let error as CompareError {
        return error.description
      } catch {
        Issue.record("\(error)")
      }
      return nil
    }
    #expect(
      refusal([shards[0], shards[2], shards[3]])
        == "cannot merge: the shards are incomplete: 2/4 missing (only 1/4, 3/4, 4/4 given) (--allow-mismatch merges "
        + "anyway)")
    var thirds = shards
    thirds[1].record.provenance.shard = "2/3"
    #expect(
      refusal(thirds)
        == "cannot merge: shard counts differ (shard-1.json is shard 1/4, shard-2.json shard 2/3) (--allow-mismatch "
        + "merges anyway)")
    var other = shards
    other[3].record.provenance.commandLine = ["bench", "run", "--depth", "1...3", "--shard", "4/4", "-o", "x"]
    #expect(refusal(other)?.contains("shard-1.json and shard-4.json are shards of different sweeps") == true)
    var mixed = shards
    mixed[2].record.provenance.shard = nil
    #expect(refusal(mixed)?.contains("shard-1.json is shard 1/4 but shard-3.json is a whole run") == true)
    // Each shard's own output folder is not part of the sweep: a complete set merges, with the sweep's command line.
    var placed = shards
    for index in placed.indices {
      placed[index].record.provenance.commandLine += ["-o", "shard-\(index + 1)", "--quiet"]
    }
    let merged = try RecordMerge.merge(placed, runID: "m")
    #expect(merged.provenance.commandLine == ["bench", "run"])
    #expect(merged.provenance.shard == nil)
    let partial = try RecordMerge.merge([shards[0], shards[2]], runID: "m", allowMismatch: true)
    #expect(partial.provenance.shard == "only 1/4, 3/4")
    #expect(partial.provenance.commandLine == ["bench", "merge", "shard-1.json", "shard-3.json", "--allow-mismatch"])
  }

  @Test func dropsTheShardArgumentFromTheCommandLine() {
    #expect(
      RecordMerge.withoutShardArgument(["bench", "run", "--shard", "1/4", "--shard=2/4", "--runs", "5"])
        == ["bench", "run", "--runs", "5"])
  }
}
