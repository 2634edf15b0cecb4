import Generators

/// What a sweep's samples so far leave: the samples done, the series stopped and the points censored by a timed
/// compile or a probe, the points closed (a failed probe stands for them, or a toolchain rejected their case), whether
/// each point's instrumented compile printed a case body, and the constraint scopes of each point's first compile
/// (instrumented, or a probe that stands for it). `CompileSchedule` reads it to choose compiles and feeds it what
/// each compile recorded.
struct SweepProgress: Sendable {
  var done: Set<SampleKey> = []
  var stopped: Set<SeriesKey> = []
  var censored: Set<PointKey> = []
  var closed: Set<PointKey> = []
  var instrumentedHadBody: [PointKey: Bool] = [:]
  var firstScopes: [PointKey: Double] = [:]

  /// What `previous` samples (a resumed run's) leave.
  init(after previous: [TypeCheckSample], cases: [CaseSpec]) {
    let specsByID = CaseSpec.byID(cases)
    // A case one toolchain rejected is that toolchain's outcome at that point when another compiled it: its point is
    // closed, not compiled again on resume. A case every toolchain rejected stays open (the run stopped on it).
    var compiledBy: [String: Set<String>] = [:]
    for sample in previous where sample.outcome != .error {
      compiledBy[sample.caseID, default: []].insert(sample.toolchain)
    }
    for sample in previous where sample.outcome == .error {
      if compiledBy[sample.caseID, default: []].subtracting([sample.toolchain]).isEmpty == false {
        closed.insert(PointKey(sample))
      }
    }
    for sample in previous {
      let point = PointKey(sample)
      if sample.pass == .instrumented || sample.pass == .probe {
        if let scopes = sample.constraintScopes { firstScopes[point] = scopes }
      }
      if sample.pass == .instrumented {
        instrumentedHadBody[point] = sample.caseMilliseconds != nil
      } else if sample.outcome.isCensored {
        censored.insert(point)
        if let spec = specsByID[sample.caseID] {
          stopped.insert(SeriesKey(seriesID: spec.seriesID, toolchain: sample.toolchain))
        }
      } else if sample.pass == .probe {
        closed.insert(point)
      }
    }
    done = Set(previous.map(SampleKey.init))
  }

  /// True when the point still takes compiles: neither censored nor closed, and its series not stopped.
  func isOpen(_ point: PointKey, of series: SeriesKey) -> Bool {
    !censored.contains(point) && !closed.contains(point) && !stopped.contains(series)
  }

  /// The point's first measured run not yet done, nil when all `runs` are.
  func missingRun(of point: PointKey, runs: Int) -> Int? {
    (0..<runs).first { !done.contains(SampleKey(caseID: point.caseID, toolchain: point.toolchain, iteration: $0)) }
  }

  /// True when the point's instrumented compile is done.
  func hasInstrumented(_ point: PointKey) -> Bool {
    done.contains(SampleKey(caseID: point.caseID, toolchain: point.toolchain, iteration: 0, instrumented: true))
  }
}
