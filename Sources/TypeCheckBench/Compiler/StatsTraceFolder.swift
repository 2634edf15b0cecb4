import Foundation
import TypeCheckBenchCore

/// Reads what `-stats-output-dir DIR -Xfrontend -trace-stats-events` wrote into DIR: every `trace-*.csv` (one per
/// frontend job), each paired with the `stats-*.json` the same job wrote, into one `ScopeProfile`.
///
/// The compiler names both files `<kind>-<microseconds>-<program>-<module>-<input>-<target>-<output>-<opt>-<random>`,
/// taking the time for the stats file first and for the trace a few microseconds later: a trace pairs with the
/// stats file of the same middle part written last before it. Traces are streamed in chunks; only the merged
/// profile is held, so a build's thousands of files (or one huge one) read in bounded memory.
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
  /// - Parameter describe: How a file is named in notes (by default its name in the folder).
  /// - Throws: `BenchError.data` when the folder holds neither traces nor stats files, `BenchError.io` when it
  ///   cannot be listed.
  static func read(_ folder: URL, describe: ((String) -> String)? = nil) throws -> ScopeProfile {
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
        if let data = try? Data(contentsOf: file),
          let values = try? CompilerStatistics.parse(data, source: file.path)
        {
          statsScopes = Int64(values[StatName.constraintScopes] ?? 0)
        } else {
          builder.addNote(
            "its stats file \(file.lastPathComponent) is unreadable; the trace is not checked against it",
            source: name(trace.name), incomplete: false)
        }
      }
      do {
        let attribution = try readTrace(folder.appendingPathComponent(trace.name))
        builder.add(attribution, statsScopes: statsScopes, source: name(trace.name))
      } catch {
        builder.addNote(BenchError.reason(error), source: name(trace.name), incomplete: true)
      }
    }
    for left in stats {
      var statsScopes: Int64?
      if let data = try? Data(contentsOf: folder.appendingPathComponent(left.name)),
        let values = try? CompilerStatistics.parse(data, source: left.name)
      {
        statsScopes = Int64(values[StatName.constraintScopes] ?? 0)
      }
      builder.addMissingTrace(statsScopes: statsScopes, source: name(left.name))
    }
    return builder.finish()
  }

  /// Streams one trace file through the reader.
  /// - Throws: `BenchError.io` when it cannot be opened or read.
  static func readTrace(_ file: URL) throws -> TraceAttribution {
    let handle: FileHandle
    do {
      handle = try FileHandle(forReadingFrom: file)
    } catch {
      throw BenchError.io("cannot read \(file.path): \(BenchError.reason(error))")
    }
    defer { try? handle.close() }
    var reader = StatsTraceReader()
    while true {
      let chunk: Data?
      do {
        chunk = try handle.read(upToCount: chunkSize)
      } catch {
        throw BenchError.io("cannot read \(file.path): \(BenchError.reason(error))")
      }
      guard let chunk, !chunk.isEmpty else { break }
      reader.consume(chunk)
    }
    return reader.finish()
  }
}
