import Generators

/// The shards among a merge's inputs: whether they are one complete set of one sweep, and what the merged record
/// says it ran.
public struct ShardSet: Sendable {
  /// Each input's label and shard (nil for a whole run).
  var inputs: [(label: String, shard: ShardSpec?, sweep: [String])]
  /// Why the inputs are not one complete set of one sweep's shards, or nil (also for inputs without shards: runs
  /// per toolchain merge side by side).
  public private(set) var problem: String?

  /// The options that say where a run is written or how it prints, not what it measures: left out when shards'
  /// command lines are compared and of the merged command line.
  static let placementOptions: Set<String> = ["--shard", "--output", "-o", "--results"]

  /// - Parameter allowRepeats: a shard may be given more than once (`--allow-duplicates`).
  init(_ inputs: [(label: String, provenance: Provenance)], allowRepeats: Bool = false) {
    self.inputs = inputs.map { input in
      (
        input.label, input.provenance.shard.flatMap { try? ShardSpec(parsing: $0) },
        RecordMerge.withoutShardArgument(input.provenance.commandLine, options: Self.placementOptions).filter {
          $0 != "--quiet"
        }
      )
    }
    problem = Self.problem(self.inputs, allowRepeats: allowRepeats)
  }

  private static func problem(_ inputs: [(label: String, shard: ShardSpec?, sweep: [String])], allowRepeats: Bool)
    -> String?
  {
    let sharded = inputs.filter { $0.shard != nil }
    guard let first = sharded.first, let count = first.shard?.count else { return nil }
    if let whole = inputs.first(where: { $0.shard == nil }) {
      return "\(first.label) is shard \(first.shard!) but \(whole.label) is a whole run"
    }
    if let other = sharded.first(where: { $0.shard!.count != count }) {
      return "shard counts differ (\(first.label) is shard \(first.shard!), \(other.label) shard \(other.shard!))"
    }
    if let other = sharded.first(where: { $0.sweep != first.sweep }) {
      return
        "\(first.label) and \(other.label) are shards of different sweeps ('\(first.sweep.joined(separator: " "))' vs "
        + "'\(other.sweep.joined(separator: " "))')"
    }
    var seen: [Int: String] = [:]
    for input in sharded {
      if let earlier = seen[input.shard!.index], !allowRepeats {
        return "shard \(input.shard!) is given twice (\(earlier) and \(input.label))"
      }
      seen[input.shard!.index] = seen[input.shard!.index] ?? input.label
    }
    let missing = (1...count).filter { seen[$0] == nil }
    if !missing.isEmpty {
      return "the shards are incomplete: \(missing.map { "\($0)/\(count)" }.joined(separator: ", ")) missing (only "
        + "\(seen.keys.sorted().map { "\($0)/\(count)" }.joined(separator: ", ")) given)"
    }
    return nil
  }

  /// The merged record's shard and command line: for a complete set of one sweep, no shard and the sweep's command
  /// line (the first's without `--shard` and its output); otherwise the shards given and the merge itself (`bench
  /// merge` and the inputs), never one shard's command line as if it were the whole sweep's.
  func merged(_ firstCommandLine: [String]) -> (shard: String?, commandLine: [String]) {
    let sharded = inputs.filter { $0.shard != nil }
    if sharded.isEmpty { return (nil, RecordMerge.withoutShardArgument(firstCommandLine)) }
    if problem == nil { return (nil, inputs[0].sweep) }
    let given = sharded.map { $0.shard!.description }.joined(separator: ", ")
    return ("only \(given)", ["bench", "merge"] + inputs.map(\.label) + ["--allow-mismatch"])
  }
}
