/// What a placeholder says.
enum TemplateTag: Hashable, Sendable {
  /// `{{N}}`, or `{{i}}` as `.index`.
  case name(String)
  /// `{{"{{"}}`: a quoted string written as it is (the way to write a literal `{{`).
  case literal(String)
  case index
  case open(count: TemplateCount, separator: String)
  case close

  /// Block tags vanish with their line when alone on it.
  var isBlock: Bool {
    switch self {
    case .open, .close: true
    case .name, .index, .literal: false
    }
  }
}
