/// Emits the `state` family: a view with `states` state properties, spelled as property wrappers or as the `@State`
/// macro's expansion, an initializer that assigns the ones without an initial value, and a body reading each one.
struct StateCaseEmitter {
  var spec: CaseSpec

  /// Children per builder block: small enough for the fixed-arity `buildBlock` overloads.
  static let blockWidth = 8

  private func name(_ index: Int) -> String { "s\(index)" }

  /// Even-numbered states carry an inline initial value; odd-numbered ones are assigned by the initializer.
  private func hasInitialValue(_ index: Int) -> Bool { index % 2 == 0 }

  func emit(into out: inout SourceWriter) {
    let count = max(1, spec.states)
    out.block("public struct CaseView: View") { out in
      out.line("public var title: String")
      for index in 0..<count { emitProperty(index, into: &out) }
      out.line()
      out.block("public init(title: String)") { out in
        // Other stored properties first: with the macro, a state assigned earlier would use `self` too soon.
        out.line("self.title = title")
        for index in 0..<count where !hasInitialValue(index) { out.line("self.\(name(index)) = \(index)") }
      }
      out.line()
      out.block("public var body: some View") { out in
        out.line("Text(title)")
        emitBlock((0..<count).map { ["Text(\"\\(\(name($0)))\")"] }, into: &out)
      }
    }
  }

  private func emitProperty(_ index: Int, into out: inout SourceWriter) {
    let property = name(index)
    let initial = hasInitialValue(index) ? " = \(index)" : ""
    switch spec.stateForm {
    case .wrapper:
      out.line("@State private var \(property)\(hasInitialValue(index) ? initial : ": Int")")
    case .macroExpansion:
      out.line("// @State private var \(property)\(hasInitialValue(index) ? initial : ": Int"), expanded:")
      out.line("private var _\(property): State<Int>")
      out.block("private var \(property): Int\(initial)") { out in
        out.line("@storageRestrictions(initializes: _\(property))")
        out.line("init(initialValue) { _\(property) = State(initialValue: initialValue) }")
        out.line("get { _\(property).wrappedValue }")
        out.line("nonmutating set { _\(property).wrappedValue = newValue }")
      }
    }
  }

  /// Writes `items` (each a list of lines), grouping them into nested `Group`s of at most `blockWidth` children.
  private func emitBlock(_ items: [[String]], into out: inout SourceWriter) {
    guard items.count > Self.blockWidth else {
      wrap(items.flatMap { $0 }, into: &out)
      return
    }
    var chunks: [[String]] = []
    for start in stride(from: 0, to: items.count, by: Self.blockWidth) {
      let lines = items[start..<min(items.count, start + Self.blockWidth)].flatMap { $0 }
      chunks.append(["Group {"] + lines.map { "  " + $0 } + ["}"])
    }
    if chunks.count > Self.blockWidth {
      emitBlock(chunks, into: &out)
    } else {
      for chunk in chunks { out.lines(chunk) }
    }
  }

  private func wrap(_ lines: [String], into out: inout SourceWriter) {
    out.line("Group {")
    out.indented { $0.lines(lines) }
    out.line("}")
  }
}
