import Foundation
import TypeCheckBenchCore
#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// An advisory `flock` on a folder's `.lock` file, so that two bench processes never write one folder at once.
///
/// Not the file's existence: the system releases the lock when its holder dies, so a killed bench never leaves a
/// folder that cannot be written again.
public final class FolderLock: @unchecked Sendable {
  private let lock = NSLock()
  private var descriptor: Int32

  private init(descriptor: Int32) { self.descriptor = descriptor }

  deinit { release() }

  /// Takes the lock of `folder` (which must exist).
  /// - Parameter wait: Seconds to wait for another holder to finish; 0 refuses at once.
  /// - Throws: `BenchError.usage` when another bench holds it past `wait`, `BenchError.io` when the lock file cannot
  ///   be opened.
  public static func take(_ folder: URL, wait: Double = 0) throws -> FolderLock {
    let lockURL = folder.appendingPathComponent(".lock")
    let descriptor = open(lockURL.path, O_CREAT | O_RDWR | O_CLOEXEC, 0o644)
    guard descriptor >= 0 else {
      throw BenchError.io("cannot lock \(folder.path): \(String(cString: strerror(errno)))")
    }
    let giveUp = ProcessRunner.monotonicSeconds() + wait
    while flock(descriptor, LOCK_EX | LOCK_NB) != 0 {
      if ProcessRunner.monotonicSeconds() < giveUp {
        usleep(5_000)
        continue
      }
      let holder = (try? String(contentsOf: lockURL, encoding: .utf8))?.trimmingCharacters(in: .whitespacesAndNewlines)
      close(descriptor)
      let who = holder.map { $0.isEmpty ? "" : " (pid \($0))" } ?? ""
      let waited = wait > 0 ? " for \(NumberFormat.compact(wait, digits: 3)) s" : ""
      throw BenchError.usage(
        "\(folder.path) is in use by another bench\(who)\(waited); wait for it to finish or stop it first")
    }
    // The pid is only for the message above; the lock is the flock.
    let pid = "\(getpid())\n"
    _ = ftruncate(descriptor, 0)
    _ = pid.withCString { write(descriptor, $0, strlen($0)) }
    return FolderLock(descriptor: descriptor)
  }

  /// Releases the lock (the `.lock` file stays: removing it would let two processes lock different files).
  public func release() {
    lock.lock()
    defer { lock.unlock() }
    guard descriptor >= 0 else { return }
    _ = ftruncate(descriptor, 0)
    close(descriptor)
    descriptor = -1
  }
}
