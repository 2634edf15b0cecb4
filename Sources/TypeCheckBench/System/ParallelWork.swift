import Foundation

/// Work spread over a few threads: indices handed out one at a time, each result kept in its index's slot.
enum ParallelWork {
  /// Runs `body` for the indices `0..<count` on `workers` threads (at most as many as the machine runs at once) and
  /// returns the results in index order. Once `shouldStop` is true no index is started; one not started is nil.
  static func map<T>(
    count: Int, workers: Int, shouldStop: @escaping @Sendable () -> Bool = { false },
    _ body: @Sendable (Int) throws -> T
  ) -> [Result<T, Error>?] {
    let queue = Slots<T>(count: count, shouldStop: shouldStop)
    DispatchQueue.concurrentPerform(iterations: max(1, min(workers, count))) { _ in
      while let index = queue.next() { queue.finish(index, Result { try body(index) }) }
    }
    return queue.results
  }
}

/// Hands out indices to workers and collects their results (a lock around both).
private final class Slots<T>: @unchecked Sendable {
  private let lock = NSLock()
  private var nextIndex = 0
  private let shouldStop: @Sendable () -> Bool
  private var stored: [Result<T, Error>?]

  init(count: Int, shouldStop: @escaping @Sendable () -> Bool) {
    stored = Array(repeating: nil, count: count)
    self.shouldStop = shouldStop
  }

  func next() -> Int? {
    lock.lock()
    defer { lock.unlock() }
    guard nextIndex < stored.count, !shouldStop() else { return nil }
    nextIndex += 1
    return nextIndex - 1
  }

  func finish(_ index: Int, _ result: Result<T, Error>) {
    lock.lock()
    stored[index] = result
    lock.unlock()
  }

  var results: [Result<T, Error>?] {
    lock.lock()
    defer { lock.unlock() }
    return stored
  }
}
