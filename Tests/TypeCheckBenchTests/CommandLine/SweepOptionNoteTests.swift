import Foundation
import Generators
import TestSupport
import Testing

@testable import TypeCheckBench

/// Options a sweep ignores are named, and `generate -o` into its own earlier folder leaves exactly the new sweep.
@Suite struct SweepOptionNoteTests {
  @Test func anOptionNoSelectedFamilyReadsIsNamedOnce() throws {
    let temp = try TemporaryDirectory()
    let outcome = bench([
      "generate", "--family", "chart", "--depth", "3", "--block-style", "fixed-arity", "--branches", "2",
      "-o", temp.url.appendingPathComponent("g").path,
    ])
    #expect(outcome.status == 0, "\(outcome.transcript)")
    let notes = outcome.errors.filter { $0.hasPrefix("note:") }
    // Notes are warnings: the error stream, never the result.
    #expect(!outcome.output.contains { $0.hasPrefix("note:") })
    #expect(
      notes == [
        "note: --block-style does not apply to the chart family; ignored",
        "note: --depth does not apply to the chart family; ignored",
      ])
  }

  @Test func anOptionOneSelectedFamilyReadsGetsNoNote() throws {
    let temp = try TemporaryDirectory()
    let outcome = bench([
      "generate", "--family", "chart,nesting", "--depth", "1", "--branches", "1", "--states", "2",
      "-o", temp.url.appendingPathComponent("g").path,
    ])
    #expect(outcome.status == 0, "\(outcome.transcript)")
    #expect(
      outcome.errors.filter { $0.hasPrefix("note:") } == [
        "note: --states does not apply to the chart, nesting families; ignored"
      ])
  }

  @Test func generatingAgainRemovesWhatTheEarlierGenerateWroteAndNothingElse() throws {
    let temp = try TemporaryDirectory()
    let folder = temp.url.appendingPathComponent("g")
    let legacy = ["--surface", "ios18,idealised"]
    #expect(bench(["generate", "--depth", "1...2", "-o", folder.path] + legacy).status == 0)
    try "// mine".write(to: folder.appendingPathComponent("Mine.swift"), atomically: true, encoding: .utf8)
    let outcome = bench(["generate", "--depth", "2", "--model", "unified", "--surface", "idealised", "-o", folder.path])
    #expect(outcome.status == 0, "\(outcome.transcript)")
    // Three cases and the per-kind module left the sweep; the unified depth-2 case, its module and reproduce.sh stay.
    #expect(outcome.output.contains("Removed 4 files an earlier bench generate wrote here."), "\(outcome.transcript)")
    let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { !$0.hasPrefix(".") }
    let module = CaseGenerator.module(for: CaseSpec(model: .unified)).fileName
    #expect(module.hasPrefix("MiniUnifiedSwiftUI_"))
    #expect(
      Set(names) == [
        "Mine.swift", "manifest.tsv", "reproduce.sh", module, "nesting-unified-swiftui-k11-pack-d2-w1-group.swift",
      ])
  }

  @Test func aDoctoredManifestCannotNameAFileOutsideTheFolder() throws {
    let temp = try TemporaryDirectory()
    let folder = temp.url.appendingPathComponent("g")
    #expect(bench(["generate", "--depth", "1", "--model", "unified", "-o", folder.path]).status == 0)
    let outside = temp.url.appendingPathComponent("victim.swift")
    try "// keep".write(to: outside, atomically: true, encoding: .utf8)
    let manifest = folder.appendingPathComponent("manifest.tsv")
    let text = try String(contentsOf: manifest, encoding: .utf8)
    try (text + "../victim.swift\n").write(to: manifest, atomically: true, encoding: .utf8)
    #expect(bench(["generate", "--depth", "1", "--model", "unified", "-o", folder.path]).status == 0)
    #expect(FileManager.default.fileExists(atPath: outside.path))
  }
}
