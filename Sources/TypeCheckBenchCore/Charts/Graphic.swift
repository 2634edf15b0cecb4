/// A value tree of drawing primitives, rendered to SVG by `SVGRenderer`.
indirect enum Graphic: Hashable, Sendable {
  case group([Graphic])
  case line(from: ChartPoint2D, to: ChartPoint2D, stroke: Stroke)
  case polyline([ChartPoint2D], stroke: Stroke)
  case rectangle(x: Double, y: Double, width: Double, height: Double, fill: String?, stroke: Stroke?)
  case circle(center: ChartPoint2D, radius: Double, fill: String?, stroke: Stroke?)
  case polygon([ChartPoint2D], fill: String?, stroke: Stroke?)
  case text(String, at: ChartPoint2D, style: TextStyle)
  /// A `<title>` tooltip for the enclosing group.
  case tooltip(String)
}
