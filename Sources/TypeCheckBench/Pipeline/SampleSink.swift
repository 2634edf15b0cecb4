import Foundation
import TypeCheckBenchCore

/// Where a run's samples go as they are taken, from any thread: each is kept (the journal is for resuming, and
/// reading it back would cost as much as the reports: a sample can hold tens of thousands of timing entries) and
/// appended to the journal, flushed before the next is taken.
final class SampleSink: @unchecked Sendable {
  private let lock = NSLock()
  private let journal: SampleJournal
  private var kept: [TypeCheckSample] = []
  private var journaled = 0

  init(_ journal: SampleJournal) { self.journal = journal }

  /// Keeps `sample` and journals it.
  /// - Returns: how many samples were taken so far, this one included.
  /// - Throws: `BenchError.io` when the journal cannot be appended to (the sample is kept all the same, for the
  ///   finish stage to save).
  @discardableResult @Sendable func add(_ sample: TypeCheckSample) throws -> Int {
    try lock.withLock {
      kept.append(sample)
      try journal.append(sample)
      journaled = kept.count
      return kept.count
    }
  }

  /// Every sample added, in the order added, and how many of them reached the journal.
  var taken: (samples: [TypeCheckSample], journaled: Int) {
    lock.withLock { (kept, journaled) }
  }
}
