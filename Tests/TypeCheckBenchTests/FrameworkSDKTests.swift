import Foundation
import Generators
import TestSupport
import Testing
import TypeCheckBenchCore

@testable import TypeCheckBench

/// `--framework sdk`: cases import the real SwiftUI and every compile gets `-sdk` and `-target`. Tested through the
/// generated sources and the exact argument lists a fake swiftc records (no SwiftUI SDK exists on Linux).
@Suite struct FrameworkSDKTests {
  /// The fake swiftc, keeping a copy of the last compiled case as `last-case.swift`.
  private func recordingCompiler(in folder: TemporaryDirectory) throws -> FakeCompiler {
    try FakeCompiler(in: folder, scenario: "cp \"$file\" '\(folder.url.path)/last-case.swift'")
  }

  @Test func withoutAnSDKOnLinuxItIsOneLineAndExit64() throws {
    #if os(Linux)
      let folder = try TemporaryDirectory()
      let compiler = try recordingCompiler(in: folder)
      let out = folder.url.appendingPathComponent("out")
      let result = bench(["run", "--framework", "sdk", "--depth", "1", "--swiftc", compiler.path, "-o", out.path])
      #expect(result.status == 64)
      #expect(result.errors.count == 1)
      #expect(result.errors.first?.contains("--framework sdk: no SwiftUI SDK found") == true, "\(result.transcript)")
      #expect(compiler.calls.isEmpty, "nothing compiled")
    #endif
  }

  @Test func anExplicitSDKAndTargetReachEveryCompileAndTheCaseImportsSwiftUI() throws {
    let folder = try TemporaryDirectory()
    let compiler = try recordingCompiler(in: folder)
    let out = folder.url.appendingPathComponent("out")
    let result = bench([
      "run", "--framework", "sdk", "--sdk", "/tmp/x", "--target", "arm64-apple-macos14", "--depth", "1...2",
      "--runs", "1", "--warmup", "0", "--quiet", "--swiftc", compiler.path, "-o", out.path,
    ])
    #expect(result.status == 0, "\(result.transcript)")
    let compiles = compiler.calls
    // One series (the SDK decides the builder model): depth 1 and 2, an instrumented and a timed compile each.
    #expect(compiles.count == 4)
    for arguments in compiles {
      let sdk = try #require(arguments.firstIndex(of: "-sdk"))
      #expect(arguments[sdk + 1] == "/tmp/x")
      let target = try #require(arguments.firstIndex(of: "-target"))
      #expect(arguments[target + 1] == "arm64-apple-macos14")
      #expect(arguments.first == "-typecheck")
    }
    let source = try String(contentsOf: folder.url.appendingPathComponent("last-case.swift"), encoding: .utf8)
    #expect(source.contains("\nimport SwiftUI\n"))
    #expect(!source.contains("import Charts"))
    #expect(!source.contains("protocol View"), "no miniature framework")
    let record = try RecordStore.sweep(out)
    #expect(record.toolchains[0].extraFlags == ["-sdk", "/tmp/x", "-target", "arm64-apple-macos14"])
    #expect(record.cases.allSatisfy { $0.framework == .sdk && $0.id.hasSuffix("-sdk") })
    // No miniature module was built, and the report says what the cases compiled against.
    #expect(record.moduleBuilds.isEmpty)
    #expect(!compiles.joined().contains("-emit-module"))
    let report = try String(contentsOf: out.appendingPathComponent("report.md"), encoding: .utf8)
    #expect(report.contains("Framework: the real SDK (--framework sdk)"))
    #expect(!report.contains("Framework form: module"))
  }

  @Test func sdkAndTargetNeedTheSDKFramework() {
    let result = bench(["run", "--sdk", "/tmp/x", "--depth", "1"])
    #expect(result.status == 64)
    #expect(result.errors == ["bench: --sdk applies only with --framework sdk (the miniature needs no SDK)"])
    #expect(bench(["run", "--framework", "sdk", "--model", "unified", "--sdk", "/tmp/x"]).status == 64)
    #expect(bench(["run", "--framework", "real"]).status == 64)
  }

  @Test func aTemplateKeepsItsImportsWithTheSDK() throws {
    let folder = try TemporaryDirectory()
    let template = try folder.file(
      "view.swift", "import SwiftUI\nstruct V: View {\n  var body: some View {\n    Text(\"{{N}}\")\n  }\n}\n")
    let compiler = try recordingCompiler(in: folder)
    let out = folder.url.appendingPathComponent("out")
    let result = bench([
      "run", "--template", template.path, "--param", "N=1,2", "--framework", "sdk", "--sdk", "/tmp/x", "--target",
      "arm64-apple-macos14", "--runs", "1", "--warmup", "0", "--quiet", "--swiftc", compiler.path, "-o", out.path,
    ])
    #expect(result.status == 0, "\(result.transcript)")
    let source = try String(contentsOf: folder.url.appendingPathComponent("last-case.swift"), encoding: .utf8)
    #expect(source.contains("\nimport SwiftUI\nstruct V: View"))
    #expect(!source.contains("stands in for it"))
    // The validity check compiles with the same flags: every logged compile has them.
    let compiles = compiler.calls.map { $0.joined(separator: " ") }
    #expect(compiles.count == 6)  // two validity checks, two instrumented and two timed compiles
    #expect(compiles.allSatisfy { $0.contains("-sdk /tmp/x -target arm64-apple-macos14") })
  }
}
