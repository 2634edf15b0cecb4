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
    /// The scale line the compile is a point of, with its toolchain; nil for a verify or frontend compile.
    var line: SeriesKey?
    var file: URL
    var runLine: CorpusRunLine
    var toolchain: ToolchainInfo
  }

  /// Writes every case file still needed and lists the compiles not yet in `done`.
  /// - Throws: `BenchError.io` when a file cannot be written, `BenchError.data` when a test's file changed since the
  ///   run was planned.
  func tasks(done: Set<PointKey>, previous: [TypeCheckSample] = []) throws -> [Task] {
    // Scale lines that already stopped (a resumed run) take no further N.
    let lines = ScaleLines(record)
    let stopped = Set(previous.compactMap(lines.stopped(by:)))
    try FileManager.default.createDirectory(at: casesFolder, withIntermediateDirectories: true)
    var tasks: [Task] = []
    for test in record.tests {
      let runLines = test.runLines
      guard !runLines.isEmpty else { continue }
      let pending = test.cases.filter { planned in
        record.toolchains.contains { !done.contains(PointKey(caseID: planned.id, toolchain: $0.name)) }
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
        runLines.contains { if case .scaleTest = $0 { true } else { false } } ? try? GybTemplate(source: text) : nil
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
        for toolchain in record.toolchains where !done.contains(PointKey(caseID: planned.id, toolchain: toolchain.name))
        {
          let line = lines.line(of: planned.id, toolchain: toolchain.name)
          if let line, stopped.contains(line) { continue }
          tasks.append(
            Task(
              caseID: planned.id, line: line, file: file, runLine: runLines[planned.run], toolchain: toolchain))
        }
      }
    }
    return tasks
  }

  /// Runs `tasks`; returns when all ran, or when `shouldStop` turned true or a task threw (no new compile starts then).
  /// - Throws: the first error a compile or `onSample` threw (an interrupt as `BenchError.interrupted`).
  func run(
    _ tasks: [Task], timeout: Double, shouldStop: @escaping @Sendable () -> Bool,
    onSample: @escaping @Sendable (TypeCheckSample) throws -> Void
  ) throws {
    let lines = ScaleLines(record)
    let stoppedLines = LockedSet<SeriesKey>()
    let scratch = scratch
    // As a sweep does, the run stops at its first error (a journal that cannot be appended to, a file that cannot be
    // written): no new compile starts once one threw.
    let failed = LockedBox(false)
    let stop: @Sendable () -> Bool = { failed.value || shouldStop() }
    let results = ParallelWork.map(count: tasks.count, workers: max(1, jobs), shouldStop: stop) { index in
      let task = tasks[index]
      // scale-test stops at the first compile that fails: later N of that line are not compiled.
      if let line = task.line, stoppedLines.contains(line) { return }
      do {
        let sample = try CorpusMeasurement.measure(
          file: task.file, caseID: task.caseID, line: task.runLine, toolchain: task.toolchain, timeout: timeout,
          scratch: scratch)
        if let line = lines.stopped(by: sample) { stoppedLines.insert(line) }
        try onSample(sample)
      } catch {
        failed.value = true
        throw error
      }
    }
    for result in results {
      if case .failure(let error)? = result { throw error }
    }
  }
}
