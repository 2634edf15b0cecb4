import Foundation
import Testing

@testable import TypeCheckBenchCore

/// The traces captured from real compiles by scripts/capture-trace-fixtures.sh: `Fixtures/traces/<tag>/<case>/`,
/// each with the compiler's stats file, its trace, its output and the source.
struct TraceFixture: CustomTestStringConvertible, Sendable {
  var tag: String
  var name: String

  static let tags = ["swift-6.3.1", "swift-6.0.3"]

  /// Every captured trace (Swift 6.0 has no `scopes` case, and rejects the `limit` case's flag).
  static let all = [
    TraceFixture(tag: "swift-6.3.1", name: "scopes"), TraceFixture(tag: "swift-6.3.1", name: "body"),
    TraceFixture(tag: "swift-6.3.1", name: "mixed"), TraceFixture(tag: "swift-6.3.1", name: "limit"),
    TraceFixture(tag: "swift-6.0.3", name: "body"), TraceFixture(tag: "swift-6.0.3", name: "mixed"),
  ]

  var folder: URL {
    get throws {
      let root = try #require(Bundle.module.resourceURL)
      return root.appendingPathComponent("Fixtures/traces/\(tag)/\(name)", isDirectory: true)
    }
  }

  /// The file whose name starts with `prefix`.
  func file(_ prefix: String) throws -> URL {
    let folder = try self.folder
    let names = try FileManager.default.contentsOfDirectory(atPath: folder.path)
    let name = try #require(names.first { $0.hasPrefix(prefix) }, "no \(prefix)* in \(folder.path)")
    return folder.appendingPathComponent(name)
  }

  var traceBytes: Data { get throws { try Data(contentsOf: try file("trace-")) } }

  /// `Sema.NumConstraintScopes` as the compiler's stats file gives it.
  var statsScopes: Int64 {
    get throws {
      let object = try JSONSerialization.jsonObject(with: Data(contentsOf: try file("stats-"))) as? [String: Any]
      return try #require((object?["Sema.NumConstraintScopes"] as? NSNumber)?.int64Value)
    }
  }

  var source: String { get throws { try String(contentsOf: try file("\(name).swift"), encoding: .utf8) } }

  var output: String { get throws { try String(contentsOf: try file("output.txt"), encoding: .utf8) } }

  var attribution: TraceAttribution { get throws { StatsTraceReader.read(utf8: try traceBytes) } }

  var testDescription: String { "\(tag)/\(name)" }
}
