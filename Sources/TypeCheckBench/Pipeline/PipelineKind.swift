import Foundation
import TypeCheckBenchCore

/// A kind of run, by what it brings to the stages every run shares: the words its lines use and what its resume
/// checks. The stages themselves are stated once (`MeasureStage`, `MeasureStage.finish`, `RunFolder.resume`).
enum PipelineKind: Sendable {
  /// `bench run` and `bench fidelity`.
  case sweep
  /// `bench corpus`.
  case corpus

  /// What a kept line counts.
  var noun: String { self == .sweep ? "samples" : "compiles" }

  /// The command that continues a run of this kind.
  var command: String { self == .sweep ? "bench run" : "bench corpus" }

  /// The measurement version this bench measures this kind with: a run of another one is not resumed.
  var measurementVersion: Int {
    self == .sweep ? RunCommand.measurementVersion : CorpusCommand.measurementVersion
  }

  /// What to do instead of resuming a run of another measurement version.
  var restartAdvice: String {
    "start a new run" + (self == .sweep ? " (--reuse cannot copy them either)" : "")
  }

  /// Whether a resume compares the compilers' files too, not only their versions (`ToolchainInfo.checkUnchanged`):
  /// as it always has, a corpus resume compares their versions only.
  var comparesCompilerFiles: Bool { self == .sweep }

  /// What follows "removed a torn last line " when a resume repairs the journal, from the `bytes` removed.
  func tornLine(_ bytes: Int) -> String {
    self == .sweep
      ? "(\(bytes) bytes, a write cut short); its sample is measured again." : "(\(bytes) bytes); it is compiled again."
  }
}

/// A record a run measures into: its plan's compilers, its provenance and the samples taken so far.
protocol MeasuredRecord {
  var provenance: Provenance { get set }
  var toolchains: [ToolchainInfo] { get }
  var samples: [TypeCheckSample] { get set }
}

extension RunRecord: MeasuredRecord {}
extension CorpusRecord: MeasuredRecord {}
