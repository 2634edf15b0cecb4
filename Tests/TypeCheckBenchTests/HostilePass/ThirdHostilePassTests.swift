import Foundation
import TestSupport
import Testing
import TypeCheckBenchCore

@testable import TypeCheckBench

/// The defects the third hostile pass over bench found (issue 33), each reproduced through the command line.
@Suite struct ThirdHostilePassTests {
  // MARK: - Names a record cannot hold

  /// `--toolchain ..=PATH` (also `.`, `.x`, a 300-character name) was measured, every sample recorded as
  /// `bad-data: out of range:`, exit 0, and every other command then refused the run: now refused before anything,
  /// in run and corpus, with the readers' own rule.
  @Test(arguments: ["..", ".", ".x", String(repeating: "b", count: 300), "é"])
  func aToolchainNameTheRecordCannotHoldIsRefusedFirst(_ name: String) throws {
    let temp = try TemporaryDirectory()
    let fake = try FakeCompiler(in: temp)
    let test = try temp.file("t.swift", "// RUN: %target-typecheck-verify-swift\nlet x = 1\n")
    for (index, command) in [["run", "--depth", "1", "--runs", "1", "--quiet"], ["corpus", test.path]].enumerated() {
      let folder = temp.url.appendingPathComponent("out\(index)")
      let outcome = bench(command + ["--toolchain", "\(name)=\(fake.path)", "-o", folder.path])
      #expect(outcome.status == 64, "\(outcome.transcript)")
      #expect(outcome.errors.count == 1, "\(outcome.transcript)")
      #expect(outcome.errors.first?.hasPrefix("bench: --toolchain: the name '") == true, "\(outcome.transcript)")
      #expect(outcome.errors.first?.contains("is not an identifier") == true, "\(outcome.transcript)")
      #expect(!FileManager.default.fileExists(atPath: folder.path))
    }
    #expect(fake.invocations == 0)
  }

  /// A template whose file name or parameter makes a case id the record cannot hold is refused before anything is
  /// written; a long file name is shortened instead (its id stays under the limit).
  @Test func aCaseIdTheRecordCannotHoldIsRefusedFirst() throws {
    let temp = try TemporaryDirectory()
    let fake = try FakeCompiler(in: temp)
    let accented = try temp.file("t.swift", "let x = {{é}}\n")
    let folder = temp.url.appendingPathComponent("accented")
    let refused = bench(
      ["run", "--template", accented.path, "--param", "é=1", "--swiftc", fake.path, "-o", folder.path, "--quiet"])
    #expect(refused.status == 64, "\(refused.transcript)")
    #expect(refused.errors.first?.contains("case id 'template-t-") == true, "\(refused.transcript)")
    #expect(refused.errors.first?.contains("ASCII letters and digits") == true, "\(refused.transcript)")
    #expect(!FileManager.default.fileExists(atPath: folder.path))
    let long = try temp.file(String(repeating: "a", count: 240) + ".swift", "let x = {{N}}\n")
    let measured = temp.url.appendingPathComponent("long")
    let outcome = bench(
      [
        "run", "--template", long.path, "--param", "N=1", "--swiftc", fake.path, "-o", measured.path, "--quiet",
        "--runs", "1", "--warmup", "0",
      ])
    #expect(outcome.status == 0, "\(outcome.transcript)")
    #expect(bench(["report", measured.path]).status == 0)
  }
}
