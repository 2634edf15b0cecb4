import Escaping
import Foundation
import TypeCheckBenchCore

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Appends samples to the journal, one JSON line each, flushed to disk before the next compile starts.
public final class SampleJournal: @unchecked Sendable {
  private let handle: FileHandle
  private let encoder: JSONEncoder
  private let url: URL
  /// What each append meets first (`JournalFaults.none` but in a fault test).
  private let faults: JournalFaults

  /// Opens (creating if needed) the journal at `url` for appending, repairing a torn last line first; its appends
  /// meet `faults` first.
  public init(url: URL, faults: JournalFaults = .none) throws {
    self.url = url
    self.faults = faults
    if !FileManager.default.fileExists(atPath: url.path) {
      guard FileManager.default.createFile(atPath: url.path, contents: nil) else {
        throw BenchError.io("cannot create \(url.path)")
      }
    }
    try Self.repair(url)
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
      if faults.failsAppend() { throw POSIXError(.ENOSPC) }
      var line = try encoder.encode(sample)
      line.append(0x0A)
      // At the end as it is now: a repair after a failed write may have truncated the file.
      try handle.seekToEnd()
      try handle.write(contentsOf: line)
      try handle.synchronize()
    } catch {
      throw BenchError.io("cannot append to the sample journal: \(BenchError.reason(error))")
    }
  }

  /// What `repair` did to a journal's end.
  public enum Repair: Equatable, Sendable {
    /// The journal ended with a whole line (or was empty).
    case none
    /// A last line without its newline was a whole sample: the newline was added.
    case completed
    /// A torn last line (a write cut short by a crash, a kill or a full disk) was removed.
    case truncated(bytes: Int)
  }

  /// Makes the journal end at a line boundary, so the next sample is never glued onto a torn line: a last line
  /// without a newline is kept (newline added) when it is a whole valid sample, and truncated away otherwise.
  /// - Throws: `BenchError.io` when the journal cannot be read or changed.
  @discardableResult
  public static func repair(_ url: URL) throws -> Repair {
    guard let data = FileManager.default.contents(atPath: url.path), let last = data.last, last != 0x0A else {
      return .none
    }
    let start = data.lastIndex(of: 0x0A).map { $0 + 1 } ?? data.startIndex
    let tail = data[start...]
    let handle: FileHandle
    do {
      handle = try FileHandle(forWritingTo: url)
    } catch {
      throw BenchError.io("cannot repair \(url.path): \(BenchError.reason(error))")
    }
    defer { try? handle.close() }
    do {
      if let sample = try? JSONFormat.decode(TypeCheckSample.self, from: Data(tail)),
        (try? RecordValidation.validate(sample)) != nil
      {
        try handle.seekToEnd()
        try handle.write(contentsOf: Data([0x0A]))
        try handle.synchronize()
        return .completed
      }
      try handle.truncate(atOffset: UInt64(start - data.startIndex))
      try handle.synchronize()
      return .truncated(bytes: tail.count)
    } catch {
      throw BenchError.io("cannot repair \(url.path): \(BenchError.reason(error))")
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
