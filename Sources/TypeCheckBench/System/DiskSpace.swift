import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Free space on the file system holding a path: a compile whose files came out empty or unreadable on a full disk is
/// a full disk (exit 74, naming it), not a compiler fault (exit 70).
public enum DiskSpace {
  /// Below this many free bytes a file system counts as full: a compile's statistics file alone takes about 10 KB.
  public static let fullBelowBytes: UInt64 = 64 * 1024

  /// Bytes available to unprivileged writers on the file system holding `url`, or nil when it cannot be asked.
  public static func availableBytes(at url: URL) -> UInt64? {
    var info = statvfs()
    guard statvfs(url.path, &info) == 0 else { return nil }
    return UInt64(info.f_bavail) * UInt64(info.f_frsize)
  }

  /// True when the file system holding `url` has less than `fullBelowBytes` free.
  public static func isFull(at url: URL) -> Bool {
    guard let available = availableBytes(at: url) else { return false }
    return available < fullBelowBytes
  }

  /// The error for a failure caused by the full file system holding `url`, in one line that names it.
  public static func fullError(at url: URL, while doing: String) -> BenchError {
    let free = availableBytes(at: url).map { " (\($0 / 1024) KiB free)" } ?? ""
    return BenchError.io(
      "\(doing): \(String(cString: strerror(ENOSPC))): the file system holding \(url.path) is full\(free)")
  }
}
