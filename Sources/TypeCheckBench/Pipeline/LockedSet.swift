import Foundation
import Generators
import TypeCheckBenchCore

/// A set shared by worker threads.
final class LockedSet<Element: Hashable>: @unchecked Sendable {
  private let lock = NSLock()
  private var values: Set<Element> = []

  /// Inserts `value`; true when it was not there yet.
  @discardableResult func insert(_ value: Element) -> Bool {
    lock.withLock { values.insert(value).inserted }
  }

  func contains(_ value: Element) -> Bool {
    lock.lock()
    defer { lock.unlock() }
    return values.contains(value)
  }
}
