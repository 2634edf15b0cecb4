import Foundation
import Generators
import TestSupport
import Testing
import TypeCheckBenchCore

@testable import TypeCheckBench

/// A sweep measured whole and as four shards merged back together: the same points, cases, provenance and scopes.
@Suite(.enabled(if: Integration.hasCompiler, "needs an installed swiftc"))
struct IntegrationShardTests {
  /// Four series (two families, two models) of two cheap cases each, so that no shard holds a whole series and the
  /// merge joins every series from two shards; two runs, so that iterations are merged too. Only scopes are compared, so compiles may
  /// run in parallel.
  static func sweep(_ swiftc: String) -> [String] {
    [
      "--family", "nesting,chart", "--depth", "1...2", "--branches", "1...2", "--chart-variant", "compat",
      "--runs", "2", "--warmup", "0", "--jobs", "2", "--quiet", "--swiftc", swiftc,
    ]
  }

  @Test func fourMergedShardsEqualTheUnshardedRun() throws {
    let swiftc = try #require(Integration.swiftc)
    let folder = try TemporaryDirectory()
    let whole = folder.url.appendingPathComponent("whole")
    #expect(Integration.bench(["run"] + Self.sweep(swiftc) + ["-o", whole.path]) == 0)
    let shards = (1...4).map { folder.url.appendingPathComponent("s\($0)") }
    for (index, shard) in shards.enumerated() {
      #expect(Integration.bench(["run"] + Self.sweep(swiftc) + ["--shard", "\(index + 1)/4", "-o", shard.path]) == 0)
    }
    let merged = folder.url.appendingPathComponent("merged")
    #expect(Integration.bench(["merge"] + shards.map(\.path) + ["-o", merged.path]) == 0)

    let unsharded = try Integration.record(whole)
    let shardRecords = try shards.map(Integration.record)
    let record = try Integration.record(merged)

    #expect(unsharded.cases.count == 8)
    // Every case is in exactly one shard.
    let shardCaseIDs = shardRecords.flatMap { $0.cases.map(\.id) }
    #expect(shardCaseIDs.count == Set(shardCaseIDs).count)
    #expect(Set(shardCaseIDs) == Set(unsharded.cases.map(\.id)))
    #expect(shardRecords.map(\.provenance.shard) == ["1/4", "2/4", "3/4", "4/4"])

    // The same points and cases.
    #expect(Set(record.samples.map(Integration.PointID.init)) == Set(unsharded.samples.map(Integration.PointID.init)))
    #expect(record.samples.count == unsharded.samples.count)
    #expect(Set(record.cases) == Set(unsharded.cases))
    // The merged record lists cases in canonical order (each series whole, by axis value); the unsharded run lists
    // them in sweep order (models of one axis value adjacent). Both are the canonical order once sorted.
    #expect(record.cases == unsharded.cases.sorted(by: RecordMerge.canonicalOrder))
    #expect(record.toolchains == unsharded.toolchains)

    // The same provenance, but for the times, the shard and the command line.
    func comparable(_ provenance: Provenance) -> Provenance {
      var copy = provenance
      copy.startedAt = ""
      copy.finishedAt = nil
      copy.shard = nil
      copy.commandLine = []
      return copy
    }
    #expect(comparable(record.provenance) == comparable(unsharded.provenance))
    #expect(record.provenance.shard == nil)
    #expect(!record.provenance.commandLine.contains("--shard"))
    #expect(record.provenance.finishedAt != nil)

    // Constraint scopes are deterministic: every sample's are the unsharded run's.
    let expected = Integration.scopes(unsharded)
    let actual = Integration.scopes(record)
    #expect(expected.values.allSatisfy { $0 != nil })
    #expect(actual == expected)
  }
}
