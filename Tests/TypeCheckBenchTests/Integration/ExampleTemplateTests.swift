import Foundation
import Generators
import TestSupport
import Testing
import TypeCheckBenchCore

@testable import TypeCheckBench

/// The example templates under examples/templates/ and their committed runs under Results/example-*/: each report's
/// growth verdict says what its data shows, judged here by hand from the constraint scopes swiftc counted, not by
/// the fit that wrote the report.
@Suite struct ExampleTemplateTests {
  /// The package root, from this file's path.
  static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent()

  static let examples = ["arithmetic-chain", "chart-ladder", "modifier-chain", "switch-view"]

  /// How a series of (n, scopes) grows, judged by two plain rules: "faster than any quartic" when its last step
  /// grows more than (n₂/n₁)⁴ (no polynomial of degree ≤ 4 does, from any start), "steady" when the scopes added per
  /// unit of n differ by at most 1.5× from step to step (what a straight line does, up to noise-free rounding).
  enum HandShape: Equatable {
    case fasterThanQuartic, steady, neither
  }

  static func handShape(_ points: [(n: Double, scopes: Double)]) -> HandShape {
    guard points.count >= 3 else { return .neither }
    let last = points[points.count - 1]
    let before = points[points.count - 2]
    if last.scopes / before.scopes > pow(last.n / before.n, 4) { return .fasterThanQuartic }
    let slopes = zip(points, points.dropFirst()).map { ($1.scopes - $0.scopes) / ($1.n - $0.n) }
    guard let low = slopes.min(), let high = slopes.max(), low > 0 else { return .neither }
    return high / low <= 1.5 ? .steady : .neither
  }

  @Test func theHandRulesTellTheShapesApart() {
    // 2^n, 3n + 5, n³: a doubling series is faster than a quartic only once n is large enough; the rule is about the
    // last step.
    let doubling = (1...12).map { (Double($0), pow(2, Double($0))) }
    #expect(Self.handShape(doubling.map { (n: $0.0, scopes: $0.1) }) == .fasterThanQuartic)
    #expect(Self.handShape((1...6).map { (n: Double($0), scopes: 3 * Double($0) + 5) }) == .steady)
    #expect(Self.handShape((1...6).map { (n: Double($0), scopes: pow(Double($0), 3)) }) == .neither)
  }

  @Test(arguments: examples) func theCommittedExampleRunsVerdictMatchesItsData(_ name: String) throws {
    let folder = Self.root.appendingPathComponent("Results/example-\(name)")
    let record = try RecordStore.sweep(folder)
    // The run is of this template, as it is now in the repository.
    let text = try String(
      contentsOf: Self.root.appendingPathComponent("examples/templates/\(name).swift"), encoding: .utf8)
    #expect(record.cases.allSatisfy { $0.template?.text == text }, "re-measure with scripts/reference-runs.sh")
    let report = RunReport(record)
    #expect(!report.series.isEmpty)
    var shapes: [String: HandShape] = [:]
    for series in report.series {
      let points = series.fittablePoints.compactMap { point in
        point.constraintScopes.map { (n: Double(point.spec.axisValue), scopes: $0) }
      }
      let shape = Self.handShape(points)
      // Keyed by model: a series label names the surface too ("per-kind iOS 26.2").
      shapes[series.spec.model.rawValue] = shape
      let verdict = series.scopesFit.verdict
      switch shape {
      case .fasterThanQuartic:
        guard case .exponential = verdict else {
          Issue.record("\(name) \(series.label): scopes \(points) grow faster than a quartic; verdict \(verdict.text)")
          continue
        }
      case .steady:
        switch verdict {
        case .linear, .polynomial: break
        default: Issue.record("\(name) \(series.label): scopes \(points) grow steadily; verdict \(verdict.text)")
        }
      case .neither:
        Issue.record("\(name) \(series.label): scopes \(points) fit neither hand rule")
      }
      // A series the solver gave up on says so, at the value it gave up at.
      if let censored = series.firstCensored {
        #expect(censored.outcome == .tooComplex)
        #expect(report.headline.joined().contains("reaches the solver limit at N=\(censored.spec.axisValue)"))
      }
    }
    // What the issue asks of the examples: the chain is exponential and meets the solver's limit within its range,
    // the modifier chain grows linearly or polynomially.
    switch name {
    case "arithmetic-chain":
      #expect(shapes.values.allSatisfy { $0 == .fasterThanQuartic })
      #expect(report.series.allSatisfy { $0.firstCensored?.outcome == .tooComplex })
    case "modifier-chain", "switch-view":
      #expect(shapes.values.allSatisfy { $0 == .steady })
      #expect(report.series.allSatisfy { $0.firstCensored == nil })
    case "chart-ladder":
      #expect(shapes["per-kind"] == .steady)
      #expect(shapes["unified"] == .fasterThanQuartic)
    default:
      Issue.record("no expectation for \(name)")
    }
  }

  /// Each example type-checks in both builder models where it imports SwiftUI: `bench run` checks the smallest and
  /// largest instance before measuring and stops with the compiler's error otherwise.
  @Test(.enabled(if: Integration.hasCompiler, "needs an installed swiftc"), arguments: examples)
  func everyExampleTemplateTypeChecksAtItsSmallestSizes(_ name: String) throws {
    let swiftc = try #require(Integration.swiftc)
    let folder = try TemporaryDirectory()
    let out = folder.url.appendingPathComponent("run")
    var errors: [String] = []
    let status = BenchCommandLine.main(
      [
        "run", "--template", Self.root.appendingPathComponent("examples/templates/\(name).swift").path,
        "--param", "N=1,2", "--runs", "1", "--warmup", "0", "--quiet", "--swiftc", swiftc, "-o", out.path,
      ], output: { _ in }, errorOutput: { errors.append($0) })
    #expect(status == 0, "\(errors)")
    let record = try Integration.record(out)
    #expect(record.samples.allSatisfy { $0.outcome == .ok }, "\(record.samples.map(\.outcome))")
  }
}
