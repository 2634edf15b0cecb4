import Foundation

/// Lines collected from closures that may run on any thread.
public final class CapturedLines: @unchecked Sendable {
  public init() {}

  private let lock = NSLock()
  private var lines: [String] = []

  public func append(_ text: String) {
    lock.lock()
    lines += text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    lock.unlock()
  }

  public var all: [String] {
    lock.lock()
    defer { lock.unlock() }
    return lines
  }
}
