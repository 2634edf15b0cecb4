import Foundation
import Generators
import TypeCheckBenchCore

/// Type-checks compatibility reproducers with a real swiftc, a few at a time, each in its own temporary folder.
public enum CompatRunner {
  /// Seconds one compile may take before it counts as a failure.
  static let timeout = 300.0

  /// Type-checks every reproducer and judges it against its expectation.
  /// - Parameters:
  ///   - reproducers: What to compile; modules are built with `-emit-module` before the main file.
  ///   - swiftc: The compiler's path.
  ///   - workers: How many compiles run at once.
  /// - Throws: `BenchError.io` when a temporary folder cannot be written, `BenchError.interrupted` after an
  ///   interrupt.
  public static func run(
    _ reproducers: [CompatReproducer], swiftc: String, workers: Int = 2
  ) throws -> [CompatReproducer: CompatObservation] {
    let state = WorkQueue(count: reproducers.count)
    DispatchQueue.concurrentPerform(iterations: max(1, min(workers, reproducers.count))) { _ in
      while let index = state.next() {
        let result = Result { try observe(reproducers[index], swiftc: swiftc) }
        state.finish(index, result)
      }
    }
    var observations: [CompatReproducer: CompatObservation] = [:]
    for (index, result) in state.results.enumerated() {
      guard let result else { continue }
      observations[reproducers[index]] = try result.get()
    }
    return observations
  }

  /// Builds the reproducer's modules, type-checks its file and judges the outcome.
  static func observe(_ reproducer: CompatReproducer, swiftc: String) throws -> CompatObservation {
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("bench-compat-\(reproducer.caseID)-\(reproducer.variant.rawValue)-\(UUID().uuidString)")
    do {
      try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    } catch {
      throw BenchError.io("cannot create \(folder.path): \(BenchError.reason(error))")
    }
    defer { try? FileManager.default.removeItem(at: folder) }
    for module in reproducer.modules {
      try AtomicFile.write(module.source, to: folder.appendingPathComponent(module.fileName))
      let result = try ProcessRunner.run(
        swiftc,
        [
          "-emit-module", "-parse-as-library", "-module-name", module.name, "-I", ".",
          "-emit-module-path", module.name + ".swiftmodule", module.fileName,
        ], workingDirectory: folder, timeout: timeout)
      if result.interrupted { throw BenchError.interrupted("interrupted while building module \(module.name)") }
      guard result.status.isSuccess, !result.timedOut else {
        let log = TimingLogParser.parse(utf8: result.stderr)
        let first = log.diagnostics.first { $0.severity == .error }?.message ?? result.status.description
        return CompatObservation(observed: "module \(module.name) did not build: \(first)", pass: false)
      }
    }
    try AtomicFile.write(reproducer.source, to: folder.appendingPathComponent(reproducer.fileName))
    let result = try ProcessRunner.run(
      swiftc, ["-typecheck", "-I", ".", reproducer.fileName], workingDirectory: folder, timeout: timeout)
    if result.interrupted { throw BenchError.interrupted("interrupted while type-checking \(reproducer.fileName)") }
    if result.timedOut {
      return CompatObservation(observed: "timed out after \(Int(timeout)) s", pass: false)
    }
    let log = TimingLogParser.parse(utf8: result.stderr + result.stdout)
    return CompatObservation.judge(
      reproducer.expectation, diagnostics: log.diagnostics, succeeded: result.status.isSuccess)
  }
}

/// Hands out indices to workers and collects their results (a lock around two arrays).
private final class WorkQueue: @unchecked Sendable {
  private let lock = NSLock()
  private var nextIndex = 0
  private let count: Int
  private var stored: [Result<CompatObservation, Error>?]

  init(count: Int) {
    self.count = count
    stored = Array(repeating: nil, count: count)
  }

  func next() -> Int? {
    lock.lock()
    defer { lock.unlock() }
    guard nextIndex < count, !ProcessRunner.isInterrupted else { return nil }
    nextIndex += 1
    return nextIndex - 1
  }

  func finish(_ index: Int, _ result: Result<CompatObservation, Error>) {
    lock.lock()
    stored[index] = result
    lock.unlock()
  }

  var results: [Result<CompatObservation, Error>?] {
    lock.lock()
    defer { lock.unlock() }
    return stored
  }
}
