import Foundation
import Generators

/// The headline of a run that measured several toolchains: the largest change between them. Every pair of toolchains
/// is compared by `bench compare`'s own rules, so the sentence never claims more than the data carries: a change of
/// outcome (one toolchain gives up or fails where the other type-checks) first, then the largest change a measure
/// decided (scopes exactly, beyond the threshold; time only with enough samples a side, clear of the noise, and only
/// between builds of one configuration), and when time could not decide, the sentence says why.
extension RunReport {
  /// The largest change between the run's toolchains, or nil with a single toolchain.
  var toolchainChangeSentence: String? {
    let toolchains = record.toolchains
    guard toolchains.count > 1 else { return nil }
    let specs = CaseSpec.byID(record.cases)
    var best: (strength: Double, sentence: String)?
    var timesUndecided = false
    var mixedBuilds = false
    var timesCompared = false
    for (index, base) in toolchains.enumerated() {
      for new in toolchains[(index + 1)...] {
        // Times taken under cachegrind are never compared; instructions, when counted, are.
        let comparable = base.timesComparable(with: new) && !timesUnderCachegrind
        let metric: ComparisonMetric =
          record.instructionMetering != nil
          ? (comparable ? ComparisonMetric([.time, .scopes, .instructions]) : .scopesAndInstructions)
          : (comparable ? .both : .scopes)
        if comparable {
          timesCompared = true
        } else if !base.timesComparable(with: new) {
          mixedBuilds = true
        }
        guard
          let comparison = try? Comparison(
            record: record, baseToolchain: base.name, newToolchain: new.name,
            metric: metric, allowMixedForms: true, allowMixedBuilds: true)
        else { continue }
        for point in comparison.points {
          guard let spec = specs[point.caseID] else { continue }
          if comparable && point.timeChange.decision == .tooFewSamples && !point.base.failed && !point.new.failed {
            timesUndecided = true
          }
          guard
            let change = ToolchainChange(
              point, base: base, new: new, spec: spec, distinction: distinction(ofCase: point.caseID),
              timesComparable: comparable)
          else { continue }
          if best.map({ change.strength > $0.strength }) ?? true { best = (change.strength, change.sentence) }
        }
      }
    }
    if let best { return RunReport.sentence("Across toolchains, the largest change: ", best.sentence) }
    let names = RunReport.list(toolchains.map { "\($0.name) (Swift \($0.version))" })
    var notes: [String] = []
    if timesUndecided {
      notes.append("time could not decide (a verdict needs \(TimeChange.minimumSamples) runs a point)")
    }
    if mixedBuilds { notes.append("times of an assertions build are not set against a release build's") }
    return RunReport.sentence(
      "",
      "No change \(timesCompared ? "in scopes or time" : "in constraint scopes") between \(names) beyond "
        + "\(Comparison.percent(Comparison.defaultThreshold)) at any point"
        + (notes.isEmpty ? "" : " (" + notes.joined(separator: "; ") + ")"))
  }

  /// What tells the comparison holding `caseID` from its family's others (`K=4`), or empty.
  func distinction(ofCase caseID: String) -> String {
    for comparisons in comparisons.values {
      for comparison in comparisons
      where comparison.series.contains(where: { line in
        line.points.contains { $0.spec.id == caseID }
      }) {
        return comparison.distinction
      }
    }
    return ""
  }
}

/// One point's change between two toolchains, as the toolchain headline words it.
struct ToolchainChange {
  /// Outcome changes outrank any ratio; otherwise the size of the largest decided change, as |log ratio|.
  var strength: Double
  var sentence: String

  init?(
    _ point: PointComparison, base: ToolchainInfo, new: ToolchainInfo, spec: CaseSpec, distinction: String,
    timesComparable: Bool
  ) {
    guard point.verdict == .slower || point.verdict == .faster else { return nil }
    let family = spec.family
    let subject =
      family.descriptor.wording.seriesName(spec) + (distinction.isEmpty ? "" : " (\(distinction))") + " "
      + RunReport.plainAxis(family, spec.axisValue)
    // The toolchain with less work, then the one with more.
    let (fast, slow, fastPoint, slowPoint) =
      point.verdict == .faster ? (new, base, point.new, point.base) : (base, new, point.base, point.new)
    func named(_ toolchain: ToolchainInfo) -> String { "\(toolchain.name) (Swift \(toolchain.version))" }
    if point.decidedBy == ["outcome"] {
      var text: String
      if slowPoint.failed {
        // What the compiler said, from its first diagnostic (or the signal it died of), without the file's place.
        let said = slowPoint.detail.map { ": “\(Self.diagnostic($0))”" } ?? ""
        text =
          "\(subject) \(slowPoint.outcome == .crash ? "crashes" : "does not compile") with \(named(slow))\(said)"
      } else {
        text = "\(subject) \(RunReport.plainFailure(slowPoint.outcome)) with \(named(slow))"
      }
      if fastPoint.outcome.isCensored || fastPoint.failed {
        text += " and \(fastPoint.outcome.rawValue) with \(named(fast))"
      } else if let median = fastPoint.medianMilliseconds, timesComparable {
        text += ", where \(named(fast)) takes \(RunReport.milliseconds(median)) ms"
      } else if let scopes = fastPoint.scopes {
        text += ", where \(named(fast)) type-checks it in \(RunReport.grouped(scopes)) scopes"
      }
      strength = 1e9
      sentence = text
      return
    }
    let decided = point.decidingMeasures
    var magnitudes: [Double] = []
    if decided.contains("time"), let ratio = point.time?.ratio, ratio > 0 { magnitudes.append(abs(log(ratio))) }
    if decided.contains("scopes"), let ratio = point.scopesRatio, ratio > 0 { magnitudes.append(abs(log(ratio))) }
    if decided.contains("instructions"), let ratio = point.instructionsRatio, ratio > 0 {
      magnitudes.append(abs(log(ratio)))
    }
    guard let magnitude = magnitudes.max() else { return nil }
    strength = magnitude
    let scopes = Self.figures(fastPoint.scopes, slowPoint.scopes, unit: "scopes", format: RunReport.grouped)
    if decided.contains("time"), let fastMS = fastPoint.medianMilliseconds, let slowMS = slowPoint.medianMilliseconds,
      fastMS > 0
    {
      sentence =
        "\(subject) type-checks \(RunReport.ratio(slowMS / fastMS))× faster with \(named(fast)) than with "
        + "\(named(slow)) (\(RunReport.milliseconds(fastMS)) ms vs \(RunReport.milliseconds(slowMS)) ms"
        + (scopes.map { "; \($0)" } ?? "") + ")"
      return
    }
    // Decided by deterministic counters: how much less work each shows (the larger change first), and what time
    // could (not) say.
    let counters = [
      ("instructions", "instructions", fastPoint.instructions, slowPoint.instructions),
      ("scopes", "constraint scopes", fastPoint.scopes, slowPoint.scopes),
    ].compactMap { measure, words, less, more -> (words: String, less: Double, more: Double)? in
      guard decided.contains(measure), let less, let more, more > 0 else { return nil }
      return (words, less, more)
    }.sorted { $0.less / $0.more < $1.less / $1.more }
    guard !counters.isEmpty else { return nil }
    let clauses = counters.map { counter in
      "\(NumberFormat.compact((1 - counter.less / counter.more) * 100, digits: 2))% fewer \(counter.words) "
        + "(\(RunReport.grouped(counter.less)) vs \(RunReport.grouped(counter.more)))"
    }
    var text =
      "\(subject) needs \(RunReport.list(clauses)) with \(named(fast)) than with \(named(slow))"
    if !timesComparable {
      if !base.timesComparable(with: new) {
        text += "; their times are not set against each other (an assertions build and a release build)"
      }
    } else if point.timeChange.decision == .tooFewSamples {
      let runs = min(point.timeChange.baseCount, point.timeChange.newCount)
      text +=
        "; time undecided (\(runs) run\(runs == 1 ? "" : "s") a side, a verdict needs \(TimeChange.minimumSamples))"
    } else if point.timeVerdict == .unchanged {
      text += "; no clear change in time"
    }
    sentence = text
  }

  /// `error: ambiguous use of 'buildBlock'` from `case.swift:12:5: error: ambiguous use of 'buildBlock'`: the
  /// diagnostic from its severity on, or the whole detail when it has none.
  static func diagnostic(_ detail: String) -> String {
    for severity in ["error: ", "fatal error: "] {
      if let range = detail.range(of: severity) { return String(detail[range.lowerBound...]) }
    }
    return detail
  }

  /// "scopes 17,844 vs 18,028", or nil when a side has none.
  static func figures(_ fast: Double?, _ slow: Double?, unit: String, format: (Double) -> String) -> String? {
    guard let fast, let slow else { return nil }
    return "\(unit) \(format(fast)) vs \(format(slow))"
  }
}
