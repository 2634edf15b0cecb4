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
    let results = ParallelWork.map(
      count: reproducers.count, workers: workers, shouldStop: { ProcessRunner.isInterrupted },
      { index in try observe(reproducers[index], swiftc: swiftc) })
    var observations: [CompatReproducer: CompatObservation] = [:]
    for (index, result) in results.enumerated() {
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
