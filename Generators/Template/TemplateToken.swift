/// A piece of a template: plain text or a placeholder.
enum TemplateToken: Hashable, Sendable {
  case text([Character])
  case tag(TemplateTag, TemplateLocation)
}
