import Foundation
import Generators
import TestSupport
import Testing
import TypeCheckBenchCore

@testable import TypeCheckBench

/// Runs TN3211's corpus against the installed swiftc: every expectation must hold.
@Suite struct CompatCorpusTests {
  @Test func everyExpectationHoldsWithTheInstalledCompiler() throws {
    let swiftc = try ToolchainLocator.locateSwiftc()
    let observations = try CompatRunner.run(CompatCorpus.reproducers, swiftc: swiftc, workers: 2)
    let matrix = CompatMatrix(cases: CompatCorpus.cases, observations: observations, compiler: swiftc)
    for row in matrix.rows where !row.pass {
      Issue.record("\(row.caseID) \(row.variant): expected \(row.expected), observed \(row.observed)")
    }
    #expect(matrix.rows.count == CompatCorpus.cases.count * 3)
  }
}
