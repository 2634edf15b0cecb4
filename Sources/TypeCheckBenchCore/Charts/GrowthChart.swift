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

    public init(axisValue: Int, value: Double, low: Double, high: Double, isCensored: Bool, note: String) {
      self.axisValue = axisValue
      self.value = value
      self.low = low
      self.high = high
      self.isCensored = isCensored
      self.note = note
    }
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

  public init(title: String, subtitle: String, xLabel: String, yLabel: String, series: [Series]) {
    self.title = title
    self.subtitle = subtitle
    self.xLabel = xLabel
    self.yLabel = yLabel
    self.series = series
  }

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

  private static let frameColor = "#888888"
  private static let mutedText = "#555555"

  /// The chart as a graphics tree.
  var graphic: Graphic {
    let points = series.flatMap(\.points)
    let yAxis = LogAxis(covering: points.flatMap { [$0.low, $0.value, $0.high] })
    let xAxis = IntegerAxis(covering: points.map(\.axisValue))
    let hasCensored = points.contains(where: \.isCensored)

    // Layout: the legend sits outside the plot on the right so it never covers a line.
    let tickLabelWidth = yAxis.ticks.map { TextMetrics.width(of: LogAxis.label($0.value), size: 11) }.max() ?? 0
    let plotLeft = 30 + tickLabelWidth + 8
    let plotTop = GrowthChart.plotTop
    let height = self.height
    let plotBottom = height - 56
    let legend = legendEntries(hasCensored: hasCensored)
    let legendWidth = 44 + (legend.map { TextMetrics.width(of: $0.label, size: 12) }.max() ?? 0)
    let plotRight = width - legendWidth - 24
    func xPosition(_ value: Double) -> Double { plotLeft + xAxis.fraction(value) * (plotRight - plotLeft) }
    func yPosition(_ value: Double) -> Double { plotBottom - yAxis.fraction(value) * (plotBottom - plotTop) }

    var items: [Graphic] = [
      .text(title, at: .init(x: 16, y: 26), style: TextStyle(size: 16, bold: true)),
      .text(subtitle, at: .init(x: 16, y: 46), style: TextStyle(size: 12, color: GrowthChart.mutedText)),
    ]

    // Grid and ticks.
    var grid: [Graphic] = []
    for tick in yAxis.ticks {
      let y = yPosition(tick.value)
      grid.append(
        .line(
          from: .init(x: plotLeft, y: y), to: .init(x: plotRight, y: y),
          stroke: Stroke(color: tick.major ? "#d4d4d4" : "#eeeeee")))
      grid.append(
        .text(
          LogAxis.label(tick.value), at: .init(x: plotLeft - 6, y: y + 4),
          style: TextStyle(size: 11, anchor: .end, color: tick.major ? "#333333" : GrowthChart.mutedText)))
    }
    for tick in xAxis.ticks {
      let x = xPosition(Double(tick))
      grid.append(
        .line(from: .init(x: x, y: plotTop), to: .init(x: x, y: plotBottom), stroke: Stroke(color: "#f0f0f0")))
      grid.append(
        .line(from: .init(x: x, y: plotBottom), to: .init(x: x, y: plotBottom + 4), stroke: Stroke(color: "#888888")))
      grid.append(.text(String(tick), at: .init(x: x, y: plotBottom + 17), style: TextStyle(size: 11, anchor: .middle)))
    }
    grid.append(
      .rectangle(
        x: plotLeft, y: plotTop, width: plotRight - plotLeft, height: plotBottom - plotTop, fill: nil,
        stroke: Stroke(color: GrowthChart.frameColor)))
    grid.append(
      .text(
        xLabel, at: .init(x: (plotLeft + plotRight) / 2, y: plotBottom + 40),
        style: TextStyle(size: 12, anchor: .middle)))
    grid.append(
      .text(
        yLabel, at: .init(x: 18, y: (plotTop + plotBottom) / 2),
        style: TextStyle(size: 12, anchor: .middle, rotation: -90)))
    items.append(.group(grid))

    if points.isEmpty {
      items.append(
        .text(
          "no measured points", at: .init(x: (plotLeft + plotRight) / 2, y: (plotTop + plotBottom) / 2),
          style: TextStyle(size: 13, anchor: .middle, color: GrowthChart.mutedText)))
    }

    // Where the solver gave up: one dashed rule per axis value, labelled above the plot so it covers no data; a
    // label that fits in neither of two rows is left out (the rule and the legend still say it).
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
      let x = xPosition(Double(axisValue))
      annotations.append(
        .line(
          from: .init(x: x, y: plotTop), to: .init(x: x, y: plotBottom),
          stroke: Stroke(color: "#9a9a9a", width: 1, dash: [5, 4])))
      let text = "limit: " + limits[axisValue]!.joined(separator: ", ")
      let textWidth = TextMetrics.width(of: text, size: 11)
      let center = min(max(x, plotLeft + textWidth / 2), plotRight - textWidth / 2)
      let span = (center - textWidth / 2 - 4)...(center + textWidth / 2 + 4)
      guard let row = occupied.indices.first(where: { !occupied[$0].contains { $0.overlaps(span) } }) else { continue }
      occupied[row].append(span)
      annotations.append(
        .text(
          text, at: .init(x: center, y: plotTop - 6 - Double(row) * 13),
          style: TextStyle(size: 11, anchor: .middle, color: GrowthChart.mutedText)))
    }
    items.append(.group(annotations))

    // Series: whiskers under lines under markers.
    for line in series {
      var parts: [Graphic] = []
      for point in line.points where point.high > point.low {
        let x = xPosition(Double(point.axisValue))
        let top = yPosition(point.high)
        let bottom = yPosition(point.low)
        let whisker = Stroke(color: line.color, width: 1.2)
        parts.append(.line(from: .init(x: x, y: top), to: .init(x: x, y: bottom), stroke: whisker))
        if bottom - top > 3 {
          parts.append(.line(from: .init(x: x - 4, y: top), to: .init(x: x + 4, y: top), stroke: whisker))
          parts.append(.line(from: .init(x: x - 4, y: bottom), to: .init(x: x + 4, y: bottom), stroke: whisker))
        }
      }
      let positions = line.points.map { ChartPoint2D(x: xPosition(Double($0.axisValue)), y: yPosition($0.value)) }
      let solidEnd = line.points.firstIndex(where: \.isCensored) ?? line.points.count
      if solidEnd >= 2 {
        parts.append(
          .polyline(Array(positions[0..<solidEnd]), stroke: Stroke(color: line.color, width: 2, dash: line.dash)))
      }
      if solidEnd < line.points.count && solidEnd >= 1 {
        // The step into the censored point is dotted: the real value lies somewhere above it.
        parts.append(
          .polyline(
            Array(positions[(solidEnd - 1)...]), stroke: Stroke(color: line.color, width: 1.5, dash: [2, 3])))
      }
      for (point, position) in zip(line.points, positions) {
        let marker: Graphic =
          point.isCensored
          ? GrowthChart.censoredMarker(at: position, color: line.color)
          : .circle(center: position, radius: 3.5, fill: line.color, stroke: Stroke(color: "#ffffff", width: 1))
        parts.append(.group([.tooltip(point.note), marker]))
      }
      items.append(.group(parts))
    }

    // Legend.
    var legendItems: [Graphic] = []
    let legendX = plotRight + 16
    for (index, entry) in legend.enumerated() {
      let y = plotTop + 10 + Double(index) * GrowthChart.legendRow
      let sample = ChartPoint2D(x: legendX + 14, y: y)
      switch entry.symbol {
      case .series(let color, let dash):
        legendItems.append(
          .line(
            from: .init(x: legendX, y: y), to: .init(x: legendX + 28, y: y),
            stroke: Stroke(color: color, width: 2, dash: dash)))
        legendItems.append(.circle(center: sample, radius: 3.5, fill: color, stroke: Stroke(color: "#ffffff")))
      case .censored:
        legendItems.append(GrowthChart.censoredMarker(at: sample, color: "#444444"))
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
    items.append(.group(legendItems))
    return .group(items)
  }

  private enum LegendSymbol {
    case series(color: String, dash: [Double])
    case censored
    case whisker
    case limit
  }

  private func legendEntries(hasCensored: Bool) -> [(label: String, symbol: LegendSymbol)] {
    var entries: [(label: String, symbol: LegendSymbol)] = series.map {
      (GrowthChart.truncated($0.label), .series(color: $0.color, dash: $0.dash))
    }
    if series.contains(where: { $0.points.contains { $0.high > $0.low } }) {
      entries.append(("min–max of the runs", .whisker))
    }
    if hasCensored {
      entries.append(("≥ censored (solver limit)", .censored))
      entries.append(("where the limit was hit", .limit))
    }
    return entries
  }

  private static func truncated(_ label: String) -> String {
    label.count <= 40 ? label : String(label.prefix(39)) + "…"
  }

  /// A hollow triangle pointing up: "at least this much".
  private static func censoredMarker(at center: ChartPoint2D, color: String) -> Graphic {
    .polygon(
      [
        .init(x: center.x, y: center.y - 7), .init(x: center.x + 6, y: center.y + 4),
        .init(x: center.x - 6, y: center.y + 4),
      ],
      fill: "#ffffff", stroke: Stroke(color: color, width: 1.8))
  }
}
