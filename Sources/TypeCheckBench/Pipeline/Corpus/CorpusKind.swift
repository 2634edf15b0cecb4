import Foundation
import TypeCheckBenchCore

/// A corpus run (`bench corpus`): the words its stages print. What the commands do with its records is
/// `CorpusKind`'s `RunKind` conformance (CommandLine/Kinds/).
struct CorpusKind: RunKindWords {
  var noun: String { "compiles" }

  var alreadyTaken: String { "already done" }

  /// None: `bench corpus` has said what it compiles (its tests, its compiles, how many at once).
  func plannedLine(planned: Int, alreadyDone: Int) -> String? { nil }

  /// A corpus's tests often expect a failed compile (`-verify`, an expected exit code); their verdicts say what it
  /// meant.
  var saysFailedCompiles: Bool { false }

  var command: String { "bench corpus" }

  var measurementVersion: Int { 1 }

  var restartAdvice: String { "start a new run" }

  /// As it always has, a corpus resume compares the compilers' versions only.
  var comparesCompilerFiles: Bool { false }

  func tornLine(_ bytes: Int) -> String {
    "(\(bytes) bytes); it is compiled again."
  }
}
