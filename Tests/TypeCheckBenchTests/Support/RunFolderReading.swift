import Foundation
import TypeCheckBenchCore

@testable import TypeCheckBench

/// The samples of a run folder's run.json as (case, toolchain, iteration) points.
func points(ofRunAt folder: URL) throws -> [SampleKey] {
  let record = try RecordStore.sweep(folder)
  return record.samples.map {
    SampleKey($0)
  }
}

/// The lines of a run folder's journal.
func journalLineCount(_ folder: URL) -> Int {
  guard let data = FileManager.default.contents(atPath: folder.appendingPathComponent("samples.jsonl").path) else {
    return 0
  }
  return data.split(separator: 0x0A).count
}
