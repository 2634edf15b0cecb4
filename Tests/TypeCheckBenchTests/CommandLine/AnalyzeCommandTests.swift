import Foundation
import TestSupport
import Testing
import TypeCheckBenchCore

@testable import TypeCheckBench

@Suite struct AnalyzeCommandTests {
  @Test func analyzesATwoFileFolder() throws {
    let folder = try TemporaryDirectory()
    _ = try folder.file(
      "Shapes.swift",
      """
      struct Box { var items: [Int] }
      func total(_ box: Box) -> Int { box.items.reduce(0, +) }
      """)
    _ = try folder.file(
      "Main.swift",
      """
      func describe(_ value: Int) -> String {
        if value == 1 {
          return "one"
        } else if value == 2 {
          return "two"
        } else if value == 3 {
          return "three"
        } else {
          return "many"
        }
      }
      """)
    var lines: [String] = []
    let status = try AnalyzeCommand.command.run(
      [folder.url.path, "--format", "json", "--threshold", "0"],
      context: CommandContext(output: { lines.append($0) }, warn: { _ in }))
    #expect(status == .success)
    let json = try JSONSerialization.jsonObject(with: Data(lines.joined().utf8)) as? [String: Any]
    let bodies = json?["bodies"] as? [[String: Any]] ?? []
    let describe = bodies.first { ($0["location"] as? String)?.hasSuffix("Main.swift:1:6") == true }
    #expect(describe?["branchCount"] as? Int == 4)
    #expect(describe?["flagged"] as? Bool == true)
    #expect(bodies.contains { ($0["location"] as? String)?.hasSuffix("Shapes.swift:2:6") == true })
  }

  @Test func aFailedBuildExitsNonZeroAfterRankingWhatWasTimed() throws {
    let folder = try TemporaryDirectory()
    let file = try folder.file("A.swift", "func a() {}\nfunc b() -> Int { \"x\" }\n")
    // A compiler that times one body, reports an error and fails, as swiftc does for a file that does not compile.
    let swiftc = try folder.script(
      "swiftc",
      """
      if [ "$1" = "--version" ]; then echo 'Swift version 6.3.1 (swift-6.3.1-RELEASE)'; exit 0; fi
      printf '0.50ms\t%s:1:6\tglobal function a()\n' '\(file.path)' >&2
      printf "%s:2:19: error: cannot convert value of type 'String' to specified type 'Int'\n" '\(file.path)' >&2
      exit 1
      """)
    var lines: [String] = []
    let status = try AnalyzeCommand.command.run(
      [file.path, "--swiftc", swiftc, "--threshold", "0"],
      context: CommandContext(output: { lines.append($0) }, warn: { _ in }))
    #expect(status == .software)
    #expect(lines.joined().contains("A.swift:1:6"), "\(lines)")
  }

  @Test func refusesAScratchPathForLooseFiles() throws {
    let folder = try TemporaryDirectory()
    let file = try folder.file("A.swift", "let a = 1\n")
    #expect(throws: BenchError.self) {
      try AnalyzeCommand.command.run(
        [file.path, "--scratch-path", "/tmp/x"], context: CommandContext(output: { _ in }, warn: { _ in }))
    }
  }

  /// `--scratch-path` naming the package (or a folder inside it) wrote SwiftPM's build into the user's package and
  /// then exited 0 with "no timed bodies found": refused before anything runs, the package untouched.
  @Test func refusesAScratchPathInsideThePackage() throws {
    let package = try TemporaryDirectory()
    _ = try package.file("Package.swift", "// swift-tools-version:5.9\nimport PackageDescription\n")
    let before = try FileManager.default.contentsOfDirectory(atPath: package.url.path)
    for scratch in [package.url.path, package.url.appendingPathComponent("build").path, package.url.path + "/."] {
      #expect {
        try AnalyzeCommand.command.run(
          [package.url.path, "--scratch-path", scratch], context: CommandContext(output: { _ in }, warn: { _ in }))
      } throws: { error in
        (error as? BenchError)?.status == .usage && "\(error)".contains("bench never writes into the package")
      }
    }
    #expect(try FileManager.default.contentsOfDirectory(atPath: package.url.path) == before)
  }

  /// A compile that times no body measured nothing: exit 70, never 0.
  @Test func nothingTimedIsNotASuccess() throws {
    let folder = try TemporaryDirectory()
    let file = try folder.file("A.swift", "func a() {}\n")
    let swiftc = try folder.script(
      "swiftc", "if [ \"$1\" = \"--version\" ]; then echo 'Swift version 6.3.1 (swift-6.3.1-RELEASE)'; fi; exit 0")
    var warnings: [String] = []
    let status = try AnalyzeCommand.command.run(
      [file.path, "--swiftc", swiftc], context: CommandContext(output: { _ in }, warn: { warnings.append($0) }))
    #expect(status == .software)
    // Neither the timed compile nor the traced one found anything, and each says so.
    #expect(warnings.count == 2, "\(warnings)")
    #expect(warnings.contains("bench: no timed bodies found"))
    #expect(warnings.contains { $0.hasPrefix("bench: no expression scopes: ") })
  }
}
