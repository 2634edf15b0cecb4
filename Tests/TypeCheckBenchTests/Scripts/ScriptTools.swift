import Foundation
import Testing

@testable import TypeCheckBench

/// The tools the scripts run besides bench and swiftc.
enum ScriptTools {
  /// Those not on `PATH`.
  static let missing = ["valgrind", "chromium", "python3"].filter {
    ToolchainLocator.searchPath(for: $0, environment: ProcessInfo.processInfo.environment) == nil
  }

  /// Why the suite does not run, naming what is missing. Built here, not in the suite's attribute: Swift 6.0.3 built
  /// with assertions stops on an interpolation in a trait's comment (an assertion in CSGen's `visitTapExpr`).
  static var missingNote: Comment { "needs \(missing.joined(separator: ", ")), which .ci/run installs" }
}
