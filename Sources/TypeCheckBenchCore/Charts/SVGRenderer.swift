/// Renders a `Graphic` tree to SVG text with fixed number formatting, so equal inputs give equal bytes.
struct SVGRenderer {
  var width: Double
  var height: Double

  /// The complete SVG document for `graphic`.
  func render(_ graphic: Graphic, title: String) -> String {
    var writer = XMLWriter()
    writer.declaration()
    writer.open(
      "svg",
      [
        ("xmlns", "http://www.w3.org/2000/svg"), ("width", SVGRenderer.number(width)),
        ("height", SVGRenderer.number(height)),
        ("viewBox", "0 0 \(SVGRenderer.number(width)) \(SVGRenderer.number(height))"),
        ("font-family", "DejaVu Sans, Helvetica, Arial, sans-serif"),
      ].map { (key: $0.0, value: $0.1) })
    writer.element("title", [], text: title)
    writer.element(
      "rect", [("width", "100%"), ("height", "100%"), ("fill", "#ffffff")].map { (key: $0.0, value: $0.1) })
    write(graphic, to: &writer)
    writer.close()
    return writer.text
  }

  private func write(_ graphic: Graphic, to writer: inout XMLWriter) {
    switch graphic {
    case .group(let children):
      writer.open("g", [])
      for child in children { write(child, to: &writer) }
      writer.close()
    case .line(let from, let to, let stroke):
      writer.element(
        "line",
        pairs(
          ("x1", SVGRenderer.number(from.x)), ("y1", SVGRenderer.number(from.y)), ("x2", SVGRenderer.number(to.x)),
          ("y2", SVGRenderer.number(to.y))) + strokeAttributes(stroke))
    case .polyline(let points, let stroke):
      writer.element(
        "polyline", pairs(("points", SVGRenderer.points(points)), ("fill", "none")) + strokeAttributes(stroke))
    case .rectangle(let x, let y, let width, let height, let fill, let stroke):
      writer.element(
        "rect",
        pairs(
          ("x", SVGRenderer.number(x)), ("y", SVGRenderer.number(y)), ("width", SVGRenderer.number(width)),
          ("height", SVGRenderer.number(height)), ("fill", fill ?? "none")) + strokeAttributes(stroke))
    case .circle(let center, let radius, let fill, let stroke):
      writer.element(
        "circle",
        pairs(
          ("cx", SVGRenderer.number(center.x)), ("cy", SVGRenderer.number(center.y)),
          ("r", SVGRenderer.number(radius)), ("fill", fill ?? "none")) + strokeAttributes(stroke))
    case .polygon(let points, let fill, let stroke):
      writer.element(
        "polygon", pairs(("points", SVGRenderer.points(points)), ("fill", fill ?? "none")) + strokeAttributes(stroke))
    case .text(let content, let at, let style):
      var attributes = pairs(
        ("x", SVGRenderer.number(at.x)), ("y", SVGRenderer.number(at.y)), ("font-size", SVGRenderer.number(style.size)),
        ("fill", style.color))
      if style.anchor != .start { attributes.append((key: "text-anchor", value: style.anchor.rawValue)) }
      if style.bold { attributes.append((key: "font-weight", value: "bold")) }
      if style.rotation != 0 {
        let transform =
          "rotate(\(SVGRenderer.number(style.rotation)) \(SVGRenderer.number(at.x)) \(SVGRenderer.number(at.y)))"
        attributes.append((key: "transform", value: transform))
      }
      writer.element("text", attributes, text: content)
    case .tooltip(let content):
      writer.element("title", [], text: content)
    }
  }

  private func pairs(_ items: (String, String)...) -> [(key: String, value: String)] {
    items.map { (key: $0.0, value: $0.1) }
  }

  private func strokeAttributes(_ stroke: Stroke?) -> [(key: String, value: String)] {
    guard let stroke else { return [] }
    var attributes = pairs(("stroke", stroke.color), ("stroke-width", SVGRenderer.number(stroke.width)))
    if !stroke.dash.isEmpty {
      attributes.append((key: "stroke-dasharray", value: stroke.dash.map(SVGRenderer.number).joined(separator: " ")))
    }
    return attributes
  }

  /// A coordinate with at most two decimals.
  static func number(_ value: Double) -> String { NumberFormat.fixed(value, decimals: 2) }

  private static func points(_ points: [ChartPoint2D]) -> String {
    points.map { "\(number($0.x)),\(number($0.y))" }.joined(separator: " ")
  }
}
