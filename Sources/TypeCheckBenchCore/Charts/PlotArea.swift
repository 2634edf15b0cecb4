/// The rectangle a chart plots in, with the pieces every chart draws around it the same way: the log-axis grid
/// rows and their labels, the frame with its axis titles, the empty-chart notice, and the point markers.
struct PlotArea: Hashable, Sendable {
  /// The plot's edges, in the chart's coordinates (y grows downwards).
  var left, top, right, bottom: Double
  /// The y axis, for `y(_:)` and the grid rows.
  var yAxis: LogAxis

  static let frameColor = "#888888"
  static let mutedText = "#555555"

  /// The left edge that leaves room for the widest y tick label.
  static func left(for yAxis: LogAxis) -> Double {
    30 + (yAxis.ticks.map { TextMetrics.width(of: LogAxis.label($0.value), size: 11) }.max() ?? 0) + 8
  }

  /// The vertical position of `value` on the log axis.
  func y(_ value: Double) -> Double { bottom - yAxis.fraction(value) * (bottom - top) }

  var centerX: Double { (left + right) / 2 }
  var centerY: Double { (top + bottom) / 2 }

  /// One horizontal rule and one label per y tick; major ticks stronger.
  var yGrid: [Graphic] {
    yAxis.ticks.flatMap { tick -> [Graphic] in
      let position = y(tick.value)
      return [
        .line(
          from: .init(x: left, y: position), to: .init(x: right, y: position),
          stroke: Stroke(color: tick.major ? "#d4d4d4" : "#eeeeee")),
        .text(
          LogAxis.label(tick.value), at: .init(x: left - 6, y: position + 4),
          style: TextStyle(size: 11, anchor: .end, color: tick.major ? "#333333" : PlotArea.mutedText)),
      ]
    }
  }

  /// The frame, the x axis title `xTitleDrop` below the plot, and the y axis title turned up at `yTitleX`.
  func frame(xTitle: String, xTitleDrop: Double, yTitle: String, yTitleX: Double, size: Double) -> [Graphic] {
    [
      .rectangle(
        x: left, y: top, width: right - left, height: bottom - top, fill: nil,
        stroke: Stroke(color: PlotArea.frameColor)
      ),
      .text(xTitle, at: .init(x: centerX, y: bottom + xTitleDrop), style: TextStyle(size: size, anchor: .middle)),
      .text(
        yTitle, at: .init(x: yTitleX, y: centerY), style: TextStyle(size: size, anchor: .middle, rotation: -90)),
    ]
  }

  /// "no measured points" in the middle of an empty plot.
  func emptyNotice(size: Double) -> Graphic {
    .text(
      "no measured points", at: .init(x: centerX, y: centerY),
      style: TextStyle(size: size, anchor: .middle, color: PlotArea.mutedText))
  }

  /// A measured point: a filled dot, or for a censored value a hollow triangle pointing up ("at least this much").
  static func marker(at center: ChartPoint2D, color: String, censored: Bool) -> Graphic {
    censored
      ? censoredMarker(at: center, color: color)
      : .circle(center: center, radius: 3.5, fill: color, stroke: Stroke(color: "#ffffff", width: 1))
  }

  /// A hollow triangle pointing up: "at least this much".
  static func censoredMarker(at center: ChartPoint2D, color: String) -> Graphic {
    .polygon(
      [
        .init(x: center.x, y: center.y - 7), .init(x: center.x + 6, y: center.y + 4),
        .init(x: center.x - 6, y: center.y + 4),
      ],
      fill: "#ffffff", stroke: Stroke(color: color, width: 1.8))
  }
}
