import Escaping
import Foundation
import Generators
import TypeCheckBenchCore

/// Shows a corpus run's progress: a line at every tenth of the compiles, and (unless quiet) a line whenever 25 s
/// passed without one, so a CI log never goes 30 s without a line.
final class CorpusProgress: @unchecked Sendable {
  private let lock = NSLock()
  private let total: Int
  private let quiet: Bool
  private let output: (String) -> Void
  private var done = 0
  private let start = Date()
  private var lastLine = Date()
  private var timer: DispatchSourceTimer?

  init(total: Int, quiet: Bool, output: @escaping (String) -> Void) {
    self.total = total
    self.quiet = quiet
    self.output = output
    guard !quiet, total > 0 else { return }
    let timer = DispatchSource.makeTimerSource(queue: DispatchQueue(label: "TypeCheckBench.CorpusProgress"))
    timer.schedule(deadline: .now() + 1, repeating: 1)
    timer.setEventHandler { [weak self] in self?.tick() }
    timer.resume()
    self.timer = timer
  }

  deinit { timer?.cancel() }

  /// Stops the heartbeat.
  func finish() {
    lock.withLock {
      timer?.cancel()
      timer = nil
    }
  }

  private func tick() {
    lock.withLock {
      guard timer != nil, Date().timeIntervalSince(lastLine) >= 25 else { return }
      say(
        "  \(done)/\(total) compiles, still measuring; elapsed \(ProgressDisplay.duration(Date().timeIntervalSince(start)))"
      )
    }
  }

  private func say(_ text: String) {
    output(text)
    lastLine = Date()
  }

  /// Notes that `count` compiles are done (journaled, in the order they finished).
  @Sendable func taken(_ count: Int) {
    lock.lock()
    defer { lock.unlock() }
    done = max(done, count)
    let step = max(1, total / 10)
    if !quiet && (count % step == 0 || count == total) {
      let elapsed = Date().timeIntervalSince(start)
      let eta =
        count < total ? " ETA ~\(ProgressDisplay.duration(elapsed / Double(count) * Double(total - count)))" : ""
      say("  \(count)/\(total) compiles, elapsed \(ProgressDisplay.duration(elapsed))\(eta)")
    }
  }
}
