/// Builds the tree of a template from its tokens: repeat blocks hold their bodies.
struct TemplateParser {
  let tokens: [TemplateToken]

  func parse() throws(TemplateError) -> [TemplateNode] {
    // A stack of open blocks: the open tag and the nodes of its body so far; the bottom is the template itself.
    var stack: [(tag: (count: TemplateCount, separator: String, location: TemplateLocation)?, nodes: [TemplateNode])] =
      [(nil, [])]
    for token in tokens {
      switch token {
      case .text(let characters):
        if !characters.isEmpty { stack[stack.count - 1].nodes.append(.text(String(characters))) }
      case .tag(.name(let name), let location):
        stack[stack.count - 1].nodes.append(.value(name, location))
      case .tag(.literal(let value), _):
        // The scanner writes literals into the text around them; one reaching here is text all the same.
        stack[stack.count - 1].nodes.append(.text(value))
      case .tag(.index, let location):
        guard stack.count > 1 else {
          throw TemplateError(
            "{{i}} is the index of a repetition: use it inside {{#repeat}} … {{/repeat}}", at: location)
        }
        stack[stack.count - 1].nodes.append(.index(location))
      case .tag(.open(let count, let separator), let location):
        if count == .index && stack.count == 1 {
          throw TemplateError("{{#repeat i}} repeats by an enclosing block's index: nest it inside one", at: location)
        }
        guard stack.count <= Template.maximumNesting else {
          throw TemplateError("{{#repeat}} nested deeper than \(Template.maximumNesting) blocks", at: location)
        }
        stack.append(((count, separator, location), []))
      case .tag(.close, let location):
        guard stack.count > 1, let open = stack.last?.tag else {
          throw TemplateError("{{/repeat}} without a matching {{#repeat}}", at: location)
        }
        let body = stack.removeLast().nodes
        stack[stack.count - 1].nodes.append(
          .repeatBlock(count: open.count, separator: open.separator, body: body, location: open.location))
      }
    }
    if stack.count > 1, let open = stack.last?.tag {
      throw TemplateError("{{#repeat}} opened here is never closed with {{/repeat}}", at: open.location)
    }
    return stack[0].nodes
  }
}
