import Dispatch
import Foundation

@testable import TypeCheckBench

/// A `ProcessRunner.run` on another thread, so a test can interrupt it while it runs.
final class BackgroundRun: @unchecked Sendable {
  private let lock = NSLock()
  private let done = DispatchSemaphore(value: 0)
  private var outcome: Result<ProcessResult, Error>?

  /// Starts `executable` under `groups` and returns at once.
  init(_ executable: String, _ arguments: [String] = [], groups: ChildProcessGroups, timeout: Double = 60) {
    DispatchQueue.global().async { [self] in
      let result = Result {
        try ProcessRunner.run(
          executable, arguments, workingDirectory: nil, environment: nil, timeout: timeout, groups: groups)
      }
      lock.lock()
      outcome = result
      lock.unlock()
      done.signal()
    }
  }

  /// Waits for the run to end and returns its result.
  func result() throws -> ProcessResult {
    done.wait()
    lock.lock()
    defer { lock.unlock() }
    return try outcome!.get()
  }
}

/// Waits up to `seconds` for `condition`, checking every millisecond; returns its last value.
func eventually(within seconds: Double = 10, _ condition: () -> Bool) -> Bool {
  let giveUp = ProcessRunner.monotonicSeconds() + seconds
  while !condition() {
    if ProcessRunner.monotonicSeconds() > giveUp { return false }
    usleep(1_000)
  }
  return true
}
