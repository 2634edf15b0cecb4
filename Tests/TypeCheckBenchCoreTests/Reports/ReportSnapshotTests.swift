import Foundation
import Testing
import TypeCheckBenchCore

/// Golden-file tests: the sample record renders byte-identical files to `Snapshots/`.
///
/// Re-record with `TCB_RECORD_SNAPSHOTS=1 swift test --filter ReportSnapshotTests`; recording fails the run on
/// purpose so nobody records by accident.
@Suite struct ReportSnapshotTests {
  static let snapshotFiles: [(path: String, snapshot: String)] = [
    ("samples.csv", "sweep-samples.csv"),
    ("summary.csv", "sweep-summary.csv"),
    ("report.md", "sweep-report.md"),
    ("index.html", "sweep-index.html"),
    ("charts/nesting-time.svg", "sweep-nesting-time.svg"),
    ("charts/nesting-scopes.svg", "sweep-nesting-scopes.svg"),
    ("charts/chart-time.svg", "sweep-chart-time.svg"),
  ]

  @Test func sweepRendersLikeTheSnapshots() throws {
    let rendered = try ReportRenderer.render(ReportTestRecords.sweep)
    let recording = ProcessInfo.processInfo.environment["TCB_RECORD_SNAPSHOTS"] == "1"
    let sourceFolder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .appendingPathComponent("Snapshots")
    for (path, snapshot) in Self.snapshotFiles {
      let actual = try #require(rendered.files[path], "\(path) was not rendered")
      if recording {
        try actual.write(to: sourceFolder.appendingPathComponent(snapshot), atomically: true, encoding: .utf8)
        continue
      }
      let url = try #require(
        Bundle.module.url(forResource: snapshot, withExtension: nil, subdirectory: "Snapshots"),
        "missing snapshot \(snapshot): record with TCB_RECORD_SNAPSHOTS=1")
      let expected = try String(contentsOf: url, encoding: .utf8)
      #expect(
        actual == expected,
        "\(path) differs from Snapshots/\(snapshot); if the change is intended, re-record with TCB_RECORD_SNAPSHOTS=1")
    }
    #expect(!recording, "Recorded snapshots into \(sourceFolder.path); unset TCB_RECORD_SNAPSHOTS and run again")
  }

  @Test func renderingIsDeterministic() throws {
    let first = try ReportRenderer.render(ReportTestRecords.sweep)
    let second = try ReportRenderer.render(ReportTestRecords.sweep)
    #expect(first == second)
  }

  @Test func formatsSelectFiles() throws {
    let record = ReportTestRecords.sweep
    #expect(try ReportRenderer.render(record, formats: [.csv]).paths == ["samples.csv", "summary.csv"])
    #expect(try ReportRenderer.render(record, formats: [.md, .json]).paths == ["report.md", "run.json"])
    #expect(
      try ReportRenderer.render(record, formats: [.svg]).paths == [
        "charts/chart-scopes.svg", "charts/chart-time.svg", "charts/nesting-scopes.svg", "charts/nesting-time.svg",
      ])
    // Every format together writes what each writes alone, no file twice: these formats' 9, and any format's added since.
    let all = try ReportRenderer.render(record).paths
    let each = try ReportFormat.allCases.flatMap { try ReportRenderer.render(record, formats: [$0]).paths }
    #expect(all == each.sorted())
    #expect(Set(all).isSuperset(of: ["samples.csv", "summary.csv", "report.md", "run.json", "index.html"]))
    #expect(all.filter { $0.hasPrefix("charts/") }.count == 4)
    #expect(ReportFormat.parseList("csv, md") == [.csv, .md])
    #expect(ReportFormat.parseList("all") == Set(ReportFormat.allCases))
    #expect(ReportFormat.parseList("csv,pdf") == nil)
    #expect(ReportFormat.parseList("") == nil)
  }

  @Test func runJSONRoundTripsAndIsStable() throws {
    let record = ReportTestRecords.sweep
    let text = try ReportRenderer.runJSON(record)
    let decoded = try JSONDecoder().decode(RunRecord.self, from: Data(text.utf8))
    #expect(decoded == record)
    // A toolchain is one line of the record layout, compact.
    #expect(text.contains("\"swiftcPath\":\"/opt/swift/usr/bin/swiftc\""))
    #expect(try ReportRenderer.runJSON(decoded) == text)
  }
}
