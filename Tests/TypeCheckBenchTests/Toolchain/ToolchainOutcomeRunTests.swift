import Foundation
import TestSupport
import Testing
import TypeCheckBenchCore

@testable import TypeCheckBench

/// `bench run --toolchain`: a case one toolchain rejects is that toolchain's outcome at that point (the run completes
/// and the headline names it; compare exits by its rule), and a compiler replaced during the run stops it, resumable,
/// with nothing recorded under the wrong compiler.
@Suite(.enabled(if: InstalledCompiler.isAvailable, "needs a Swift compiler"))
struct ToolchainOutcomeRunTests {
  static let sweep = [
    "run", "--depth", "1...3", "--model", "unified", "--framework", "inline", "--runs", "1", "--warmup", "0",
    "--quiet",
  ]

  /// The real swiftc behind a script that rejects the unified depth-2 case with one error (a fault), as Swift 6.0.3
  /// rejects the modern chart chain at 5 branches.
  static func picky(in folder: TemporaryDirectory) throws -> String {
    let swiftc = try InstalledCompiler.required()
    return try folder.script(
      "picky-swiftc",
      """
      case "$*" in *--version*) exec '\(swiftc)' "$@";; esac
      for argument in "$@"; do
        case "$argument" in
          *nesting-unified-*-d2-*.swift) echo "$argument:1:1: error: picky rejects this case" >&2; exit 1;;
        esac
      done
      exec '\(swiftc)' "$@"
      """)
  }

  @Test func aCaseOneToolchainRejectsIsItsOutcomeAndTheRunCompletes() throws {
    let folder = try TemporaryDirectory()
    let swiftc = try InstalledCompiler.required()
    let picky = try Self.picky(in: folder)
    let run = folder.url.appendingPathComponent("run")
    let outcome = bench(
      Self.sweep + ["--toolchain", "real=\(swiftc)", "--toolchain", "picky=\(picky)", "-o", run.path])
    #expect(outcome.status == 0, "\(outcome.transcript)")
    let record = try RecordStore.sweep(run)
    let rejected = record.samples.filter { $0.toolchain == "picky" && $0.outcome == .error }
    // Compiled once (the instrumented compile) and not again; the series goes on at depth 3.
    #expect(rejected.count == 1 && rejected.first?.caseID.contains("-d2-") == true, "\(rejected)")
    #expect(rejected.first?.detail?.contains("picky rejects this case") == true)
    #expect(record.samples.contains { $0.toolchain == "picky" && $0.caseID.contains("-d3-") && $0.outcome == .ok })
    #expect(record.samples.filter { $0.toolchain == "real" }.allSatisfy { $0.outcome == .ok })
    // The headline names it, with the first diagnostic.
    let headline = outcome.output.joined(separator: "\n")
    #expect(
      headline.contains(
        "at nesting depth 2 does not compile with picky (Swift \(InstalledCompiler.version ?? "")): “error: picky "
          + "rejects this case”, where real"), "\(headline)")

    // compare's rule: NEW failing where BASE compiles is a regression (2); the other way round, an improvement (4).
    let compared = bench(["compare", run.path, "--base-toolchain", "real", "--new-toolchain", "picky"])
    #expect(compared.status == 2)
    #expect(
      compared.output.contains {
        $0.contains("-d2-") && $0.contains(" with BASE (real), where NEW (picky) does not compile it: “error: picky")
      }, "\(compared.transcript)")
    #expect(bench(["compare", run.path, "--base-toolchain", "picky", "--new-toolchain", "real"]).status == 4)
    // Nothing is left to measure: the rejected point is not compiled again on resume.
    let resumed = bench(["run", "--resume", run.path, "--quiet"])
    #expect(resumed.status == 0, "\(resumed.transcript)")
    #expect(try RecordStore.sweep(run).samples.count == record.samples.count)
  }

  /// With the rejecting toolchain alone, nobody compiles the case: a generator bug, exit 70.
  @Test func aCaseEveryToolchainRejectsStopsTheRun() throws {
    let folder = try TemporaryDirectory()
    let picky = try Self.picky(in: folder)
    let outcome = bench(
      Self.sweep + ["--toolchain", "picky=\(picky)", "-o", folder.url.appendingPathComponent("run").path])
    #expect(outcome.status == 70, "\(outcome.transcript)")
    #expect(outcome.errors.contains { $0.contains("did not type-check cleanly (a generator bug)") })
  }

  /// The real swiftc behind a script that, at its third compile, does `action` to itself (a fault: a compiler
  /// upgraded or restored in the middle of a run).
  static func changing(in folder: TemporaryDirectory, action: String) throws -> (path: String, text: String) {
    let swiftc = try InstalledCompiler.required()
    let count = folder.url.appendingPathComponent("count").path
    let body = """
      case "$*" in *--version*) exec '\(swiftc)' "$@";; esac
      n=$(cat '\(count)' 2>/dev/null || echo 0); n=$((n + 1)); echo "$n" > '\(count)'
      if [ "$n" = 3 ]; then \(action); fi
      exec '\(swiftc)' "$@"
      """
    let path = try folder.script("sw-swiftc", body)
    return (path, try String(contentsOfFile: path, encoding: .utf8))
  }

  @Test func aCompilerReplacedMidRunStopsItResumably() throws {
    let folder = try TemporaryDirectory()
    let (script, text) = try Self.changing(in: folder, action: "printf '# upgraded\\n' >> \"$0\"")
    let run = folder.url.appendingPathComponent("run")
    let outcome = bench(Self.sweep + ["--toolchain", "sw=\(script)", "-o", run.path])
    #expect(outcome.status == 70, "\(outcome.transcript)")
    // One line: the toolchain, its identity before and after.
    let lines = outcome.errors.filter { $0.contains("changed during the run") }
    #expect(lines.count == 1, "\(outcome.transcript)")
    #expect(lines.first?.contains("toolchain sw changed during the run: it was ") == true)
    #expect(lines.first?.contains(", it is now ") == true)
    // Depth 1's two compiles are kept; the third, during which the script changed, is not.
    let kept = try RecordStore.sweep(run).samples
    #expect(kept.count == 2 && kept.allSatisfy { $0.caseID.contains("-d1-") }, "\(kept.map(\.caseID))")
    // Still changed: the resume refuses it.
    #expect(bench(["run", "--resume", run.path, "--quiet"]).status == 64)
    // Put back byte for byte (a new file, a new time): the same compiler, and the run completes.
    try FileManager.default.removeItem(atPath: script)
    _ = try folder.script("sw-swiftc", String(text.dropFirst("#!/bin/sh\n".count).dropLast()))
    let resumed = bench(["run", "--resume", run.path, "--quiet"])
    #expect(resumed.status == 0, "\(resumed.transcript)")
    let samples = try RecordStore.sweep(run).samples
    #expect(samples.count == 6 && samples.allSatisfy { $0.toolchain == "sw" && $0.outcome == .ok })
  }

  @Test func aByteIdenticalCopyPutBackMidRunIsTheSameCompiler() throws {
    let folder = try TemporaryDirectory()
    let (script, _) = try Self.changing(in: folder, action: "cp \"$0\" \"$0.new\" && mv \"$0.new\" \"$0\"")
    let run = folder.url.appendingPathComponent("run")
    let outcome = bench(Self.sweep + ["--toolchain", "sw=\(script)", "-o", run.path])
    #expect(outcome.status == 0, "\(outcome.transcript)")
    #expect(try RecordStore.sweep(run).samples.count == 6)
  }
}
