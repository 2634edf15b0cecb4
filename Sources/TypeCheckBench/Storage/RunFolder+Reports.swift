import Foundation
import TypeCheckBenchCore

extension RunFolder {
  /// Writes `record` as run.json, and the selected reports, atomically into this folder.
  /// - Returns: the paths written, relative to the folder.
  @discardableResult
  func writeReports(_ record: RunRecord, formats: Set<ReportFormat>) throws -> [String] {
    let rendered: RenderedReport
    do {
      rendered = try ReportRenderer.render(record, formats: formats.union([.json]))
    } catch {
      throw BenchError.data("cannot encode the run record: \(BenchError.reason(error))")
    }
    try write(files: rendered.files)
    return rendered.paths
  }

  /// The closing line of a run: the main file written (fidelity.md, else report.md, else run.json) and, in
  /// parentheses, the others, the charts as one folder; only what `paths` holds.
  static func writtenLine(_ folder: String, paths: [String]) -> String {
    let order = ["fidelity.md", "run.json", "report.md", "samples.csv", "summary.csv", "charts/", "index.html"]
    let written = Set(paths.map { $0.hasPrefix("charts/") ? "charts/" : $0 })
    let listed = order.filter(written.contains) + written.subtracting(order).sorted()
    guard let main = ["fidelity.md", "report.md", "run.json"].first(where: written.contains) ?? listed.first else {
      return "Wrote nothing to \(folder)"
    }
    let others = listed.filter { $0 != main }
    return "Wrote \(folder)/\(main)" + (others.isEmpty ? "" : " (and \(others.joined(separator: ", ")))")
  }
}
