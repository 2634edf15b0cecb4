/// Writes one instance of a template.
struct TemplateRenderer {
  let values: [String: Int]
  let sizeLimit: Int
  private(set) var output = ""
  private var size = 0

  init(values: [String: Int], sizeLimit: Int) {
    self.values = values
    self.sizeLimit = sizeLimit
  }

  private mutating func append(_ text: String) throws(TemplateError) {
    size += text.utf8.count
    guard size <= sizeLimit else {
      let parameters = values.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: " ")
      throw TemplateError(
        "the instance for \(parameters) is larger than \(sizeLimit >> 20) MiB; sweep a smaller range", at: nil)
    }
    output += text
  }

  private func value(of name: String, at location: TemplateLocation) throws(TemplateError) -> Int {
    guard let value = values[name] else {
      throw TemplateError("{{\(name)}} has no value: give it with --param \(name)=…", at: location)
    }
    return value
  }

  /// Renders `nodes`; `indices` holds the 1-based index of each enclosing repetition, innermost last.
  mutating func render(_ nodes: [TemplateNode], indices: [Int]) throws(TemplateError) {
    for node in nodes {
      switch node {
      case .text(let text): try append(text)
      case .value(let name, let location): try append(String(try value(of: name, at: location)))
      case .index: try append(String(indices.last!))
      case .repeatBlock(let count, let separator, let body, let location):
        let times: Int
        switch count {
        case .literal(let value): times = value
        case .index: times = indices.last!
        case .parameter(let name): times = try value(of: name, at: location)
        }
        guard times >= 0 else {
          throw TemplateError("{{#repeat}} cannot repeat a negative number of times (\(times))", at: location)
        }
        var inner = indices
        inner.append(0)
        for index in stride(from: 1, through: times, by: 1) {
          if index > 1 { try append(separator) }
          inner[inner.count - 1] = index
          try render(body, indices: inner)
        }
      }
    }
  }
}
