import Foundation
import Generators
import TypeCheckBenchCore

/// Runs a corpus plan: writes each case's source (a gyb template rendered at N, or the verify file as it is) into
/// `cases/`, compiles it with each toolchain (interleaved, `jobs` at once), and hands every sample to `onSample` as it
/// completes. A scale line stops at its first failed compile with a toolchain, as scale-test does. It never prints.
struct CorpusRunner {
  var record: CorpusRecord
  var jobs: Int
  var casesFolder: URL
  var scratch: URL

  /// One compile to run.
  struct Task {
    var caseID: String
    var series: String
    var file: URL
    var line: CorpusRunLine
    var toolchain: ToolchainInfo
  }

  /// Writes every case file still needed and lists the compiles not yet in `done` (`caseID@toolchain`).
  /// - Throws: `BenchError.io` when a file cannot be written, `BenchError.data` when a test's file changed since the
  ///   run was planned.
  func tasks(done: Set<String>, previous: [TypeCheckSample] = []) throws -> [Task] {
    // Scale lines that already stopped (a resumed run) take no further N.
    var scaleCases: [String: (series: String, options: ScaleTestOptions)] = [:]
    for test in record.tests {
      for planned in test.cases where planned.n != nil {
        if case .scaleTest(let options) = test.runLines[planned.run] {
          scaleCases[planned.id] = (test.id + "+\(planned.run)", options)
        }
      }
    }
    let failed = Set(
      previous.compactMap { sample -> String? in
        guard let (series, options) = scaleCases[sample.caseID], Self.endsSeries(sample, options) else { return nil }
        return series + "@" + sample.toolchain
      })
    try FileManager.default.createDirectory(at: casesFolder, withIntermediateDirectories: true)
    var tasks: [Task] = []
    for test in record.tests {
      let lines = test.runLines
      guard !lines.isEmpty else { continue }
      let pending = test.cases.filter { planned in
        record.toolchains.contains { !done.contains(planned.id + "@" + $0.name) }
      }
      guard !pending.isEmpty else { continue }
      guard let data = FileManager.default.contents(atPath: test.source) else {
        throw BenchError.data("\(test.source): cannot read the test (moved or deleted since the run started?)")
      }
      let text = String(decoding: data, as: UTF8.self)
      guard String(FNV1a.hash(text), radix: 16) == test.hash else {
        throw BenchError.data("\(test.source) changed since the run was planned; start a new run")
      }
      let template =
        lines.contains { if case .scaleTest = $0 { true } else { false } } ? try? GybTemplate(source: text) : nil
      for planned in pending {
        let file = casesFolder.appendingPathComponent(
          planned.id.hasSuffix(".swift") ? planned.id : planned.id + ".swift")
        let source: String
        if let n = planned.n {
          guard let template, let rendered = try? template.render(["N": n]) else {
            throw BenchError.software("\(test.path): the template no longer renders at N=\(n)")
          }
          source = rendered
        } else {
          source = text
        }
        try AtomicFile.write(source, to: file)
        for toolchain in record.toolchains
        where !done.contains(planned.id + "@" + toolchain.name)
          && !(planned.n != nil && failed.contains(test.id + "+\(planned.run)@" + toolchain.name))
        {
          tasks.append(
            Task(
              caseID: planned.id, series: test.id + "+\(planned.run)@" + toolchain.name, file: file,
              line: lines[planned.run], toolchain: toolchain))
        }
      }
    }
    return tasks
  }

  /// Runs `tasks`; returns when all ran, or when `shouldStop` turned true (no new compile starts then).
  /// - Throws: the first error a compile or `onSample` threw (an interrupt as `BenchError.interrupted`).
  func run(
    _ tasks: [Task], timeout: Double, shouldStop: @escaping @Sendable () -> Bool,
    onSample: @escaping @Sendable (TypeCheckSample) throws -> Void
  ) throws {
    let failedSeries = LockedSet()
    let scratch = scratch
    let results = ParallelWork.map(count: tasks.count, workers: max(1, jobs), shouldStop: shouldStop) { index in
      let task = tasks[index]
      // scale-test stops at the first compile that fails: later N of that line are not compiled.
      if case .scaleTest = task.line, failedSeries.contains(task.series) { return }
      let sample = try CorpusMeasurement.measure(
        file: task.file, caseID: task.caseID, line: task.line, toolchain: task.toolchain, timeout: timeout,
        scratch: scratch)
      if case .scaleTest(let options) = task.line, Self.endsSeries(sample, options) {
        failedSeries.insert(task.series)
      }
      try onSample(sample)
    }
    for result in results {
      if case .failure(let error)? = result { throw error }
    }
  }
}

extension CorpusRunner {
  /// True when `sample` is a compile scale-test would stop at: killed, crashed, or another exit status than expected.
  static func endsSeries(_ sample: TypeCheckSample, _ options: ScaleTestOptions) -> Bool {
    let status = Int32(sample.stats[CorpusMeasurementKeys.exitStatus] ?? 0)
    return sample.outcome == .timeout || sample.outcome == .crash || status != options.expectedExitCode
  }

  /// `samples` without those a scale line took after its first failed N with the same toolchain (with `--jobs` above
  /// 1 a later N may already have been running): what a run keeps does not depend on how many compiles ran at once.
  static func pruned(_ samples: [TypeCheckSample], in record: CorpusRecord) -> [TypeCheckSample] {
    var line: [String: (series: String, n: Int, options: ScaleTestOptions)] = [:]
    for test in record.tests {
      for planned in test.cases {
        guard let n = planned.n, case .scaleTest(let options) = test.runLines[planned.run] else { continue }
        line[planned.id] = (test.id + "+\(planned.run)", n, options)
      }
    }
    var firstFailure: [String: Int] = [:]
    for sample in samples {
      guard let (series, n, options) = line[sample.caseID], endsSeries(sample, options) else { continue }
      let key = series + "@" + sample.toolchain
      firstFailure[key] = min(firstFailure[key] ?? n, n)
    }
    return samples.filter { sample in
      guard let (series, n, _) = line[sample.caseID], let first = firstFailure[series + "@" + sample.toolchain] else {
        return true
      }
      return n <= first
    }
  }
}

/// A set of strings shared by worker threads.
final class LockedSet: @unchecked Sendable {
  private let lock = NSLock()
  private var values: Set<String> = []

  func insert(_ value: String) {
    lock.lock()
    values.insert(value)
    lock.unlock()
  }

  func contains(_ value: String) -> Bool {
    lock.lock()
    defer { lock.unlock() }
    return values.contains(value)
  }
}
