import Escaping
import Foundation
import TypeCheckBenchCore

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A run's folder: `run.json`, the sample journal, the generated cases and the reports.
public struct RunFolder: Sendable {
  public var url: URL

  public init(url: URL) { self.url = url }

  public var recordURL: URL { url.appendingPathComponent("run.json") }
  /// One JSON sample per line, appended and flushed as each sample completes.
  public var journalURL: URL { url.appendingPathComponent("samples.jsonl") }
  public var casesURL: URL { url.appendingPathComponent("cases", isDirectory: true) }
  public var scratchURL: URL { url.appendingPathComponent(".scratch", isDirectory: true) }
  /// Space set aside while a run measures, released when a write fails (a full disk) so that the samples taken
  /// still reach the journal.
  var reserveURL: URL { url.appendingPathComponent(".reserve") }

  /// Sets aside up to 1 MiB of disk (less when there is not that much; nothing when there is none).
  func makeReserve() {
    for size in [1 << 20, 1 << 16] {
      if (try? Data(count: size).write(to: reserveURL)) != nil { return }
      try? FileManager.default.removeItem(at: reserveURL)
    }
  }

  /// Frees the reserve.
  func releaseReserve() {
    try? FileManager.default.removeItem(at: reserveURL)
  }

  /// Creates a new, uniquely named folder under `parent` (`<base>`, `<base>-2`, … so concurrent runs never share one)
  /// with its marker, and takes its lock.
  /// - Throws: `BenchError.io` when the parent cannot be written.
  public static func create(under parent: URL, base: String) throws -> (RunFolder, FolderLock) {
    _ = try OutputFolder.makeDirectory(parent)
    for attempt in 1...1000 {
      let name = attempt == 1 ? base : "\(base)-\(attempt)"
      let candidate = parent.appendingPathComponent(name, isDirectory: true)
      // mkdir is atomic: exactly one process creates a given name.
      if mkdir(candidate.path, 0o755) == 0 {
        try OutputFolder.writeMarker(.run, in: candidate)
        return (RunFolder(url: candidate), try FolderLock.take(candidate))
      }
      if errno != EEXIST {
        throw BenchError.io("cannot create \(candidate.path): \(String(cString: strerror(errno)))")
      }
    }
    throw BenchError.io("cannot find a free run folder name under \(parent.path)")
  }

  /// Uses an explicit folder (`--output DIR`) for a new run: a new or empty folder, or one of bench's that holds no
  /// run. The lock is taken before the check, so two runs started at once into one folder cannot both start.
  /// - Throws: `BenchError.cannotCreate` for a folder that is not bench's, `BenchError.usage` when it holds a run or
  ///   another bench holds it.
  public static func use(_ url: URL, flag: String = "--output") throws -> (RunFolder, FolderLock) {
    try OutputFolder.checkPath(url.path, flag: flag)
    try OutputFolder.claim(url, as: .run, flag: flag)
    let folder = RunFolder(url: url)
    let lock = try folder.lock()
    if FileManager.default.fileExists(atPath: folder.recordURL.path) {
      lock.release()
      throw BenchError.usage(
        "\(flag): \(url.path) already holds a run; choose a new folder, or continue it with --resume \(url.path)")
    }
    return (folder, lock)
  }

  /// Takes the folder's lock so that two processes never write one run; hold the result until the run ends.
  /// - Throws: `BenchError.usage` when another bench holds it, `BenchError.io` when the lock file cannot be opened.
  public func lock() throws -> FolderLock {
    try FolderLock.take(url)
  }
}
