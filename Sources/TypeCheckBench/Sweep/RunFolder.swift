import Foundation
import Escaping
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
  var lockURL: URL { url.appendingPathComponent(".lock") }

  /// Creates a new, uniquely named folder under `parent` (`<base>`, `<base>-2`, … so concurrent runs never share one).
  /// - Throws: `BenchError.io` when the parent cannot be written.
  public static func create(under parent: URL, base: String) throws -> RunFolder {
    do {
      try FileManager.default.createDirectory(at: parent, withIntermediateDirectories: true)
    } catch {
      throw BenchError.io("cannot create \(parent.path): \(BenchError.reason(error))")
    }
    for attempt in 1...1000 {
      let name = attempt == 1 ? base : "\(base)-\(attempt)"
      let candidate = parent.appendingPathComponent(name, isDirectory: true)
      // mkdir is atomic: exactly one process creates a given name.
      if mkdir(candidate.path, 0o755) == 0 { return RunFolder(url: candidate) }
      if errno != EEXIST {
        throw BenchError.io("cannot create \(candidate.path): \(String(cString: strerror(errno)))")
      }
    }
    throw BenchError.io("cannot find a free run folder name under \(parent.path)")
  }

  /// Uses an explicit folder (`--output DIR`): it must not hold a run already.
  public static func use(_ url: URL) throws -> RunFolder {
    let folder = RunFolder(url: url)
    if FileManager.default.fileExists(atPath: folder.recordURL.path) {
      throw BenchError.usage(
        "--output: \(url.path) already holds a run; choose a new folder, or continue it with --resume \(url.path)")
    }
    do {
      try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    } catch {
      throw BenchError.io("cannot create \(url.path): \(BenchError.reason(error))")
    }
    return folder
  }

  /// Takes the folder's lock so that two processes never write one run; hold the result until the run ends.
  ///
  /// An advisory `flock` on `.lock`, not the file's existence: the system releases it when its holder dies, so a
  /// killed bench never leaves a folder that cannot be resumed.
  /// - Throws: `BenchError.usage` when another bench holds it, `BenchError.io` when the lock file cannot be opened.
  public func lock() throws -> RunFolderLock {
    let descriptor = open(lockURL.path, O_CREAT | O_RDWR | O_CLOEXEC, 0o644)
    guard descriptor >= 0 else {
      throw BenchError.io("cannot lock \(url.path): \(String(cString: strerror(errno)))")
    }
    guard flock(descriptor, LOCK_EX | LOCK_NB) == 0 else {
      let holder = (try? String(contentsOf: lockURL, encoding: .utf8))?.trimmingCharacters(in: .whitespacesAndNewlines)
      close(descriptor)
      let who = holder.map { $0.isEmpty ? "" : " (pid \($0))" } ?? ""
      throw BenchError.usage("\(url.path) is in use by another bench\(who); wait for it to finish or stop it first")
    }
    // The pid is only for the message above; the lock is the flock.
    let pid = "\(getpid())\n"
    _ = ftruncate(descriptor, 0)
    _ = pid.withCString { write(descriptor, $0, strlen($0)) }
    return RunFolderLock(descriptor: descriptor)
  }
}

/// A held run-folder lock; released by `release()` or when the process ends.
public final class RunFolderLock: @unchecked Sendable {
  private let lock = NSLock()
  private var descriptor: Int32

  init(descriptor: Int32) { self.descriptor = descriptor }

  deinit { release() }

  /// Releases the lock (the `.lock` file stays: removing it would let two processes lock different files).
  public func release() {
    lock.lock()
    defer { lock.unlock() }
    guard descriptor >= 0 else { return }
    _ = ftruncate(descriptor, 0)
    close(descriptor)
    descriptor = -1
  }
}

/// Appends samples to the journal, one JSON line each, flushed to disk before the next compile starts.
public final class SampleJournal: @unchecked Sendable {
  private let handle: FileHandle
  private let encoder: JSONEncoder

  /// Opens (creating if needed) the journal at `url` for appending.
  public init(url: URL) throws {
    if !FileManager.default.fileExists(atPath: url.path) {
      guard FileManager.default.createFile(atPath: url.path, contents: nil) else {
        throw BenchError.io("cannot create \(url.path)")
      }
    }
    do {
      handle = try FileHandle(forWritingTo: url)
      try handle.seekToEnd()
    } catch {
      throw BenchError.io("cannot open \(url.path): \(BenchError.reason(error))")
    }
    encoder = JSONFormat.lineEncoder()
  }

  deinit { try? handle.close() }

  /// Appends one sample with a single write and forces it to disk (fsync: about 0.2 ms here), so it is in the file
  /// before the next compile starts, whatever happens to bench or the machine.
  public func append(_ sample: TypeCheckSample) throws {
    do {
      var line = try encoder.encode(sample)
      line.append(0x0A)
      try handle.write(contentsOf: line)
      try handle.synchronize()
    } catch {
      throw BenchError.io("cannot append to the sample journal: \(BenchError.reason(error))")
    }
  }

  /// Reads every complete line of a journal; a torn last line (a crash mid-write) is ignored.
  /// - Throws: `BenchError.data` naming the file and line when a complete line is not a valid sample.
  public static func read(_ url: URL) throws -> [TypeCheckSample] {
    guard let data = FileManager.default.contents(atPath: url.path) else { return [] }
    let decoder = JSONFormat.decoder()
    var samples: [TypeCheckSample] = []
    let lines = data.split(separator: 0x0A, omittingEmptySubsequences: false)
    for (index, line) in lines.enumerated() where !line.isEmpty {
      let isLast = index == lines.count - 1
      do {
        let sample = try decoder.decode(TypeCheckSample.self, from: Data(line))
        try RecordValidation.validate(sample)
        samples.append(sample)
      } catch {
        if isLast { break }  // no trailing newline: the write was cut short
        throw BenchError.data("\(url.path): line \(index + 1) is not a valid sample")
      }
    }
    return samples
  }
}
