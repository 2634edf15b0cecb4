import Foundation

/// A fresh folder under the system's temporary directory, removed when the value is released.
public final class TemporaryDirectory {
  public let url: URL

  public init() throws {
    _ = SharedModuleBuilds.enabled
    url = FileManager.default.temporaryDirectory.appendingPathComponent("TypeCheckBenchTests-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
  }

  deinit {
    try? FileManager.default.removeItem(at: url)
  }

  /// Writes `body` as an executable `#!/bin/sh` script named `name` and returns its path.
  public func script(_ name: String, _ body: String) throws -> String {
    let file = url.appendingPathComponent(name)
    try Data("#!/bin/sh\n\(body)\n".utf8).write(to: file)
    try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: file.path)
    return file.path
  }

  /// Writes `text` to a file named `name` and returns its URL.
  public func file(_ name: String, _ text: String) throws -> URL {
    let file = url.appendingPathComponent(name)
    try Data(text.utf8).write(to: file)
    return file
  }
}
