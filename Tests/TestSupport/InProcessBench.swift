import Foundation
import Generators
import TypeCheckBench

/// What one `bench` invocation printed and returned.
public struct BenchOutcome: Sendable {
  public var status: Int32
  public var output: [String]
  public var errors: [String]

  /// Everything printed, one string, for messages in failed expectations.
  public var transcript: String { (output + errors).joined(separator: "\n") }
}

/// Runs `bench` in this process with its output captured, knowing `families` (a test adds its own to the built-in
/// ones, as the executable would at start-up).
public func bench(_ arguments: [String], families: FamilySet = .builtIn) -> BenchOutcome {
  let lines = CapturedLines()
  let errors = CapturedLines()
  let status = BenchCommandLine.main(
    arguments, families: families, output: { lines.append($0) }, errorOutput: { errors.append($0) })
  return BenchOutcome(status: status, output: lines.all, errors: errors.all)
}

/// Lines collected from closures that may run on any thread.
public final class CapturedLines: @unchecked Sendable {
  public init() {}

  private let lock = NSLock()
  private var lines: [String] = []

  public func append(_ text: String) {
    lock.lock()
    lines += text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    lock.unlock()
  }

  public var all: [String] {
    lock.lock()
    defer { lock.unlock() }
    return lines
  }
}

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
