import Foundation
import TestSupport
import TypeCheckBenchCore

@testable import TypeCheckBench

/// What the integration tests share: the installed compiler, the in-process `bench`, and readers of its output.
enum Integration {
  /// The installed swiftc, as bench finds it (`InstalledCompiler`); nil when there is none.
  static var swiftc: String? { InstalledCompiler.swiftc }

  /// True when a real compiler is there to measure with.
  static var hasCompiler: Bool { InstalledCompiler.isAvailable }

  /// Runs `bench` in this process, as its executable would (output to this process's), and returns the exit status.
  static func bench(_ arguments: [String]) -> Int32 {
    BenchCommandLine.main(arguments)
  }

  /// Reads the run record in `folder`.
  static func record(_ folder: URL) throws -> RunRecord {
    try RecordStore.sweep(folder)
  }

  /// A sample's identity within a run.
  struct PointID: Hashable, CustomStringConvertible {
    var caseID: String
    var toolchain: String
    var iteration: Int

    init(_ sample: TypeCheckSample) {
      caseID = sample.caseID
      toolchain = sample.toolchain
      iteration = sample.iteration
    }

    var description: String { "\(caseID)@\(toolchain)#\(iteration)" }
  }

  /// `Sema.NumConstraintScopes` of every sample of `record` that carries the point's counters (its instrumented
  /// compile), by its identity (nil for a sample without one).
  static func scopes(_ record: RunRecord) -> [PointID: Double?] {
    Dictionary(
      record.samples.filter(\.givesCounters).map { (PointID($0), $0.constraintScopes) },
      uniquingKeysWith: { first, _ in first })
  }

  /// Every regular file under `folder`, by its path relative to `folder`, with its bytes.
  static func files(under folder: URL) throws -> [String: Data] {
    var result: [String: Data] = [:]
    let base = folder.standardizedFileURL.resolvingSymlinksInPath().path
    guard let walker = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: [.isRegularFileKey])
    else { return result }
    for case let url as URL in walker {
      guard try url.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile == true else { continue }
      let path = url.standardizedFileURL.resolvingSymlinksInPath().path
      result[String(path.dropFirst(base.count + 1))] = try Data(contentsOf: url)
    }
    return result
  }

  /// The ids of the case folders in a repro bundle (every subfolder holding a `case.swift`).
  static func bundledCases(_ bundle: URL) throws -> Set<String> {
    let names = try FileManager.default.contentsOfDirectory(atPath: bundle.path)
    return Set(
      names.filter {
        FileManager.default.fileExists(
          atPath: bundle.appendingPathComponent($0).appendingPathComponent("case.swift").path)
      })
  }
}
