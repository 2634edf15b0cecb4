import Testing

@testable import TypeCheckBenchCore

/// A metric's declared polarity and determinism decide a comparison's verdict, and `--metric` takes exactly the
/// gated metrics' names. Every expected verdict below is worked out by hand from the figures.
@Suite struct MetricTests {
  /// A counter where more is better, as a throughput would be: the mirror image of scopes.
  static let throughput = Metric(
    id: "throughput", title: "Throughput", unit: "cases/s", polarity: .higherIsBetter, isDeterministic: true,
    gates: true, source: .statistic("Test.Throughput"))

  static func point(_ values: [Metric: [Double]]) -> MeasuredPoint {
    MeasuredPoint(caseID: "case", toolchain: "t", outcome: .ok, values: values)
  }

  @Test func polarityDecidesTheDirectionOfAnExactChange() {
    // 106 / 100 = 1.06 > 1.05; 94 / 100 = 0.94 < 0.95; 104 / 100 = 1.04 is inside the 5% band.
    for (new, lowerIsBetter, higherIsBetter) in [
      (106.0, Verdict.slower, Verdict.faster), (94, .faster, .slower), (104, .unchanged, .unchanged),
      (100, .unchanged, .unchanged),
    ] {
      #expect(Metric.scopes.exactVerdict(base: 100, new: new, threshold: 0.05) == lowerIsBetter, "\(new)")
      #expect(Self.throughput.exactVerdict(base: 100, new: new, threshold: 0.05) == higherIsBetter, "\(new)")
    }
    // From nothing, any value is a change in the metric's worse (or better) direction.
    #expect(Metric.scopes.exactVerdict(base: 0, new: 3, threshold: 0.05) == .slower)
    #expect(Self.throughput.exactVerdict(base: 0, new: 3, threshold: 0.05) == .faster)
    let change = MetricChange(
      exact: Self.throughput, base: Self.point([Self.throughput: [200]]), new: Self.point([Self.throughput: [100]]),
      threshold: 0.05, gates: true)
    #expect(change.ratio == 0.5)
    #expect(change.verdict == .slower)
  }

  @Test func oneSampleDecidesAnExactMetricButNotANoisyOne() {
    // One sample a side: scopes 100 -> 200 (ratio 2) decides; time 10 -> 20 ms cannot (5 samples a side needed).
    let base = Self.point([.time: [10], .scopes: [100]])
    let new = Self.point([.time: [20], .scopes: [200]])
    let scopesOnly = PointComparison(
      base: base, new: new, threshold: 0.05, seed: 1, resamples: 200, metric: .scopes)
    #expect(scopesOnly.verdict == .slower)
    #expect(scopesOnly.decidedBy == ["scopes"])
    #expect(scopesOnly.change(.scopes)?.ratio == 2)
    let timeOnly = PointComparison(base: base, new: new, threshold: 0.05, seed: 1, resamples: 200, metric: .time)
    #expect(timeOnly.verdict == .undecided)
    #expect(timeOnly.timeVerdict == .undecided)
    // Five identical samples a side: zero spread, every resample's ratio is 20 / 10 = 2, wholly above 1.05.
    let steady = PointComparison(
      base: Self.point([.time: Array(repeating: 10, count: 5)]),
      new: Self.point([.time: Array(repeating: 20, count: 5)]),
      threshold: 0.05, seed: 1, resamples: 200, metric: .time)
    #expect(steady.verdict == .slower)
    #expect(steady.time?.ratio == 2)
    // The same figures read by a noisy higher-is-better metric are an improvement.
    #expect(MetricChange.noisyVerdict(steady.timeChange, polarity: .higherIsBetter) == .faster)
  }

  @Test func onlyGatedMetricsGate() {
    // Scopes double and time is unchanged: gating on time alone says unchanged, with the scopes change noted.
    let times = Array(repeating: 10.0, count: 5)
    let base = Self.point([.time: times, .scopes: [100]])
    let new = Self.point([.time: times, .scopes: [200]])
    let point = PointComparison(base: base, new: new, threshold: 0.05, seed: 1, resamples: 200, metric: .time)
    #expect(point.verdict == .unchanged)
    #expect(point.scopesVerdict == .slower && !point.scopesGate)
    #expect(Comparison.verdictReason(point) == "; scopes slower (not gated)")
  }

  @Test func compareParsesExactlyTheGatedMetricsNames() {
    for metric in Metric.all {
      #expect((ComparisonMetric(rawValue: metric.id)?.measures == [metric]) == metric.gates, "\(metric)")
    }
    let parsed = Metric.all.filter { ComparisonMetric(rawValue: $0.id) != nil }
    #expect(parsed == Metric.gated)
    #expect(!Metric.gated.isEmpty)
    // The whole list, in any order and with spaces, is the set of all of them, written back in declaration order.
    let everything = ComparisonMetric(rawValue: Metric.gated.reversed().map { " \($0.id)" }.joined(separator: ","))
    #expect(everything?.measures == Set(Metric.gated))
    #expect(everything?.rawValue == Metric.gated.map(\.id).joined(separator: ","))
    for unknown in ["", "leaf", "Time", "scopes,", "throughput", "wall"] {
      #expect(ComparisonMetric(rawValue: unknown) == nil, "\(unknown)")
    }
    #expect(ComparisonMetric(rawValue: "both")?.measures == [.time, .scopes])
    #expect(ComparisonMetric([.time, .scopes]).rawValue == "both")
    #expect(ComparisonMetric(rawValue: "scopes,instructions")?.text == "scopes and instructions")
  }

  @Test func keysAreLowerCamelCase() {
    #expect(Metric.scopes.key == "scopes")
    #expect(Self.throughput.key == "throughput")
    let leaf = Metric(
      id: "leaf-scopes", title: "Leaf scopes", unit: "leaf scopes", isDeterministic: true, gates: true,
      source: .statistic("Sema.NumLeafScopes"))
    #expect(leaf.key == "leafScopes")
  }
}
