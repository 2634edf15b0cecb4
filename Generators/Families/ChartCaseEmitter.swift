/// Emits the technote's chart case: `Chart(data, id:) { point in … }` with a chain of marks.
struct ChartCaseEmitter {
  var spec: CaseSpec

  private func metric(_ index: Int) -> String { "m\(index)" }

  func emit(into out: inout SourceWriter) {
    let count = max(1, spec.branches)
    out.block("public struct DataPoint") { out in
      out.line("public var index: Int")
      for index in 0..<count { out.line("public var \(metric(index)): Double") }
    }
    out.line()
    let chain = BranchChain(
      count: count, form: spec.branchForm, subject: "selectedMetric",
      literal: { "Metric \($0)".swiftLiteral },
      branch: { index in
        let color = ChartsEmitter.colors[index % ChartsEmitter.colors.count]
        return [
          "LineMark(x: .value(\("X".swiftLiteral), dataPoint.index), y: .value(\("Y".swiftLiteral), dataPoint.\(metric(index))))",
          "  .foregroundStyle(.\(color))",
        ]
      })
    out.block("public struct MetricChartView: View") { out in
      out.line("public var selectedMetric: String")
      out.line("public var dataPoints: [DataPoint]")
      out.block("public var body: some View") { out in
        out.line("Chart(dataPoints, id: \\.index) { dataPoint in")
        out.indented { out in
          if spec.chartVariant == .extracted {
            out.line("marks(for: dataPoint)")
          } else {
            chain.emit(into: &out)
          }
        }
        out.line("}")
      }
      if spec.chartVariant == .extracted {
        out.line()
        out.line("@ChartContentBuilder")
        out.block("private func marks(for dataPoint: DataPoint) -> some ChartContent") { out in
          chain.emit(into: &out)
        }
      }
    }
  }
}
