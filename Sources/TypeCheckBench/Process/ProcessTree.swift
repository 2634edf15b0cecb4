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
/// On Linux the tree is read from `/proc`; bench is its children's subreaper (see `ProcessRunner`), so a process whose
/// parent was killed is re-parented to bench and still found. Elsewhere only the child's own group is reached.
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

  /// The descendants of `root` (not `root` itself), and the children of this process that `known` does not list:
  /// orphans of an earlier kill, re-parented to bench.
  static func descendants(of root: pid_t, adoptedBesides known: Set<pid_t>) -> [Member] {
    let table = processes()
    var children: [pid_t: [pid_t]] = [:]
    for (pid, entry) in table { children[entry.parent, default: []].append(pid) }
    let me = getpid()
    var queue = [root] + (children[me] ?? []).filter { $0 != root && !known.contains($0) }
    var found: [Member] = []
    var seen: Set<pid_t> = [root]
    var index = 0
    while index < queue.count {
      let pid = queue[index]
      index += 1
      if pid != root, seen.insert(pid).inserted, let entry = table[pid] {
        found.append(Member(pid: pid, group: entry.group))
      }
      for child in children[pid] ?? [] where !seen.contains(child) { queue.append(child) }
    }
    return found
  }

  /// Sends SIGKILL to `root`'s group and to every descendant and its group, again until none is left (a process killed
  /// a moment after forking leaves its child to bench): at most a few rounds.
  /// - Parameter known: the groups of bench's other running children, which are never signalled.
  static func terminate(_ root: pid_t, sparing known: Set<pid_t>) {
    _ = killpg(root, SIGKILL)
    for _ in 0..<5 {
      let members = descendants(of: root, adoptedBesides: known).filter {
        !known.contains($0.group) && $0.group != getpgrp()
      }
      guard !members.isEmpty else { return }
      for member in members {
        _ = killpg(member.group, SIGKILL)
        _ = kill(member.pid, SIGKILL)
      }
      usleep(10_000)
      // Reap those re-parented to bench (only they: bench's registered children are waited for where they run).
      for member in members { _ = waitpid(member.pid, nil, WNOHANG) }
    }
  }
}
