import Escaping
import Foundation
import Generators
import TypeCheckBenchCore

/// A record as the store read it: the file it came from, the kind its run.json names, and the record decoded as that
/// kind's.
public struct StoredRecord: Sendable {
  /// The run.json read.
  public var file: URL
  /// The kind of run it holds (`BenchCommandLine.kinds`).
  var kind: any RunKind
  /// The record, of the kind's `Record` type.
  var record: any Sendable

  /// The sweep run (`bench run`, `bench fidelity`), or nil for another kind.
  public var sweep: RunRecord? { try? SweepKind().record(of: self) }

  /// The corpus run (`bench corpus`), or nil for another kind.
  public var corpus: CorpusRecord? { try? CorpusKind().record(of: self) }
}
