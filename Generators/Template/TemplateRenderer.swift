/// Writes one instance of a template.
struct TemplateRenderer {
  let values: [String: Int]
  let sizeLimit: Int
  let maximumSteps: Int
  private(set) var output = ""
  private var size = 0
  private var steps = 0

  init(values: [String: Int], sizeLimit: Int, maximumSteps: Int) {
    self.values = values
    self.sizeLimit = sizeLimit
    self.maximumSteps = maximumSteps
  }

  private var parameters: String {
    values.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: " ")
  }

  func tooLarge() -> TemplateError {
    TemplateError(
      "the instance for \(parameters) is larger than \(sizeLimit >> 20) MiB; sweep a smaller range", at: nil)
  }

  func tooLong() -> TemplateError {
    TemplateError(
      "the instance for \(parameters) takes more than \(maximumSteps) repetitions; sweep a smaller range", at: nil)
  }

  private mutating func append(_ text: String) throws(TemplateError) {
    size += text.utf8.count
    guard size <= sizeLimit else { throw tooLarge() }
    output += text
  }

  private mutating func step() throws(TemplateError) {
    steps += 1
    guard steps <= maximumSteps else { throw tooLong() }
  }

  private func value(of name: String, at location: TemplateLocation) throws(TemplateError) -> Int {
    guard let value = values[name] else {
      throw TemplateError("{{\(name)}} has no value: give it with --param \(name)=…", at: location)
    }
    return value
  }

  /// How many times a block repeats; `index` is the enclosing repetition's.
  private func times(_ count: TemplateCount, index: Int, at location: TemplateLocation) throws(TemplateError) -> Int {
    let times: Int
    switch count {
    case .literal(let value): times = value
    case .index: times = index
    case .parameter(let name): times = try value(of: name, at: location)
    }
    guard times >= 0 else {
      throw TemplateError("{{#repeat}} cannot repeat a negative number of times (\(times))", at: location)
    }
    return times
  }

  /// A lower bound of the bytes and steps of `nodes`, computed without building anything: each `{{i}}` counts one
  /// digit and a block repeated by `{{i}}` once, so a bound beyond the limits is beyond them for certain (saturating
  /// at `Int.max`). `index` is the enclosing repetition's smallest index.
  func leastCost(_ nodes: [TemplateNode], index: Int) throws(TemplateError) -> (bytes: Int, steps: Int) {
    var bytes = 0
    var steps = 0
    func add(_ a: Int, _ b: Int) -> Int { a.addingReportingOverflow(b).overflow ? Int.max : a + b }
    func times(_ a: Int, _ b: Int) -> Int { a.multipliedReportingOverflow(by: b).overflow ? Int.max : a * b }
    for node in nodes {
      steps = add(steps, 1)
      switch node {
      case .text(let text): bytes = add(bytes, text.utf8.count)
      case .value(let name, let location): bytes = add(bytes, String(try value(of: name, at: location)).utf8.count)
      case .index: bytes = add(bytes, 1)
      case .repeatBlock(let count, let separator, let body, let location):
        let repetitions = try self.times(count, index: index, at: location)
        guard repetitions > 0 else { continue }
        let each = try leastCost(body, index: 1)
        bytes = add(bytes, add(times(repetitions, each.bytes), times(repetitions - 1, separator.utf8.count)))
        steps = add(steps, times(repetitions, add(each.steps, 1)))
      }
    }
    return (bytes, steps)
  }

  /// Renders `nodes`; `indices` holds the 1-based index of each enclosing repetition, innermost last.
  mutating func render(_ nodes: [TemplateNode], indices: [Int]) throws(TemplateError) {
    for node in nodes {
      try step()
      switch node {
      case .text(let text): try append(text)
      case .value(let name, let location): try append(String(try value(of: name, at: location)))
      case .index: try append(String(indices.last!))
      case .repeatBlock(let count, let separator, let body, let location):
        let times = try self.times(count, index: indices.last ?? 0, at: location)
        var inner = indices
        inner.append(0)
        for index in stride(from: 1, through: times, by: 1) {
          try step()
          if index > 1 { try append(separator) }
          inner[inner.count - 1] = index
          try render(body, indices: inner)
        }
      }
    }
  }
}
