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

    let labelWidth = lines.map { TextMetrics.width(of: $0.label, size: 11) }.max() ?? 0
    let plot = PlotArea(
      left: PlotArea.left(for: yAxis), top: 62, right: width - labelWidth - 22, bottom: height - 64, yAxis: yAxis)
    func x(_ time: Double) -> Double { plot.left + (time - lower) / (upper - lower) * (plot.right - plot.left) }

    var items: [Graphic] = [
      .text(title, at: .init(x: 12, y: 24), style: TextStyle(size: 15, bold: true)),
      .text(subtitle, at: .init(x: 12, y: 42), style: TextStyle(size: 11, color: PlotArea.mutedText)),
    ]
    var grid = plot.yGrid
    // One tick per run at its date, labelled with the date and the commit; a label that would overlap the previous
    // one is left out (the tooltip of every point still names its run).
    var labelEnd = -Double.infinity
    for run in runs.sorted(by: { $0.time < $1.time }) {
      let position = x(run.time)
      grid.append(
        .line(
          from: .init(x: position, y: plot.bottom), to: .init(x: position, y: plot.bottom + 4),
          stroke: Stroke(color: PlotArea.frameColor)))
      let width = max(TextMetrics.width(of: run.label, size: 10), TextMetrics.width(of: run.commit ?? "", size: 10))
      guard position - width / 2 > labelEnd + 6 else { continue }
      labelEnd = position + width / 2
      grid.append(
        .text(run.label, at: .init(x: position, y: plot.bottom + 16), style: TextStyle(size: 10, anchor: .middle)))
      if let commit = run.commit {
        grid.append(
          .text(
            commit, at: .init(x: position, y: plot.bottom + 28),
            style: TextStyle(size: 10, anchor: .middle, color: PlotArea.mutedText)))
      }
    }
    grid += plot.frame(xTitle: "run date (UTC) and commit", xTitleDrop: 48, yTitle: yLabel, yTitleX: 14, size: 11)
    items.append(.group(grid))
    if points.isEmpty { items.append(plot.emptyNotice(size: 12)) }

    // Lines, markers, and a label at each line's last point, nudged apart so labels never overlap.
    var labels: [(index: Int, anchor: ChartPoint2D, y: Double)] = []
    for (index, line) in lines.enumerated() {
      let color = TrendChart.palette[index % TrendChart.palette.count]
      let positions = line.points.map { ChartPoint2D(x: x($0.time), y: plot.y($0.value)) }
      var parts: [Graphic] = []
      if positions.count >= 2 {
        parts.append(.polyline(positions, stroke: Stroke(color: color, width: 2, dash: TrendChart.dashes[index])))
      }
      for (point, position) in zip(line.points, positions) {
        parts.append(
          .group([.tooltip(point.note), PlotArea.marker(at: position, color: color, censored: point.isCensored)]))
      }
      items.append(.group(parts))
      if let end = positions.last { labels.append((index, end, end.y)) }
    }
    let placed = TrendChart.spread(labels.map(\.y), minimumGap: 13, within: plot.top + 4...plot.bottom - 4)
    var labelItems: [Graphic] = []
    for (label, labelY) in zip(labels, placed) {
      let color = TrendChart.palette[label.index % TrendChart.palette.count]
      let textX = plot.right + 10
      // A short connector from the frame to a label moved off its line's height.
      if Swift.abs(labelY - label.anchor.y) > 0.5 {
        labelItems.append(
          .line(
            from: .init(x: plot.right + 1, y: label.anchor.y), to: .init(x: textX - 2, y: labelY),
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
