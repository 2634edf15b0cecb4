/// What a repeat block repeats by.
enum TemplateCount: Hashable, Sendable {
  case parameter(String)
  /// The enclosing block's `{{i}}`.
  case index
  case literal(Int)
}
