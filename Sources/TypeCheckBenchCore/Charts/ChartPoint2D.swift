/// A point in SVG user space (y grows downward).
struct ChartPoint2D: Hashable, Sendable {
  var x: Double
  var y: Double
}
