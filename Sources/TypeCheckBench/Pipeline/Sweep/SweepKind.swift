import Foundation
import TypeCheckBenchCore

/// A sweep (`bench run`, and `bench fidelity`, a sweep whose record holds the claims it checks): the words its
/// stages print. What the commands do with its records is `SweepKind`'s `RunKind` conformance (CommandLine/Kinds/).
struct SweepKind: RunKindWords {
  var noun: String { "samples" }

  var alreadyTaken: String { "already taken" }

  func plannedLine(planned: Int, alreadyDone: Int) -> String? {
    "Sweep: up to \(planned) compiles" + (alreadyDone > 0 ? " (\(alreadyDone) samples already taken)" : "")
  }

  /// A failed compile in a sweep is news (a generator bug, or the compiler's installation).
  var saysFailedCompiles: Bool { true }

  var command: String { "bench run" }

  /// 2: times come from timed compiles with `-debug-time-function-bodies` alone, counters from one instrumented
  /// compile per point (version 1 armed the expression timer and wrote statistics in every compile, which made
  /// builder-heavy cases 1.5–2× slower).
  var measurementVersion: Int { 2 }

  var restartAdvice: String { "start a new run (--reuse cannot copy them either)" }

  var comparesCompilerFiles: Bool { true }

  func tornLine(_ bytes: Int) -> String {
    "(\(bytes) bytes, a write cut short); its sample is measured again."
  }
}
