import Foundation
import TypeCheckBenchCore

/// A record a run measures into: its plan's compilers, its provenance and the samples taken so far.
protocol MeasuredRecord {
  var provenance: Provenance { get set }
  var toolchains: [ToolchainInfo] { get }
  var samples: [TypeCheckSample] { get set }
}

extension RunRecord: MeasuredRecord {}
extension CorpusRecord: MeasuredRecord {}
