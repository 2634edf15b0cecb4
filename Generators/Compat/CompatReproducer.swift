/// A Swift module a reproducer imports (a name and one source file, like a case's framework module); the compat
/// runner builds it first with `swiftc -emit-module -module-name <name>`.
public typealias CompatModule = FrameworkModule

/// One self-contained compile of the compatibility corpus: modules to build, then a file to type-check.
public struct CompatReproducer: Hashable, Sendable {
  public var caseID: String
  public var variant: CompatVariant
  /// Modules to build, in order (each may import the ones before it); empty when the framework is in `source`.
  public var modules: [CompatModule]
  /// The file to type-check.
  public var source: String
  public var expectation: CompatExpectation

  public init(
    caseID: String, variant: CompatVariant, modules: [CompatModule], source: String, expectation: CompatExpectation
  ) {
    self.caseID = caseID
    self.variant = variant
    self.modules = modules
    self.source = source
    self.expectation = expectation
  }

  /// A file name for the reproducer's main file, for example `module-color-clear-unified.swift`.
  public var fileName: String { "\(caseID)-\(variant.rawValue).swift" }
}
