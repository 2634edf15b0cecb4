import Foundation
import Generators
import TypeCheckBenchCore

/// The scale lines of a corpus run, stopped by `ScaleTestOptions.stop`: no N of a line after the first that stops it
/// is compiled with that toolchain, nor kept.
struct ScaleLines: Sendable {
  private var lines: [String: (series: String, n: Int, options: ScaleTestOptions)] = [:]

  /// The scale lines of `record`'s tests, by the ids of their cases.
  init(_ record: CorpusRecord) {
    for test in record.tests {
      for planned in test.cases {
        guard let n = planned.n, case .scaleTest(let options) = test.runLines[planned.run] else { continue }
        lines[planned.id] = (test.id + "+\(planned.run)", n, options)
      }
    }
  }

  /// The scale line case `caseID` is a point of, with `toolchain`; nil for a case of no scale line.
  func line(of caseID: String, toolchain: String) -> SeriesKey? {
    lines[caseID].map { SeriesKey(seriesID: $0.series, toolchain: toolchain) }
  }

  /// The N case `caseID` renders its line's template at; nil for a case of no scale line.
  func n(of caseID: String) -> Int? { lines[caseID]?.n }

  /// The line `sample` stops, or nil when it is no compile scale-test would stop at (or of no scale line).
  func stopped(by sample: TypeCheckSample) -> SeriesKey? {
    guard let (series, _, options) = lines[sample.caseID], options.stop(sample) != nil else { return nil }
    return SeriesKey(seriesID: series, toolchain: sample.toolchain)
  }

  /// `samples` without those a scale line took after its first failed N with the same toolchain (with `--jobs` above
  /// 1 a later N may already have been running): what a run keeps does not depend on how many compiles ran at once.
  func pruned(_ samples: [TypeCheckSample]) -> [TypeCheckSample] {
    var firstFailure: [SeriesKey: Int] = [:]
    for sample in samples {
      guard let line = stopped(by: sample), let n = lines[sample.caseID]?.n else { continue }
      firstFailure[line] = min(firstFailure[line] ?? n, n)
    }
    return samples.filter { sample in
      guard let n = lines[sample.caseID]?.n, let line = line(of: sample.caseID, toolchain: sample.toolchain),
        let first = firstFailure[line]
      else { return true }
      return n <= first
    }
  }
}
