/// How a line is drawn.
struct Stroke: Hashable, Sendable {
  var color: String
  var width: Double = 1
  /// SVG dash lengths; empty for a solid line.
  var dash: [Double] = []
}
