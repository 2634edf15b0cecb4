// The technote's (TN3211) chart: an if / else if ladder of N marks inside a Chart closure. With the miniature,
// per-kind is Charts with its own ChartContentBuilder; unified is the Xcode 27 ContentBuilder back-deployed with
// Charts' compatibility buildEither, the combination the technote says grows exponentially.
//   bench run --template examples/templates/chart-ladder.swift --param N=1...8
import SwiftUI
import Charts

struct DataPoint {
  var index: Int
  var value: Double
}

struct MetricChartView: View {
  var selectedMetric: String
  var dataPoints: [DataPoint]

  var body: some View {
    Chart(dataPoints, id: \.index) { dataPoint in
      {{#repeat N separator=" else "}}if selectedMetric == "Metric {{i}}" {
        LineMark(x: .value("X", dataPoint.index), y: .value("Y", dataPoint.value))
          .foregroundStyle(.blue)
      }{{/repeat}}
    }
  }
}
