import Escaping
import Foundation

/// Renders a run record into report files: pure, values in and strings out.
public enum ReportRenderer {
  /// Renders the files of the selected `formats` for `record`: each format's files (`ReportFormat.files`), `csv`
  /// `samples.csv` and `summary.csv`, `md` `report.md` (and `fidelity.md` for a `bench fidelity` run), `json`
  /// `run.json`, `svg` `charts/*.svg`, `html` `index.html`.
  /// - Throws: `EncodingError` when the record cannot be encoded as JSON (a non-finite number).
  public static func render(
    _ record: RunRecord, formats: Set<ReportFormat> = Set(ReportFormat.allCases)
  ) throws -> RenderedReport {
    let report = RunReport(record)
    var files: [String: String] = [:]
    for format in formats.sorted() {
      files.merge(try format.files(of: report, alongside: formats)) { $1 }
    }
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
