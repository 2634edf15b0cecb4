import Foundation
import Testing

/// The tests that only CI runs by default: each checks what no quicker test does, but alone takes a large share of a
/// 2-core machine's `swift test` (a sweep under cachegrind, a compile the solver gives up on after thousands of
/// scopes). `.ci/run` sets `TYPECHECKBENCH_EXTENDED_TESTS=1`, and so can anyone: `TYPECHECKBENCH_EXTENDED_TESTS=1
/// swift test`.
public enum ExtendedTests {
  /// The environment variable that runs them.
  public static let variable = "TYPECHECKBENCH_EXTENDED_TESTS"

  /// True when this run includes them.
  public static var areEnabled: Bool { ProcessInfo.processInfo.environment[variable] == "1" }
}

extension Trait where Self == ConditionTrait {
  /// Runs the test only in the extended set (`ExtendedTests`): CI's, or with `TYPECHECKBENCH_EXTENDED_TESTS=1`.
  public static var extended: Self {
    .enabled(if: ExtendedTests.areEnabled, "extended set: run with \(ExtendedTests.variable)=1 (CI does)")
  }
}
