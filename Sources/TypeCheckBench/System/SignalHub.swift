import Dispatch
import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The one dispatch source per signal of the process, routing each signal to the innermost installed trap that takes
/// it, else to the fallback, else to the signal's default action.
///
/// Dispatch installs its own handler the first time a signal gets a source, and never again: a second source set up
/// after `signal(SIG_IGN)` (as each trap used to make its own) leaves the signal ignored, so the sources are made once
/// and never cancelled.
final class SignalHub: @unchecked Sendable {
  static let shared = SignalHub()

  private let lock = NSLock()
  private let queue = DispatchQueue(label: "TypeCheckBench.SignalHub")
  private var sources: [Int32: DispatchSourceSignal] = [:]
  private var traps: [SignalTrap] = []
  private var fallbacks: [Int32: @Sendable (Int32) -> Void] = [:]

  func push(_ trap: SignalTrap, for signals: [Int32]) {
    lock.withLock { traps.append(trap) }
    ensureSources(signals)
  }

  func remove(_ trap: SignalTrap) {
    lock.withLock { traps.removeAll { $0 === trap } }
  }

  func setFallback(_ action: @escaping @Sendable (Int32) -> Void, for signals: [Int32]) {
    lock.withLock {
      for signalNumber in signals { fallbacks[signalNumber] = action }
    }
    ensureSources(signals)
  }

  /// Ends the process by `signalNumber`'s default action.
  static func defaultAction(_ signalNumber: Int32) {
    signal(signalNumber, SIG_DFL)
    // kill, not raise: this dispatch thread blocks signals, so a signal raised on it would stay pending.
    kill(getpid(), signalNumber)
  }

  private func deliver(_ signalNumber: Int32) {
    let (trap, fallback) = lock.withLock {
      (traps.last { $0.takes(signalNumber) }, fallbacks[signalNumber])
    }
    if let trap {
      trap.handle(signalNumber)
    } else if let fallback {
      fallback(signalNumber)
    } else {
      Self.defaultAction(signalNumber)
    }
  }

  /// Makes the sources `signals` still lack. A source is registered with the system asynchronously after `resume()`;
  /// until then the signal is ignored and lost (measured on Linux: 195 of 200 signals sent right after `resume()`):
  /// wait, so that a signal at any time after this returns is caught.
  private func ensureSources(_ signals: [Int32]) {
    let registered = DispatchSemaphore(value: 0)
    let made = lock.withLock { () -> Int in
      var made = 0
      for signalNumber in signals where sources[signalNumber] == nil {
        // The default action would end bench at once; ignoring the signal leaves it to the dispatch source.
        signal(signalNumber, SIG_IGN)
        let source = DispatchSource.makeSignalSource(signal: signalNumber, queue: queue)
        source.setEventHandler { [unowned self] in self.deliver(signalNumber) }
        source.setRegistrationHandler { registered.signal() }
        source.resume()
        sources[signalNumber] = source
        made += 1
      }
      return made
    }
    for _ in 0..<made { _ = registered.wait(timeout: .now() + 5) }
  }
}
