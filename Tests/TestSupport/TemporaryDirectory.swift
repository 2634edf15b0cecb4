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

/// The framework modules the tests' runs build, kept once each: `bench run` builds a module a run, and the suite runs
/// bench a hundred times with a few modules and compilers. Every test that runs bench makes a `TemporaryDirectory`
/// first, which sets `TYPECHECKBENCH_MODULE_CACHE` (bench's `ModuleBuildCache`) for the process and the children it
/// starts, unless it is set already. An entry is keyed by the module's source and the compiler's path, version and
/// flags, so a fake compiler's modules (under a test's own folder) are never another's.
enum SharedModuleBuilds {
  static let enabled: Bool = {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("typecheckbench-test-modules")
    try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    return setenv("TYPECHECKBENCH_MODULE_CACHE", folder.path, 0) == 0
  }()
}
