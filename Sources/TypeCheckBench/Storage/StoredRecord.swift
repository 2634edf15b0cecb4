import Escaping
import Foundation
import Generators
import TypeCheckBenchCore

/// A record as the store read it: the file it came from and what its `kind` says it holds.
public struct StoredRecord: Sendable {
  /// What a record holds, by the `kind` its run.json names (none: a sweep run, `bench run` or `bench fidelity`).
  public enum Content: Sendable {
    case sweep(RunRecord)
    case corpus(CorpusRecord)
  }

  /// The run.json read.
  public var file: URL
  public var content: Content

  /// The sweep run, or nil for another kind.
  public var sweep: RunRecord? {
    if case .sweep(let record) = content { record } else { nil }
  }

  /// The corpus run, or nil for another kind.
  public var corpus: CorpusRecord? {
    if case .corpus(let record) = content { record } else { nil }
  }
}
