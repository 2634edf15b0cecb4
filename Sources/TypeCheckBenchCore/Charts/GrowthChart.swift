/// A chart of one measured quantity on a log axis against a family's axis, one line per series, drawn as SVG.
public struct GrowthChart: Hashable, Sendable {
  /// One measured point of a series.
  public struct Point: Hashable, Sendable {
    public var axisValue: Int
    /// The median.
    public var value: Double
    public var low: Double
    public var high: Double
    /// True when `value` is only a lower bound.
    public var isCensored: Bool
    /// Hover text.
    public var note: String

  }

  /// One line of the chart.
  public struct Series: Hashable, Sendable {
    public var label: String
    /// A CSS colour.
    public var color: String
    /// SVG dash lengths; empty for a solid line.
    public var dash: [Double]
    /// Points in increasing axis value.
    public var points: [Point]
    /// A short name for the solver-limit annotation (for example `per-kind`).
    public var limitLabel: String

    public init(label: String, color: String, dash: [Double] = [], points: [Point], limitLabel: String? = nil) {
      self.label = label
      self.color = color
      self.dash = dash
      self.points = points
      self.limitLabel = limitLabel ?? label
    }
  }

  public var title: String
  public var subtitle: String
  public var xLabel: String
  public var yLabel: String
  public var series: [Series]
  public var width: Double = 820
  /// The smallest height; a long legend makes the chart taller.
  public var minimumHeight: Double = 460
  /// Legend labels longer than this are cut with an ellipsis.
  public var legendLabelLimit = 40
  /// The legend's words for a censored point: what stopped the points the chart marks so.
  public var censoredLegend = "≥ censored (solver limit)"

  /// The chart as a standalone SVG document.
  public var svg: String {
    SVGRenderer(width: width, height: height).render(graphic, title: title)
  }

  private static let plotTop = 78.0
  private static let legendRow = 18.0

  /// The chart's height: enough for the legend beside the plot.
  public var height: Double {
    let rows = Double(legendEntries(hasCensored: series.contains { $0.points.contains(where: \.isCensored) }).count)
    return max(minimumHeight, GrowthChart.plotTop + 10 + rows * GrowthChart.legendRow + 40)
  }

  /// Where everything goes: the plot (the legend sits outside it on the right so it never covers a line), the axes
  /// and the legend's entries.
  private struct Layout {
    var plot: PlotArea
    var xAxis: IntegerAxis
    var legend: [(label: String, symbol: LegendSymbol)]

    func x(_ value: Double) -> Double { plot.left + xAxis.fraction(value) * (plot.right - plot.left) }
    func position(_ point: Point, value: Double) -> ChartPoint2D {
      .init(x: x(Double(point.axisValue)), y: plot.y(value))
    }
  }

  private var layout: Layout {
    let points = series.flatMap(\.points)
    let yAxis = LogAxis(covering: points.flatMap { [$0.low, $0.value, $0.high] })
    let legend = legendEntries(hasCensored: points.contains(where: \.isCensored))
    let legendWidth = 44 + (legend.map { TextMetrics.width(of: $0.label, size: 12) }.max() ?? 0)
    let plot = PlotArea(
      left: PlotArea.left(for: yAxis), top: GrowthChart.plotTop, right: width - legendWidth - 24,
      bottom: height - 56, yAxis: yAxis)
    return Layout(plot: plot, xAxis: IntegerAxis(covering: points.map(\.axisValue)), legend: legend)
  }

  /// The chart as a graphics tree: heading, grid, solver-limit rules, one group per series, legend.
  var graphic: Graphic {
    let layout = layout
    var items: [Graphic] = [
      .text(title, at: .init(x: 16, y: 26), style: TextStyle(size: 16, bold: true)),
      .text(subtitle, at: .init(x: 16, y: 46), style: TextStyle(size: 12, color: PlotArea.mutedText)),
      .group(grid(layout)),
    ]
    if !series.contains(where: { !$0.points.isEmpty }) { items.append(layout.plot.emptyNotice(size: 13)) }
    items.append(.group(limitRules(layout)))
    items += series.map { .group(graphics(of: $0, layout)) }
    items.append(.group(legendGraphics(layout)))
    return .group(items)
  }

  /// The y grid, one tick per axis value, the frame and the axis titles.
  private func grid(_ layout: Layout) -> [Graphic] {
    let plot = layout.plot
    var grid = plot.yGrid
    for tick in layout.xAxis.ticks {
      let x = layout.x(Double(tick))
      grid.append(
        .line(from: .init(x: x, y: plot.top), to: .init(x: x, y: plot.bottom), stroke: Stroke(color: "#f0f0f0")))
      grid.append(
        .line(
          from: .init(x: x, y: plot.bottom), to: .init(x: x, y: plot.bottom + 4),
          stroke: Stroke(color: PlotArea.frameColor)))
      grid.append(
        .text(String(tick), at: .init(x: x, y: plot.bottom + 17), style: TextStyle(size: 11, anchor: .middle)))
    }
    return grid + plot.frame(xTitle: xLabel, xTitleDrop: 40, yTitle: yLabel, yTitleX: 18, size: 12)
  }

  /// Where the solver gave up: one dashed rule per axis value, labelled above the plot so it covers no data; a
  /// label that fits in neither of two rows is left out (the rule and the legend still say it).
  private func limitRules(_ layout: Layout) -> [Graphic] {
    let plot = layout.plot
    var limits: [Int: [String]] = [:]
    for line in series {
      if let censored = line.points.first(where: \.isCensored),
        !(limits[censored.axisValue] ?? []).contains(line.limitLabel)
      {
        limits[censored.axisValue, default: []].append(line.limitLabel)
      }
    }
    var annotations: [Graphic] = []
    var occupied: [[ClosedRange<Double>]] = [[], []]
    for axisValue in limits.keys.sorted() {
      let x = layout.x(Double(axisValue))
      annotations.append(
        .line(
          from: .init(x: x, y: plot.top), to: .init(x: x, y: plot.bottom),
          stroke: Stroke(color: "#9a9a9a", width: 1, dash: [5, 4])))
      let text = "limit: " + limits[axisValue]!.joined(separator: ", ")
      let textWidth = TextMetrics.width(of: text, size: 11)
      let center = min(max(x, plot.left + textWidth / 2), plot.right - textWidth / 2)
      let span = (center - textWidth / 2 - 4)...(center + textWidth / 2 + 4)
      guard let row = occupied.indices.first(where: { !occupied[$0].contains { $0.overlaps(span) } }) else { continue }
      occupied[row].append(span)
      annotations.append(
        .text(
          text, at: .init(x: center, y: plot.top - 6 - Double(row) * 13),
          style: TextStyle(size: 11, anchor: .middle, color: PlotArea.mutedText)))
    }
    return annotations
  }

  /// One series: whiskers under its line under its markers; the step into a censored point is dotted.
  private func graphics(of line: Series, _ layout: Layout) -> [Graphic] {
    var parts: [Graphic] = []
    let whisker = Stroke(color: line.color, width: 1.2)
    for point in line.points where point.high > point.low {
      let top = layout.position(point, value: point.high)
      let bottom = layout.position(point, value: point.low)
      parts.append(.line(from: top, to: bottom, stroke: whisker))
      if bottom.y - top.y > 3 {
        parts.append(.line(from: .init(x: top.x - 4, y: top.y), to: .init(x: top.x + 4, y: top.y), stroke: whisker))
        parts.append(
          .line(from: .init(x: top.x - 4, y: bottom.y), to: .init(x: top.x + 4, y: bottom.y), stroke: whisker))
      }
    }
    let positions = line.points.map { layout.position($0, value: $0.value) }
    let solidEnd = line.points.firstIndex(where: \.isCensored) ?? line.points.count
    if solidEnd >= 2 {
      parts.append(
        .polyline(Array(positions[0..<solidEnd]), stroke: Stroke(color: line.color, width: 2, dash: line.dash)))
    }
    if solidEnd < line.points.count && solidEnd >= 1 {
      // The real value lies somewhere above the censored point.
      parts.append(
        .polyline(Array(positions[(solidEnd - 1)...]), stroke: Stroke(color: line.color, width: 1.5, dash: [2, 3])))
    }
    for (point, position) in zip(line.points, positions) {
      parts.append(
        .group([.tooltip(point.note), PlotArea.marker(at: position, color: line.color, censored: point.isCensored)]))
    }
    return parts
  }

  /// The legend beside the plot: one row per series, then the whisker, censored and limit symbols when used.
  private func legendGraphics(_ layout: Layout) -> [Graphic] {
    var legendItems: [Graphic] = []
    let legendX = layout.plot.right + 16
    for (index, entry) in layout.legend.enumerated() {
      let y = layout.plot.top + 10 + Double(index) * GrowthChart.legendRow
      let sample = ChartPoint2D(x: legendX + 14, y: y)
      switch entry.symbol {
      case .series(let color, let dash):
        legendItems.append(
          .line(
            from: .init(x: legendX, y: y), to: .init(x: legendX + 28, y: y),
            stroke: Stroke(color: color, width: 2, dash: dash)))
        legendItems.append(.circle(center: sample, radius: 3.5, fill: color, stroke: Stroke(color: "#ffffff")))
      case .censored:
        legendItems.append(PlotArea.censoredMarker(at: sample, color: "#444444"))
      case .whisker:
        let stroke = Stroke(color: "#444444", width: 1.2)
        legendItems.append(.line(from: .init(x: sample.x, y: y - 7), to: .init(x: sample.x, y: y + 7), stroke: stroke))
        legendItems.append(
          .line(from: .init(x: sample.x - 4, y: y - 7), to: .init(x: sample.x + 4, y: y - 7), stroke: stroke))
        legendItems.append(
          .line(from: .init(x: sample.x - 4, y: y + 7), to: .init(x: sample.x + 4, y: y + 7), stroke: stroke))
      case .limit:
        legendItems.append(
          .line(
            from: .init(x: sample.x, y: y - 8), to: .init(x: sample.x, y: y + 8),
            stroke: Stroke(color: "#9a9a9a", dash: [5, 4])))
      }
      legendItems.append(.text(entry.label, at: .init(x: legendX + 36, y: y + 4), style: TextStyle(size: 12)))
    }
    return legendItems
  }

  private enum LegendSymbol {
    case series(color: String, dash: [Double])
    case censored
    case whisker
    case limit
  }

  private func legendEntries(hasCensored: Bool) -> [(label: String, symbol: LegendSymbol)] {
    var entries: [(label: String, symbol: LegendSymbol)] = series.map {
      (GrowthChart.truncated($0.label, limit: legendLabelLimit), .series(color: $0.color, dash: $0.dash))
    }
    if series.contains(where: { $0.points.contains { $0.high > $0.low } }) {
      entries.append(("min–max of the runs", .whisker))
    }
    if hasCensored {
      entries.append((censoredLegend, .censored))
      entries.append(("where the limit was hit", .limit))
    }
    return entries
  }

  private static func truncated(_ label: String, limit: Int) -> String {
    label.count <= limit ? label : String(label.prefix(limit - 1)) + "…"
  }
}
