import Foundation
import Generators
import Testing
import TypeCheckBenchCore

/// Opt-in checks run by hand: the rendering time of a 10,000-sample record, and sample reports to look at.
///
/// `TCB_REPORT_PERF=1 swift test -c release --filter ReportPerformanceTests` prints the rendering time;
/// `TCB_SAMPLE_REPORT_DIR=/tmp/reports swift test --filter ReportPerformanceTests` writes sample reports there.
@Suite struct ReportPerformanceTests {
  /// Two toolchains, three families, several kind counts: about 870 points of 12 samples.
  static var largeRecord: RunRecord {
    var cases: [CaseSpec] = []
    var samples: [TypeCheckSample] = []
    let toolchains = ["6.3.1", "6.2"]
    func add(_ spec: CaseSpec, censoredFrom limit: Int?, ms: Double, scopes: Double) {
      cases.append(spec)
      for toolchain in toolchains {
        let slower = toolchain == "6.2" ? 1.3 : 1
        let censored = limit.map { spec.axisValue >= $0 } ?? false
        if let limit, spec.axisValue > limit { continue }
        samples += ReportTestRecords.samples(
          spec, toolchain: toolchain, milliseconds: ms * slower, scopes: scopes, outcome: censored ? .tooComplex : .ok,
          runs: 12)
      }
    }
    for kinds in [2, 4, 6, 8, 11] {
      for model in BuilderModel.allCases {
        for depth in 1...20 {
          let perKind = model == .perKind
          let scopes = perKind ? 3 * pow(Double(kinds), Double(depth)) : Double(15 + 15 * depth)
          add(
            CaseSpec(family: .nesting, model: model, kinds: kinds, depth: depth),
            censoredFrom: perKind ? Int(log(1_048_576 / 3) / log(Double(kinds))) + 1 : nil,
            ms: perKind ? scopes / 40 : 1 + 0.1 * Double(depth), scopes: scopes)
          add(
            CaseSpec(family: .branches, model: model, kinds: kinds, branches: depth),
            censoredFrom: nil, ms: perKind ? 1 + 0.3 * Double(depth * depth) : 1 + 0.1 * Double(depth),
            scopes: perKind ? Double(30 * depth * depth) : Double(30 * depth))
        }
      }
    }
    for model in BuilderModel.allCases {
      for variant in ChartVariant.allCases {
        for branches in 1...16 {
          let compat = variant == .compat
          add(
            CaseSpec(family: .chart, model: model, branches: branches, chartVariant: variant),
            censoredFrom: compat ? 9 : nil, ms: compat ? 2 * pow(2.5, Double(branches)) : 2 + 0.1 * Double(branches),
            scopes: compat ? 10 * pow(4, Double(branches)) : Double(20 + 8 * branches))
        }
      }
    }
    var toolchainInfos = [ReportTestRecords.toolchain, ReportTestRecords.toolchain]
    toolchainInfos[0].name = "6.3.1"
    toolchainInfos[1].name = "6.2"
    toolchainInfos[1].version = "6.2"
    toolchainInfos[1].swiftcPath = "/home/me/.swiftly/toolchains/6.2/usr/bin/swiftc"
    return RunRecord(
      runID: "large", provenance: ReportTestRecords.provenance, toolchains: toolchainInfos, cases: cases,
      samples: samples)
  }

  @Test(.enabled(if: ProcessInfo.processInfo.environment["TCB_REPORT_PERF"] == "1"))
  func renderingTenThousandSamples() throws {
    let record = Self.largeRecord
    #expect(record.samples.count >= 10_000)
    let clock = ContinuousClock()
    var rendered = RenderedReport(files: [:])
    let elapsed = try clock.measure { rendered = try ReportRenderer.render(record) }
    let bytes = rendered.files.values.reduce(0) { $0 + $1.utf8.count }
    print(
      "TCB_REPORT_PERF: rendered \(record.samples.count) samples into \(rendered.files.count) files, "
        + "\(bytes) bytes, in \(elapsed)"
    )
  }

  @Test(.enabled(if: ProcessInfo.processInfo.environment["TCB_SAMPLE_REPORT_DIR"] != nil))
  func writeSampleReports() throws {
    let root = URL(fileURLWithPath: ProcessInfo.processInfo.environment["TCB_SAMPLE_REPORT_DIR"]!)
    for (name, record) in [("sweep", ReportTestRecords.sweep), ("large", Self.largeRecord)] {
      let rendered = try ReportRenderer.render(record)
      for path in rendered.paths {
        let url = root.appendingPathComponent(name).appendingPathComponent(path)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try rendered.files[path]!.write(to: url, atomically: true, encoding: .utf8)
      }
    }
  }
}
