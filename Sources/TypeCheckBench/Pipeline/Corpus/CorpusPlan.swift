import Foundation
import Generators
import TypeCheckBenchCore

/// A corpus as the pipeline runs it (`bench corpus` and its resume): `prepare` writes each case's source (a gyb
/// template rendered at N, or the verify file as it is) into `cases/` and lists the compiles left; `measure` compiles
/// them with each toolchain (interleaved, the record's `jobs` at once). A scale line stops at its first failed compile
/// with a toolchain, as scale-test does. It never prints: it reports events.
struct CorpusPlan: MeasurementPlan {
  static let kind = CorpusKind()

  var record: CorpusRecord
  /// The compiles left, once prepared.
  private(set) var tasks: [Task] = []

  init(record: CorpusRecord) { self.record = record }

  /// One compile to run.
  struct Task {
    var caseID: String
    /// The scale line the compile is a point of, with its toolchain; nil for a verify or frontend compile.
    var line: SeriesKey?
    var file: URL
    var runLine: CorpusRunLine
    var toolchain: ToolchainInfo
  }

  /// Writes every case file still needed and lists the compiles not yet taken in `previous`.
  /// - Throws: `BenchError.io` when a file cannot be written, `BenchError.data` when a test's file changed since the
  ///   run was planned.
  mutating func prepare(in folder: RunFolder, previous: [TypeCheckSample]) throws {
    tasks = try Self.tasks(of: record, casesFolder: folder.casesURL, previous: previous)
  }

  /// Whether `prepare` left a compile to take (it listed them after the samples already taken).
  func hasWork(after previous: [TypeCheckSample]) -> Bool { !tasks.isEmpty }

  private static func tasks(
    of record: CorpusRecord, casesFolder: URL, previous: [TypeCheckSample]
  ) throws -> [Task] {
    let done = Set(previous.map(PointKey.init))
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

  /// Compiles the tasks `prepare` listed; returns when all ran, or when `shouldStop` turned true or a compile threw (no
  /// new compile starts then). A scale line's first failed N is reported as its series stopping (axis `N`).
  /// - Throws: the first error a compile or `onEvent` threw (an interrupt as `BenchError.interrupted`).
  func measure(
    previous: [TypeCheckSample], in folder: RunFolder, shouldStop: @escaping @Sendable () -> Bool,
    onEvent: (SweepEvent) throws -> Void
  ) throws {
    let lines = ScaleLines(record)
    let stoppedLines = LockedSet<SeriesKey>()
    let (tasks, timeout, scratch) = (tasks, record.provenance.timeoutSeconds, folder.scratchURL)
    try onEvent(.started(plannedCompiles: tasks.count, alreadyDone: previous.count))
    // As a sweep does, the run stops at its first error (a journal that cannot be appended to, a file that cannot be
    // written): no new compile starts once one threw.
    let failed = LockedBox(false)
    // A compiler replaced during the run stops it before its samples could be recorded under the old one.
    let watch = ToolchainIdentityWatch(record.toolchains)
    let stop: @Sendable () -> Bool = { failed.value || shouldStop() }
    let results = withoutActuallyEscaping(onEvent) { onEvent in
      let events = SerialEvents(onEvent)
      return ParallelWork.map(count: tasks.count, workers: max(1, record.provenance.jobs), shouldStop: stop) { index in
        let task = tasks[index]
        // scale-test stops at the first compile that fails: later N of that line are not compiled.
        if let line = task.line, stoppedLines.contains(line) { return }
        do {
          try events.send(
            .compileStarted(caseID: task.caseID, toolchain: task.toolchain.name, run: 1, of: 1, role: .single))
          try watch.check(task.toolchain)
          let sample = try CorpusMeasurement.measure(
            file: task.file, caseID: task.caseID, line: task.runLine, toolchain: task.toolchain, timeout: timeout,
            scratch: scratch)
          try watch.check(task.toolchain)
          try events.send(.sampleRecorded(sample))
          if let line = lines.stopped(by: sample), stoppedLines.insert(line) {
            try events.send(
              .seriesStopped(
                seriesID: line.seriesID, toolchain: line.toolchain, axis: "N",
                axisValue: lines.n(of: sample.caseID) ?? 0, outcome: sample.outcome, expected: true))
          }
        } catch {
          failed.value = true
          throw error
        }
      }
    }
    for result in results {
      if case .failure(let error)? = result { throw error }
    }
    try onEvent(.finished(interrupted: shouldStop()))
  }

  /// The samples as the record keeps them: without those a stopped scale line took after its first failed N (with
  /// several jobs a later N may already have been running), in the tests' order.
  func arrange(_ samples: [TypeCheckSample]) -> [TypeCheckSample] {
    CorpusReport.ordered(ScaleLines(record).pruned(samples), in: record)
  }

  func write(_ final: CorpusRecord, to folder: RunFolder) throws -> CorpusReport {
    let report = CorpusReport(final)
    try folder.write(files: try report.files())
    return report
  }

  /// Exits as lit: 0 only when every test passed or is unsupported.
  func complete(
    _ final: CorpusRecord, written report: CorpusReport, folder: RunFolder, output: (String) -> Void,
    warn: (String) -> Void
  ) throws -> ExitStatus {
    for line in report.headline { output(line) }
    output(
      "Wrote \(folder.url.path)/report.md (and index.html, run.json, summary.csv, samples.csv, verdicts.json, "
        + "charts/, cases/)")
    let (outcome, reason) = WorkOutcome.corpus(report.verdicts)
    if let reason { warn("bench: " + reason) }
    return outcome.status
  }
}

/// The events of compiles running on several threads, handed on one at a time.
private final class SerialEvents: @unchecked Sendable {
  private let lock = NSLock()
  private let onEvent: (SweepEvent) throws -> Void

  init(_ onEvent: @escaping (SweepEvent) throws -> Void) { self.onEvent = onEvent }

  func send(_ event: SweepEvent) throws {
    try lock.withLock { try onEvent(event) }
  }
}
