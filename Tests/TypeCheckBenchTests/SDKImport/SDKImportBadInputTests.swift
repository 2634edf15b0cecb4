import Foundation
import TestSupport
import Testing
import TypeCheckBenchCore

@testable import TypeCheckBench

/// What `bench sdk import` does with input it cannot import: one line, a non-zero exit, and no module set left
/// where it would have written one.
@Suite struct SDKImportBadInputTests {
  /// Runs the import of a folder holding `files` and returns the outcome and whether an output folder appeared.
  func importing(_ files: [String: String]) throws -> (BenchOutcome, Bool) {
    let folder = try TemporaryDirectory()
    let source = folder.url.appendingPathComponent("source")
    try FileManager.default.createDirectory(at: source, withIntermediateDirectories: true)
    for (name, text) in files { try Data(text.utf8).write(to: source.appendingPathComponent(name)) }
    let output = folder.url.appendingPathComponent("set")
    let outcome = bench([
      "sdk", "import", source.path, "--output", output.path, "--swiftc", try InstalledCompiler.required(),
    ])
    let leftovers = (try? FileManager.default.contentsOfDirectory(atPath: folder.url.path)) ?? []
    return (
      outcome, FileManager.default.fileExists(atPath: output.path) || leftovers.contains { $0.contains("partial") }
    )
  }

  static let header = """
    // swift-interface-format-version: 1.0
    // swift-compiler-version: Apple Swift version 6.2 effective-5.10 (swiftlang-6.2.3.3.2 clang-1700.6.3.2)
    // swift-module-flags: -target arm64e-apple-ios26.2 -enable-library-evolution -swift-version 5 -module-name Mini
    import Swift

    """

  @Test func anEmptyFolderIsOneLineAndExit64() throws {
    let (outcome, wrote) = try importing([:])
    #expect(outcome.status == 64, "\(outcome.transcript)")
    #expect(outcome.errors.count == 1 && outcome.errors[0].contains("no .swiftinterface file"), "\(outcome.transcript)")
    #expect(!wrote)
  }

  @Test func aFileThatIsNotAnInterfaceIsOneLineAndExit65() throws {
    let (outcome, wrote) = try importing(["Mini.swiftinterface": "hello, this is not Swift\n"])
    #expect(outcome.status == 65, "\(outcome.transcript)")
    #expect(
      outcome.errors.count == 1 && outcome.errors[0].contains("is not a Swift interface"), "\(outcome.transcript)")
    #expect(!wrote)
  }

  @Test func aTruncatedInterfaceIsOneLineAndExit65() throws {
    let (outcome, wrote) = try importing([
      "Mini.swiftinterface": Self.header + "public struct Cut {\n  public init()\n  public func half(_ x: Swift.Int"
    ])
    #expect(outcome.status == 65, "\(outcome.transcript)")
    #expect(outcome.errors.count == 1 && outcome.errors[0].contains("does not parse"), "\(outcome.transcript)")
    #expect(!wrote)
  }

  @Test func anInterfaceNewerThanTheCompilerIsOneLineAndExit65() throws {
    let newer = Self.header.replacingOccurrences(of: "format-version: 1.0", with: "format-version: 2.0")
    let (outcome, wrote) = try importing(["Mini.swiftinterface": newer + "public struct A {}\n"])
    #expect(outcome.status == 65, "\(outcome.transcript)")
    #expect(
      outcome.errors.count == 1 && outcome.errors[0].contains("newer than this compiler"), "\(outcome.transcript)")
    #expect(!wrote)
  }

  @Test func aMissingDependencyModuleIsOneLineAndExit65() throws {
    let (outcome, wrote) = try importing([
      "Mini.swiftinterface": Self.header + "import SwiftUICore\npublic struct A {}\n"
    ])
    #expect(outcome.status == 65, "\(outcome.transcript)")
    #expect(
      outcome.errors.count == 1
        && outcome.errors[0].contains("imports SwiftUICore, whose interface is not in the source"),
      "\(outcome.transcript)")
    #expect(!wrote)
  }

  @Test func aSecondImportWhileTheFirstWritesIsOneLineAndExit64() throws {
    let folder = try TemporaryDirectory()
    let source = folder.url.appendingPathComponent("source")
    try FileManager.default.createDirectory(at: source, withIntermediateDirectories: true)
    try Data((Self.header + "public struct A {}\n").utf8).write(
      to: source.appendingPathComponent("Mini.swiftinterface"))
    // The first import holds the lock on the folder the set goes in, as it does while it writes.
    let held = try FolderLock.take(folder.url)
    defer { held.release() }
    let output = folder.url.appendingPathComponent("set")
    let outcome = bench([
      "sdk", "import", source.path, "--output", output.path, "--swiftc", try InstalledCompiler.required(),
    ])
    #expect(outcome.status == 64, "\(outcome.transcript)")
    #expect(outcome.errors.count == 1 && outcome.errors[0].contains("in use by another bench"), "\(outcome.transcript)")
    #expect(!FileManager.default.fileExists(atPath: output.path))
  }

  /// Swift 6.2.3's `-dump-parse` crashes on SwiftUI's interfaces. A truncated dump would hide the declarations after
  /// the crash; instead the compiler bench finds by default parses (and the log says so), or, without one, the import
  /// stops in one line. The crash here is a wrapper that kills itself on `-dump-parse` and runs the real swiftc for
  /// everything else.
  @Test func aCompilerWhoseParseDumpCrashesIsSaidAndWorkedAround() throws {
    let folder = try TemporaryDirectory()
    let real = try InstalledCompiler.required()
    let crashing = try folder.script(
      "swiftc", "for a in \"$@\"; do [ \"$a\" = -dump-parse ] && kill -SEGV $$; done\nexec '\(real)' \"$@\"\n")
    let source = folder.url.appendingPathComponent("source")
    try FileManager.default.createDirectory(at: source, withIntermediateDirectories: true)
    try Data((Self.header + "public struct A {\n  public init()\n}\n").utf8).write(
      to: source.appendingPathComponent("Mini.swiftinterface"))
    let output = folder.url.appendingPathComponent("set")
    let outcome = bench(["sdk", "import", source.path, "--output", output.path, "--swiftc", crashing])
    let crash = "\(crashing) -dump-parse of Mini's interface ended with killed by SIGSEGV"
    if let fallback = try? ToolchainLocator.locateSwiftc() {
      #expect(outcome.status == 0, "\(outcome.transcript)")
      #expect(outcome.transcript.contains("\(crash); \(fallback) -dump-parse says where"), "\(outcome.transcript)")
      #expect(FileManager.default.fileExists(atPath: output.appendingPathComponent("modules").path))
    } else {
      #expect(outcome.status == 70, "\(outcome.transcript)")
      #expect(outcome.errors.count == 1 && outcome.errors[0].contains(crash), "\(outcome.transcript)")
    }
  }
}
