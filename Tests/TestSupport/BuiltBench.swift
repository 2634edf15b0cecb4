import Foundation

/// The `bench` executable of this build, for the tests that run a script with it (`BENCH=…`): `swift test` builds
/// every product of the package, and puts it in the folder that holds the test bundle.
public enum BuiltBench {
  /// Its path, or nil when the folder holds none (a test target built alone).
  public static let path: String? = {
    var folders = Bundle.allBundles.filter { $0.bundlePath.hasSuffix(".xctest") }.map {
      $0.bundleURL.deletingLastPathComponent()
    }
    if let executable = Bundle.main.executableURL { folders.append(executable.deletingLastPathComponent()) }
    return folders.map { $0.appendingPathComponent("bench").path }.first {
      FileManager.default.isExecutableFile(atPath: $0)
    }
  }()

  /// Its path.
  /// - Throws: an error naming the command that builds it when there is none.
  public static func required() throws -> String {
    guard let path else { throw Missing() }
    return path
  }

  /// No `bench` beside the test bundle.
  public struct Missing: Error, CustomStringConvertible {
    public var description: String { "no bench beside the test bundle: build it first (swift build)" }
  }
}
