import Foundation

/// The temporary folder bench's children write to: one folder per bench process, removed when bench ends.
///
/// The Swift driver makes a `TemporaryDirectory.XXXXXX` folder in `TMPDIR` for every invocation and leaves it behind
/// after a `-typecheck` too (Swift 6.3.1: one folder per `swiftc` call, holding only an empty `.keep-directory`), so
/// a sweep of a few thousand compiles used to leave a few thousand folders in `/tmp`. While a folder is active, every child
/// `ProcessRunner` starts gets `TMPDIR` pointing into it, unless its caller chose another `TMPDIR` on purpose. The
/// folder's name has a fixed length, so a child's environment has the same size in every run (a compile's instruction
/// count moves with the lengths of the strings it is handed).
public final class ChildTemporaryFolder: @unchecked Sendable {
  /// The folder of this process's children, while `withFolder` runs.
  public static let shared = ChildTemporaryFolder()

  init() {}

  private let lock = NSLock()
  /// How many `withFolder` calls are running; the folder stays until the last of them ends. Only the executable
  /// calls it, around its one command: a command run beside another in one process (as the tests run them) could
  /// otherwise remove the folder under the other's compiles.
  private var users = 0
  private var folder: URL?

  /// Runs `body` with children's temporary files sent to a folder of their own, then, when no other `withFolder` is
  /// running, removes that folder (made only when a child is started) with everything the children left in it.
  public func withFolder<T>(_ body: () throws -> T) rethrows -> T {
    lock.withLock { users += 1 }
    defer {
      let made: URL? = lock.withLock {
        users -= 1
        guard users == 0 else { return nil }
        defer { folder = nil }
        return folder
      }
      if let made { try? FileManager.default.removeItem(at: made) }
    }
    return try body()
  }

  /// Stops every child bench started and removes the folder at once, for an exit that will not return to
  /// `withFolder` (a signal outside any trap).
  public func removeNow() {
    ChildProcessGroups.shared.killAll()
    let made: URL? = lock.withLock {
      defer { folder = nil }
      return folder
    }
    if let made { try? FileManager.default.removeItem(at: made) }
  }

  /// The environment a child gets: `environment` (nil: this process's) with `TMPDIR` in the active folder, when one
  /// is active and the caller kept this process's `TMPDIR`; `environment` unchanged otherwise (also when the folder
  /// cannot be made: the child then writes where it would have without bench).
  func environment(for environment: [String: String]?) -> [String: String]? {
    // Inactive (the tests, every command run in-process): nothing to read or change.
    guard lock.withLock({ users > 0 }) else { return environment }
    let own = ProcessInfo.processInfo.environment
    guard (environment ?? own)["TMPDIR"] == own["TMPDIR"], let path = currentFolder()?.path else { return environment }
    var changed = environment ?? own
    changed["TMPDIR"] = path + "/"
    return changed
  }

  private func currentFolder() -> URL? {
    lock.withLock {
      guard users > 0 else { return nil }
      if let folder { return folder }
      let made = FileManager.default.temporaryDirectory.appendingPathComponent(
        "typecheckbench-children-" + String(format: "%08x", UInt32.random(in: .min ... .max)), isDirectory: true)
      // Never the temporary folder itself: a TMPDIR that does not exist is not made by bench.
      guard (try? FileManager.default.createDirectory(at: made, withIntermediateDirectories: false)) != nil else {
        return nil
      }
      folder = made
      return made
    }
  }
}
