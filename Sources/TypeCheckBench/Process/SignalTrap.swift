import Dispatch
import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Turns SIGINT, SIGTERM and SIGHUP (a closed terminal or SSH session) into an orderly stop: the running compiles are
/// interrupted, and bench goes on to write what it has measured.
///
/// Children run in their own process groups, so a terminal's Ctrl-C reaches only bench; the trap forwards it with
/// `ProcessRunner.interruptAll()`. A second signal kills the children at once (no grace), and bench still stops in
/// order: what it measured is kept, its temporary folders and reserve are removed and it prints how to resume. Only a
/// third signal ends bench at once, with that signal.
public final class SignalTrap: @unchecked Sendable {
  private let lock = NSLock()
  private var sources: [DispatchSourceSignal] = []
  private var caught: Int32?
  private var count = 0
  private let queue = DispatchQueue(label: "TypeCheckBench.SignalTrap")
  private let groups: ChildProcessGroups

  private init(groups: ChildProcessGroups) {
    self.groups = groups
  }

  /// Installs the trap for `signals`; `onSignal` runs (on a private queue) after the first one was forwarded.
  public static func install(
    _ signals: [Int32] = [SIGINT, SIGTERM, SIGHUP], onSignal: (@Sendable (Int32) -> Void)? = nil
  ) -> SignalTrap {
    install(signals, groups: .shared, onSignal: onSignal)
  }

  /// `install` forwarding to the given registry of running groups (tests use their own).
  static func install(
    _ signals: [Int32], groups: ChildProcessGroups, onSignal: (@Sendable (Int32) -> Void)?
  ) -> SignalTrap {
    let trap = SignalTrap(groups: groups)
    let registered = DispatchSemaphore(value: 0)
    for signalNumber in signals {
      // The default action would end bench at once; ignoring the signal leaves it to the dispatch source.
      signal(signalNumber, SIG_IGN)
      let source = DispatchSource.makeSignalSource(signal: signalNumber, queue: trap.queue)
      source.setEventHandler { [trap] in trap.handle(signalNumber, onSignal: onSignal) }
      source.setRegistrationHandler { registered.signal() }
      source.resume()
      trap.sources.append(source)
    }
    // A source is registered with the system asynchronously after `resume()`; until then the signal is ignored and
    // lost (measured on Linux: 195 of 200 signals sent right after `resume()`). Wait, so that a Ctrl-C at any time
    // after `install` returns is caught.
    for _ in signals { _ = registered.wait(timeout: .now() + 5) }
    return trap
  }

  /// The first signal caught, or nil.
  public var caughtSignal: Int32? {
    lock.lock()
    defer { lock.unlock() }
    return caught
  }

  /// Stops trapping and restores the default actions.
  public func uninstall() {
    lock.lock()
    let installed = sources
    sources = []
    lock.unlock()
    for source in installed {
      source.cancel()
      signal(Int32(source.handle), SIG_DFL)
    }
  }

  private func handle(_ signalNumber: Int32, onSignal: (@Sendable (Int32) -> Void)?) {
    lock.lock()
    count += 1
    let number = count
    if caught == nil { caught = signalNumber }
    lock.unlock()
    switch number {
    case 1:
      groups.interruptAll(grace: ProcessRunner.interruptGrace)
      onSignal?(signalNumber)
    case 2:
      // Two Ctrl-C in quick succession: the children go at once, the orderly stop goes on (it used to end bench here,
      // leaving the reserve, the scratch and children's folders behind and no resume line).
      groups.killAll()
    default:
      groups.killAll()
      signal(signalNumber, SIG_DFL)
      // kill, not raise: this dispatch thread blocks signals, so a signal raised on it would stay pending.
      kill(getpid(), signalNumber)
    }
  }
}
