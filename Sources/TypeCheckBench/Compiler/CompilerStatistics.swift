import Escaping
import Foundation
import TypeCheckBenchCore

/// Reads what `swiftc -stats-output-dir` wrote: the counters and timers bench keeps.
public enum CompilerStatistics {
  /// The timers kept besides every counter (a counter is any entry not named `time.*`).
  public static let keptNames: Set<String> = [
    StatName.constraintScopes, StatName.leafScopes, StatName.declsTypechecked, StatName.typeCheckWall,
    StatName.typeCheckUser, StatName.typeCheckStmtWall,
  ]

  /// True for an entry bench keeps: every counter (what `bench counters` ranks and `--counter` charts), the named
  /// timers, and any timer in `extra` (a `--counter` naming a timer).
  public static func isKept(_ name: String, extra: Set<String> = []) -> Bool {
    !name.hasPrefix("time.") || keptNames.contains(name) || extra.contains(name)
  }

  /// The kept entries of one statistics file's JSON text.
  /// - Throws: `BenchError.software` when the text is not a JSON object of numbers.
  public static func parse(_ data: Data, source: String, extra: Set<String> = []) throws -> [String: Double] {
    let entries: [String: StatValue]
    do {
      // JSONDecoder, not JSONSerialization: on Linux the latter turns long decimals into NSDecimalNumber, whose
      // doubleValue is off in the last digits.
      entries = try JSONFormat.decode([String: StatValue].self, from: data)
    } catch {
      throw BenchError.software("unreadable compiler statistics \(source): not a JSON object of numbers")
    }
    var kept: [String: Double] = [:]
    for (name, value) in entries where isKept(name, extra: extra) {
      guard case .number(let number) = value else {
        throw BenchError.software("unreadable compiler statistics \(source): \(name) is not a number")
      }
      kept[name] = number
    }
    return kept
  }

  /// One value of a statistics file: a number, or anything else (kept only to be refused by name).
  private enum StatValue: Decodable {
    case number(Double)
    case other

    init(from decoder: Decoder) throws {
      let container = try decoder.singleValueContainer()
      self = (try? container.decode(Double.self)).map(StatValue.number) ?? .other
    }
  }

  /// A new, empty folder under `scratch` for one compile's `-stats-output-dir`: swiftc silently writes no statistics
  /// into a folder that does not exist, and a reused folder would mix in an earlier compile's file. The caller
  /// removes it.
  /// - Throws: `BenchError.io` when it cannot be created.
  public static func freshFolder(in scratch: URL) throws -> URL {
    let folder = scratch.appendingPathComponent("stats-\(UUID().uuidString)", isDirectory: true)
    do {
      try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    } catch {
      throw BenchError.io("cannot create \(folder.path): \(BenchError.reason(error))")
    }
    return folder
  }

  /// The kept entries of every `*.json` file in `folder`, summed by name, or nil when there is none.
  ///
  /// A `-typecheck` of one file runs one frontend job, which writes one file; were there several jobs, their
  /// counters add up to the compile's.
  /// - Throws: `BenchError.io` when the folder cannot be listed, `BenchError.software` for an unreadable file.
  public static func read(folder: URL, extra: Set<String> = []) throws -> [String: Double]? {
    let names: [String]
    do {
      names = try FileManager.default.contentsOfDirectory(atPath: folder.path)
    } catch {
      throw BenchError.io("cannot list \(folder.path): \(BenchError.reason(error))")
    }
    let files = names.filter { $0.hasSuffix(".json") }.sorted()
    guard !files.isEmpty else { return nil }
    var total: [String: Double] = [:]
    for name in files {
      let file = folder.appendingPathComponent(name)
      let data: Data
      do {
        data = try Data(contentsOf: file)
      } catch {
        throw BenchError.io("cannot read \(file.path): \(BenchError.reason(error))")
      }
      total.merge(try parse(data, source: file.path, extra: extra), uniquingKeysWith: +)
    }
    return total
  }
}
