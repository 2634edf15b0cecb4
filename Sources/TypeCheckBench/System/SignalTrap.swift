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
  private let signals: Set<Int32>
  private var installed = true
  private var caught: Int32?
  private var count = 0
  private let groups: ChildProcessGroups
  private let onSignal: (@Sendable (Int32) -> Void)?

  private init(signals: Set<Int32>, groups: ChildProcessGroups, onSignal: (@Sendable (Int32) -> Void)?) {
    self.signals = signals
    self.groups = groups
    self.onSignal = onSignal
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
    let trap = SignalTrap(signals: Set(signals), groups: groups, onSignal: onSignal)
    SignalHub.shared.push(trap, for: signals)
    return trap
  }

  /// Installs, for the whole process, what a signal does while no trap is installed (bench is planning, reading or
  /// writing between the parts that trap signals): `action` runs on a private queue. The executable's cleanup (its
  /// children stopped, its temporary folder removed) then happens for a signal at any time, not only during a sweep:
  /// only SIGKILL leaves anything behind.
  public static func installFallback(
    _ signals: [Int32] = [SIGINT, SIGTERM, SIGHUP], action: @escaping @Sendable (Int32) -> Void
  ) {
    SignalHub.shared.setFallback(action, for: signals)
  }

  /// The first signal caught, or nil.
  public var caughtSignal: Int32? {
    lock.lock()
    defer { lock.unlock() }
    return caught
  }

  /// Stops trapping: the signals go to an enclosing trap, else to the fallback, else their default action.
  public func uninstall() {
    let wasInstalled = lock.withLock {
      defer { installed = false }
      return installed
    }
    if wasInstalled { SignalHub.shared.remove(self) }
  }

  /// True when the trap takes `signalNumber`.
  func takes(_ signalNumber: Int32) -> Bool { signals.contains(signalNumber) }

  func handle(_ signalNumber: Int32) {
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
      SignalHub.defaultAction(signalNumber)
    }
  }
}
