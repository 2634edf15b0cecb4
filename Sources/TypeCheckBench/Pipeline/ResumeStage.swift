import Foundation
import TypeCheckBenchCore

extension RunFolder {
  /// The resume every kind of run goes through: reads the record (before the lock, so that a folder that is not a run
  /// gets nothing written, not even a lock file), refuses a run of another measurement version, lets the kind `check`
  /// the plan, locks the folder and reads the record again (what the resume continues from), gives it the new
  /// `timeout` when one is given, reads the samples already taken (`samplesTaken`) and checks the compilers are the
  /// ones the run started with.
  /// - Returns: the record, the samples taken, and the folder's lock (hold it until the run ends).
  func resume<Record: MeasuredRecord>(
    _ kind: any RunKindWords, timeout: Double?, read: (URL) throws -> Record, check: (Record) throws -> Void = { _ in },
    output: (String) -> Void
  ) throws -> (record: Record, previous: [TypeCheckSample], lock: FolderLock) {
    let planned = try read(recordURL)
    let version = planned.provenance.measurementVersion
    guard version == kind.measurementVersion else {
      throw BenchError.usage(
        "--resume: \(url.path) was measured with measurement version \(version) and this bench measures with "
          + "version \(kind.measurementVersion); its samples would not mix with new ones: \(kind.restartAdvice)")
    }
    try check(planned)
    let lock = try self.lock()
    do {
      var record = try read(recordURL)
      if let timeout { record.provenance.timeoutSeconds = timeout }
      let previous = try samplesTaken(recorded: record.samples, output: output, torn: kind.tornLine)
      for toolchain in record.toolchains { try toolchain.checkUnchanged(comparingFiles: kind.comparesCompilerFiles) }
      return (record, previous, lock)
    } catch {
      lock.release()
      throw error
    }
  }
}
