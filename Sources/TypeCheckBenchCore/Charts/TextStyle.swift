/// How a piece of text is set.
struct TextStyle: Hashable, Sendable {
  enum Anchor: String, Sendable {
    case start, middle, end
  }

  var size: Double = 12
  var anchor: Anchor = .start
  var color: String = "#222222"
  var bold: Bool = false
  /// Rotation in degrees about the text's anchor point.
  var rotation: Double = 0
}
