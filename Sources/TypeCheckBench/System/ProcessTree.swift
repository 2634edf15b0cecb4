import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Every process a child started, whatever process group it put them in, so that a timeout or an interrupt ends all of
/// them: `swift build` runs each `swiftc` driver in a process group of its own, which killing the build's group leaves
/// running (orphaned frontends went on for minutes).
///
/// On Linux the tree is read from `/proc`. Elsewhere only the child's own group is reached.
enum ProcessTree {
  /// One process: its id and its process group.
  struct Member: Hashable {
    var pid: pid_t
    var group: pid_t
  }

  /// The parent and group of every process, from `/proc/<pid>/stat` (Linux); empty elsewhere.
  static func processes() -> [pid_t: (parent: pid_t, group: pid_t)] {
    #if os(Linux)
      guard let names = try? FileManager.default.contentsOfDirectory(atPath: "/proc") else { return [:] }
      var table: [pid_t: (parent: pid_t, group: pid_t)] = [:]
      for name in names {
        guard let pid = pid_t(name), let stat = FileManager.default.contents(atPath: "/proc/\(name)/stat") else {
          continue
        }
        // `pid (comm) state ppid pgrp …`: the command may hold spaces and parentheses, so read after the last ')'.
        guard let close = stat.lastIndex(of: UInt8(ascii: ")")) else { continue }
        let fields = stat[(close + 1)...].split(separator: UInt8(ascii: " "))
        guard fields.count >= 3, let parent = pid_t(String(decoding: fields[1], as: UTF8.self)),
          let group = pid_t(String(decoding: fields[2], as: UTF8.self))
        else { continue }
        table[pid] = (parent, group)
      }
      return table
    #else
      return [:]
    #endif
  }

  /// The descendants of `roots` (not the roots themselves) as the process table shows them now.
  static func descendants(of roots: [pid_t]) -> [Member] {
    let table = processes()
    var children: [pid_t: [pid_t]] = [:]
    for (pid, entry) in table { children[entry.parent, default: []].append(pid) }
    var seen = Set(roots)
    var queue = roots
    var found: [Member] = []
    var index = 0
    while index < queue.count {
      for child in children[queue[index]] ?? [] where seen.insert(child).inserted {
        if let entry = table[child] { found.append(Member(pid: child, group: entry.group)) }
        queue.append(child)
      }
      index += 1
    }
    return found
  }

  /// Kills `root`'s group and every process it started: first everything is stopped (SIGSTOP), round after round
  /// until no new descendant appears, so that none can fork meanwhile; then each is killed with its group.
  /// - Parameters:
  ///   - recorded: descendants seen earlier (before an interrupt let `root` exit, when its children were re-parented
  ///     to bench), killed with theirs when they still exist.
  ///   - known: the groups of bench's other running children, never signalled.
  static func terminate(_ root: pid_t, recorded: [Member] = [], sparing known: Set<pid_t>) {
    let own = getpgrp()
    let table = processes()
    var members: [pid_t: pid_t] = [:]
    // A recorded process still counts only while it is what it was: alive, in its group, and not one of bench's
    // running children.
    for member in recorded where table[member.pid]?.group == member.group && !known.contains(member.pid) {
      members[member.pid] = member.group
    }
    _ = killpg(root, SIGSTOP)
    for pid in members.keys { _ = kill(pid, SIGSTOP) }
    for _ in 0..<10 {
      let fresh = descendants(of: [root] + Array(members.keys)).filter { members[$0.pid] == nil }
      guard !fresh.isEmpty else { break }
      for member in fresh {
        members[member.pid] = member.group
        _ = kill(member.pid, SIGSTOP)
      }
    }
    _ = killpg(root, SIGKILL)
    for (pid, group) in members {
      if group != own && group != root && !known.contains(group) { _ = killpg(group, SIGKILL) }
      _ = kill(pid, SIGKILL)
    }
    // Reap those re-parented to bench (only they: bench's registered children are waited for where they run).
    usleep(10_000)
    for pid in members.keys { _ = waitpid(pid, nil, WNOHANG) }
  }
}
