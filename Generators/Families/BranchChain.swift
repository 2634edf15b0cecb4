/// An `if / else if / else` chain or a `switch` of `count` branches over an integer or string subject.
struct BranchChain {
  var count: Int
  var form: BranchForm
  var subject: String
  /// How each branch's condition literal is spelled (integers for views, metric names for charts).
  var literal: (Int) -> String = { String($0) }
  var branch: (Int) -> [String]

  init(
    count: Int, form: BranchForm, subject: String, literal: @escaping (Int) -> String = { String($0) },
    branch: @escaping (Int) -> [String]
  ) {
    self.count = count
    self.form = form
    self.subject = subject
    self.literal = literal
    self.branch = branch
  }

  func emit(into out: inout SourceWriter) {
    guard count > 1 else {
      out.lines(branch(0))
      return
    }
    switch form {
    case .ifElse:
      for index in 0..<count {
        let opener =
          index == 0
          ? "if \(subject) == \(literal(index)) {"
          : (index == count - 1 ? "} else {" : "} else if \(subject) == \(literal(index)) {")
        out.line(opener)
        out.indented { $0.lines(branch(index)) }
      }
      out.line("}")
    case .switchCase:
      out.line("switch \(subject) {")
      for index in 0..<count {
        out.line(index == count - 1 ? "default:" : "case \(literal(index)):")
        out.indented { $0.lines(branch(index)) }
      }
      out.line("}")
    }
  }
}
