import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A file read only when it is a regular file, and only up to a bound: what a compiler wrote into a folder that
/// anyone can also fill (`bench parse --stats-dir`), where a FIFO would block for ever and `/dev/zero` never end.
///
/// The file is opened without blocking (a FIFO's open would wait for a writer) and checked with `fstat` on the open
/// descriptor, so a name swapped between a check and the open cannot slip through.
struct BoundedFile {
  let handle: FileHandle
  /// The file's size when it was opened.
  let size: UInt64

  /// Opens `url` for reading.
  /// - Throws: `BenchError.data` naming what it is when it is no regular file (a FIFO, a device, a folder, a
  ///   socket), `BenchError.io` when it cannot be opened.
  init(_ url: URL) throws {
    let descriptor = open(url.path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
    guard descriptor >= 0 else {
      throw BenchError.io("cannot read \(url.path): \(String(cString: strerror(errno)))")
    }
    var info = stat()
    guard fstat(descriptor, &info) == 0 else {
      let reason = String(cString: strerror(errno))
      close(descriptor)
      throw BenchError.io("cannot read \(url.path): \(reason)")
    }
    guard info.st_mode & S_IFMT == S_IFREG else {
      close(descriptor)
      throw BenchError.data("\(url.path) is not a regular file (\(Self.kind(info.st_mode))); skipped")
    }
    // Reads of a regular file never block; the flag is cleared all the same, as a reader would expect.
    _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) & ~O_NONBLOCK)
    handle = FileHandle(fileDescriptor: descriptor, closeOnDealloc: true)
    size = UInt64(max(0, info.st_size))
  }

  /// What a file that is not a regular file is, in words.
  static func kind(_ mode: mode_t) -> String {
    switch mode & S_IFMT {
    case S_IFIFO: "a FIFO"
    case S_IFCHR: "a character device"
    case S_IFBLK: "a block device"
    case S_IFDIR: "a folder"
    case S_IFSOCK: "a socket"
    default: "not a file"
    }
  }

  /// The whole of a file of at most `limit` bytes.
  /// - Throws: `BenchError.data` when it is no regular file or holds more than `limit` bytes, `BenchError.io` when
  ///   it cannot be read.
  static func contents(of url: URL, limit: Int) throws -> Data {
    let file = try BoundedFile(url)
    defer { try? file.handle.close() }
    guard file.size <= UInt64(limit) else {
      throw BenchError.data("\(url.path) holds \(file.size) bytes, more than the \(Self.describe(limit)) bench reads")
    }
    do {
      // One byte past the bound: a file that grew since it was opened is refused, never read without end.
      let data = try file.handle.read(upToCount: limit + 1) ?? Data()
      guard data.count <= limit else {
        throw BenchError.data("\(url.path) holds more than the \(Self.describe(limit)) bench reads")
      }
      return data
    } catch let error as BenchError {
      throw error
    } catch {
      throw BenchError.io("cannot read \(url.path): \(BenchError.reason(error))")
    }
  }

  /// A byte count in the largest binary unit it is a whole number of (`16 MiB`, `4 GiB`).
  static func describe(_ bytes: Int) -> String {
    for (unit, size) in [("GiB", 1 << 30), ("MiB", 1 << 20), ("KiB", 1 << 10)] where bytes % size == 0 {
      return "\(bytes / size) \(unit)"
    }
    return "\(bytes) bytes"
  }
}
