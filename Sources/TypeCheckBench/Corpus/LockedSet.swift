import Foundation
import Generators
import TypeCheckBenchCore

/// A set shared by worker threads.
final class LockedSet<Element: Hashable>: @unchecked Sendable {
  private let lock = NSLock()
  private var values: Set<Element> = []

  func insert(_ value: Element) {
    lock.lock()
    values.insert(value)
    lock.unlock()
  }

  func contains(_ value: Element) -> Bool {
    lock.lock()
    defer { lock.unlock() }
    return values.contains(value)
  }
}
