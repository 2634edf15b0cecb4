import Foundation

/// What `bench sdk import` wrote beside a module set: where each interface came from and its digest, the compiler
/// that built the modules, the stubs it wrote, how many declarations each module kept and dropped by kind, and every
/// declaration dropped (or changed) with its line in the original file and the compiler's reason.
public struct SDKImportManifest: Codable, Sendable, Equatable {
  /// Raised when the importer's rules change, so an earlier module set is not reused.
  public static let importerVersion = 2

  public struct Source: Codable, Sendable, Hashable {
    public var module: String
    /// The path the file was read from.
    public var path: String
    public var sha256: String
    public var bytes: Int
    /// The interface's own `swift-compiler-version` line.
    public var writtenBy: String?

    public init(module: String, path: String, sha256: String, bytes: Int, writtenBy: String?) {
      self.module = module
      self.path = path
      self.sha256 = sha256
      self.bytes = bytes
      self.writtenBy = writtenBy
    }
  }

  public struct Stub: Codable, Sendable, Equatable {
    public var module: String
    /// `class UIColor`, `protocol Publisher`, `struct PreviewTrait<1>`: kind, name and generic parameters.
    public var declarations: [String]

    public init(module: String, declarations: [String]) {
      self.module = module
      self.declarations = declarations
    }
  }

  public struct Counts: Codable, Sendable, Equatable {
    /// Declarations the original file declares, by keyword (`func`, `init`, `struct`, …).
    public var declared: [String: Int]
    /// Of those, the ones the built module still declares.
    public var kept: [String: Int]
    /// Public (and open) declarations declared and kept.
    public var publicDeclared: Int
    public var publicKept: Int
    /// Function bodies that did not compile and went (their declarations stay).
    public var bodiesStripped: Int
    /// Conformances removed from an inheritance list (their types stay).
    public var conformancesRemoved: Int
    /// Rounds of build, drop and build again.
    public var rounds: Int

    public init(
      declared: [String: Int], kept: [String: Int], publicDeclared: Int, publicKept: Int, bodiesStripped: Int,
      conformancesRemoved: Int, rounds: Int
    ) {
      self.declared = declared
      self.kept = kept
      self.publicDeclared = publicDeclared
      self.publicKept = publicKept
      self.bodiesStripped = bodiesStripped
      self.conformancesRemoved = conformancesRemoved
      self.rounds = rounds
    }
  }

  public struct Module: Codable, Sendable, Equatable {
    public var name: String
    public var counts: Counts

    public init(name: String, counts: Counts) {
      self.name = name
      self.counts = counts
    }
  }

  public struct Change: Codable, Sendable, Equatable {
    public var module: String
    /// The line in the original interface.
    public var line: Int
    /// `dropped`, `body stripped`, `conformance removed`, `line dropped`.
    public var action: String
    /// `func`, `init`, `struct`, ….
    public var kind: String
    /// The declaration with its owners (`Text.init(_:tableName:bundle:comment:)`), or the removed conformance.
    public var name: String
    /// The compiler's first error there.
    public var reason: String

    public init(module: String, line: Int, action: String, kind: String, name: String, reason: String) {
      self.module = module
      self.line = line
      self.action = action
      self.kind = kind
      self.name = name
      self.reason = reason
    }
  }

  public var format = 1
  public var importerVersion = SDKImportManifest.importerVersion
  /// `swiftc --version`'s first line.
  public var compiler: String
  public var target: String
  /// The folder or SDK the interfaces came from.
  public var origin: String
  public var sources: [Source]
  public var stubs: [Stub]
  /// In dependency order, the order they were built in.
  public var modules: [Module]
  public var changes: [Change]
  /// Seconds the import took.
  public var seconds: Double
  /// The builder-taking public initializers of Group, Section and ForEach the built modules declare (absent in a
  /// manifest of importer version 1).
  public var builderInitializers: [BuilderInitializer]?

  public init(
    compiler: String, target: String, origin: String, sources: [Source], stubs: [Stub], modules: [Module],
    changes: [Change], seconds: Double, builderInitializers: [BuilderInitializer]? = nil
  ) {
    self.compiler = compiler
    self.target = target
    self.origin = origin
    self.sources = sources
    self.stubs = stubs
    self.modules = modules
    self.changes = changes
    self.seconds = seconds
    self.builderInitializers = builderInitializers
  }

  /// The key a second import compares to reuse this one: importer version, compiler and every source's digest.
  public var reuseKey: String { Self.reuseKey(compiler: compiler, target: target, sources: sources) }

  public static func reuseKey(compiler: String, target: String, sources: [Source]) -> String {
    // In module order, whatever order the files were found or built in.
    let parts =
      ["importer \(importerVersion)", compiler, target]
      + sources.map { "\($0.module) \($0.sha256)" }.sorted()
    return SHA256.hex(Array(parts.joined(separator: "\n").utf8))
  }
}
