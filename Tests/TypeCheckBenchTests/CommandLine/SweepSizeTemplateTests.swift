import Foundation
import Generators
import TestSupport
import Testing

@testable import TypeCheckBench

/// A template sweep's size, before anything is written and when resumed from its plan, bounds the instances `bench
/// generate` actually writes.
@Suite struct SweepSizeTemplateTests {
  @Test func theLargestInstanceIsTheOneOnDiskForTheSweepAndForItsResumedPlan() throws {
    let temp = try TemporaryDirectory()
    // The instance grows with N and with M; the grid's largest is N=6, M=3.
    let template = try temp.file(
      "grid.swift",
      "let xs = [{{#repeat N separator=\", \"}}{{i}}{{/repeat}}]\nlet m = {{M}}{{#repeat M}}00{{/repeat}}\n")
    let arguments = ["--template", template.path, "--param", "N=1...6", "--param", "M=1,3"]
    let out = temp.url.appendingPathComponent("g")
    let outcome = bench(["generate"] + arguments + ["-o", out.path])
    #expect(outcome.status == 0, "\(outcome.transcript)")
    let written = try FileManager.default.contentsOfDirectory(atPath: out.path).filter { $0.hasSuffix(".swift") }
    #expect(written.count == 12)
    let largest = try written.map { try Data(contentsOf: out.appendingPathComponent($0)).count }.max()!

    let sweep = try runSweep(arguments)
    #expect(SweepSize(sweep, toolchains: 1, runs: 1, warmup: 0).largestCaseBytes == largest)
    #expect(SweepSize(sweep, toolchains: 1, runs: 1, warmup: 0).cases == 12)
    // `--resume` sizes the recorded plan, in any order.
    for cases in [sweep.cases.reversed(), sweep.cases] {
      #expect(
        SweepSize(recorded: cases, toolchains: 1, runs: 1, warmup: 0, form: .module).largestCaseBytes == largest)
    }
  }
}
