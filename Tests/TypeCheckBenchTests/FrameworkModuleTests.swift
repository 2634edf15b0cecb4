import Foundation
import Generators
import TestSupport
import Testing
import TypeCheckBenchCore

@testable import TypeCheckBench

/// The module form: each framework built once per toolchain, cases type-checked against it, figures the case's own.
@Suite struct FrameworkModuleTests {
  /// A wrapper around the real swiftc that logs every argument list, one line per call, then runs it.
  private static func countingWrapper(in folder: TemporaryDirectory, name: String, swiftc: String) throws -> (
    path: String, log: URL
  ) {
    let log = folder.url.appendingPathComponent("\(name).log")
    let path = try folder.script(name, "echo \"$*\" >> '\(log.path)'\nexec '\(swiftc)' \"$@\"")
    return (path, log)
  }

  @Test func oneEmitModulePerDistinctModuleAndToolchain() throws {
    guard let swiftc = Integration.swiftc else { return }
    let folder = try TemporaryDirectory()
    let first = try Self.countingWrapper(in: folder, name: "first", swiftc: swiftc)
    let second = try Self.countingWrapper(in: folder, name: "second", swiftc: swiftc)
    let run = folder.url.appendingPathComponent("run")
    // The minimal preset keeps per-kind depth 4 quick; the module count does not depend on the preset.
    let outcome = bench([
      "run", "--model", "per-kind,unified", "--depth", "1...4", "--preset", "minimal", "--runs", "1", "--warmup", "0",
      "--toolchain", "a=\(first.path)", "--toolchain", "b=\(second.path)", "-o", run.path, "--quiet",
    ])
    #expect(outcome.status == 0, "\(outcome.transcript)")
    let record = try RecordStore.sweep(run)
    // Each SDK surface's SwiftUICore and SwiftUI (iOS 26.2 per-kind, iOS 27.0 unified).
    let expected = Set(CaseGenerator.modules(for: record.cases).map(\.name))
    #expect(expected.count == 4)
    for wrapper in [first, second] {
      let calls = try String(contentsOf: wrapper.log, encoding: .utf8).split(separator: "\n")
      let builds = calls.filter { $0.split(separator: " ").contains("-emit-module") }
      let names = builds.compactMap { call -> String? in
        let words = call.split(separator: " ")
        return words.firstIndex(of: "-module-name").map { String(words[$0 + 1]) }
      }
      #expect(names.count == expected.count && Set(names) == expected, "\(builds)")
      // Each case's instrumented compile and its timed one.
      #expect(calls.filter { $0.contains("-typecheck") }.count == 2 * record.cases.count)
    }
    #expect(record.moduleBuilds.count == 2 * expected.count)
    #expect(record.frameworkForm == .module)
    // cases/ holds each module's source once, and case files without a framework declaration.
    let files = try FileManager.default.contentsOfDirectory(atPath: run.appendingPathComponent("cases").path)
    #expect(
      Set(files) == Set(record.cases.map { $0.id + ".swift" } + expected.map { $0 + ".swift" } + ["reproduce.sh"]))
    for spec in record.cases {
      let text = try String(contentsOf: run.appendingPathComponent("cases/\(spec.id).swift"), encoding: .utf8)
      #expect(!text.contains("@resultBuilder") && !text.contains("protocol View"), "\(spec.id)")
    }
    let report = try String(contentsOf: run.appendingPathComponent("report.md"), encoding: .utf8)
    #expect(report.contains("sh cases/reproduce.sh "))
  }

  /// SLOW-ish (three real compiles): the recorded scopes are those of `swiftc -typecheck -I <modules> <case>` run by
  /// hand, and the recorded time is the sum of the case's own top-level body lines.
  @Test func recordedFiguresAreTheCaseFilesOwnJob() throws {
    guard let swiftc = Integration.swiftc else { return }
    let folder = try TemporaryDirectory()
    let run = folder.url.appendingPathComponent("run")
    let outcome = bench([
      "run", "--model", "per-kind", "--depth", "2", "--preset", "minimal", "--runs", "1", "--warmup", "0",
      "--swiftc", swiftc, "-o", run.path, "--quiet",
    ])
    #expect(outcome.status == 0, "\(outcome.transcript)")
    let record = try RecordStore.sweep(run)
    let sample = try #require(record.samples.first)
    let caseFile = run.appendingPathComponent("cases/\(sample.caseID).swift")

    // By hand, as reproduce.sh does: the iOS 26.2 surface's SwiftUICore, then its SwiftUI.
    let modules = folder.url.appendingPathComponent("modules")
    let stats = folder.url.appendingPathComponent("stats")
    try FileManager.default.createDirectory(at: stats, withIntermediateDirectories: true)
    let built = CaseGenerator.modules(forCase: record.cases[0])
    #expect(built.count == 2)
    for module in built {
      let build = try ProcessRunner.run(
        swiftc,
        module.buildArguments(
          sourcePath: run.appendingPathComponent("cases/\(module.name).swift").path, outputFolder: modules.path))
      #expect(build.status == .exited(0), "\(build.stderrText)")
    }
    let check = try ProcessRunner.run(
      swiftc,
      [
        "-typecheck", "-I", modules.path, caseFile.path, "-Xfrontend", "-debug-time-function-bodies",
        "-stats-output-dir", stats.path,
      ])
    #expect(check.status == .exited(0), "\(check.stderrText)")
    let byHand = try #require(try CompilerStatistics.read(folder: stats))
    #expect(sample.constraintScopes == byHand[StatName.constraintScopes])
    #expect((record.moduleBuilds.first?.constraintScopes ?? 0) > 0)

    // The time is the sum of the case's own top-level bodies, every one of them in the case file.
    let topLevel = sample.bodies.filter { !$0.isClosure }
    let sum = topLevel.reduce(0) { $0 + $1.milliseconds }
    #expect(abs((sample.caseMilliseconds ?? -1) - sum) < 1e-9)
    #expect(
      sample.bodies.allSatisfy {
        $0.file.map { URL(fileURLWithPath: $0).lastPathComponent } == caseFile.lastPathComponent
      })
    // The hand run prints the same bodies (times differ from compile to compile; locations do not).
    let handBodies = TimingLogParser.parse(check.stderrText).entries.filter { $0.kind == .function && !$0.isClosure }
    #expect(
      Set(handBodies.map { "\($0.line ?? 0):\($0.column ?? 0)" })
        == Set(topLevel.map { "\($0.line ?? 0):\($0.column ?? 0)" }))

    // As committed (record, reports and reproduce.sh, no generated source): reproduce.sh has bench regenerate the
    // sources from run.json, then prints the scopes of the case's compile, the number the run recorded.
    guard let benchPath = BenchExecutable.path else { return }
    let cases = run.appendingPathComponent("cases")
    for name in try FileManager.default.contentsOfDirectory(atPath: cases.path) where name.hasSuffix(".swift") {
      try FileManager.default.removeItem(at: cases.appendingPathComponent(name))
    }
    let environment = ProcessInfo.processInfo.environment.merging(["BENCH": benchPath, "SWIFTC": swiftc]) { $1 }
    let reproduced = try ProcessRunner.run(
      "/bin/sh", [cases.appendingPathComponent("reproduce.sh").path, sample.caseID], environment: environment)
    #expect(reproduced.status == .exited(0), "\(reproduced.stderrText)")
    let scopes = reproduced.stdoutText.split(separator: "\n").last.map {
      Double($0.filter(\.isNumber)) ?? -1
    }
    #expect(scopes == sample.constraintScopes, "\(reproduced.stdoutText.suffix(200))")
    #expect(try FileManager.default.contentsOfDirectory(atPath: cases.path).filter { $0.hasSuffix(".swift") }.isEmpty)
  }

  @Test func moduleBuildFailureIsOneLineWithExit70AndNoRun() throws {
    let folder = try TemporaryDirectory()
    let fake = try FakeCompiler(
      in: folder,
      moduleScenario: """
        echo "MiniSwiftUICore26.swift:80:3: error: parameter packs require Swift 5.9" >&2
        echo "MiniSwiftUICore26.swift:81:3: error: another error" >&2
        exit 1
        """)
    let run = folder.url.appendingPathComponent("run")
    let outcome = bench(["run", "--swiftc", fake.path, "--depth", "1...2", "-o", run.path, "--quiet"])
    #expect(outcome.status == 70, "\(outcome.transcript)")
    #expect(outcome.errors.filter { !$0.isEmpty }.count == 1, "\(outcome.transcript)")
    let line = outcome.errors.first ?? ""
    // The first module the sweep builds: the iOS 26.2 surface's SwiftUICore.
    #expect(line.contains("module MiniSwiftUICore26_"), "\(line)")
    #expect(line.contains(" does not build with toolchain default"), "\(line)")
    #expect(line.contains("error: parameter packs require Swift 5.9") && !line.contains("another"), "\(line)")
    #expect(fake.invocations == 0)
    #expect(!FileManager.default.fileExists(atPath: run.path))
  }

  @Test func inlineFormBuildsNoModule() throws {
    let folder = try TemporaryDirectory()
    let fake = try FakeCompiler(in: folder)
    let run = folder.url.appendingPathComponent("run")
    let outcome = bench([
      "run", "--swiftc", fake.path, "--depth", "1", "--framework", "inline", "--runs", "1", "--warmup", "0", "-o",
      run.path, "--quiet",
    ])
    #expect(outcome.status == 0, "\(outcome.transcript)")
    #expect(fake.moduleBuilds == 0)
    let record = try RecordStore.sweep(run)
    #expect(record.frameworkForm == .inline && record.moduleBuilds.isEmpty)
  }
}
