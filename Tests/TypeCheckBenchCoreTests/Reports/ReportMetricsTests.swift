import Generators
import Testing

@testable import TypeCheckBenchCore

/// A run report's tables, charts and growth lines iterate over the run's metrics: a declared metric that the run
/// charts (`--counter`) gets its columns without any report code naming it. The sweep's instrumented compiles write
/// `Sema.NumLeafScopes` = scopes / 3, rounded (`ReportTestRecords.samples`), so every expected cell is worked out by
/// hand from the scopes the record gives.
@Suite struct ReportMetricsTests {
  static let leafScopes = Metric(
    id: "leaf-scopes", title: "Leaf scopes", unit: "leaf scopes", isDeterministic: true, gates: true,
    source: .statistic(StatName.leafScopes))

  static var record: RunRecord {
    var record = ReportTestRecords.sweep
    record.counters = [StatName.constraintScopes, StatName.leafScopes]
    return record
  }

  @Test func aDeclaredMetricGetsTableColumnsAChartAndAGrowthLine() throws {
    var report = RunReport(Self.record)
    report.declaredMetrics = Metric.all + [Self.leafScopes]
    #expect(report.metrics.map(\.id) == ["time", "scopes", "leaf-scopes"])
    let comparison = try #require(report.comparisons[.nesting]?.first)
    let table = report.table(for: comparison)
    #expect(
      table.header == [
        "depth", "per-kind ms", "unified ms", "per-kind ÷ unified", "per-kind scopes", "unified scopes",
        "per-kind leaf scopes", "unified leaf scopes",
      ])
    // Depth 2: per-kind 330 scopes → 110 leaf scopes, unified 45 → 15. Depth 5: per-kind censored at 1,048,577
    // scopes → ≥ 349,526; unified 90 → 30.
    let depth2 = try #require(table.rows.first { $0.first == "2" })
    #expect(Array(depth2.suffix(4)) == ["330", "45", "110", "15"])
    let depth5 = try #require(table.rows.first { $0.first == "5" })
    #expect(Array(depth5.suffix(2)) == ["≥ 349,526", "30"])
    #expect(report.charts.map(\.path).contains("charts/nesting-counter-Sema-NumLeafScopes.svg"))
    // Unified: 10, 15, …, 35 leaf scopes along depth 1…6 (30, 45, …, 105 scopes) is a straight line.
    let unified = try #require(report.fitLines(for: comparison).first { $0.label.hasPrefix("unified") })
    #expect(unified.text.contains("; Sema.NumLeafScopes linear"))
  }

  @Test func anUndeclaredCounterIsChartedAndFittedButHasNoColumn() throws {
    let report = RunReport(Self.record)
    #expect(report.metrics.map(\.id) == ["time", "scopes", StatName.leafScopes])
    #expect(report.tabulatedMetrics == [.time, .scopes])
    let comparison = try #require(report.comparisons[.nesting]?.first)
    #expect(!report.table(for: comparison).header.contains { $0.contains("leaf") })
    #expect(report.charts.map(\.path).contains("charts/nesting-counter-Sema-NumLeafScopes.svg"))
    #expect(report.fitLines(for: comparison).allSatisfy { $0.text.contains("; Sema.NumLeafScopes ") })
  }

  @Test func aCounterNameMapsToTheMetricThatReadsIt() {
    #expect(Metric.counted(StatName.constraintScopes) == .scopes)
    #expect(Metric.counted(StatName.instructions) == .instructions)
    let other = Metric.counted("Sema.NumLeafScopes")
    #expect(!other.gates && other.isDeterministic && other.id == "Sema.NumLeafScopes")
    #expect(other.charting.file == "counter-Sema-NumLeafScopes")
    #expect(Metric.counted("Sema.NumLeafScopes", among: [Self.leafScopes]) == Self.leafScopes)
  }
}
