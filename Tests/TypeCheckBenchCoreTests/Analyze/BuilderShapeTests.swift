import Testing

@testable import TypeCheckBenchCore

@Suite struct BuilderShapeTests {
  @Test func countsNestedBuilderBlocks() {
    let shape = BuilderShape.scan(
      body: """
        VStack(spacing: 2) {
          Group {
            ForEach(rows) { row in
              Text("\\(row.id) { not a block }")
            }
          }
          List { Text("x") }
        }
        """)
    #expect(shape.builderDepth == 3)
    #expect(shape.branchCount == 0)
  }

  @Test func ignoresControlFlowAndLowercaseCalls() {
    let shape = BuilderShape.scan(
      body: """
        for value in values { print(value) }
        items.map { $0 * 2 }
        if ready { run() }
        """)
    #expect(shape.builderDepth == 0)
    #expect(shape.branchCount == 1)
  }

  @Test func countsTheLongestIfChain() {
    let shape = BuilderShape.scan(
      body: """
        if a == 1 {
          Text("1")
        } else if a == 2 {
          Text("2")
        } else if a == 3 {
          if b { Text("nested") }
        } else {
          Text("other")
        }
        if c { Text("c") } else { Text("d") }
        """)
    #expect(shape.branchCount == 4)
  }

  @Test func countsSwitchCasesButNotIfCase() {
    let shape = BuilderShape.scan(
      body: """
        switch metric {
        case "a": Text("a")
        case "b", "c": Text("b")
        case .some(let x) where x > 1: Text("x")
        default: Text("z")
        }
        if case .some = optional { Text("y") }
        """)
    #expect(shape.branchCount == 4)
  }

  @Test func skipsCommentsAndStrings() {
    let shape = BuilderShape.scan(
      body: #"""
        // Group { Group { Group {
        /* Group { /* nested */ Group { */
        let text = """
          Group { if x { } else if y { } else { } }
          """
        let raw = #"Group { "# + "VStack {"
        Text(text)
        """#)
    #expect(shape.builderDepth == 0)
    #expect(shape.branchCount == 0)
  }

  @Test func findsTheBodyAtALocation() {
    let source = """
      struct A: View {
        var name = "x"
        var body: some View {
          Chart(points) { point in
            if point.a { LineMark() } else if point.b { LineMark() } else { LineMark() }
          }
        }
      }
      """
    let shape = BuilderShape.scan(source, line: 3, column: 7)
    #expect(shape == BuilderShape(builderDepth: 1, branchCount: 3, lineCount: 5, containsChart: true))
    #expect(BuilderShape.scan(source, line: 9, column: 1) == nil)
  }

  @Test func hintsTheTechnotesExtractions() {
    #expect(
      AnalysisReport.hint(for: BuilderShape(builderDepth: 1, branchCount: 12, lineCount: 40, containsChart: true))
        == "move the 12-branch chain into its own @ChartContentBuilder function")
    #expect(
      AnalysisReport.hint(for: BuilderShape(builderDepth: 4, branchCount: 1, lineCount: 20))
        == "extract the nested content (4 builder levels) into a subview")
    #expect(AnalysisReport.hint(for: BuilderShape(builderDepth: 2, branchCount: 2, lineCount: 5)) == nil)
  }
}
