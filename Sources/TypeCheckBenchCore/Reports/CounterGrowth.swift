import Generators

/// How one compiler counter grew along one series, for `bench counters`: the counters that grew most, with their
/// growth verdicts, like `utils/scale-test`'s selection of counters.
public struct CounterGrowth: Hashable, Sendable {
  public var counter: String
  /// The counter at the series' first and last uncensored points.
  public var first: (axisValue: Int, value: Double)
  public var last: (axisValue: Int, value: Double)
  public var fit: GrowthFit

  /// `last / first`; infinite when the counter started at zero (absent: swiftc writes only non-zero counters).
  public var ratio: Double { first.value > 0 ? last.value / first.value : .infinity }

  public static func == (lhs: Self, rhs: Self) -> Bool {
    lhs.counter == rhs.counter && lhs.first == rhs.first && lhs.last == rhs.last && lhs.fit == rhs.fit
  }

  public func hash(into hasher: inout Hasher) {
    hasher.combine(counter)
    hasher.combine(first.axisValue)
    hasher.combine(last.axisValue)
  }

  /// True for a deterministic work counter: not a timer (`time.*`) and not a rate (`…PerSecond`).
  public static func isCounter(_ name: String) -> Bool {
    !name.hasPrefix("time.") && !name.hasSuffix("PerSecond")
  }

  /// The counters of `series` that grew between its first and last uncensored points, the most grown first (ties by
  /// name); a counter missing at a point counts as zero there, as swiftc omits zero counters.
  public static func ranking(of series: PointSeries) -> [CounterGrowth] {
    let points = series.fittablePoints
    guard let firstPoint = points.first, let lastPoint = points.last,
      lastPoint.spec.axisValue > firstPoint.spec.axisValue
    else { return [] }
    let names = Set(points.flatMap { $0.statistics.keys }).filter(isCounter)
    var result: [CounterGrowth] = []
    for name in names {
      let start = firstPoint.statistics[name] ?? 0
      let end = lastPoint.statistics[name] ?? 0
      guard end > start else { continue }
      result.append(
        CounterGrowth(
          counter: name, first: (firstPoint.spec.axisValue, start), last: (lastPoint.spec.axisValue, end),
          fit: series.counterFit(name)))
    }
    return result.sorted { lhs, rhs in
      lhs.ratio != rhs.ratio ? lhs.ratio > rhs.ratio : lhs.counter < rhs.counter
    }
  }

  /// `bench counters`' listing: per series a heading, then an aligned table of its most grown counters.
  public static func listing(_ report: RunReport, limit: Int) -> [String] {
    var out: [String] = []
    for series in report.series {
      let ranking = ranking(of: series)
      let axis = series.spec.axisName
      if !out.isEmpty { out.append("") }
      out.append("\(series.seriesID) @ \(series.toolchain) (\(series.fittablePoints.count) uncensored points)")
      guard let top = ranking.first else {
        out.append("  no counter grew (fewer than two uncensored points, or nothing changed)")
        continue
      }
      let rows =
        [["counter", "\(axis)=\(top.first.axisValue)", "\(axis)=\(top.last.axisValue)", "growth", "verdict"]]
        + ranking.prefix(limit).map { growth in
          [
            growth.counter, RunReport.grouped(growth.first.value), RunReport.grouped(growth.last.value),
            growth.ratio.isFinite ? NumberFormat.compact(growth.ratio, digits: 3) + "×" : "from 0",
            growth.fit.summary,
          ]
        }
      let widths = (0..<5).map { column in rows.map { $0[column].count }.max() ?? 0 }
      for row in rows {
        let cells = row.enumerated().map { column, cell in
          let padding = String(repeating: " ", count: widths[column] - cell.count)
          // Names and verdicts read left to right; numbers line up on the right.
          return column == 0 || column == 4 ? cell + padding : padding + cell
        }
        var line = "  " + cells.joined(separator: "  ")
        while line.last == " " { line.removeLast() }
        out.append(line)
      }
      if ranking.count > limit { out.append("  … \(ranking.count - limit) more (--all)") }
    }
    return out
  }
}
