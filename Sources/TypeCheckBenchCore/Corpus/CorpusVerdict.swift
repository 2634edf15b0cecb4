/// The verdict of one corpus test with one toolchain, computed from the record: lit's answer (pass, fail,
/// unsupported, error) with its reason, and for each scale line the selected counters at each N with their fits.
public struct CorpusVerdict: Codable, Hashable, Sendable {
  public enum Status: String, Codable, Hashable, Sendable, CaseIterable {
    case pass, fail, unsupported, error
  }

  /// One selected counter of one scale line: its values along N and the fits.
  public struct Counter: Codable, Hashable, Sendable {
    /// The 0-based RUN line.
    public var run: Int
    public var name: String
    public var ns: [Int]
    public var values: [Double]
    /// Linear, polynomial, exponential (the candidates scale-test weighs).
    public var candidates: [ScaleTestFit]
    /// The best fit with r² above 0.99, or nil (a failure).
    public var winner: ScaleTestFit?
    /// True when the winner is at or above its threshold (before `--invert-result`).
    public var bad: Bool
  }

  public var testID: String
  public var path: String
  public var group: String
  public var toolchain: String
  public var status: Status
  /// Why, in one line: the failing fit, the first diagnostic, the unmet requirement, or how it passed.
  public var reason: String
  public var counters: [Counter]
  /// The verify compile's constraint scopes (the verifier's work, recorded for comparisons).
  public var verifyScopes: Double?

  /// Every test's verdict with every toolchain of `record`, test by test in record order.
  public static func all(_ record: CorpusRecord) -> [CorpusVerdict] {
    let samples = record.samplesByKey()
    return record.tests.flatMap { test in
      record.toolchains.map { verdict(test, toolchain: $0.name, samples: samples) }
    }
  }

  /// The verdict of `test` with `toolchain`, from `samples` keyed by point.
  public static func verdict(_ test: CorpusTest, toolchain: String, samples: [PointKey: TypeCheckSample])
    -> CorpusVerdict
  {
    var verdict = CorpusVerdict(
      testID: test.id, path: test.path, group: test.group, toolchain: toolchain, status: .pass, reason: "",
      counters: [], verifyScopes: nil)
    switch test.plan {
    case .unsupported(let reason):
      verdict.status = .unsupported
      verdict.reason = reason
      return verdict
    case .error(let reason):
      verdict.status = .error
      verdict.reason = reason
      return verdict
    case .runs(let lines):
      var results: [(prefix: String, result: LineResult)] = []
      for (index, line) in lines.enumerated() {
        let prefix = lines.count > 1 ? "RUN \(index + 1): " : ""
        let result: LineResult
        switch line {
        case .verify, .frontend:
          let key = CorpusCase(testID: test.id, run: index, n: nil, runCount: lines.count).point(toolchain)
          result = verifyResult(samples[key], verifier: line.isVerifier)
          verdict.verifyScopes = samples[key]?.constraintScopes
        case .scaleTest(let options):
          let measured = options.values.map { n in
            (n, samples[CorpusCase(testID: test.id, run: index, n: n, runCount: lines.count).point(toolchain)])
          }
          let (lineResult, counters) = scaleResult(options, run: index, measured: measured)
          result = lineResult
          verdict.counters += counters
        }
        results.append((prefix, result))
      }
      verdict.status = results.first { $0.result.status != .pass }?.result.status ?? .pass
      verdict.reason = results.map { $0.prefix + $0.result.reason }.joined(separator: "; ")
      if test.expectedToFail {
        if verdict.status == .pass {
          verdict.status = .fail
          verdict.reason = "XPASS: expected to fail (XFAIL) but passed: " + verdict.reason
        } else {
          verdict.status = .pass
          verdict.reason = "XFAIL: failed as expected: " + verdict.reason
        }
      }
      return verdict
    }
  }

  struct LineResult {
    var status: Status
    var reason: String
  }

  /// The verifier's verdict (or, for a plain `%target-swift-frontend -typecheck` line, the compile's): its exit
  /// status decides; a failure is `fail` when it concerns the solver's limits (an unexpected "reasonable time" error,
  /// or an expected one not produced), `error` otherwise.
  static func verifyResult(_ sample: TypeCheckSample?, verifier: Bool = true) -> LineResult {
    guard let sample else { return LineResult(status: .error, reason: "not measured (an interrupted run: resume it)") }
    let detail = sample.detail ?? ""
    switch sample.outcome {
    case .ok:
      let scopes = sample.constraintScopes.map { ", \(NumberFormat.compact($0, digits: 6)) scopes" } ?? ""
      return LineResult(status: .pass, reason: (verifier ? "verified" : "type-checked") + scopes)
    case .tooComplex: return LineResult(status: .fail, reason: (verifier ? "verifier: " : "") + detail)
    case .timeout: return LineResult(status: .fail, reason: "timed out")
    case .crash: return LineResult(status: .error, reason: "compiler crashed (\(detail))")
    case .error, .badData: return LineResult(status: .error, reason: detail.isEmpty ? "did not compile" : detail)
    }
  }

  /// scale-test's verdict for one line, and the counters it fitted. Like scale-test, a compile that ends with
  /// another exit status than expected, no counter found or no acceptable fit fail the line whatever
  /// `--invert-result` says; `not` then inverts the line's result as lit does.
  static func scaleResult(_ options: ScaleTestOptions, run: Int, measured: [(Int, TypeCheckSample?)])
    -> (LineResult, [Counter])
  {
    let raw = rawScaleResult(options, run: run, measured: measured)
    guard options.negated else { return raw }
    let (result, counters) = raw
    if result.status == .pass {
      return (LineResult(status: .fail, reason: "not: scale-test passed (\(result.reason))"), counters)
    }
    return (LineResult(status: .pass, reason: "not: scale-test failed as expected (\(result.reason))"), counters)
  }

  private static func rawScaleResult(_ options: ScaleTestOptions, run: Int, measured: [(Int, TypeCheckSample?)])
    -> (LineResult, [Counter])
  {
    var stats: [[String: Double]] = []
    for (n, sample) in measured {
      guard let sample else {
        return (LineResult(status: .error, reason: "N=\(n) not measured (an interrupted run: resume it)"), [])
      }
      switch options.stop(sample) {
      case nil: break
      case .timeout:
        return (LineResult(status: .fail, reason: "N=\(n): timed out"), [])
      case .crash:
        return (LineResult(status: .error, reason: "N=\(n): compiler crashed (\(sample.detail ?? ""))"), [])
      case .badData:
        return (LineResult(status: .error, reason: "N=\(n): \(sample.detail ?? "bad data")"), [])
      case .exitStatus(let exitStatus):
        let status: Status = sample.outcome == .tooComplex ? .fail : .error
        let detail = sample.detail.map { ": \($0)" } ?? ""
        return (
          LineResult(
            status: status, reason: "N=\(n): exit status \(exitStatus), expected \(options.expectedExitCode)\(detail)"),
          []
        )
      }
      stats.append(sample.stats.filter { $0.key.contains(options.select) && !$0.key.hasPrefix("process.") })
    }
    let names = stats.dropFirst().reduce(Set(stats.first?.keys ?? [:].keys)) { $0.intersection($1.keys) }.sorted()
    guard !names.isEmpty else {
      return (
        LineResult(
          status: .error,
          reason: "no data: no counter contains '\(options.select)' at every N (\(options.begin)..<\(options.end))"),
        []
      )
    }
    let ns = measured.map(\.0)
    var counters: [Counter] = []
    var anyBad = false
    var unfitted: Counter?
    for name in names {
      let values = stats.map { $0[name]! }
      let candidates = ScaleTestFit.candidates(ns: ns, values: values)
      let winner = ScaleTestFit.winner(of: candidates)
      let bad =
        winner?.isBad(
          polynomialThreshold: options.polynomialThreshold, exponentialThreshold: options.exponentialThreshold)
        ?? false
      let counter = Counter(
        run: run, name: name, ns: ns, values: values, candidates: candidates, winner: winner, bad: bad)
      if winner == nil && unfitted == nil { unfitted = counter }
      anyBad = anyBad || bad
      counters.append(counter)
    }
    if let unfitted {
      let best = unfitted.candidates.map(\.rSquared).max() ?? 0
      return (
        LineResult(
          status: .fail,
          reason: "\(unfitted.name): no fit with r² > 0.99 (best \(NumberFormat.fixed(best, decimals: 3)))"),
        counters
      )
    }
    let laws = counters.map {
      "\($0.name) \($0.winner!.orderText) (r² \(NumberFormat.fixed($0.winner!.rSquared, decimals: 3, trimZeros: false)))"
    }
    .joined(separator: ", ")
    let failed = options.invertResult ? !anyBad : anyBad
    let expectation = options.invertResult ? "expected bad scaling (--invert-result)" : "expected linear"
    return (LineResult(status: failed ? .fail : .pass, reason: laws + (failed ? "; \(expectation)" : "")), counters)
  }
}

/// The entries bench adds to a corpus compile's statistics.
public enum CorpusMeasurementKeys {
  /// The compiler's exit status, kept when not 0 (for `--expected-exit-code`).
  public static let exitStatus = "process.exitStatus"
}
