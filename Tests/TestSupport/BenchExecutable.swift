import Foundation

/// The built `bench` executable, for tests that signal bench itself (and must not signal the test process).
public enum BenchExecutable {
  /// The debug product next to this test bundle, else the package's `.build/debug/bench`; nil when not built.
  public static let path: String? = {
    var candidates: [URL] = []
    // Linux runs the tests from `<build>/debug/<Package>PackageTests.xctest`, macOS from a bundle in the same folder.
    let bundle = Bundle.main.bundleURL
    candidates.append(bundle.appendingPathComponent("bench"))
    candidates.append(bundle.deletingLastPathComponent().appendingPathComponent("bench"))
    if let executable = Bundle.main.executableURL {
      candidates.append(executable.deletingLastPathComponent().appendingPathComponent("bench"))
    }
    let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent()
    candidates.append(packageRoot.appendingPathComponent(".build/debug/bench"))
    return candidates.map(\.path).first { FileManager.default.isExecutableFile(atPath: $0) }
  }()
}
