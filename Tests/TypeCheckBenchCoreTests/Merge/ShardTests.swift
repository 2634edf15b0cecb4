import Generators
import Testing

@testable import TypeCheckBenchCore

@Suite struct ShardTests {
  typealias R = CompareTestRecords

  @Test func parsesOneBasedShares() throws {
    let spec = try ShardSpec(parsing: "3/4")
    #expect(spec.index == 3 && spec.count == 4)
    #expect(spec.description == "3/4")
    #expect(try ShardSpec(parsing: "1/1").description == "1/1")
  }

  @Test func rejectsMalformedShares() {
    let cases: [(String, String)] = [
      ("0/4", "invalid shard '0/4': the index must be from 1 to 4"),
      ("5/4", "invalid shard '5/4': the index must be from 1 to 4"),
      ("x", "invalid shard 'x': expected i/n, for example 1/4"),
      ("1/0", "invalid shard '1/0': the count must be at least 1"),
      ("1/", "invalid shard '1/': expected i/n, for example 1/4"),
      ("1/2/3", "invalid shard '1/2/3': expected i/n, for example 1/4"),
    ]
    for (text, message) in cases {
      #expect(throws: CompareError.usage(message)) { try ShardSpec(parsing: text) }
    }
  }

  /// A corpus test is a series of its own: shard i of n holds the tests whose id's FNV-1a hash is i − 1 modulo n
  /// (FNV-1a computed here by its definition, not by bench's).
  @Test func aCorpusTestGoesToTheShardItsIdHashes() throws {
    func fnv1a(_ text: String) -> UInt64 {
      text.utf8.reduce(0xcbf2_9ce4_8422_2325) { ($0 ^ UInt64($1)) &* 0x100_0000_01b3 }
    }
    let ids = (1...40).map { "t\($0).swift" }
    var seen: [String] = []
    for index in 1...3 {
      let selected = try ShardSpec(index: index, count: 3).select(ids, id: { $0 })
      #expect(selected == ids.filter { Int(fnv1a($0) % 3) + 1 == index })
      seen += selected
    }
    #expect(seen.sorted() == ids.sorted())
  }

  @Test func everyCaseIsInExactlyOneShard() {
    for count in 1...7 {
      let shares = (1...count).map { shard(cases: R.sweep, index: $0, count: count) }
      let ids = shares.flatMap { $0.map(\.id) }
      #expect(ids.count == R.sweep.count)
      #expect(Set(ids) == Set(R.sweep.map(\.id)))
      // Cases keep the sweep's order within a shard.
      for share in shares {
        let positions = share.map { spec in R.sweep.firstIndex(of: spec)! }
        #expect(positions == positions.sorted())
      }
    }
  }

  @Test func sharesAreBalancedWithinEverySeries() {
    let count = 4
    let shares = (1...count).map { shard(cases: R.sweep, index: $0, count: count) }
    for seriesID in Set(R.sweep.map(\.seriesID)) {
      let sizes = shares.map { share in share.count { $0.seriesID == seriesID } }
      #expect(sizes.max()! - sizes.min()! <= 1, "\(seriesID): \(sizes)")
    }
    // 4 nesting series of 8 split exactly; 2 branches series of 6 leave 2 extra cases each.
    let sizes = shares.map(\.count)
    #expect(sizes.reduce(0, +) == 44 && sizes.max()! - sizes.min()! <= 2, "\(sizes)")
    // The deepest cases of the four nesting series are not all in one shard.
    let deepest = R.sweep.filter { $0.family == .nesting && $0.depth == 8 }
    let deepestShards = Set(deepest.map { spec in shares.firstIndex { $0.contains(spec) }! })
    #expect(deepestShards.count > 1)
  }

  /// The rule as `ShardSpec` states it: a series' cases, in axis order, go to consecutive shards from the one its
  /// id's FNV-1a hash picks (FNV-1a computed here by its definition).
  @Test func aSeriesIsDealtInAxisOrderFromTheShardItsIdHashes() throws {
    func fnv1a(_ text: String) -> UInt64 {
      text.utf8.reduce(0xcbf2_9ce4_8422_2325) { ($0 ^ UInt64($1)) &* 0x100_0000_01b3 }
    }
    let count = 3
    var shardOf: [String: Int] = [:]
    for index in 1...count {
      for spec in try ShardSpec(index: index, count: count).select(R.sweep) { shardOf[spec.id] = index }
    }
    for seriesID in Set(R.sweep.map(\.seriesID)) {
      let members = R.sweep.filter { $0.seriesID == seriesID }.sorted { $0.axisValue < $1.axisValue }
      let start = Int(fnv1a(seriesID) % UInt64(count))
      #expect(members.map { shardOf[$0.id]! } == members.indices.map { (start + $0) % count + 1 }, "\(seriesID)")
    }
  }

  @Test func assignmentIgnoresInputOrderAndSurvivesAGrowingSweep() {
    let count = 4
    func shardOf(_ cases: [CaseSpec]) -> [String: Int] {
      var result: [String: Int] = [:]
      for index in 1...count {
        for spec in shard(cases: cases, index: index, count: count) { result[spec.id] = index }
      }
      return result
    }
    let original = shardOf(R.sweep)
    #expect(shardOf(R.sweep.reversed()) == original)
    var grown = R.sweep
    grown.append(CaseSpec(family: .nesting, model: .unified, preset: .minimal, depth: 9))
    grown.append(contentsOf: (1...5).map { CaseSpec(family: .chart, model: .perKind, branches: $0) })
    let after = shardOf(grown)
    for (id, index) in original { #expect(after[id] == index, "\(id)") }
  }
}
