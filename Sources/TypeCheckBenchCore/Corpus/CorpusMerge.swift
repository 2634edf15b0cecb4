import Escaping
import Foundation

/// Joins corpus runs (the shards of one corpus, or one run per toolchain) into one record.
public enum CorpusMerge {
  /// - Parameter allowMismatch: merge even when the shards are not one complete set of one corpus run.
  /// - Throws: `CompareError.data` naming the inputs when a test differs between them, a compile is in two (also an
  ///   input given twice), or the shards are not one complete set.
  public static func merge(
    _ inputs: [(label: String, record: CorpusRecord)], runID: String, allowMismatch: Bool = false
  ) throws -> CorpusRecord {
    guard let first = inputs.first?.record else { throw CompareError.usage("nothing to merge") }
    let shards = ShardSet(inputs.map { ($0.label, $0.record.provenance) })
    if let problem = shards.problem, !allowMismatch {
      throw CompareError.data("cannot merge: \(problem) (--allow-mismatch merges anyway)")
    }
    var toolchains: [ToolchainInfo] = []
    var tests: [String: (label: String, test: CorpusTest)] = [:]
    var owners: [PointKey: String] = [:]
    var samples: [TypeCheckSample] = []
    var ignored: [String] = []
    for (label, record) in inputs {
      for toolchain in record.toolchains where !toolchains.contains(where: { $0.name == toolchain.name }) {
        toolchains.append(toolchain)
      }
      for requirement in record.ignoredRequirements where !ignored.contains(requirement) {
        ignored.append(requirement)
      }
      for test in record.tests {
        if let known = tests[test.id], known.test.hash != test.hash || known.test.plan != test.plan {
          throw CompareError.data(
            "cannot merge \(label) with \(known.label): test \(test.path) differs (its file or what bench runs)")
        }
        if tests[test.id] == nil { tests[test.id] = (label, test) }
      }
      // A compile in two inputs (also one input given twice) would count twice.
      var keys: Set<PointKey> = []
      for sample in record.samples {
        let key = PointKey(sample)
        if let owner = owners[key] {
          throw CompareError.data(
            "cannot merge \(label): \(sample.caseID) with \(sample.toolchain) is also in \(owner)"
              + (owner == label ? " (given twice)" : ""))
        }
        keys.insert(key)
        samples.append(sample)
      }
      for key in keys { owners[key] = label }
    }
    var provenance = first.provenance
    provenance.startedAt = inputs.map(\.record.provenance.startedAt).min()!
    let finishes = inputs.map(\.record.provenance.finishedAt)
    provenance.finishedAt = finishes.contains(nil) ? nil : finishes.compactMap { $0 }.max()
    (provenance.shard, provenance.commandLine) = shards.merged(first.provenance.commandLine)
    var merged = CorpusRecord(
      runID: runID, provenance: provenance, toolchains: toolchains, ignoredRequirements: ignored,
      tests: tests.values.map(\.test).sorted { $0.id < $1.id }, samples: samples)
    merged.samples = CorpusReport.ordered(merged.samples, in: merged)
    return merged
  }
}
