import Foundation
import Generators
import Testing
import TypeCheckBenchCore

@testable import TypeCheckBench

/// `--framework sdk`: cases import the real SwiftUI and every compile gets `-sdk` and `-target`. Tested through the
/// generated sources and the exact argument lists a fake swiftc records (no SwiftUI SDK exists on Linux).
@Suite struct FrameworkSDKTests {
  /// A swiftc that answers `--version`, appends each compile's arguments (one per line, then a blank line) to
  /// `arguments.log`, keeps a copy of the compiled file, and writes statistics.
  private func recordingCompiler(in folder: TemporaryDirectory) throws -> (path: String, log: URL) {
    let log = folder.url.appendingPathComponent("arguments.log")
    let path = try folder.script(
      "swiftc",
      """
      if [ "$1" = "--version" ]; then
        printf '%s\\n' '\(FakeCompiler.versionText)'
        exit 0
      fi
      for argument in "$@"; do printf '%s\\n' "$argument" >> '\(log.path)'; done
      printf '\\n' >> '\(log.path)'
      stats=""
      file=""
      while [ $# -gt 0 ]; do
        case "$1" in
          -typecheck) file="$2"; shift ;;
          -stats-output-dir) stats="$2"; shift ;;
        esac
        shift
      done
      cp "$file" '\(folder.url.path)/last-case.swift'
      if [ -n "$stats" ]; then
        printf '{"Sema.NumConstraintScopes": 42}\\n' > "$stats/frontend.json"
      fi
      exit 0
      """)
    return (path, log)
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
      #expect(!FileManager.default.fileExists(atPath: compiler.log.path), "nothing compiled")
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
    let log = try String(contentsOf: compiler.log, encoding: .utf8)
    let compiles = log.components(separatedBy: "\n\n").filter { !$0.isEmpty }.map { $0.split(separator: "\n") }
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
    let record = try RecordFile.read(out)
    #expect(record.toolchains[0].extraFlags == ["-sdk", "/tmp/x", "-target", "arm64-apple-macos14"])
    #expect(record.cases.allSatisfy { $0.framework == .sdk && $0.id.hasSuffix("-sdk") })
    // No miniature module was built, and the report says what the cases compiled against.
    #expect(record.moduleBuilds.isEmpty)
    #expect(!log.contains("-emit-module"))
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
    let log = try String(contentsOf: compiler.log, encoding: .utf8)
    let compiles = log.components(separatedBy: "\n\n").filter { !$0.isEmpty }
    #expect(compiles.count == 6)  // two validity checks, two instrumented and two timed compiles
    #expect(compiles.allSatisfy { $0.contains("-sdk\n/tmp/x\n-target\narm64-apple-macos14") })
  }
}
