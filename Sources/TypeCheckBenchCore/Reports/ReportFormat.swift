import Foundation

/// A kind of report file `bench report` can write.
public enum ReportFormat: String, CaseIterable, Codable, Hashable, Sendable, Comparable {
  /// `samples.csv` and `summary.csv`.
  case csv
  /// `report.md`.
  case md
  /// `run.json`, the record itself.
  case json
  /// `charts/*.svg`.
  case svg
  /// `index.html`.
  case html

  /// Every format's name, comma-separated in declaration order (`csv,md,json,svg,html`): the value form the
  /// commands' `--format` help shows.
  public static var namesList: String { allCases.map(\.rawValue).joined(separator: ",") }

  /// Parses a comma-separated list such as `csv,md`; `all` selects every format. Returns nil naming nothing known.
  public static func parseList(_ text: String) -> Set<ReportFormat>? {
    var formats: Set<ReportFormat> = []
    for item in text.split(separator: ",") {
      let name = item.trimmingCharacters(in: .whitespaces).lowercased()
      if name == "all" {
        formats.formUnion(allCases)
      } else if let format = ReportFormat(rawValue: name == "markdown" ? "md" : name) {
        formats.insert(format)
      } else {
        return nil
      }
    }
    return formats.isEmpty ? nil : formats
  }

  public static func < (lhs: Self, rhs: Self) -> Bool {
    allCases.firstIndex(of: lhs)! < allCases.firstIndex(of: rhs)!
  }
}
