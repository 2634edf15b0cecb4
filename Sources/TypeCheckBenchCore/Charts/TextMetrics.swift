/// Estimated text widths from fixed per-character advances (DejaVu Sans-like), since Linux offers no font system.
enum TextMetrics {
  /// The estimated width of `text` set at `size` points.
  static func width(of text: String, size: Double) -> Double {
    var ems = 0.0
    for character in text {
      switch character {
      case "i", "l", "j", "!", "|", ".", ",", ":", ";", "'", "1", " ": ems += 0.34
      case "f", "t", "r", "(", ")", "[", "]", "-": ems += 0.42
      case "m", "w", "M", "W", "%", "@": ems += 0.92
      case "≥", "×", "÷", "–", "²": ems += 0.84
      default: ems += character.isUppercase ? 0.70 : 0.62
      }
    }
    return ems * size
  }
}
