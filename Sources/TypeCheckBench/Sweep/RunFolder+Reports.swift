import Foundation
import TypeCheckBenchCore

extension RunFolder {
  /// Writes `record` as run.json, and the selected reports, atomically into this folder.
  func writeReports(_ record: RunRecord, formats: Set<ReportFormat>) throws {
    let rendered: RenderedReport
    do {
      rendered = try ReportRenderer.render(record, formats: formats.union([.json]))
    } catch {
      throw BenchError.data("cannot encode the run record: \(BenchError.reason(error))")
    }
    try write(files: rendered.files)
  }
}
