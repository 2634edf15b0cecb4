import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The process groups of the children running now, so an interrupt can reach all of them.
///
/// A group is registered from its spawn until just before its leader is reaped: while registered, the leader is at
/// worst a zombie, so its pid (the group id) cannot be reused and signalling the group can never hit a stranger.
final class ChildProcessGroups: @unchecked Sendable {
  static let shared = ChildProcessGroups()

  private let lock = NSLock()
  private var running: Set<pid_t> = []
  private var signalled: Set<pid_t> = []
  /// What each interrupted group had started when the interrupt came: a child that exits on SIGINT leaves its own
  /// children to bench, outside its tree.
  private var treesAtInterrupt: [pid_t: [ProcessTree.Member]] = [:]
  private var interrupted = false

  /// How many groups are running now.
  var runningCount: Int {
    lock.lock()
    defer { lock.unlock() }
    return running.count
  }

  /// True once `interruptAll` ran: no new child may start.
  var isInterrupted: Bool {
    lock.lock()
    defer { lock.unlock() }
    return interrupted
  }

  /// Runs `spawn` under the lock and registers the group it returns, so an interrupt sees every child.
  /// - Throws: `BenchError.interrupted` when an interrupt came first, or what `spawn` throws.
  func register(_ spawn: () throws -> pid_t) throws -> pid_t {
    lock.lock()
    defer { lock.unlock() }
    guard !interrupted else { throw BenchError.interrupted("interrupted") }
    let group = try spawn()
    running.insert(group)
    return group
  }

  /// True when an interrupt has signalled `group`.
  func wasSignalled(_ group: pid_t) -> Bool {
    lock.lock()
    defer { lock.unlock() }
    return signalled.contains(group)
  }

  /// Forgets `group` (call before reaping its leader) and says whether an interrupt signalled it.
  func deregister(_ group: pid_t) -> Bool {
    lock.lock()
    defer { lock.unlock() }
    running.remove(group)
    treesAtInterrupt[group] = nil
    return signalled.remove(group) != nil
  }

  /// Sends SIGINT to every running group, then SIGKILL after `grace` seconds to those still running.
  func interruptAll(grace: Double) {
    lock.lock()
    interrupted = true
    let groups = running
    for group in groups {
      treesAtInterrupt[group] = ProcessTree.descendants(of: [group])
    }
    for group in groups {
      signalled.insert(group)
      _ = killpg(group, SIGINT)
    }
    lock.unlock()
    guard !groups.isEmpty else { return }
    DispatchQueue.global().asyncAfter(deadline: .now() + grace) { [self] in
      killAll(among: groups)
    }
  }

  /// Sends SIGKILL to the running groups (all of them, or those of `among` still running), with every process they
  /// started in groups of their own.
  func killAll(among candidates: Set<pid_t>? = nil) {
    lock.lock()
    defer { lock.unlock() }
    interrupted = true
    for group in running where candidates?.contains(group) ?? true {
      signalled.insert(group)
      ProcessTree.terminate(
        group, recorded: treesAtInterrupt[group] ?? [], sparing: running.subtracting([group]))
    }
  }

  /// Sends SIGKILL to the group led by `leader` and to every process it started, in whatever group, sparing the other
  /// running groups. Under the lock, so that no child starts meanwhile and is mistaken for an orphan.
  func terminateTree(_ leader: pid_t) {
    lock.lock()
    defer { lock.unlock() }
    ProcessTree.terminate(
      leader, recorded: treesAtInterrupt[leader] ?? [], sparing: running.subtracting([leader]))
  }
}
