import Foundation
import Testing
import TypeCheckBenchCore

/// The pure steps of `bench sdk import`: conditional blocks, inheritance clauses, the header rewrite, stub kinds and
/// sources, and the digest, each checked by hand or against an independent tool.
@Suite struct SDKImportCoreTests {
  @Test func conditionalBlocksKeepTheActiveClauseOnly() {
    let text = InterfaceText(
      """
      a
      #if compiler(>=5.3) && $X
      b
        #if canImport(Q)
        c
        #else
        d
        #endif
      #elseif $Y
      e
      #else
      f
      #endif
      g
      """)
    #expect(ConditionalBlocks.conditions(in: text) == ["compiler(>=5.3) && $X", "canImport(Q)", "$Y"])
    let resolved = ConditionalBlocks.resolve(text) { $0 == "compiler(>=5.3) && $X" }
    #expect(resolved.lines == ["a", "b", "  d", "g"])
    #expect(resolved.origins == [1, 3, 7, 14], "each kept line remembers its original line")
    let other = ConditionalBlocks.resolve(text) { $0 == "$Y" }
    #expect(other.lines == ["a", "e", "g"])
  }

  @Test func inheritanceEntriesAndTheirRemoval() {
    let line = "public struct Text<T> : Swift.Equatable, @unchecked Swift.Sendable, Combine.Publisher where T : P {"
    let entries = InheritanceClause.entries(of: line)
    #expect(entries.map(\.name) == ["Swift.Equatable", "@unchecked Swift.Sendable", "Combine.Publisher"])
    #expect(
      InheritanceClause.removing("@unchecked Swift.Sendable", from: line)
        == "public struct Text<T> : Swift.Equatable, Combine.Publisher where T : P {")
    #expect(
      InheritanceClause.removing("Combine.Publisher", from: line)
        == "public struct Text<T> : Swift.Equatable, @unchecked Swift.Sendable where T : P {")
    #expect(InheritanceClause.removing("Swift.Hashable", from: "extension A.B : Swift.Hashable {") == "extension A.B {")
    #expect(InheritanceClause.entries(of: "  public func f(x: Swift.Int) -> Swift.Int").isEmpty)
    #expect(InheritanceClause.matches("@retroactive Swift.Sendable", "Sendable"))
  }

  @Test func theFlagsLineTargetsTheHostWithoutObjectiveC() {
    let line =
      "// swift-module-flags: -target arm64e-apple-ios26.2 -enable-objc-interop -enable-library-evolution -module-name M"
    #expect(
      InterfaceRewrite.flagsLine(line, target: "x86_64-unknown-linux-gnu")
        == "// swift-module-flags: -target x86_64-unknown-linux-gnu -enable-library-evolution -module-name M")
    // iOS 27.0's: an arch variant of the Apple target, which goes with it.
    #expect(
      InterfaceRewrite.flagsLine(
        "// swift-module-flags: -target arm64e-apple-ios27.0 -target-arch-variant arm64e.x1 -O -module-name M",
        target: "x86_64-unknown-linux-gnu")
        == "// swift-module-flags: -target x86_64-unknown-linux-gnu -O -module-name M")
  }

  /// A flag this compiler does not know goes with its value, and only that flag.
  @Test func anUnknownFlagGoesWithItsValue() {
    let line = "// swift-module-flags: -target t -new-flag v1 -O -new-switch -module-name M"
    #expect(
      InterfaceRewrite.removingFlag("-new-flag", from: line)
        == "// swift-module-flags: -target t -O -new-switch -module-name M")
    #expect(
      InterfaceRewrite.removingFlag("-new-switch", from: line)
        == "// swift-module-flags: -target t -new-flag v1 -O -module-name M")
    #expect(InterfaceRewrite.removingFlag("-absent", from: line) == line)
  }

  @Test func foreignNamesTakeTheKindTheirUsesImply() {
    let text = InterfaceText(
      """
      public struct A : Combine.ObservableObject {
        public init(x: UIKit.UIColor, y: Combine.PassthroughSubject<Swift.Int, Swift.Never>)
      }
      public class V : UIKit.UIViewController {
      }
      public struct L<T> where T : QuartzCore.CALayer {
      }
      extension L where T == QuartzCore.CALayer {
      }
      public func f<P>(_ p: P) where P : Combine.Publisher
      public func g(_ x: some Symbols.SymbolEffect)
      """)
    let names = ForeignName.scan([text], modules: ["Combine", "UIKit", "QuartzCore", "Symbols"])
    let kinds = Dictionary(uniqueKeysWithValues: names.map { ($0.qualified, $0.kind) })
    #expect(kinds["Combine.ObservableObject"] == .protocol)
    #expect(kinds["UIKit.UIColor"] == .struct)
    #expect(kinds["UIKit.UIViewController"] == .class)
    #expect(kinds["QuartzCore.CALayer"] == .class, "constrained to and equated with: a class")
    #expect(kinds["Combine.Publisher"] == .protocol)
    #expect(kinds["Symbols.SymbolEffect"] == .protocol)
    #expect(names.first { $0.name == "PassthroughSubject" }?.genericParameters == 2)
  }

  /// Swift 6.4's interfaces qualify with module selectors (`CoreFoundation::CGFloat`): found and renamed alike, and
  /// a member after a selector (`SwiftUICore::Subview.CoreFoundation`) is no module's name.
  @Test func moduleSelectorsAreQualifiedNamesToo() {
    let text = InterfaceText(
      """
      public struct A : Combine::ObservableObject {
        public var width: CoreFoundation::CGFloat { get }
        public var odd: SwiftUICore::Subview.CoreFoundation
      }
      """)
    let names = ForeignName.scan([text], modules: ["Combine", "CoreFoundation"])
    #expect(names.map(\.qualified) == ["Combine.ObservableObject", "CoreFoundation.CGFloat"])
    #expect(names.first?.kind == .protocol)
    #expect(
      InterfaceRewrite.rename(
        "  public var width: CoreFoundation::CGFloat, h: CoreFoundation.CGFloat",
        ["CoreFoundation.CGFloat": "Foundation.CGFloat"])
        == "  public var width: Foundation.CGFloat, h: Foundation.CGFloat")
  }

  @Test func aStubModuleDeclaresWhatWasAskedOfIt() {
    var stub = StubModule(
      name: "Combine",
      declarations: [
        ForeignName(module: "Combine", name: "Publisher", kind: .protocol, genericParameters: 0),
        ForeignName(module: "Combine", name: "PassthroughSubject", kind: .class, genericParameters: 2),
      ])
    #expect(
      StubModule.request(
        for: "type 'PassthroughSubject<Int, Never>' does not conform to protocol 'Hashable'",
        stubs: ["PassthroughSubject", "Publisher"])
        == .conformance(stub: "PassthroughSubject", protocolName: "Hashable"))
    #expect(
      StubModule.request(
        for: "no type for 'T' can satisfy both 'T == any Publisher' and 'T : Publisher'",
        stubs: ["Publisher"]) == .kind(stub: "Publisher", .class))
    stub.conformances["PassthroughSubject"] = ["Hashable"]
    #expect(
      stub.source.contains(
        "public protocol Publisher {\n  associatedtype Output\n  associatedtype Failure: Swift.Error\n}"))
    #expect(stub.source.contains("open class PassthroughSubject<T0, T1> : Swift.Hashable {"))
  }

  /// A stub asked to be bitwise-copyable is frozen: in a module built with library evolution an unfrozen struct is
  /// not trivial outside it, and Swift 6.2.3's assertions build aborted SwiftUICore's build on the stub
  /// `CGAffineTransform` ("Non-trivial type with BitwiseCopyable conformance"); frozen, the build went through.
  @Test func aBitwiseCopyableStubIsFrozen() {
    var stub = StubModule(
      name: "CoreFoundation",
      declarations: [
        ForeignName(module: "CoreFoundation", name: "CGAffineTransform", kind: .struct, genericParameters: 0),
        ForeignName(module: "CoreFoundation", name: "CGVector", kind: .struct, genericParameters: 0),
      ])
    let request = StubModule.request(
      for: "stored property 'transform' of 'Sendable'-conforming struct has non-bitwise-copyable type "
        + "'CoreFoundation.CGAffineTransform'", stubs: ["CGAffineTransform", "CGVector"])
    #expect(request == .conformance(stub: "CGAffineTransform", protocolName: "BitwiseCopyable"))
    stub.conformances["CGAffineTransform"] = ["BitwiseCopyable"]
    #expect(stub.source.contains("\n@frozen public struct CGAffineTransform : Swift.BitwiseCopyable {\n"))
    #expect(stub.source.contains("\npublic struct CGVector {\n"))
  }

  @Test func sha256MatchesTheStandardVectors() {
    #expect(SHA256.hex(Array("".utf8)) == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
    #expect(SHA256.hex(Array("abc".utf8)) == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
    // 56 bytes: the padding spills into a second block.
    #expect(
      SHA256.hex(Array("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq".utf8))
        == "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1")
  }

  @Test func theDropPlannerStripsBodiesAndKeepsNamedTypes() {
    let text = InterfaceText(
      """
      public struct S {
        @inlinable public func f() -> Swift.Int {
          return missing()
        }
        public func g(_ x: M.Gone)
      }
      public func h(_ s: M.S)
      """)
    let body = ParsedDeclaration(
      kind: "func_decl", name: "f()", start: .init(line: 2, column: 21), end: .init(line: 4, column: 3),
      attributes: [.init(kind: "inlinable_attr", start: .init(line: 2, column: 3))],
      body: .init(start: .init(line: 2, column: 43), end: .init(line: 4, column: 3)), access: "public")
    let g = ParsedDeclaration(
      kind: "func_decl", name: "g(_:)", start: .init(line: 5, column: 10), end: .init(line: 5, column: 28),
      access: "public")
    let s = ParsedDeclaration(
      kind: "struct_decl", name: "S", start: .init(line: 1, column: 8), end: .init(line: 6, column: 1),
      access: "public", members: [body, g])
    let errors = [
      ImportDiagnostic(
        file: "M.swiftinterface", position: .init(line: 3, column: 12), message: "cannot find 'missing'"),
      ImportDiagnostic(file: "M.swiftinterface", position: .init(line: 3, column: 14), message: "another"),
      ImportDiagnostic(file: "M.swiftinterface", position: .init(line: 5, column: 22), message: "no type named 'Gone'"),
      ImportDiagnostic(file: "M.swiftinterface", position: .init(line: 1, column: 15), message: "something on S"),
    ]
    let edits = DropPlanner.edits(for: errors, in: [s], text: text, module: "M")
    #expect(edits.map(\.action) == [.stripBody, .drop], "one strip for two errors in a body; S is named by h, kept")
    let result = DropPlanner.apply(edits, to: text)
    #expect(result.lines == ["public struct S {", "  public func f() -> Swift.Int ", "}", "public func h(_ s: M.S)"])
    #expect(result.origins == [1, 2, 6, 7])
  }

  /// swiftc's `-diagnostic-style llvm` output shape (source line and caret between an error and its notes), and the
  /// edit it asks for: Never's associated type spelled out in its conformance.
  @Test func neverGetsTheAssociatedTypeTheNotesName() {
    let output = """
      /x/M.swiftinterface:3:1: error: type 'Never' does not conform to protocol 'P'
      extension Swift.Never : M.P {
      ^
      /x/M.swiftinterface:3:1: note: add stubs for conformance
      extension Swift.Never : M.P {
      ^
      /x/M.swiftinterface:1:18: note: protocol requires nested type 'Body'
      public protocol P { associatedtype Body }
                       ^
      /x/M.swiftinterface:9:2: error: something else
      """
    let errors = ImportDiagnostic.errors(in: output)
    #expect(errors.count == 2)
    #expect(errors[0].notes == ["add stubs for conformance", "protocol requires nested type 'Body'"])
    #expect(errors[1].notes.isEmpty)
    let text = InterfaceText("public protocol P { associatedtype Body }\n\nextension Swift.Never : M.P {\n}")
    let never = ParsedDeclaration(
      kind: "extension_decl", name: "Swift.Never", start: .init(line: 3, column: 1), end: .init(line: 4, column: 1))
    let edits = DropPlanner.edits(for: [errors[0]], in: [never], text: text, module: "M")
    #expect(edits.map(\.action) == [.insertLine("  public typealias Body = Swift.Never", after: 3)])
    #expect(DropPlanner.apply(edits, to: text).lines[3] == "  public typealias Body = Swift.Never")
  }

  /// A second import reuses a set when the same files meet the same compiler, in whatever order they were found
  /// (the manifest lists them in build order, the folder in path order).
  @Test func theReuseKeyIgnoresTheOrderOfTheSources() {
    let a = SDKImportManifest.Source(module: "SwiftUI", path: "/a", sha256: "11", bytes: 1, writtenBy: nil)
    let b = SDKImportManifest.Source(module: "Charts", path: "/b", sha256: "22", bytes: 1, writtenBy: nil)
    let key = SDKImportManifest.reuseKey(compiler: "c", target: "t", sources: [a, b])
    #expect(key == SDKImportManifest.reuseKey(compiler: "c", target: "t", sources: [b, a]))
    var changed = b
    changed.sha256 = "23"
    #expect(key != SDKImportManifest.reuseKey(compiler: "c", target: "t", sources: [a, changed]))
    #expect(key != SDKImportManifest.reuseKey(compiler: "d", target: "t", sources: [a, b]))
  }
}
