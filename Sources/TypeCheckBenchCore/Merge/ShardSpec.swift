import Generators

/// One share of a sweep or a corpus, `index` of `count` (1-based, as typed: `1/4` … `4/4`).
///
/// The one shard rule: cases are dealt round-robin within each series (cases sharing a `seriesID`) in axis order, starting at a shard
/// chosen by the FNV-1a hash of the series id. So:
/// - every case is in exactly one shard, and within each series the shards' counts differ by at most one;
/// - the cheap and the costly ends of every series are spread over all shards, which balances time, not only counts
///   (a plain hash of case ids could send every deep case to one shard);
/// - the assignment is stable as the sweep grows: a new series or a larger axis value moves no existing case, and
///   the result does not depend on the order the cases are given in.
/// A corpus test is a series of its own (`select(_:id:)`): its shard is the one its id's hash picks.
public struct ShardSpec: Hashable, Sendable, CustomStringConvertible {
  /// 1-based.
  public var index: Int
  public var count: Int

  /// - Throws: `CompareError.usage` unless `1 <= index <= count`.
  public init(index: Int, count: Int) throws {
    guard count >= 1 else {
      throw CompareError.usage("invalid shard '\(index)/\(count)': the count must be at least 1")
    }
    guard (1...count).contains(index) else {
      throw CompareError.usage("invalid shard '\(index)/\(count)': the index must be from 1 to \(count)")
    }
    self.index = index
    self.count = count
  }

  /// Parses `i/n`.
  /// - Throws: `CompareError.usage` with a one-line message, for example for `0/4`, `5/4` or `x`.
  public init(parsing text: String) throws {
    let parts = text.split(separator: "/", omittingEmptySubsequences: false)
    guard parts.count == 2, let index = StrictNumber.integer(parts[0]), let count = StrictNumber.integer(parts[1])
    else {
      throw CompareError.usage("invalid shard '\(text)': expected i/n, for example 1/4")
    }
    try self.init(index: index, count: count)
  }

  /// `i/n`, as `Provenance.shard` records it.
  public var description: String { "\(index)/\(count)" }

  /// This shard's cases, in the order given.
  public func select(_ cases: [CaseSpec]) -> [CaseSpec] {
    let assignment = ShardSpec.assignment(of: cases, count: count)
    return cases.filter { assignment[$0.id] == index }
  }

  /// This shard's items (corpus tests), each a series of its own, in the order given.
  public func select<Item>(_ items: [Item], id: (Item) -> String) -> [Item] {
    let assignment = ShardSpec.deal(items.map { (id: id($0), series: id($0)) }, count: count)
    return items.filter { assignment[id($0)] == index }
  }

  /// The 1-based shard of every case id.
  static func assignment(of cases: [CaseSpec], count: Int) -> [String: Int] {
    let ordered = cases.sorted { ($0.axisValue, $0.id) < ($1.axisValue, $1.id) }
    return deal(ordered.map { (id: $0.id, series: $0.seriesID) }, count: count)
  }

  /// The 1-based shard of every item id: the items of each series are dealt round-robin in the order given, from
  /// the shard the hash of the series id picks (an id given twice keeps its first shard).
  static func deal(_ items: [(id: String, series: String)], count: Int) -> [String: Int] {
    var position: [String: Int] = [:]
    var assignment: [String: Int] = [:]
    for item in items where assignment[item.id] == nil {
      let start = Int(FNV1a.hash(item.series) % UInt64(count))
      let next = position[item.series, default: 0]
      assignment[item.id] = (start + next) % count + 1
      position[item.series] = next + 1
    }
    return assignment
  }
}

/// The cases of shard `index` of `count` (1-based); see `ShardSpec` for how cases are dealt.
/// - Precondition: `1 <= index <= count`.
public func shard(cases: [CaseSpec], index: Int, count: Int) -> [CaseSpec] {
  precondition(count >= 1 && (1...count).contains(index), "shard \(index)/\(count) is out of range")
  return (try! ShardSpec(index: index, count: count)).select(cases)
}
