import Foundation
import Generators
import Testing

/// Golden files: a few small cases generate byte-identical inline-form sources (framework and case in one file) to
/// `Snapshots/<id>.swift.txt`.
///
/// Re-record with `TCB_RECORD_SNAPSHOTS=1 swift test --filter GeneratorSnapshotTests`; recording fails the run on
/// purpose so nobody records by accident. The `.txt` suffix keeps tools from taking the snapshots for sources.
@Suite struct GeneratorSnapshotTests {
  static let specs = [
    CaseSpec(family: .nesting, model: .perKind, preset: .minimal, depth: 2),
    CaseSpec(family: .nesting, model: .unified, depth: 2),
    CaseSpec(family: .chart, model: .unified, branches: 3, chartVariant: .compat),
  ]

  @Test func casesGenerateLikeTheSnapshots() throws {
    let recording = ProcessInfo.processInfo.environment["TCB_RECORD_SNAPSHOTS"] == "1"
    let sourceFolder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Snapshots")
    let fix = "TCB_RECORD_SNAPSHOTS=1 swift test --filter GeneratorSnapshotTests"
    for spec in Self.specs {
      let generated = CaseGenerator.generate(spec, form: .inline)
      let snapshot = generated.fileName + ".txt"
      if recording {
        try generated.source.write(to: sourceFolder.appendingPathComponent(snapshot), atomically: true, encoding: .utf8)
        continue
      }
      let url = try #require(
        Bundle.module.url(forResource: snapshot, withExtension: nil, subdirectory: "Snapshots"),
        "missing snapshot \(snapshot): record it with \(fix)")
      let expected = try String(contentsOf: url, encoding: .utf8)
      let difference = Self.firstDifference(generated.source, expected)
      #expect(
        difference == nil,
        "\(spec.id) differs from Snapshots/\(snapshot) \(difference ?? ""); if intended, re-record with \(fix)")
    }
    #expect(!recording, "Recorded snapshots into \(sourceFolder.path); unset TCB_RECORD_SNAPSHOTS and run again")
  }

  /// The first line where `actual` and `expected` differ, described briefly, or nil when they are equal.
  static func firstDifference(_ actual: String, _ expected: String) -> String? {
    guard actual != expected else { return nil }
    let actualLines = actual.split(separator: "\n", omittingEmptySubsequences: false)
    let expectedLines = expected.split(separator: "\n", omittingEmptySubsequences: false)
    let common = min(actualLines.count, expectedLines.count)
    let index = (0..<common).first { actualLines[$0] != expectedLines[$0] } ?? common
    let got = index < actualLines.count ? String(actualLines[index]) : "<end of file>"
    let want = index < expectedLines.count ? String(expectedLines[index]) : "<end of file>"
    return "at line \(index + 1): generated `\(got)`, snapshot `\(want)`"
  }
}
