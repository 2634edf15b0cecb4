import Foundation

@testable import TypeCheckBench

/// The tools the scripts run besides bench and swiftc.
enum ScriptTools {
  /// Those not on `PATH`.
  static let missing = ["valgrind", "chromium", "python3"].filter {
    ToolchainLocator.searchPath(for: $0, environment: ProcessInfo.processInfo.environment) == nil
  }
}
