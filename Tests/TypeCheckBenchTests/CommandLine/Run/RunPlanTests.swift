import Foundation
import Generators
import TestSupport
import Testing
import TypeCheckBenchCore

@testable import TypeCheckBench

/// `RunPlan`: what `bench run`'s options ask for, read and checked before any folder or compile.
@Suite struct RunPlanTests {
  func plan(_ arguments: [String], swiftc: String) throws -> (RunPlan, [String]) {
    let parsed = try Command.parse(
      arguments + ["--swiftc", swiftc], options: RunCommand.Options(.builtIn), command: "run")
    var notes: [String] = []
    let plan = try RunPlan(parsed, warn: { notes.append($0) })
    return (plan, notes)
  }

  @Test func optionsNotGivenTakeTheirDeclaredDefaults() throws {
    let temp = try TemporaryDirectory()
    let fake = try FakeCompiler(in: temp)
    let (plan, notes) = try plan(["--depth", "1...2"], swiftc: fake.path)
    let declared = Dictionary(
      uniqueKeysWithValues: RunCommand.command(.builtIn).options.compactMap { option in
        option.defaultValue.map { (option.name, $0) }
      })
    let runs = try #require(declared["--runs"])
    let warmup = try #require(declared["--warmup"])
    let jobs = try #require(declared["--jobs"])
    let timeout = try #require(declared["--timeout"])
    #expect(plan.runs == Int(runs))
    #expect(plan.warmup == Int(warmup))
    #expect(plan.jobs == Int(jobs))
    #expect(plan.timeout == Double(timeout))
    #expect(plan.folder.results == declared["--results"])
    #expect(plan.folder.output == nil && plan.shard == nil && plan.counters == nil)
    #expect(plan.toolchains.map(\.name) == ["default"])
    #expect(!plan.namedToolchains)
    #expect(notes.isEmpty)
    // Nesting at depths 1 and 2, both models, in the canonical order merge produces.
    #expect(plan.cases.count == 4)
    #expect(plan.cases == plan.cases.sorted(by: RecordMerge.canonicalOrder))
  }

  @Test func aShardHoldsItsPartOfTheSweepAndTheShardsCoverIt() throws {
    let temp = try TemporaryDirectory()
    let fake = try FakeCompiler(in: temp)
    let whole = try plan(["--depth", "1...4"], swiftc: fake.path).0.cases
    var covered: [CaseSpec] = []
    for index in 1...3 {
      let part = try plan(["--depth", "1...4", "--shard", "\(index)/3"], swiftc: fake.path).0
      #expect(part.shard == "\(index)/3")
      covered += part.cases
    }
    #expect(Set(covered) == Set(whole))
    #expect(covered.count == whole.count)
  }

  @Test func anInapplicableOptionIsANoteAndConflictsAreRefused() throws {
    let temp = try TemporaryDirectory()
    let fake = try FakeCompiler(in: temp)
    let notes = try plan(["--family", "chart", "--branches", "1", "--depth", "3"], swiftc: fake.path).1
    #expect(notes.count == 1 && notes[0].contains("--depth"), "\(notes)")
    #expect(throws: BenchError.self) {
      try plan(["--output", temp.url.appendingPathComponent("a").path, "--results", temp.url.path], swiftc: fake.path)
    }
  }
}
