import Escaping
import Foundation

/// The files of a rendered report, keyed by path relative to the run's folder.
public struct RenderedReport: Hashable, Sendable {
  /// Relative path (for example `report.md`, `charts/nesting-time.svg`) to file contents.
  public var files: [String: String]

  public init(files: [String: String]) {
    self.files = files
  }

  /// Paths in a stable order.
  public var paths: [String] { files.keys.sorted() }
}

/// Renders a run record into report files: pure, values in and strings out.
public enum ReportRenderer {
  /// Renders the files of the selected `formats` for `record`.
  ///
  /// `csv` gives `samples.csv` and `summary.csv`, `md` `report.md` (and `fidelity.md` for a `bench fidelity` run),
  /// `json` `run.json`, `svg` `charts/*.svg`, `html` `index.html`. The Markdown report links the charts only when `svg` is selected (so it never links a file this
  /// rendering did not write); otherwise it says how to write them.
  /// - Throws: `EncodingError` when the record cannot be encoded as JSON (a non-finite number).
  public static func render(
    _ record: RunRecord, formats: Set<ReportFormat> = Set(ReportFormat.allCases)
  ) throws -> RenderedReport {
    let report = RunReport(record)
    var files: [String: String] = [:]
    if formats.contains(.json) { files["run.json"] = try runJSON(record) }
    if formats.contains(.csv) {
      files["samples.csv"] = report.samplesCSV.text
      files["summary.csv"] = report.summaryCSV.text
    }
    if formats.contains(.md) {
      files["report.md"] = report.markdown(linkingCharts: formats.contains(.svg))
      // A `bench fidelity` run: its claims, the miniature and the SDK side by side.
      if record.fidelityClaims != nil { files["fidelity.md"] = FidelityReport(record).markdown }
    }
    if formats.contains(.svg) {
      for (path, chart) in report.charts { files[path] = chart.svg }
    }
    if formats.contains(.html) { files["index.html"] = report.html }
    return RenderedReport(files: files)
  }

  /// The record as deterministic JSON in the record layout (`JSONFormat.record`: a case, a sample, a module build per
  /// line), sorted keys, slashes unescaped, ending in a newline.
  public static func runJSON(_ record: RunRecord) throws -> String {
    try JSONFormat.record(record)
  }

  /// The record as bench wrote run.json before the record layout: pretty-printed. Still read, and accepted by
  /// `bench report --check` as the same record.
  public static func legacyRunJSON<Record: Encodable>(_ record: Record) throws -> String {
    try JSONFormat.document(record)
  }
}
