import Foundation
import TestSupport
import Testing
import TypeCheckBenchCore

@testable import TypeCheckBench

@Suite struct TypeCheckMeasurementTests {
  static let validSource = """
    struct Point { var x: Double; var y: Double }

    func length(_ points: [Point]) -> Double {
      points.map { ($0.x * $0.x + $0.y * $0.y).squareRoot() }.reduce(0, +)
    }
    """

  private func installedToolchain() throws -> ToolchainInfo {
    try ToolchainLocator.inspect(swiftcPath: try InstalledCompiler.required())
  }

  private func fakeToolchain(_ folder: TemporaryDirectory, body: String) throws -> ToolchainInfo {
    let script = try folder.script("fake-swiftc", body)
    return ToolchainInfo(
      name: "fake", swiftcPath: script, versionText: "Swift version 0.0", version: "0.0", extraFlags: [],
      assertionsEnabled: false)
  }

  @Test func measuresAValidFileWithTheRealCompiler() throws {
    let folder = try TemporaryDirectory()
    let file = try folder.file("valid case.swift", Self.validSource)
    let sample = try TypeCheckMeasurement.measure(
      file: file, caseLines: 1...5, caseID: "valid", toolchain: try installedToolchain(), iteration: 2,
      timeout: 120, scratch: folder.url)
    #expect(sample.outcome == .ok)
    #expect(sample.detail == nil)
    #expect(sample.caseID == "valid")
    #expect(sample.toolchain == "default")
    #expect(sample.iteration == 2)
    #expect((sample.constraintScopes ?? 0) > 0)
    #expect(sample.stats[StatName.typeCheckWall] != nil)
    #expect(sample.stats.keys.allSatisfy { CompilerStatistics.isKept($0) })
    #expect(sample.wallSeconds > 0)
    #expect(sample.maxRSSBytes > 0)
    // The statistics folder is scratch: nothing is left beside the case file.
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder.url.path) == ["valid case.swift"])
  }

  @Test func countsTheSameSolverWorkEveryTime() throws {
    let folder = try TemporaryDirectory()
    let file = try folder.file("repeat.swift", Self.validSource)
    let toolchain = try installedToolchain()
    let scopes = try (0..<3).map { iteration in
      try TypeCheckMeasurement.measure(
        file: file, caseLines: 1...5, caseID: "repeat", toolchain: toolchain, iteration: iteration, timeout: 120,
        scratch: folder.url
      ).constraintScopes
    }
    #expect(scopes[0] != nil)
    #expect(Set(scopes).count == 1)
  }

  @Test func reportsATypeError() throws {
    let folder = try TemporaryDirectory()
    let file = try folder.file("broken.swift", "func f() -> Int {\n  let x: Int = \"text\"\n  return x\n}\n")
    let sample = try TypeCheckMeasurement.measure(
      file: file, caseLines: 1...4, caseID: "broken", toolchain: try installedToolchain(), iteration: 0,
      timeout: 120, scratch: folder.url)
    #expect(sample.outcome == .error)
    #expect(sample.detail?.hasPrefix("broken.swift:2:") == true)
    #expect(sample.detail?.contains("error: cannot convert value of type 'String'") == true)
  }

  @Test func reportsACrashingCompiler() throws {
    let folder = try TemporaryDirectory()
    let file = try folder.file("case.swift", Self.validSource)
    let toolchain = try fakeToolchain(folder, body: "echo 'Stack dump:' >&2\nkill -SEGV $$")
    let sample = try TypeCheckMeasurement.measure(
      file: file, caseLines: 1...5, caseID: "crash", toolchain: toolchain, iteration: 0, timeout: 60,
      scratch: folder.url)
    #expect(sample.outcome == .crash)
    #expect(sample.detail == "SIGSEGV")
    #expect(sample.stats.isEmpty)
  }

  @Test func reportsAHangingCompilerAsATimeout() throws {
    let folder = try TemporaryDirectory()
    let file = try folder.file("case.swift", Self.validSource)
    let toolchain = try fakeToolchain(folder, body: "sleep 1000")
    let sample = try TypeCheckMeasurement.measure(
      file: file, caseLines: 1...5, caseID: "hang", toolchain: toolchain, iteration: 0, timeout: 1,
      scratch: folder.url)
    #expect(sample.outcome == .timeout)
  }

  @Test func reportsTheSolverGivingUp() throws {
    let folder = try TemporaryDirectory()
    let file = try folder.file("case.swift", Self.validSource)
    let message =
      "error: the compiler is unable to type-check this expression in reasonable time; "
      + "try breaking up the expression into distinct sub-expressions"
    let toolchain = try fakeToolchain(folder, body: "echo \"$2:4:3: \(message)\" >&2\nexit 1")
    let sample = try TypeCheckMeasurement.measure(
      file: file, caseLines: 1...5, caseID: "hard", toolchain: toolchain, iteration: 0, timeout: 60,
      scratch: folder.url)
    #expect(sample.outcome == .tooComplex)
    #expect(sample.detail == "case.swift:4:3: \(message)")
  }

  @Test func refusesAnOkCompileThatWroteNoStatistics() throws {
    let folder = try TemporaryDirectory()
    let file = try folder.file("case.swift", Self.validSource)
    let toolchain = try fakeToolchain(folder, body: "exit 0")
    #expect(throws: BenchError.self) {
      try TypeCheckMeasurement.measure(
        file: file, caseLines: 1...5, caseID: "silent", toolchain: toolchain, iteration: 0, timeout: 60,
        scratch: folder.url)
    }
  }

  @Test func passesTheTimingFlagsThenTheExtraFlags() {
    let arguments = TypeCheckMeasurement.arguments(
      file: URL(fileURLWithPath: "/w/a b.swift"), statsFolder: URL(fileURLWithPath: "/s/stats"),
      extraFlags: ["-swift-version", "5"])
    #expect(
      arguments == [
        "-typecheck", "/w/a b.swift", "-Xfrontend", "-debug-time-function-bodies", "-Xfrontend",
        "-debug-time-expression-type-checking", "-Xfrontend", "-warn-long-expression-type-checking=100000",
        "-stats-output-dir", "/s/stats", "-swift-version", "5",
      ])
  }
}
