import Foundation
import TypeCheckBenchCore

/// What a kind of run (`bench run` and `bench fidelity`, or `bench corpus`) brings to the stages every run shares:
/// the words its lines use and what its resume checks. The stages themselves are stated once (`MeasureStage`,
/// `MeasureStage.finish`, `RunFolder.resume`).
struct PipelineKind: Sendable {
  /// What a kept line counts: "samples", "compiles".
  var noun: String
  /// The command that continues a run of this kind: `bench run`, `bench corpus`.
  var command: String
  /// The measurement version this bench measures this kind with: a run of another one is not resumed.
  var measurementVersion: Int
  /// What to do instead of resuming a run of another measurement version.
  var restartAdvice: String
  /// Whether a resume compares the compilers' files too, not only their versions (`ToolchainInfo.checkUnchanged`).
  var comparesCompilerFiles: Bool
  /// What follows "removed a torn last line " when a resume repairs the journal, from the bytes removed.
  var tornLine: @Sendable (Int) -> String

  /// `bench run` and `bench fidelity`.
  static let sweep = PipelineKind(
    noun: "samples", command: "bench run", measurementVersion: RunCommand.measurementVersion,
    restartAdvice: "start a new run (--reuse cannot copy them either)", comparesCompilerFiles: true,
    tornLine: { "(\($0) bytes, a write cut short); its sample is measured again." })

  /// `bench corpus`. As it always has, a corpus resume compares the compilers' versions, not their files.
  static let corpus = PipelineKind(
    noun: "compiles", command: "bench corpus", measurementVersion: CorpusCommand.measurementVersion,
    restartAdvice: "start a new run", comparesCompilerFiles: false,
    tornLine: { "(\($0) bytes); it is compiled again." })
}

/// A record a run measures into: its plan's compilers, its provenance and the samples taken so far.
protocol MeasuredRecord {
  var provenance: Provenance { get set }
  var toolchains: [ToolchainInfo] { get }
  var samples: [TypeCheckSample] { get set }
}

extension RunRecord: MeasuredRecord {}
extension CorpusRecord: MeasuredRecord {}
