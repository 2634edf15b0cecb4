/// Emits the `nesting` and `branches` cases: a view whose body nests shared primitives, with a branching chain in
/// the innermost closure for `branches`.
struct ViewCaseEmitter {
  var spec: CaseSpec
  /// Whether the innermost closure holds a branching chain (`branches`) instead of a leaf (`nesting`).
  var branching: Bool

  func emit(into out: inout SourceWriter) {
    out.line("public struct Row: Identifiable { public var id: Int }")
    out.line()
    out.block("public struct CaseView: View") { out in
      out.line("public var rows: [Row]")
      out.line("public var selection: Int")
      out.block("public var body: some View") { out in
        var leafCounter = 0
        emitLevel(0, of: spec.depth, leafCounter: &leafCounter, into: &out)
      }
    }
  }

  /// Writes nesting level `level` (0-based) of `levels`; below the last level comes the leaf or the branch chain.
  private func emitLevel(_ level: Int, of levels: Int, leafCounter: inout Int, into out: inout SourceWriter) {
    guard level < levels else {
      if branching {
        BranchChain(count: spec.branches, form: spec.branchForm, subject: "selection") { index in
          ["Text(\("branch \(index)".swiftLiteral))"]
        }.emit(into: &out)
      } else {
        leafCounter += 1
        out.line("Text(\("leaf \(leafCounter)".swiftLiteral))")
      }
      return
    }
    let primitive = spec.primitives.isEmpty ? Primitive.group : spec.primitives[level % spec.primitives.count]
    let header =
      switch primitive {
      case .group: "Group"
      case .section: "Section"
      case .foreach: "ForEach(rows) { row\(level) in"
      case .list: "List"
      }
    let body: (inout SourceWriter) -> Void = { out in
      emitLevel(level + 1, of: levels, leafCounter: &leafCounter, into: &out)
      for _ in 1..<max(1, spec.width) {
        leafCounter += 1
        out.line("Text(\("leaf \(leafCounter)".swiftLiteral))")
      }
    }
    if primitive == .foreach {
      out.line(header)
      out.indented(body)
      out.line("}")
    } else {
      out.block(header, body)
    }
  }
}
