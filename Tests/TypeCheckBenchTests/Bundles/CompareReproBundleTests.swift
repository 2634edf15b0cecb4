import Escaping
import Foundation
import Generators
import TestSupport
import Testing
import TypeCheckBenchCore

@testable import TypeCheckBench

@Suite struct CompareReproBundleTests {
  /// The compiler the bundle's commands name: the installed one, so that they can run here.
  static let swiftc = InstalledCompiler.swiftc ?? "/usr/bin/swiftc"

  func toolchain(_ name: String, flags: [String]) -> ToolchainInfo {
    ToolchainInfo(
      name: name, swiftcPath: CompareReproBundleTests.swiftc, versionText: "Swift version 6.3.1 (\(name))",
      version: "6.3.1", extraFlags: flags, assertionsEnabled: false)
  }

  func record(_ toolchains: [ToolchainInfo], cases: [CaseSpec], milliseconds: (String) -> Double) -> RunRecord {
    let provenance = Provenance(
      benchVersion: "0.1.0", gitRevision: nil, measurementVersion: 1, commandLine: [], operatingSystem: "Linux",
      cpuModel: "cpu", coreCount: 2, startedAt: "2026-01-01T00:00:00Z", finishedAt: nil, runs: 5, warmup: 0,
      timeoutSeconds: 60, jobs: 1)
    // Five runs a side: the fewest the comparison decides time on.
    let samples = cases.flatMap { spec in
      toolchains.flatMap { toolchain in
        (0..<5).map { iteration in
          TypeCheckSample(
            caseID: spec.id, toolchain: toolchain.name, iteration: iteration, outcome: .ok, wallSeconds: 1,
            userSeconds: 1, systemSeconds: 0, maxRSSBytes: 1,
            caseMilliseconds: milliseconds(toolchain.name) * Double(spec.depth) + Double(iteration) / 100,
            stats: [StatName.constraintScopes: 100])
        }
      }
    }
    return RunRecord(
      runID: "r", provenance: provenance, toolchains: toolchains, cases: cases, samples: samples)
  }

  @Test func writesAFolderPerRegressionWithWorkingCommands() throws {
    let cases = [CaseSpec(depth: 1), CaseSpec(depth: 2)]
    let flags = ["-Xfrontend", "-warn-long-expression-type-checking=2000000", "-swift-version", "5"]
    let record = record(
      [toolchain("a", flags: []), toolchain("b", flags: flags)], cases: cases,
      milliseconds: { $0 == "b" ? 30 : 10 })
    let comparison = try Comparison(record: record, baseToolchain: "a", newToolchain: "b")
    let dir = FileManager.default.temporaryDirectory.appendingPathComponent("compare-bundle-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: dir) }

    let folders = try ReproBundle.write(comparison: comparison, baseRecord: record, newRecord: record, to: dir)
    #expect(folders.map(\.lastPathComponent) == cases.map(\.id))
    let index = try String(contentsOf: dir.appendingPathComponent("README.md"), encoding: .utf8)
    #expect(index.contains("2 slower, 0 faster, 0 no change, 0 undecided (gate: time and scopes, threshold 5%)"))
    let source = try String(contentsOf: folders[0].appendingPathComponent("case.swift"), encoding: .utf8)
    #expect(source == CaseGenerator.generate(cases[0]).source)
    let readme = try String(contentsOf: folders[0].appendingPathComponent("README.md"), encoding: .utf8)
    #expect(readme.contains("Swift version 6.3.1 (a)") && readme.contains("Swift version 6.3.1 (b)"))
    #expect(readme.contains("| Samples ms | 10, 10.01, 10.02, 10.03, 10.04 | 30, 30.01, 30.02, 30.03, 30.04 |"))
    let commands = readme.split(separator: "\n").filter { $0.hasPrefix("mkdir -p ") || $0.hasPrefix(Self.swiftc) }
      .map(String.init)
    let module = try #require(CaseGenerator.generate(cases[0]).module)
    let build =
      "\(Self.swiftc) -emit-module -wmo -parse-as-library -module-name \(module.name) \(module.fileName) "
      + "-emit-module-path"
    #expect(
      commands == [
        "mkdir -p modules-base && \(build) modules-base/\(module.name).swiftmodule",
        "\(Self.swiftc) -typecheck -I modules-base case.swift -Xfrontend -debug-time-function-bodies",
        "mkdir -p stats-base && \(Self.swiftc) -typecheck -I modules-base case.swift -stats-output-dir stats-base",
        "mkdir -p modules-new && \(build) modules-new/\(module.name).swiftmodule -Xfrontend "
          + "-warn-long-expression-type-checking=2000000 -swift-version 5",
        "\(Self.swiftc) -typecheck -I modules-new case.swift -Xfrontend -debug-time-function-bodies -Xfrontend "
          + "-warn-long-expression-type-checking=2000000 -swift-version 5",
        "mkdir -p stats-new && \(Self.swiftc) -typecheck -I modules-new case.swift -stats-output-dir stats-new "
          + "-Xfrontend -warn-long-expression-type-checking=2000000 -swift-version 5",
      ])
    #expect(
      try String(contentsOf: folders[0].appendingPathComponent(module.fileName), encoding: .utf8) == module.source)

    // The commands are real: run them with the installed compiler when there is one.
    guard InstalledCompiler.isAvailable else { return }
    for command in commands {
      let result = try ProcessRunner.run("/bin/sh", ["-c", command], workingDirectory: folders[0])
      #expect(result.status.isSuccess, "\(command): \(result.stderrText)")
    }
    let stats = try FileManager.default.contentsOfDirectory(atPath: folders[0].appendingPathComponent("stats-new").path)
    #expect(stats.count == 1)
  }

  /// A compiler's `--version` text and flags are record data: a code fence inside them must not close the README's
  /// fence (where the rest would render as Markdown or HTML).
  @Test func recordTextCannotBreakOutOfTheReadmesFences() throws {
    let hostile = "6.3.1\n```\n<script>alert(1)</script>\n```"
    var slow = toolchain("b", flags: ["-D", "X```"])
    slow.versionText = hostile
    let record = record(
      [toolchain("a", flags: []), slow], cases: [CaseSpec(depth: 1)], milliseconds: { $0 == "b" ? 30 : 10 })
    let comparison = try Comparison(record: record, baseToolchain: "a", newToolchain: "b")
    let point = try #require(comparison.regressions.first)
    let readme = ReproBundle.readme(
      point: point, spec: CaseSpec(depth: 1), comparison: comparison,
      measurementFlags: ReproBundle.defaultMeasurementFlags)
    // Every line outside a fence (opened and closed by the same fence string) must hold no raw record markup.
    var fence: String?
    var outside: [Substring] = []
    for line in readme.split(separator: "\n", omittingEmptySubsequences: false) {
      if let open = fence {
        if line == open { fence = nil }
      } else if line.hasPrefix("```") {
        fence = String(line.prefix { $0 == "`" })
      } else {
        outside.append(line)
      }
    }
    #expect(fence == nil, "a fence was left open")
    #expect(!outside.contains { $0.contains("<script>") }, "\(outside)")
    #expect(readme.contains("````\n" + hostile + "\n````"))
  }

  @Test func quotesOnlyWhatTheShellWouldSplit() {
    #expect(Escaping.shellArgument("-solver-scope-threshold=10") == "-solver-scope-threshold=10")
    #expect(Escaping.shellArgument("/a path/swiftc") == "'/a path/swiftc'")
    #expect(Escaping.shellArgument("it's") == "'it'\\''s'")
    #expect(Escaping.shellArgument("") == "''")
  }
}
