import Foundation
import TypeCheckBenchCore

/// Reads what `-stats-output-dir DIR -Xfrontend -trace-stats-events` wrote into DIR: every `trace-*.csv` (one per
/// frontend job), each paired with the `stats-*.json` the same job wrote, into one `ScopeProfile`.
///
/// The compiler names both files `<kind>-<microseconds>-<program>-<module>-<input>-<target>-<output>-<opt>-<random>`,
/// taking the time for the stats file first and for the trace a few microseconds later: a trace pairs with the
/// stats file of the same middle part written last before it. Traces are streamed in chunks; only the merged
/// profile is held, so a build's thousands of files (or one huge one) read in bounded memory: rows of at most 64 KiB,
/// at most 8 GiB of a trace and 16 MiB of a stats file (`Limits`), regular files only.
enum StatsTraceFolder {
  /// Bytes read at a time.
  static let chunkSize = 1 << 20

  /// One file the compiler wrote, its name taken apart.
  struct FileName: Hashable {
    var kind: String
    var microseconds: UInt64
    /// `<program>-<module>-<input>-<target>-<output>-<opt>`: what the job's two files share.
    var job: String
    var name: String

    /// Reads `stats-…json` or `trace-…csv`, or nil for any other name.
    init?(_ name: String) {
      let kind: String
      if name.hasPrefix("stats-"), name.hasSuffix(".json") {
        kind = "stats"
      } else if name.hasPrefix("trace-"), name.hasSuffix(".csv") {
        kind = "trace"
      } else {
        return nil
      }
      let stem = name.dropFirst(kind.count + 1).dropLast(kind == "stats" ? 5 : 4)
      guard let firstDash = stem.firstIndex(of: "-"), let lastDash = stem.lastIndex(of: "-"), firstDash < lastDash,
        let microseconds = UInt64(stem[..<firstDash])
      else { return nil }
      self.kind = kind
      self.microseconds = microseconds
      job = String(stem[stem.index(after: firstDash)..<lastDash])
      self.name = name
    }
  }

  /// The profile of every trace in `folder`.
  /// - Parameters:
  ///   - describe: How a file is named in notes (by default its name in the folder).
  ///   - limits: What is read of each file at most; a trace or stats file that is no regular file (a FIFO, a device)
  ///     is named in a note and skipped.
  /// - Throws: `BenchError.data` when the folder holds neither traces nor stats files, `BenchError.io` when it
  ///   cannot be listed.
  static func read(_ folder: URL, describe: ((String) -> String)? = nil, limits: Limits = Limits()) throws
    -> ScopeProfile
  {
    let names: [String]
    do {
      names = try FileManager.default.contentsOfDirectory(atPath: folder.path)
    } catch {
      throw BenchError.io("cannot list \(folder.path): \(BenchError.reason(error))")
    }
    let files = names.compactMap(FileName.init).sorted { ($0.microseconds, $0.name) < ($1.microseconds, $1.name) }
    let traces = files.filter { $0.kind == "trace" }
    var stats = files.filter { $0.kind == "stats" }
    guard !files.isEmpty else {
      throw BenchError.data(
        "\(folder.path): no trace-*.csv or stats-*.json; build with -stats-output-dir \(folder.path) "
          + "-Xfrontend -trace-stats-events")
    }
    guard !traces.isEmpty else {
      throw BenchError.data(
        "\(folder.path): \(stats.count) stats file\(stats.count == 1 ? "" : "s") but no trace-*.csv: the compiler "
          + "wrote no trace (add -Xfrontend -trace-stats-events; compilers before Swift 4.2 have no such flag)")
    }
    let name = describe ?? { $0 }
    var builder = ScopeProfile.Builder()
    for trace in traces {
      // The stats file of the same job written last before the trace.
      let pair = stats.indices.last { stats[$0].job == trace.job && stats[$0].microseconds <= trace.microseconds }
      var statsScopes: Int64?
      if let pair {
        let file = folder.appendingPathComponent(stats[pair].name)
        stats.remove(at: pair)
        switch readScopes(file, limits: limits) {
        case .success(let scopes):
          statsScopes = scopes
        case .failure(let problem):
          builder.addNote(
            "its stats file \(file.lastPathComponent) \(problem.reason); the trace is not checked against it",
            source: name(trace.name), incomplete: problem.isBadData)
        }
      }
      do {
        let (attribution, readBytes) = try readTrace(folder.appendingPathComponent(trace.name), limits: limits)
        builder.add(attribution, statsScopes: statsScopes, source: name(trace.name))
        if let readBytes {
          builder.addNote(
            "larger than the \(BoundedFile.describe(readBytes)) bench reads of a trace; the rest was not read",
            source: name(trace.name), incomplete: true)
        }
      } catch BenchError.data(let message) {
        // "PATH is not a regular file (a FIFO); skipped", under the trace's name.
        var reason = withoutPath(message, folder.appendingPathComponent(trace.name))
        if reason.hasPrefix("is ") { reason.removeFirst(3) }
        builder.addNote(reason, source: name(trace.name), incomplete: true)
      } catch {
        builder.addNote(BenchError.reason(error), source: name(trace.name), incomplete: true)
      }
    }
    for left in stats {
      var statsScopes: Int64?
      switch readScopes(folder.appendingPathComponent(left.name), limits: limits) {
      case .success(let scopes):
        statsScopes = scopes
      case .failure(let problem) where problem.reason != StatsProblem.unreadable:
        builder.addNote(problem.reason, source: name(left.name), incomplete: problem.isBadData)
      case .failure:
        break
      }
      builder.addMissingTrace(statsScopes: statsScopes, source: name(left.name))
    }
    return builder.finish()
  }

  /// `message` without the path of `file` it starts with (a note names the file already).
  static func withoutPath(_ message: String, _ file: URL) -> String {
    message.hasPrefix(file.path + " ") ? String(message.dropFirst(file.path.count + 1)) : message
  }

  /// What bench reads of a file in a stats folder at most.
  struct Limits {
    /// Bytes of one trace (8 GiB: a large module's traced type-check writes a few hundred MB).
    var traceBytes = 8 << 30
    /// Bytes of one stats file (16 MiB: the compiler writes a few hundred counters, tens of KB).
    var statsBytes = 16 << 20
    /// Bytes of one trace row (`StatsTraceReader.maximumLineLength`).
    var lineLength = StatsTraceReader.maximumLineLength
  }

  /// Why a stats file's scopes could not be used.
  struct StatsProblem: Error {
    /// What is wrong, after the file's name (`is unreadable`, `counts 1e300 scopes, …`).
    var reason: String
    /// True when the file was read and holds what no compiler writes (a count out of range): bad data, which makes
    /// the profile incomplete. A file that cannot be read (no JSON object of numbers, no regular file, too large)
    /// leaves its trace to stand alone.
    var isBadData: Bool

    static let unreadable = "is unreadable"
  }

  /// The constraint scopes a stats file counts (0 when it has no such counter): a whole number of at most 1e18,
  /// the bound `bench run` applies to every statistic.
  static func readScopes(_ file: URL, limits: Limits = Limits()) -> Result<Int64, StatsProblem> {
    let data: Data
    do {
      data = try BoundedFile.contents(of: file, limit: limits.statsBytes)
    } catch BenchError.data(let message) {
      return .failure(StatsProblem(reason: withoutPath(message, file), isBadData: false))
    } catch {
      return .failure(StatsProblem(reason: StatsProblem.unreadable, isBadData: false))
    }
    guard let values = try? CompilerStatistics.parse(data, source: file.path) else {
      return .failure(StatsProblem(reason: StatsProblem.unreadable, isBadData: false))
    }
    let value = values[StatName.constraintScopes] ?? 0
    guard value.isFinite, value >= 0, value <= 1e18, value == value.rounded() else {
      return .failure(
        StatsProblem(
          reason: "counts \(value) constraint scopes, which no compile does (bad data)", isBadData: true))
    }
    return .success(Int64(value))
  }

  /// Streams one trace file through the reader, reading it only if it is a regular file and only up to
  /// `limits.traceBytes`.
  /// - Returns: what the trace says, and the bytes read when the file holds more than the bound (nil when it was
  ///   read whole).
  /// - Throws: `BenchError.data` when it is no regular file (a FIFO, `/dev/zero`), `BenchError.io` when it cannot be
  ///   opened or read.
  static func readTrace(_ file: URL, limits: Limits = Limits()) throws -> (TraceAttribution, cutAt: Int?) {
    let opened = try BoundedFile(file)
    let handle = opened.handle
    defer { try? handle.close() }
    var reader = StatsTraceReader(maximumLineLength: limits.lineLength)
    var read = 0
    while read < limits.traceBytes {
      let chunk: Data?
      do {
        chunk = try handle.read(upToCount: min(chunkSize, limits.traceBytes - read))
      } catch {
        throw BenchError.io("cannot read \(file.path): \(BenchError.reason(error))")
      }
      guard let chunk, !chunk.isEmpty else { return (reader.finish(), nil) }
      read += chunk.count
      reader.consume(chunk)
    }
    // At the bound: more to come is a file too large, read only in part.
    let more = (try? handle.read(upToCount: 1))?.isEmpty == false
    return (reader.finish(), more ? read : nil)
  }
}
