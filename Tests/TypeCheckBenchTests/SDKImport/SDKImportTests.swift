import Foundation
import TestSupport
import Testing
import TypeCheckBenchCore

@testable import TypeCheckBench

/// `bench sdk import` on a small interface the project wrote in an SDK's shape (Fixtures/MiniUI.swiftinterface: an
/// iOS target, Objective-C attributes, imports of UIKit, Combine and os.log, a `#if` feature check, an `@inlinable`
/// body and a member that cannot compile, a macro whose plugin is absent), built with the installed swiftc; the
/// result is checked against swiftc compiling a case that imports it.
@Suite(.serialized) struct SDKImportTests {
  static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures")

  /// Imports the fixture into a fresh folder once for the suite's checks.
  nonisolated(unsafe) static let imported:
    Result<(folder: TemporaryDirectory, output: URL, outcome: BenchOutcome), any Error> = Result {
      let folder = try TemporaryDirectory()
      let source = folder.url.appendingPathComponent("source")
      try FileManager.default.createDirectory(at: source, withIntermediateDirectories: true)
      try FileManager.default.copyItem(
        at: fixtures.appendingPathComponent("MiniUI.swiftinterface"),
        to: source.appendingPathComponent("MiniUI.swiftinterface"))
      let output = folder.url.appendingPathComponent("set")
      let outcome = bench([
        "sdk", "import", source.path, "--output", output.path, "--swiftc", try InstalledCompiler.required(),
      ])
      return (folder, output, outcome)
    }

  static func manifest(_ output: URL) throws -> SDKImportManifest {
    try JSONDecoder().decode(
      SDKImportManifest.self, from: Data(contentsOf: output.appendingPathComponent("manifest.json")))
  }

  /// Type-checks `source` against the imported modules with the installed swiftc, as a case would be.
  static func typecheck(_ source: String, against output: URL, in folder: TemporaryDirectory) throws -> (Bool, String) {
    let file = try folder.file("Case\(UUID().uuidString.prefix(8)).swift", source)
    let result = try ProcessRunner.run(
      try InstalledCompiler.required(), ["-typecheck", file.path, "-I", output.appendingPathComponent("modules").path],
      timeout: 300)
    return (result.status == .exited(0), String(decoding: result.stderr, as: UTF8.self))
  }

  @Test func aCaseTypeChecksAgainstTheImportedModule() throws {
    let (folder, output, outcome) = try Self.imported.get()
    #expect(outcome.status == 0, "\(outcome.transcript)")
    let (ok, errors) = try Self.typecheck(
      """
      import MiniUI
      struct Screen: View {
        var body: some View {
          Group { Text("hello") }
        }
      }
      let kept = Shelf().keep() + onlyWhenTheFeatureCheckHolds() + Shelf().computed
      let styled = Text("a").bold()
      """, against: output, in: folder)
    #expect(ok, "\(errors)")
  }

  @Test func whatFailedIsGoneAndSaidWithItsOriginalLine() throws {
    let (folder, output, outcome) = try Self.imported.get()
    #expect(outcome.status == 0, "\(outcome.transcript)")
    let manifest = try Self.manifest(output)
    let original = try String(
      contentsOf: Self.fixtures.appendingPathComponent("MiniUI.swiftinterface"), encoding: .utf8
    )
    .split(separator: "\n", omittingEmptySubsequences: false)
    func change(_ action: String, _ name: String) -> SDKImportManifest.Change? {
      manifest.changes.first { $0.action == action && $0.name.contains(name) }
    }
    // The member that names an undeclared type goes; its type stays.
    let lost = try #require(change("dropped", "lose(_:)"), "\(manifest.changes)")
    #expect(original[lost.line - 1].contains("public func lose("), "the manifest's line is the original file's")
    #expect(lost.reason.contains("NotDeclaredAnywhere"))
    // The body that does not compile goes, its function stays (no longer inlinable).
    let stripped = try #require(change("body stripped", "broken()"), "\(manifest.changes)")
    #expect(original[stripped.line - 1].contains("func broken()"))
    // A variable goes with its accessor braces; an accessor's body goes with its variable's @inlinable.
    #expect(change("dropped", "alsoLost") != nil, "\(manifest.changes)")
    #expect(change("body stripped", "computed") != nil, "\(manifest.changes)")
    // The macro whose plugin is absent goes with the reason.
    let macro = try #require(change("dropped", "Preview"), "\(manifest.changes)")
    #expect(macro.reason.contains("PreviewsMacros"))
    // And a case using them fails as swiftc says it should.
    let (usesDropped, errors) = try Self.typecheck(
      "import MiniUI\nlet x = Shelf().lose(1)\nlet y = onlyWhenItDoesNot()\n", against: output, in: folder)
    #expect(!usesDropped)
    #expect(errors.contains("lose") && errors.contains("onlyWhenItDoesNot"), "\(errors)")
  }

  @Test func theRewriteKeepsTheAttributesTheSolverSees() throws {
    let (_, output, outcome) = try Self.imported.get()
    #expect(outcome.status == 0, "\(outcome.transcript)")
    let built = try String(
      contentsOf: output.appendingPathComponent("interfaces/MiniUI.swiftinterface"), encoding: .utf8)
    #expect(built.contains("@_disfavoredOverload public init<S>(_ content: S)"))
    #expect(built.contains("@backDeployed(before: iOS 18.0)"))
    #expect(built.contains("@_originallyDefinedIn(module: \"OldMiniUI\", iOS 18.0)"))
    // The header targets this host, without Objective-C interop; the import of itself and @objc are gone.
    #expect(!built.contains("arm64e-apple-ios"))
    #expect(!built.contains("-enable-objc-interop"))
    #expect(!built.contains("import MiniUI"))
    #expect(!built.contains("@objc"))
    #expect(built.contains("Foundation.CGFloat"), "CoreFoundation.CGFloat lives in Foundation on Linux")
    #expect(built.contains("Foundation.NSObject"), "and so does ObjectiveC.NSObject")
    #expect(!built.contains("#if"), "conditional blocks resolved")
    #expect(built.contains("onlyWhenTheFeatureCheckHolds") && !built.contains("onlyWhenItDoesNot"))
  }

  @Test func stubsTakeTheKindTheirUsesImply() throws {
    let (_, output, outcome) = try Self.imported.get()
    #expect(outcome.status == 0, "\(outcome.transcript)")
    let stubs = Dictionary(uniqueKeysWithValues: try Self.manifest(output).stubs.map { ($0.module, $0.declarations) })
    #expect(stubs["Combine"]?.contains("protocol ObservableObject") == true, "\(stubs)")
    #expect(stubs["Combine"]?.contains("protocol Publisher") == true, "\(stubs)")
    #expect(stubs["Combine"]?.contains { $0.hasSuffix("PassthroughSubject<2>") } == true, "\(stubs)")
    #expect(stubs["UIKit"]?.contains { $0.hasSuffix(" UIColor") } == true, "\(stubs)")
    #expect(stubs["os"] != nil, "import os.log becomes import os, a stub module")
    #expect(stubs["ObjectiveC"] == nil || stubs["ObjectiveC"]?.contains { $0.hasSuffix("NSObject") } == false)
  }

  @Test func theManifestCountsAreThoseOfTheDeclarations() throws {
    let (_, output, outcome) = try Self.imported.get()
    #expect(outcome.status == 0, "\(outcome.transcript)")
    let manifest = try Self.manifest(output)
    let module = try #require(manifest.modules.first)
    // Counted by hand from Fixtures/MiniUI.swiftinterface, the #else branch left out: 2 protocols, 5 structs + 2
    // result builder structs, 1 class, 5 extensions, 14 functions (buildBlock ×2, buildExpression, update, broken,
    // bold, onlyWhen…, keep, lose; inits counted apart), 13 inits, 6 vars (body ×5 + the protocol's),
    // 5 typealiases, 1 associatedtype, 1 macro.
    #expect(module.counts.declared["init"] == 13, "\(module.counts)")
    #expect(module.counts.kept["init"] == 12, "init(content:lost:) went, \(module.counts)")
    #expect(module.counts.declared["macro"] == 1, "\(module.counts)")
    #expect(module.counts.kept["macro"] == 0, "\(module.counts)")
    #expect(module.counts.declared["func"] == module.counts.kept["func"]! + 1, "lose(_:) went, \(module.counts)")
    #expect(module.counts.declared["var"] == module.counts.kept["var"]! + 1, "alsoLost went, \(module.counts)")
    #expect(module.counts.bodiesStripped == 2)
    #expect(
      manifest.sources.first?.sha256 == Self.sha256(of: Self.fixtures.appendingPathComponent("MiniUI.swiftinterface")))
  }

  /// The builder-taking public initializers of Group and ForEach the built module declares, read by hand from the
  /// fixture: not the internal one, not the one that went; the kind is the content closure's builder's, also where
  /// a header closure takes another builder.
  @Test func theBuilderInitializersAreThoseTheModuleKeeps() throws {
    let (_, output, outcome) = try Self.imported.get()
    #expect(outcome.status == 0, "\(outcome.transcript)")
    let found = try #require(try Self.manifest(output).builderInitializers)
    #expect(
      found.map { "\($0.primitive) \($0.kind) \($0.name)\($0.isDisfavored ? " disfavored" : "")" } == [
        "ForEach TableRowContent init(_:header:content:)", "ForEach View init(_:content:)", "Group View init(content:)",
        "Group View init(subviews:transform:) disfavored",
      ], "\(found)")
    let original = try String(
      contentsOf: Self.fixtures.appendingPathComponent("MiniUI.swiftinterface"), encoding: .utf8
    )
    .split(separator: "\n", omittingEmptySubsequences: false)
    for initializer in found {
      #expect(original[initializer.line - 1].contains(" init"), "\(initializer): the line is the original file's")
    }
    #expect(
      outcome.output.contains {
        $0.contains("builder initializers of Group, Section and ForEach: 4 (no SwiftUI module")
      })
  }

  /// A toolchain that compiles against the set records the set's sources (their hashes, never their text); one
  /// that does not records none.
  @Test func aRunAgainstTheSetRecordsItsSources() throws {
    let (folder, output, outcome) = try Self.imported.get()
    #expect(outcome.status == 0, "\(outcome.transcript)")
    let sources = ToolchainLocator.importedSDKSources(["-O", "-I", output.appendingPathComponent("modules").path])
    // Read first: Swift 6.0.3's #expect refuses a `try` inside an operand.
    let manifest = try Self.manifest(output)
    #expect(sources == manifest.sources)
    #expect(sources?.first?.sha256 == Self.sha256(of: Self.fixtures.appendingPathComponent("MiniUI.swiftinterface")))
    #expect(ToolchainLocator.importedSDKSources(["-I", folder.url.path]) == nil)
    #expect(ToolchainLocator.importedSDKSources([]) == nil)
  }

  /// sha256sum's digest of `file`, for checking bench's own SHA-256.
  static func sha256(of file: URL) -> String? {
    guard let result = try? ProcessRunner.run("sha256sum", [file.path], timeout: 60) else { return nil }
    return String(decoding: result.stdout, as: UTF8.self).split(separator: " ").first.map(String.init)
  }

  @Test func aSecondImportOfTheSameFilesReusesTheSet() throws {
    let (folder, output, outcome) = try Self.imported.get()
    #expect(outcome.status == 0, "\(outcome.transcript)")
    let again = bench([
      "sdk", "import", folder.url.appendingPathComponent("source").path, "--output", output.path, "--swiftc",
      try InstalledCompiler.required(),
    ])
    #expect(again.status == 0, "\(again.transcript)")
    #expect(again.output.contains { $0.hasPrefix("Reused ") }, "\(again.transcript)")
  }
}
