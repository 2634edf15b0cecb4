import Foundation
import Generators

extension RunReport {
  /// The opening sentences, in words a SwiftUI developer uses: one per family, the family's largest effect, the
  /// largest effect of the whole run first. An effect is one series failing where another still type-checks, one
  /// series clearly faster than another at the largest axis value both measured (medians at least 1.25× apart and
  /// the samples' ranges apart), or, in a family with one series, its growth. When the data shows none of these
  /// the sentence says "no clear trend". A run of several toolchains leads with the largest change between them.
  public var headline: [String] {
    (toolchainChangeSentence.map { [$0] } ?? []) + designHeadline
  }

  /// The headline's sentences about the families' designs and growth, each naming its toolchain when there are
  /// several.
  private var designHeadline: [String] {
    var found: [(strength: Double, order: Int, sentence: String)] = []
    for (order, family) in families.enumerated() {
      // A family asking how its pattern grows (a template) says each series' growth verdict.
      if family.descriptor.wording.growthHeadline != nil {
        if let sentence = growthSentence(family) { found.append((1, order, sentence)) }
        continue
      }
      if let effect = largestEffect(in: family) {
        found.append((effect.strength, order, miniatureQualified(effect.sentence, family: family)))
      }
    }
    if found.isEmpty {
      guard !record.cases.isEmpty else { return ["No case to measure: this run holds none (an empty shard)."] }
      let cases = Set(points.map(\.caseID)).count
      let counted =
        "\(cases) case\(cases == 1 ? "" : "s"), \(toolchains.count) toolchain\(toolchains.count == 1 ? "" : "s")"
      // A point whose every compile crashed or gave bad data is no measurement: the run says so, not "Measured".
      guard points.contains(where: { !$0.outcome.isFailure }) else {
        return ["Nothing was measured: every compile of the \(counted) failed (crashed or gave bad data)."]
      }
      return ["Measured \(points.count) point\(points.count == 1 ? "" : "s") (\(counted)); no series to compare."]
    }
    let sentences = found.sorted { $0.strength != $1.strength ? $0.strength > $1.strength : $0.order < $1.order }
      .map(\.sentence)
    let instructions = instructionsHeadline.map { [$0] } ?? []
    // Times taken under cachegrind run many times slower than natively, and not alike for every case: a run metered
    // by it leads with its instruction counts, never with one of those time ratios.
    if record.instructionMetering?.source.disturbsTime == true { return instructions + sentences }
    return sentences + instructions
  }

  /// `sentence` saying the figures come from bench's miniature when it names Xcode's designs and the family's cases
  /// compile against the miniature (a real SDK's cases need no such word).
  func miniatureQualified(_ sentence: String, family: CaseFamily) -> String {
    guard sentence.contains("Xcode"),
      points.contains(where: { $0.spec.family == family && $0.spec.framework == .miniature })
    else { return sentence }
    // A sentence opening with a qualifier ("With 11 content kinds…", "In the unified model…", "No clear
    // difference…") goes on in lower case; one opening with a design's name keeps it as it is.
    let first = sentence.prefix { $0 != " " }
    let lowered =
      ["In", "With", "No", "For"].contains(first) ? first.lowercased() + sentence.dropFirst(first.count) : sentence
    return "In bench's miniature of Xcode 26/27, " + lowered
  }

  /// A headline candidate: how strong it is (a failure beats any ratio; no clear difference is 0) and its sentence.
  struct HeadlineEffect {
    var strength: Double
    var sentence: String
  }

  /// The smallest ratio of medians the headline calls a difference.
  static let clearRatio = 1.25

  /// The strongest effect among the family's pairs of series within each toolchain (the changes between toolchains
  /// are `toolchainChangeSentence`'s).
  private func largestEffect(in family: CaseFamily) -> HeadlineEffect? {
    var best: HeadlineEffect?
    func consider(_ effect: HeadlineEffect?) {
      guard let effect else { return }
      if best.map({ effect.strength > $0.strength }) ?? true { best = effect }
    }
    let all = comparisons[family] ?? []
    for comparison in all {
      for toolchain in comparison.toolchains {
        let lines = comparison.contrasts.compactMap { comparison.series(contrast: $0, toolchain: toolchain) }
        let prefix = qualifier(comparison, toolchain, family: family)
        for slow in lines {
          for fast in lines where fast != slow {
            consider(pairEffect(slow: slow, fast: fast, family: family, prefix: prefix))
          }
        }
      }
    }
    // A family with a single series (for a toolchain): its growth is the effect.
    for toolchain in toolchains {
      let series = all.flatMap(\.series).filter { $0.toolchain == toolchain }
      if series.count == 1, let line = series.first {
        consider(growthEffect(line, family: family, prefix: toolchains.count > 1 ? "With \(toolchain), " : ""))
      }
    }
    return best
  }

  /// `slow` failing where `fast` still type-checks, or `slow` clearly slower at the largest common axis value; a
  /// "no clear trend" sentence (strength 0) when the two are within the noise.
  private func pairEffect(slow: PointSeries, fast: PointSeries, family: CaseFamily, prefix: String) -> HeadlineEffect? {
    let slowName = RunReport.plainName(slow, family: family)
    let fastName = RunReport.plainName(fast, family: family)
    let slowTimes = RunReport.uncensoredMedians(slow)
    let fastTimes = RunReport.uncensoredMedians(fast)
    let common = Set(slowTimes.keys).intersection(fastTimes.keys)
    if let failure = slow.firstCensored {
      let at = failure.spec.axisValue
      if let other = fast.firstCensoredAxisValue, other <= at { return nil }
      var sentence = "\(slowName) \(RunReport.plainFailure(failure.outcome)) \(RunReport.plainAxis(family, at))"
      if let value = fastTimes[at] {
        sentence += ", where \(fastName) takes \(RunReport.milliseconds(value)) ms"
      } else if let last = fastTimes.keys.max() {
        sentence +=
          ", while \(fastName) takes \(RunReport.milliseconds(fastTimes[last]!)) ms "
          + RunReport.plainAxis(family, last)
      }
      var strength = 1e9
      if let x = common.max(), slowTimes[x]! > fastTimes[x]! {
        let ratio = slowTimes[x]! / fastTimes[x]!
        strength += ratio
        // The figures in the order the sentence names the designs: the one that fails first.
        sentence +=
          "; \(RunReport.plainAxis(family, x)) the gap is \(RunReport.ratio(ratio))× "
          + "(\(RunReport.milliseconds(slowTimes[x]!)) ms vs \(RunReport.milliseconds(fastTimes[x]!)) ms)"
      }
      return HeadlineEffect(strength: strength, sentence: RunReport.sentence(prefix, sentence))
    }
    guard fast.firstCensored == nil, let x = common.max(), slowTimes[x]! >= fastTimes[x]! else { return nil }
    let (slowMS, fastMS) = (slowTimes[x]!, fastTimes[x]!)
    let times = "(\(RunReport.milliseconds(fastMS)) ms vs \(RunReport.milliseconds(slowMS)) ms)"
    if RunReport.clearlySlower(slow, fast, at: x) {
      let ratio = slowMS / fastMS
      return HeadlineEffect(
        strength: ratio,
        sentence: RunReport.sentence(
          prefix,
          "\(fastName) type-checks \(RunReport.ratio(ratio))× faster than \(slowName) "
            + "\(RunReport.plainAxis(family, x)) \(times)"))
    }
    let trends = [fast, slow].compactMap { RunReport.trendPhrase($0) }
    let trend = trends.isEmpty ? "; no clear trend along \(family.axis)" : ""
    return HeadlineEffect(
      strength: 0,
      sentence: RunReport.sentence(
        prefix,
        "no clear difference between \(fastName) and \(slowName) up to "
          + "\(RunReport.plainAxisValue(family, x)) \(times)\(trend)"))
  }

  /// The growth of a family's only series, or "no clear trend".
  private func growthEffect(_ line: PointSeries, family: CaseFamily, prefix: String) -> HeadlineEffect? {
    let name = RunReport.plainName(line, family: family)
    var clauses: [String] = []
    if let failure = line.firstCensored {
      clauses.append(
        "\(name) \(RunReport.plainFailure(failure.outcome)) \(RunReport.plainAxis(family, failure.spec.axisValue))")
    }
    let medians = RunReport.uncensoredMedians(line)
    if let trend = RunReport.trendPhrase(line) {
      clauses.append((clauses.isEmpty ? "with \(name), type-check time " : "before that its time ") + trend)
    } else if line.timeFit.pointCount < GrowthFit.minimumPoints {
      let values = medians.keys.sorted().map {
        "\(RunReport.milliseconds(medians[$0]!)) ms \(RunReport.plainAxis(family, $0))"
      }
      if clauses.isEmpty && !values.isEmpty {
        clauses.append("\(name) takes \(RunReport.list(values))")
      }
      // Counted as the fit counts them: a point at 0 on the axis is measured but cannot be fitted.
      let leftOut = line.timeFit.leftOut > 0 ? ", \(line.timeFit.leftOut) at 0 left out" : ""
      clauses.append(
        "too few points for a trend (\(line.timeFit.pointCount) uncensored\(leftOut); a trend needs "
          + "\(GrowthFit.minimumPoints))")
    } else {
      clauses.append((clauses.isEmpty ? "with \(name), " : "") + "no clear trend along \(family.axis)")
    }
    let strength = line.firstCensored != nil ? 1e9 : (RunReport.trendPhrase(line) == nil ? 0 : 1)
    return HeadlineEffect(strength: strength, sentence: RunReport.sentence(prefix, clauses.joined(separator: "; ")))
  }

  /// True when `slow`'s median at `x` is at least `clearRatio` times `fast`'s and their samples do not overlap.
  static func clearlySlower(_ slow: PointSeries, _ fast: PointSeries, at x: Int) -> Bool {
    guard let a = slow.fittablePoints.first(where: { $0.spec.axisValue == x })?.milliseconds,
      let b = fast.fittablePoints.first(where: { $0.spec.axisValue == x })?.milliseconds, b.median > 0
    else { return false }
    return a.median >= b.median * clearRatio && a.min > b.max
  }

  /// "grows exponentially, about 3.1× per level (r² 0.994)", or nil when the fit does not carry a trend.
  static func trendPhrase(_ line: PointSeries) -> String? {
    let fit = line.timeFit
    guard fit.model != nil, fit.rSquared >= 0.9 else { return nil }
    // Flat data fits any model perfectly: growth needs the ends clearly apart as well.
    let medians = uncensoredMedians(line)
    guard let first = medians.keys.min(), let last = medians.keys.max(),
      medians[last]! >= medians[first]! * clearRatio
    else { return nil }
    let unit = line.family.descriptor.wording.axisUnit
    // Three decimals, as the report's growth lines give it: 0.998 is not a perfect fit, 1.00 would read as one.
    let r2 = "r² \(NumberFormat.fixed(fit.rSquared, decimals: 3, trimZeros: false))"
    switch fit.verdict {
    case .exponential(let base): return "grows exponentially, about \(ratio(base))× per \(unit) (\(r2))"
    case .polynomial(let k): return "grows as n^\(NumberFormat.compact(k, digits: 2)) (\(r2))"
    case .linear: return "grows linearly (\(r2))"
    case .falling, .noClearTrend, .insufficientData: return nil
    }
  }

  /// What a series is, in SwiftUI's terms (a singular subject).
  static func plainName(_ line: PointSeries, family: CaseFamily) -> String {
    family.descriptor.wording.seriesName(line.spec)
  }

  /// "fails with “…reasonable time”" or "times out".
  static func plainFailure(_ outcome: Outcome) -> String {
    outcome == .timeout
      ? "times out" : "fails with “unable to type-check this expression in reasonable time”"
  }

  /// "at nesting depth 4", "with 8 branches", "with 16 @State properties".
  static func plainAxis(_ family: CaseFamily, _ value: Int) -> String {
    family.descriptor.wording.axisPreposition + " " + plainAxisValue(family, value)
  }

  /// "nesting depth 4", "8 branches", "16 @State properties".
  static func plainAxisValue(_ family: CaseFamily, _ value: Int) -> String {
    family.descriptor.wording.axisValue(value)
  }

  /// "For K=2 with 6.3.1, ": what narrows the sentence to one comparison and toolchain, or nothing.
  private func qualifier(_ comparison: SeriesComparison, _ toolchain: String, family: CaseFamily) -> String {
    var parts: [String] = []
    // A family that compares something else (chart variants) names the builder model its comparison holds, and the
    // SDK whose miniature it imports when that is not the legacy one ("surface iOS 26.2").
    let models = BuilderModel.allCases.map(\.rawValue)
    var distinction = comparison.distinction
    var surface = ""
    if let range = distinction.range(of: ", surface ") {
      let name = distinction[range.upperBound...]
      surface =
        name == BuilderSurface.idealised.title ? " of the idealised miniature" : " of the \(name) SDK's miniature"
      distinction = String(distinction[..<range.lowerBound])
    }
    let model = distinction.hasPrefix("model ") ? String(distinction.dropFirst(6)) : ""
    if family.descriptor.contrast.parameter != "model" && models.contains(model) {
      parts.append("in the \(model) model\(surface)")
    } else if !comparison.distinction.isEmpty {
      // "K=4" is the overload-set size: the number of content kinds sharing each container.
      let words = comparison.distinction.split(separator: ",").map { part in
        let text = part.trimmingCharacters(in: .whitespaces)
        if text.hasPrefix("surface ") { return "on the \(text.dropFirst(8)) miniatures" }
        return text.hasPrefix("K=") ? "\(text.dropFirst(2)) content kinds sharing each container" : text
      }
      parts.append("with " + words.joined(separator: ", "))
    }
    if toolchains.count > 1 { parts.append("with \(toolchain)") }
    guard !parts.isEmpty else { return "" }
    let text = parts.joined(separator: " ")
    return text.prefix(1).uppercased() + text.dropFirst() + ", "
  }

  /// Median milliseconds of a series' uncensored points by axis value.
  static func uncensoredMedians(_ line: PointSeries) -> [Int: Double] {
    var values: [Int: Double] = [:]
    for point in line.fittablePoints {
      if let median = point.milliseconds?.median, median > 0 { values[point.spec.axisValue] = median }
    }
    return values
  }

  static func verb(_ outcome: Outcome) -> String {
    outcome == .timeout ? "times out" : "reaches the solver limit"
  }

  /// A ratio such as `37` or `2.5`.
  static func ratio(_ value: Double) -> String {
    NumberFormat.fixed(value, decimals: value >= 10 ? 0 : 1)
  }

  /// Milliseconds with three significant digits, thousands separated as scopes are (`6,734`).
  static func milliseconds(_ value: Double) -> String {
    NumberFormat.thousandsSeparated(NumberFormat.compact(value, digits: 3))
  }

  /// "a", "a and b", "a, b and c".
  static func list(_ items: [String]) -> String {
    guard items.count > 1 else { return items.first ?? "" }
    return items.dropLast().joined(separator: ", ") + " and " + items.last!
  }

  static func sentence(_ prefix: String, _ body: String) -> String {
    let text = prefix.isEmpty ? body.prefix(1).uppercased() + body.dropFirst() : prefix + body
    return text + "."
  }
}
