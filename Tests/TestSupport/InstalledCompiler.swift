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
}
