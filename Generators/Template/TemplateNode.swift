indirect enum TemplateNode: Hashable, Sendable {
  case text(String)
  case value(String, TemplateLocation)
  case index(TemplateLocation)
  case repeatBlock(count: TemplateCount, separator: String, body: [TemplateNode], location: TemplateLocation)
}
