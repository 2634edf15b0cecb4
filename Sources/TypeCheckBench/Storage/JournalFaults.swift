import Foundation

/// Journals whose appends fail with ENOSPC, for fault tests: each fails while its condition holds.
final class JournalFaults: @unchecked Sendable {
  private let lock = NSLock()
  private var conditions: [String: @Sendable () -> Bool] = [:]

  /// Makes appends to `journal` fail while `condition` returns true.
  func failAppends(to journal: URL, while condition: @escaping @Sendable () -> Bool) {
    lock.lock()
    conditions[journal.standardizedFileURL.path] = condition
    lock.unlock()
  }

  func remove(_ journal: URL) {
    lock.lock()
    conditions[journal.standardizedFileURL.path] = nil
    lock.unlock()
  }

  func failsAppend(to journal: URL) -> Bool {
    lock.lock()
    let condition = conditions[journal.standardizedFileURL.path]
    lock.unlock()
    return condition?() ?? false
  }
}
