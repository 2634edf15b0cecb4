extension CorpusReport {
  /// `charts/<test-id>.svg`.
  public static func chartPath(_ testID: String) -> String {
    "charts/\(testID).svg"
  }

  /// One chart per scale test that produced data (verify tests and tests that never ran have none), in test order,
  /// keyed by relative path.
  public var charts: [(path: String, chart: GrowthChart)] {
    let samples = record.samplesByKey()
    var verdictsByKey: [PointKey: CorpusVerdict] = [:]
    for verdict in verdicts { verdictsByKey[PointKey(caseID: verdict.testID, toolchain: verdict.toolchain)] = verdict }
    return record.tests.compactMap { test in
      chart(of: test, samples: samples, verdicts: verdictsByKey).map { (Self.chartPath(test.id), $0) }
    }
  }

  /// The text naming a counter's winning fit as the verdict's reason states it (`O(n) (r² 1.000)`), or that no fit
  /// reached r² > 0.99.
  public static func fitText(_ counter: CorpusVerdict.Counter) -> String {
    if let winner = counter.winner {
      return "\(winner.orderText) (r² \(NumberFormat.fixed(winner.rSquared, decimals: 3, trimZeros: false)))"
    }
    let best = counter.candidates.map(\.rSquared).max() ?? 0
    return "no fit (best r² \(NumberFormat.fixed(best, decimals: 3, trimZeros: false)))"
  }

  /// One series of a scale test's chart before it gets its colour: the toolchain, RUN line and counter it draws.
  private struct SeriesData {
    var toolchainIndex: Int
    var run: Int
    var counter: String
    var fit: String
    var points: [(n: Int, value: Double, censored: String?)]
  }

  /// The selected counters of every scale line of `test` against N, one series per toolchain, RUN line and counter;
  /// nil when no scale line produced a value.
  /// - Parameters:
  ///   - samples: the record's samples keyed `caseID@toolchain`.
  ///   - verdicts: the verdicts keyed `testID@toolchain`.
  private func chart(
    of test: CorpusTest, samples: [PointKey: TypeCheckSample], verdicts: [PointKey: CorpusVerdict]
  ) -> GrowthChart? {
    var data: [SeriesData] = []
    var timeBounded = false
    for (run, line) in test.runLines.enumerated() {
      guard case .scaleTest(let options) = line else { continue }
      for (toolchainIndex, toolchain) in record.toolchains.enumerated() {
        let before = data.count
        let fitted =
          verdicts[PointKey(caseID: test.id, toolchain: toolchain.name)]?.counters.filter { $0.run == run } ?? []
        if !fitted.isEmpty {
          // The verdict fitted every N: draw exactly its values.
          data += fitted.map { counter in
            SeriesData(
              toolchainIndex: toolchainIndex, run: run, counter: counter.name, fit: Self.fitText(counter),
              points: zip(counter.ns, counter.values).map { ($0, $1, nil) })
          }
        } else {
          // The line stopped (a compile ended otherwise than expected) or a counter is missing at some N: draw what
          // the compiles wrote, the failed compiles' values marked as censored.
          var byName: [String: [(n: Int, value: Double, censored: String?)]] = [:]
          for n in options.values {
            guard let sample = samples[sampleKey(test, run, n, toolchain.name)] else { continue }
            let failure = Self.failure(of: sample, options)
            for (name, value) in sample.stats where name.contains(options.select) && !name.hasPrefix("process.") {
              byName[name, default: []].append((n, value, failure))
            }
          }
          data += byName.keys.sorted().map { name in
            let points = byName[name]!
            let stop = points.first { $0.censored != nil }
            let why =
              stop.map {
                ": stopped at N=\($0.n) (\(samples[sampleKey(test, run, $0.n, toolchain.name)]!.outcome.rawValue))"
              }
              ?? " (not written at every N)"
            return SeriesData(
              toolchainIndex: toolchainIndex, run: run, counter: name, fit: "not fitted" + why, points: points)
          }
        }
        if data.count > before && line.isTimeBounded { timeBounded = true }
      }
    }
    guard !data.isEmpty else { return nil }
    let counters = Array(Set(data.map(\.counter))).sorted()
    let severalRuns = Set(data.map(\.run)).count > 1
    let series = data.map { item -> GrowthChart.Series in
      var label = record.toolchains[item.toolchainIndex].name
      if severalRuns { label += " RUN \(item.run + 1)" }
      if counters.count > 1 { label += " \(item.counter)" }
      label += ": " + item.fit
      // Toolchains differ by colour and RUN lines (or counters) by dash; a later toolchain's line is also dashed
      // differently, so where two toolchains measured the same values both colours still show.
      let dashIndex =
        item.toolchainIndex + (severalRuns ? item.run : (counters.firstIndex(of: item.counter) ?? 0))
      return GrowthChart.Series(
        label: label,
        color: RunReport.color(ofContrast: "", index: item.toolchainIndex),
        dash: RunReport.dashes[dashIndex % RunReport.dashes.count],
        points: item.points.map { point in
          let shown = NumberFormat.compact(point.value, digits: 12)
          let floor = point.value < 1 ? " (drawn at 1: the fit floors values at 1)" : ""
          let failure = point.censored.map { ", \($0)" } ?? ""
          return GrowthChart.Point(
            axisValue: point.n, value: max(point.value, 1), low: max(point.value, 1), high: max(point.value, 1),
            isCensored: point.censored != nil,
            note: "\(label), N \(point.n): \(shown) \(item.counter)\(floor)\(failure)")
        }, limitLabel: record.toolchains[item.toolchainIndex].name)
    }
    let selects = test.runLines.compactMap { line -> String? in
      guard case .scaleTest(let options) = line else { return nil }
      return "'\(options.select)'"
    }
    var subtitle =
      "--select \(Array(Set(selects)).sorted().joined(separator: ", ")), summed over each compile's statistics "
      + "files; the winning fit and r² per series; log scale"
    if timeBounded { subtitle += "; bounded by time: the counts follow the machine's speed" }
    var chart = GrowthChart(
      title: "\(test.path): \(counters.count == 1 ? counters[0] : "selected counters") by N", subtitle: subtitle,
      xLabel: "N", yLabel: "\(counters.count == 1 ? counters[0] : "counter") (log)", series: series)
    chart.width = 980
    chart.legendLabelLimit = 72
    // A corpus line also stops at an exit status its RUN line did not expect; each point's note says which.
    chart.censoredLegend = "≥ stopped here (limit, timeout or exit status)"
    return chart
  }

  /// The key of `samples` for `test`'s RUN line `run` at `n` with `toolchain`.
  private func sampleKey(_ test: CorpusTest, _ run: Int, _ n: Int, _ toolchain: String) -> PointKey {
    CorpusCase(testID: test.id, run: run, n: n, runCount: test.runLines.count).point(toolchain)
  }

  /// Why a scale compile's values are not the line's data (nil when the compile ended as expected): the verdict
  /// stops the line there, so its counters are a bound at best.
  private static func failure(of sample: TypeCheckSample, _ options: ScaleTestOptions) -> String? {
    switch options.stop(sample) {
    case nil: nil
    case .timeout, .crash, .badData: sample.outcome.rawValue
    case .exitStatus(let exitStatus):
      "\(sample.outcome.rawValue), exit status \(exitStatus), expected \(options.expectedExitCode)"
    }
  }
}
