import Foundation
import TypeCheckBench

/// The compiler the tests compile with: the one `bench` itself finds (`ToolchainLocator.locateSwiftc`, in the order
/// `ToolchainLocator.lookupOrder` lists), so a test and a `bench run` in the same shell measure the same swiftc.
public enum InstalledCompiler {
  /// The swiftc path, or nil when there is none.
  public static let swiftc: String? = try? ToolchainLocator.locateSwiftc()

  /// True when a real compiler is there to compile with.
  public static var isAvailable: Bool { swiftc != nil }

  /// The swiftc path.
  /// - Throws: `BenchError.software` naming the lookup order when there is none.
  public static func required() throws -> String {
    try ToolchainLocator.locateSwiftc()
  }

  /// The compiler's version as `swiftc --version` prints it (`6.3.1`), or nil when there is no compiler.
  public static let version: String? = swiftc.flatMap { try? ToolchainLocator.inspect(swiftcPath: $0).version }

  /// False when the compiler refuses `-solver-scope-threshold=N` (the limit tests use to make a configuration give
  /// up on an expression) as an unknown argument, as Swift 6.0.3 does; 6.2.3 and 6.3.1 take it. Asked of the compiler
  /// itself with a type-check of an empty file; any other outcome counts as having it, so the tests that need it run
  /// and say what went wrong.
  public static let hasScopeThreshold: Bool = {
    guard let swiftc else { return false }
    let empty = FileManager.default.temporaryDirectory.appendingPathComponent("tcb-empty-\(UUID().uuidString).swift")
    defer { try? FileManager.default.removeItem(at: empty) }
    guard (try? Data().write(to: empty)) != nil,
      let result = try? ProcessRunner.run(
        swiftc, ["-frontend", "-typecheck", "-solver-scope-threshold=1000", empty.path], timeout: 120)
    else { return true }
    return !result.stderrText.contains("unknown argument: '-solver-scope-threshold")
  }()
}
