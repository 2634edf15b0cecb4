import Foundation

/// Writes files atomically: a temporary file in the same folder, then a rename, so no reader sees half a file.
public enum AtomicFile {
  /// Writes `contents` to `url`, creating intermediate folders.
  /// - Throws: `BenchError.io` naming the path and the system's reason.
  public static func write(_ contents: String, to url: URL) throws {
    try write(Data(contents.utf8), to: url)
  }

  /// Writes `data` to `url`, creating intermediate folders.
  /// - Throws: `BenchError.io` naming the path and the system's reason.
  public static func write(_ data: Data, to url: URL) throws {
    let folder = url.deletingLastPathComponent()
    do {
      try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
      try data.write(to: url, options: .atomic)
    } catch {
      throw BenchError.io("cannot write \(url.path): \(BenchError.reason(error))")
    }
  }
}

extension AtomicFile {
  /// Writes `files` (paths relative to `folder`), each atomically, in path order.
  static func write(files: [String: String], in folder: URL) throws {
    for path in files.keys.sorted() { try write(files[path]!, to: folder.appendingPathComponent(path)) }
  }
}
