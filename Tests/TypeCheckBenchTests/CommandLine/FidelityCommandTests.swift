import Foundation
import Generators
import TestSupport
import Testing
import TypeCheckBenchCore

@testable import TypeCheckBench

/// `bench fidelity` end to end: the miniature side compiled by the installed swiftc, the SDK side by a fake swiftc
/// standing in for Xcode's (there is no SwiftUI SDK on Linux).
@Suite struct FidelityCommandTests {
  /// A swiftc for the SDK side: answers `--version` like Xcode's, logs each compile's arguments, and reports 12
  /// constraint scopes per `{` in the case file plus 7 (a linear law, computed here from the file, not by bench); from
  /// `giveUpAt` opening braces on it gives up as the solver does.
  private func sdkCompiler(in folder: TemporaryDirectory, giveUpAt: Int = 1000) throws -> (
    compiler: FakeCompiler, log: URL
  ) {
    let log = folder.url.appendingPathComponent("sdk-arguments.log")
    let compiler = try FakeCompiler(
      in: folder, name: "sdk-swiftc",
      scenario: """
        printf '%s\\n' "$arguments" >> '\(log.path)'
        braces=$(grep -c '{' "$file")
        if [ "$braces" -ge \(giveUpAt) ]; then
          echo "$file:9:5: error: the compiler is unable to type-check this expression in reasonable time; try breaking up the expression into distinct sub-expressions" >&2
          exit 1
        fi
        if [ -n "$stats" ]; then
          printf '{"Sema.NumConstraintScopes": %s}\\n' $((12 * braces + 7)) > "$stats/frontend.json"
        fi
        printf '2.50ms\\t%s:%s:1\\tglobal function main.(file).body@%s:%s:1\\n' "$file" "$lines" "$file" "$lines" >&2
        exit 0
        """,
      version: "Apple Swift version 6.1.2 (swiftlang-6.1.2.1.2 clang-1700.0.13.5)\nTarget: arm64-apple-macosx15.0")
    return (compiler, log)
  }

  private func fidelity(_ arguments: [String], sdk: String, output: URL) -> BenchOutcome {
    bench(
      ["fidelity", "--sdk", "/SDKs/MacOSX.sdk", "--target", "arm64-apple-macos15.0", "--sdk-swiftc", sdk]
        + arguments + ["-o", output.path, "--quiet"])
  }

  @Test func withoutAnSDKOnLinuxItIsOneLineAndExit64() throws {
    #if os(Linux)
      let temp = try TemporaryDirectory()
      let out = temp.url.appendingPathComponent("out")
      let outcome = bench(["fidelity", "-o", out.path])
      #expect(outcome.status == 64)
      #expect(
        outcome.errors == [
          "bench: fidelity: the SDK side needs macOS (the real SwiftUI SDK; there is none on Linux), or --sdk PATH "
            + "and --target TRIPLE"
        ])
      #expect(outcome.output.isEmpty)
      #expect(!FileManager.default.fileExists(atPath: out.path))
    #endif
  }

  @Test func bothSidesSideBySideWithAVerdict() throws {
    let temp = try TemporaryDirectory()
    let sdk = try sdkCompiler(in: temp)
    let out = temp.url.appendingPathComponent("out")
    let outcome = fidelity(["--claim", "nesting-section"], sdk: sdk.compiler.path, output: out)
    #expect(outcome.status == 0, "\(outcome.transcript)")
    // The SDK side: two compiles per depth (the instrumented one and the timed one), each with the SDK flags and
    // importing SwiftUI, and no miniature module.
    let compiles = try String(contentsOf: sdk.log, encoding: .utf8).split(separator: "\n")
    #expect(compiles.count == 10)
    #expect(compiles.allSatisfy { $0.contains("-sdk /SDKs/MacOSX.sdk -target arm64-apple-macos15.0") })
    #expect(!FileManager.default.fileExists(atPath: sdk.compiler.moduleCounterURL.path))
    let record = try RecordStore.sweep(out)
    #expect(record.fidelityClaims?.map(\.name) == ["nesting-section"])
    // The miniature side is the iOS 26.2 surface's: its SwiftUICore and SwiftUI modules, built by its compiler only.
    #expect(record.moduleBuilds.map(\.toolchain) == ["miniature", "miniature"])
    #expect(record.moduleBuilds.map { $0.module.prefix { $0 != "_" } } == ["MiniSwiftUICore26", "MiniSwiftUI26"])
    // Interleaved: at each depth the miniature's compile, then the SDK's, instrumented then timed.
    #expect(record.samples.map(\.toolchain) == Array(repeating: ["miniature", "sdk"], count: 10).flatMap { $0 })
    // Each depth's SDK scopes, computed from the case file the way the fake compiler does.
    var expectedRows: [String] = []
    for depth in 1...5 {
      let spec = CaseSpec(family: .nesting, model: .perKind, depth: depth, primitives: [.section], framework: .sdk)
      let source = try String(
        contentsOf: out.appendingPathComponent("cases/\(spec.id).swift"), encoding: .utf8)
      #expect(source.contains("\nimport SwiftUI\n"))
      let braces = source.split(separator: "\n", omittingEmptySubsequences: false).filter { $0.contains("{") }.count
      let sdkScopes = 12 * braces + 7
      var miniatureSpec = CaseSpec(family: .nesting, depth: depth, primitives: [.section])
      miniatureSpec.surface = .ios26
      let miniature = try #require(record.samples.first { $0.caseID == miniatureSpec.id })
      #expect(miniature.toolchain == "miniature")
      let miniatureScopes = Int(try #require(miniature.constraintScopes))
      expectedRows.append("\(depth) | \(miniatureScopes) | \(sdkScopes) |")
    }
    let markdown = try String(contentsOf: out.appendingPathComponent("fidelity.md"), encoding: .utf8)
    for row in expectedRows { #expect(markdown.contains("| " + row), "\(row)") }
    // Section nesting grows linearly in the miniature (per-kind), and the fake SDK is linear by construction.
    #expect(markdown.contains("- **Growth law**: same: both linear"))
    #expect(
      markdown.contains("- **First censored point**: same: miniature none up to depth 5, SDK none up to depth 5."))
    #expect(outcome.output.contains("  verdict: the SDK agrees"), "\(outcome.transcript)")
    #expect(outcome.output.contains { $0.hasPrefix("  depth  miniature scopes  SDK scopes  SDK ÷ miniature") })
    // The folder is what bench writes from its run.json (fidelity.md included).
    #expect(bench(["report", out.path, "--check"]).status == 0)
  }

  @Test func anSDKThatGivesUpEarlierDiffers() throws {
    let temp = try TemporaryDirectory()
    // Section nesting at depth 3 has 6 opening braces in its file (row, view, body, three sections).
    let sdk = try sdkCompiler(in: temp, giveUpAt: 6)
    let out = temp.url.appendingPathComponent("out")
    let outcome = fidelity(["--claim", "nesting-section"], sdk: sdk.compiler.path, output: out)
    #expect(outcome.status == 0, "\(outcome.transcript)")
    let text = outcome.output.joined(separator: "\n")
    #expect(
      text.contains("  first censored point: differs: miniature none up to depth 5, SDK depth 3 (too-complex)"),
      "\(text)")
    #expect(text.contains("  verdict: the SDK differs"))
    // The SDK series stopped at its censored point (its instrumented compile, then its timed one that decides):
    // depths 4 and 5 were never compiled.
    #expect(try String(contentsOf: sdk.log, encoding: .utf8).split(separator: "\n").count == 6)
  }

  @Test func badClaimsAndModelsAreUsageErrors() {
    #expect(
      bench(["fidelity", "--claim", "nesting-grup", "--sdk", "/x"]).errors == [
        "bench: --claim: unknown claim 'nesting-grup'; did you mean 'nesting-group'? (bench fidelity --list names them)"
      ])
    #expect(
      bench(["fidelity", "--claim", "chart-modern", "--sdk", "/x"]).errors == [
        "bench: --claim chart-modern is about the unified miniature; add --model unified"
      ])
    #expect(bench(["fidelity", "--model", "per-kind,unified", "--sdk", "/x"]).status == 64)
    #expect(bench(["fidelity", "extra"]).status == 64)
  }

  @Test func everyClaimIsOneSeriesASideOverTheSameAxis() throws {
    for entry in FidelityCommand.catalog {
      for model in entry.models {
        let sweeps = try FidelityCommand.sweeps(entry, model: model)
        let miniature = sweeps[0].cases
        let sdk = sweeps[1].cases
        #expect(Set(miniature.map(\.seriesID)).count == 1, "\(entry.name)")
        #expect(Set(sdk.map(\.seriesID)).count == 1, "\(entry.name)")
        #expect(miniature.allSatisfy { $0.framework == .miniature && $0.model == model }, "\(entry.name)")
        #expect(sdk.allSatisfy { $0.framework == .sdk }, "\(entry.name)")
        #expect(miniature.map(\.axisValue) == sdk.map(\.axisValue), "\(entry.name)")
        #expect(miniature.count >= 4, "\(entry.name): a growth law needs points")
      }
    }
    // The preset is every claim but chart-modern, which only the unified miniature has.
    #expect(
      try FidelityCommand.selected(nil, model: .perKind).map(\.name)
        == FidelityCommand.catalog.filter { $0.name != "chart-modern" }.map(\.name))
    #expect(try FidelityCommand.selected(nil, model: .unified).count == FidelityCommand.catalog.count - 1)
  }
}
