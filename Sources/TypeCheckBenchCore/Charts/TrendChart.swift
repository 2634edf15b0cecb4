import Foundation

/// A history trend: one measured quantity on a log axis against the date of each run, at most `maximumSeries` lines,
/// each labelled at its last point (no legend to decode), drawn as SVG.
///
/// Colours come from the Okabe–Ito palette, which stays distinguishable with the common colour-vision deficiencies;
/// each line also has its own dash pattern, so no line is told apart by colour alone.
struct TrendChart: Hashable, Sendable {
  /// One run's value of a series.
  struct Point: Hashable, Sendable {
    /// When the run started, seconds since 1970.
    var time: Double
    var value: Double
    /// True when `value` is only a lower bound (the solver gave up or the compile timed out).
    var isCensored: Bool
    /// Hover text: the run, its date and commit, the value.
    var note: String
  }

  struct Series: Hashable, Sendable {
    var label: String
    /// Points in date order.
    var points: [Point]
  }

  /// A run, for the x axis: its date and commit label at its position.
  struct Run: Hashable, Sendable {
    var time: Double
    var label: String
    var commit: String?
  }

  /// The most lines one chart holds; a family with more is split over several charts.
  static let maximumSeries = 6
  /// Okabe–Ito without its yellow (too pale on white): blue, vermillion, bluish green, reddish purple, orange, sky.
  static let palette = ["#0072B2", "#D55E00", "#009E73", "#CC79A7", "#E69F00", "#56B4E9"]
  static let dashes: [[Double]] = [[], [7, 3], [2, 3], [9, 3, 2, 3], [4, 4], [12, 4]]

  var title: String
  var subtitle: String
  var yLabel: String
  var series: [Series]
  var runs: [Run]
  var width: Double = 620
  var height: Double = 400

  /// The chart as a standalone SVG document.
  var svg: String {
    SVGRenderer(width: width, height: height).render(graphic, title: title)
  }

  var graphic: Graphic {
    let lines = Array(series.prefix(TrendChart.maximumSeries))
    let points = lines.flatMap(\.points)
    let yAxis = LogAxis(covering: points.map(\.value))
    let times = runs.map(\.time) + points.map(\.time)
    let first = times.min() ?? 0
    let last = max(times.max() ?? 1, first)
    // A single date gets a day either side; otherwise 5 % padding.
    let padding = last > first ? (last - first) * 0.05 : 86_400
    let (lower, upper) = (first - padding, last + padding)

    let tickLabelWidth = yAxis.ticks.map { TextMetrics.width(of: LogAxis.label($0.value), size: 11) }.max() ?? 0
    let plotLeft = 30 + tickLabelWidth + 8
    let plotTop = 62.0
    let plotBottom = height - 64
    let labelWidth = lines.map { TextMetrics.width(of: $0.label, size: 11) }.max() ?? 0
    let plotRight = width - labelWidth - 22
    func x(_ time: Double) -> Double { plotLeft + (time - lower) / (upper - lower) * (plotRight - plotLeft) }
    func y(_ value: Double) -> Double { plotBottom - yAxis.fraction(value) * (plotBottom - plotTop) }

    var items: [Graphic] = [
      .text(title, at: .init(x: 12, y: 24), style: TextStyle(size: 15, bold: true)),
      .text(subtitle, at: .init(x: 12, y: 42), style: TextStyle(size: 11, color: "#555555")),
    ]
    var grid: [Graphic] = []
    for tick in yAxis.ticks {
      let position = y(tick.value)
      grid.append(
        .line(
          from: .init(x: plotLeft, y: position), to: .init(x: plotRight, y: position),
          stroke: Stroke(color: tick.major ? "#d4d4d4" : "#eeeeee")))
      grid.append(
        .text(
          LogAxis.label(tick.value), at: .init(x: plotLeft - 6, y: position + 4),
          style: TextStyle(size: 11, anchor: .end, color: tick.major ? "#333333" : "#555555")))
    }
    // One tick per run at its date, labelled with the date and the commit; a label that would overlap the previous
    // one is left out (the tooltip of every point still names its run).
    var labelEnd = -Double.infinity
    for run in runs.sorted(by: { $0.time < $1.time }) {
      let position = x(run.time)
      grid.append(
        .line(
          from: .init(x: position, y: plotBottom), to: .init(x: position, y: plotBottom + 4),
          stroke: Stroke(color: "#888888")))
      let width = max(TextMetrics.width(of: run.label, size: 10), TextMetrics.width(of: run.commit ?? "", size: 10))
      guard position - width / 2 > labelEnd + 6 else { continue }
      labelEnd = position + width / 2
      grid.append(
        .text(run.label, at: .init(x: position, y: plotBottom + 16), style: TextStyle(size: 10, anchor: .middle)))
      if let commit = run.commit {
        grid.append(
          .text(
            commit, at: .init(x: position, y: plotBottom + 28),
            style: TextStyle(size: 10, anchor: .middle, color: "#555555")))
      }
    }
    grid.append(
      .rectangle(
        x: plotLeft, y: plotTop, width: plotRight - plotLeft, height: plotBottom - plotTop, fill: nil,
        stroke: Stroke(color: "#888888")))
    grid.append(
      .text(
        "run date (UTC) and commit", at: .init(x: (plotLeft + plotRight) / 2, y: plotBottom + 48),
        style: TextStyle(size: 11, anchor: .middle)))
    grid.append(
      .text(
        yLabel, at: .init(x: 14, y: (plotTop + plotBottom) / 2),
        style: TextStyle(size: 11, anchor: .middle, rotation: -90)))
    items.append(.group(grid))
    if points.isEmpty {
      items.append(
        .text(
          "no measured points", at: .init(x: (plotLeft + plotRight) / 2, y: (plotTop + plotBottom) / 2),
          style: TextStyle(size: 12, anchor: .middle, color: "#555555")))
    }

    // Lines, markers, and a label at each line's last point, nudged apart so labels never overlap.
    var labels: [(index: Int, anchor: ChartPoint2D, y: Double)] = []
    for (index, line) in lines.enumerated() {
      let color = TrendChart.palette[index % TrendChart.palette.count]
      let positions = line.points.map { ChartPoint2D(x: x($0.time), y: y($0.value)) }
      var parts: [Graphic] = []
      if positions.count >= 2 {
        parts.append(.polyline(positions, stroke: Stroke(color: color, width: 2, dash: TrendChart.dashes[index])))
      }
      for (point, position) in zip(line.points, positions) {
        let marker: Graphic =
          point.isCensored
          ? .polygon(
            [
              .init(x: position.x, y: position.y - 7), .init(x: position.x + 6, y: position.y + 4),
              .init(x: position.x - 6, y: position.y + 4),
            ], fill: "#ffffff", stroke: Stroke(color: color, width: 1.8))
          : .circle(center: position, radius: 3.5, fill: color, stroke: Stroke(color: "#ffffff", width: 1))
        parts.append(.group([.tooltip(point.note), marker]))
      }
      items.append(.group(parts))
      if let end = positions.last { labels.append((index, end, end.y)) }
    }
    let placed = TrendChart.spread(labels.map(\.y), minimumGap: 13, within: plotTop + 4...plotBottom - 4)
    var labelItems: [Graphic] = []
    for (label, labelY) in zip(labels, placed) {
      let color = TrendChart.palette[label.index % TrendChart.palette.count]
      let textX = plotRight + 10
      // A short connector from the frame to a label moved off its line's height.
      if Swift.abs(labelY - label.anchor.y) > 0.5 {
        labelItems.append(
          .line(
            from: .init(x: plotRight + 1, y: label.anchor.y), to: .init(x: textX - 2, y: labelY),
            stroke: Stroke(color: color, width: 0.8)))
      }
      labelItems.append(
        .text(
          lines[label.index].label, at: .init(x: textX, y: labelY + 4),
          style: TextStyle(size: 11, color: color)))
    }
    items.append(.group(labelItems))
    return .group(items)
  }

  /// Positions for labels wanted at `wanted` (same order), at least `minimumGap` apart and inside `range`, each as
  /// close to where it is wanted as the others allow.
  static func spread(_ wanted: [Double], minimumGap: Double, within range: ClosedRange<Double>) -> [Double] {
    let order = wanted.indices.sorted { (wanted[$0], $0) < (wanted[$1], $1) }
    var placed = order.map { min(max(wanted[$0], range.lowerBound), range.upperBound) }
    // Push down past the previous label, then pull back up from the bottom edge.
    for index in placed.indices.dropFirst() where placed[index] < placed[index - 1] + minimumGap {
      placed[index] = placed[index - 1] + minimumGap
    }
    if let lastIndex = placed.indices.last, placed[lastIndex] > range.upperBound {
      placed[lastIndex] = range.upperBound
      for index in placed.indices.dropLast().reversed() where placed[index] > placed[index + 1] - minimumGap {
        placed[index] = placed[index + 1] - minimumGap
      }
    }
    var result = wanted
    for (rank, index) in order.enumerated() { result[index] = placed[rank] }
    return result
  }
}
