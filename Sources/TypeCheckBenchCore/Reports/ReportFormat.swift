import Foundation

/// A kind of report file `bench report` can write.
///
/// A format is its case here, with the files it writes (`files(of:alongside:)`, which calls its renderer), and its
/// renderer (a `RunReport` extension of its own). Everything else follows from the cases: the `--format` values and
/// defaults, the refusal texts, the help's list of files, and what `bench report --check` compares.
///
/// A format's files are the files whose name ends in `.<fileExtension>` (its raw value): `bench report --check`
/// compares the formats a folder holds a file of (`held(in:)`), so a format added to bench re-renders no run written
/// before it, while a run that holds one of its files is held to all of them.
public enum ReportFormat: String, CaseIterable, Codable, Hashable, Sendable, Comparable {
  /// `samples.csv` and `summary.csv`.
  case csv
  /// `report.md` (and `fidelity.md` for a `bench fidelity` run).
  case md
  /// `run.json`, the record itself.
  case json
  /// `charts/*.svg`.
  case svg
  /// `index.html`.
  case html

  /// The files this format writes for `report`'s record, by path relative to the run folder. `formats` are the
  /// formats written with it: the Markdown report links the charts only when `svg` is among them (so it never links
  /// a file that was not written); otherwise it says how to write them.
  /// - Throws: `EncodingError` when the record cannot be encoded as JSON (a non-finite number).
  func files(of report: RunReport, alongside formats: Set<ReportFormat>) throws -> [String: String] {
    switch self {
    case .csv: ["samples.csv": report.samplesCSV.text, "summary.csv": report.summaryCSV.text]
    case .md:
      // A `bench fidelity` run: its claims, the miniature and the SDK side by side.
      ["report.md": report.markdown(linkingCharts: formats.contains(.svg))].merging(
        report.record.fidelityClaims == nil ? [:] : ["fidelity.md": FidelityReport(report.record).markdown]
      ) { $1 }
    case .json: ["run.json": try ReportRenderer.runJSON(report.record)]
    case .svg: Dictionary(report.charts.map { ($0.path, $0.chart.svg) }) { $1 }
    case .html: ["index.html": report.html]
    }
  }

  /// What the format writes, as the help names it (`charts/*.svg`).
  public var fileNames: [String] {
    switch self {
    case .csv: ["samples.csv", "summary.csv"]
    case .md: ["report.md"]
    case .json: ["run.json"]
    case .svg: ["charts/*.svg"]
    case .html: ["index.html"]
    }
  }

  /// How the names of this format's files end, without the dot: its raw value.
  public var fileExtension: String { rawValue }

  /// The format whose files end as `path` does, or nil for a file of no format (a case file, bench's marker).
  public init?(file path: String) {
    guard let format = Self.allCases.first(where: { path.hasSuffix("." + $0.fileExtension) }) else { return nil }
    self = format
  }

  /// The formats of which `paths` (a folder's files) hold at least one file.
  public static func held(in paths: some Sequence<String>) -> Set<ReportFormat> {
    Set(paths.compactMap(ReportFormat.init(file:)))
  }

  /// The formats rendered from the record, every one but `json` (the record itself): what `bench report` writes by
  /// default.
  public static var reports: [ReportFormat] { allCases.filter { $0 != .json } }

  /// Every format's name, comma-separated in declaration order (`csv,md,json,svg,html`): the value form the
  /// commands' `--format` help shows.
  public static var namesList: String { names(allCases) }

  /// `formats`' names, comma-separated (`csv,md`).
  public static func names(_ formats: [ReportFormat]) -> String { formats.map(\.rawValue).joined(separator: ",") }

  /// The files `formats` write, as prose: `samples.csv, summary.csv, report.md and index.html`.
  public static func fileList(_ formats: [ReportFormat]) -> String {
    let names = formats.flatMap(\.fileNames)
    guard let last = names.last, names.count > 1 else { return names.last ?? "" }
    return names.dropLast().joined(separator: ", ") + " and " + last
  }

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
