import Generators
import TestSupport
import Testing

/// The generated frameworks reproduce the effect the benchmark measures: per-kind builders make the solver's work
/// grow steeply with nesting depth, the unified builder keeps it flat (counted in `Sema.NumConstraintScopes`, which
/// is deterministic, so the assertions do not depend on the machine's speed).
@Suite struct GeneratorFidelityTests {
  /// Constraint scopes of the `nesting` family (SwiftUI preset) at depths 1, 2 and 3.
  private func scopes(_ model: BuilderModel) async throws -> [Int] {
    var result: [Int] = []
    for depth in 1...3 {
      let run = try await TypeCheckRun.typeCheck(
        CaseGenerator.generate(CaseSpec(family: .nesting, model: model, depth: depth)), statistics: true)
      #expect(run.isClean, "\(run.summary)")
      result.append(try #require(run.constraintScopes, "\(run.caseID): no stats"))
    }
    return result
  }

  @Test func perKindScopesGrowSteeplyWithDepth() async throws {
    // Observed with Swift 6.3.1 (the case's own job, framework imported, SDK forms): 112, 1382, 17844.
    let perKind = try await scopes(.perKind)
    #expect(perKind[0] < perKind[1] && perKind[1] < perKind[2], "\(perKind)")
    #expect(perKind[2] >= 5 * perKind[1], "depth 3 over depth 2 below 5x: \(perKind)")
  }

  @Test func unifiedScopesGrowLinearlyWithDepth() async throws {
    // Observed with Swift 6.3.1 (the case's own job, framework imported): 21, 30, 39: the same few scopes per level.
    let unified = try await scopes(.unified)
    #expect(unified.allSatisfy { $0 > 0 }, "\(unified)")
    let steps = [unified[1] - unified[0], unified[2] - unified[1]]
    #expect(steps.allSatisfy { $0 > 0 } && abs(steps[1] - steps[0]) * 5 <= steps[0], "not linear: \(unified)")
  }
}
