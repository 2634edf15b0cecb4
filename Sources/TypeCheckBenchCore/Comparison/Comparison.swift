import Foundation
import Generators

/// `bench compare`: every point of BASE matched with the same case in NEW, each with a verdict.
///
/// Points are matched by case id. Each side is one toolchain of one record: a record holding a single toolchain needs
/// no name (so two runs whose toolchains are named differently still compare), and two toolchains of one record
/// compare by passing the record twice with both names.
public struct Comparison: Encodable, Hashable, Sendable {
  /// One side of the comparison: which run and which compiler configuration.
  public struct Side: Codable, Hashable, Sendable {
    public var runID: String
    public var toolchain: ToolchainInfo
    /// The run's framework form (module: case-only figures; inline: figures include the framework).
    public var frameworkForm: FrameworkForm?

    public init(runID: String, toolchain: ToolchainInfo, frameworkForm: FrameworkForm? = nil) {
      self.runID = runID
      self.toolchain = toolchain
      self.frameworkForm = frameworkForm
    }

    /// For example `6.1 (Swift 6.1.2, release, x86_64-unknown-linux-gnu; run 2026-05-01-abc, framework module)`.
    public var label: String {
      let flags = toolchain.extraFlags.isEmpty ? "" : ", flags `\(toolchain.extraFlags.joined(separator: " "))`"
      let form = frameworkForm.map { ", framework \($0.rawValue)" } ?? ""
      return "\(toolchain.name) (\(toolchain.identity)\(flags); run \(runID)\(form))"
    }
  }

  /// The seed of every bootstrap unless one is given; each point mixes in its case id.
  public static let defaultSeed: UInt64 = 0x7443_4265_6E63_6821
  /// The default relative change below which no verdict is `slower` or `faster`: 5%.
  public static let defaultThreshold = 0.05
  /// The default threshold of instruction counts: 0.5%, far above the noise of a deterministic count (cachegrind:
  /// 6 in 1.1 billion between two runs).
  public static let defaultInstructionThreshold = 0.005

  public var threshold: Double
  /// The relative change of instruction counts that counts.
  public var instructionThreshold: Double
  /// How each side counted instructions (nil: it did not).
  public var baseInstructionSource: InstructionSource?
  public var newInstructionSource: InstructionSource?
  /// The measures that gate verdicts and the exit status.
  public var metric: ComparisonMetric
  /// True when BASE and NEW ran on different hosts (CPU model, core count or operating system): time verdicts are
  /// then marked as such and gate only under `--metric time`.
  public var differentHosts: Bool
  public var base: Side
  public var new: Side
  /// Matched points in BASE's sweep order (NEW's order for cases BASE does not list).
  public var points: [PointComparison]
  /// Case ids measured only in BASE, in its sweep order.
  public var onlyInBase: [String]
  /// Case ids measured only in NEW, in its sweep order.
  public var onlyInNew: [String]
  /// Reasons the figures may not be comparable, one line each: assertions-enabled compilers, different measurement
  /// versions, hosts (CPU, cores, operating system), case sources, flags or measurement form.
  public var warnings: [String]
  /// The metrics either side recorded, in `Metric.all`'s order: the ones the tables show.
  public var metrics: [Metric]

  enum CodingKeys: String, CodingKey {
    case threshold, instructionThreshold, baseInstructionSource, newInstructionSource, metric, differentHosts, base, new
    case points, onlyInBase, onlyInNew, warnings
  }

  /// Compares one toolchain of `base` with one of `new`.
  /// - Parameters:
  ///   - baseToolchain: the toolchain name in `base`; may be nil when `base` holds exactly one.
  ///   - newToolchain: the toolchain name in `new`; may be nil when `new` holds exactly one.
  ///   - threshold: the relative change that counts (0.05 for 5%).
  /// - Throws: `CompareError.usage` when a toolchain is unnamed but ambiguous, or names none in the record.
  public init(
    base: RunRecord, new: RunRecord, baseToolchain: String? = nil, newToolchain: String? = nil,
    threshold: Double = Comparison.defaultThreshold, metric: ComparisonMetric = .both,
    seed: UInt64 = Comparison.defaultSeed, resamples: Int = RatioInterval.defaultResamples,
    allowMixedForms: Bool = false, instructionThreshold: Double = Comparison.defaultInstructionThreshold,
    allowMixedBuilds: Bool = false
  ) throws {
    let baseInfo = try Comparison.toolchain(baseToolchain, in: base, side: "BASE")
    let newInfo = try Comparison.toolchain(newToolchain, in: new, side: "NEW")
    let (metric, mixedBuilds) = try Comparison.gated(
      metric, base: baseInfo, new: newInfo, allowMixedBuilds: allowMixedBuilds)
    // Module-form figures are the case's own work, inline ones include the framework: a ratio between them is
    // the form's effect, not the compiler's.
    if base.frameworkForm != new.frameworkForm && !allowMixedForms {
      throw CompareError.usage(
        "BASE used the \(base.frameworkForm.rawValue) framework form and NEW the \(new.frameworkForm.rawValue) one: "
          + "their figures measure different work (--allow-mixed-forms compares them anyway)")
    }
    self.threshold = threshold
    self.instructionThreshold = instructionThreshold
    self.metric = metric
    let hostDifferences = ComparisonMismatch.hostDifferences(base: base.provenance, new: new.provenance)
    let differentHosts = !hostDifferences.isEmpty
    baseInstructionSource = base.instructionMetering?.source
    newInstructionSource = new.instructionMetering?.source
    let instructionsProblem = Comparison.instructionsProblem(base: base, new: new)
    // Times taken under cachegrind say nothing about the compiler: like different hosts, they gate only when
    // --metric time asks for them.
    let underCachegrind = [("BASE", base), ("NEW", new)].filter {
      $0.1.instructionMetering?.source.disturbsTime == true
    }.map(\.0)
    self.differentHosts = differentHosts
    self.base = Side(runID: base.runID, toolchain: baseInfo, frameworkForm: base.frameworkForm)
    self.new = Side(runID: new.runID, toolchain: newInfo, frameworkForm: new.frameworkForm)
    let basePoints = MeasuredPoint.points(in: base).filter { $0.toolchain == baseInfo.name }
    let newPoints = MeasuredPoint.points(in: new).filter { $0.toolchain == newInfo.name }
    let newByCase = Dictionary(newPoints.map { ($0.caseID, $0) }, uniquingKeysWith: { first, _ in first })
    let baseCases = Set(basePoints.map(\.caseID))
    let matched = basePoints.compactMap { point in
      newByCase[point.caseID].map {
        PointComparison(
          base: point, new: $0, threshold: threshold, seed: seed, resamples: resamples, metric: metric,
          differentHosts: differentHosts,
          identicalInputs: point.inputKey != nil && point.inputKey == $0.inputKey
            && baseInfo.executableFingerprint == newInfo.executableFingerprint,
          instructionThreshold: instructionThreshold,
          incomparable: instructionsProblem == nil ? [] : Set(Metric.all.filter(\.isOptional)),
          timeComparable: underCachegrind.isEmpty, timesSetAgainst: !mixedBuilds)
      }
    }
    points = matched
    metrics = Metric.all.filter { $0.isRecorded(in: base) || $0.isRecorded(in: new) }
    onlyInBase = basePoints.filter { newByCase[$0.caseID] == nil }.map(\.caseID)
    onlyInNew = newPoints.filter { !baseCases.contains($0.caseID) }.map(\.caseID)
    warnings = Comparison.warnings(
      base: base, new: new, baseInfo: baseInfo, newInfo: newInfo, metric: metric, mixedBuilds: mixedBuilds,
      hostDifferences: hostDifferences, matchedCases: Set(matched.map(\.caseID)),
      instructionsProblem: instructionsProblem, underCachegrind: underCachegrind)
  }

  /// The measures that gate between `base` and `new`: `metric`, or where one is an assertions build and the other a
  /// release build (an assertions build spends time on checks a release build does not) its deterministic ones, with
  /// `allowMixedBuilds`; and whether the builds are mixed so.
  static func gated(
    _ metric: ComparisonMetric, base baseInfo: ToolchainInfo, new newInfo: ToolchainInfo, allowMixedBuilds: Bool
  ) throws -> (ComparisonMetric, mixedBuilds: Bool) {
    let mixedBuilds = !baseInfo.timesComparable(with: newInfo)
    var metric = metric
    if mixedBuilds {
      let builds =
        "BASE \(baseInfo.name) is a \(baseInfo.buildConfiguration) build (Swift \(baseInfo.version)) and NEW "
        + "\(newInfo.name) a \(newInfo.buildConfiguration) build (Swift \(newInfo.version))"
      guard allowMixedBuilds else {
        throw CompareError.usage(
          builds + ": their times are not comparable; --allow-mixed compares them on deterministic counters only")
      }
      metric.measures = metric.measures.filter(\.isDeterministic)
      guard !metric.measures.isEmpty else {
        throw CompareError.usage(builds + ": --metric time cannot compare them; use --metric scopes")
      }
    }
    return (metric, mixedBuilds)
  }

  /// What a reader must know beside the verdicts: mixed builds, different hosts, other differences of the records,
  /// instructions that cannot be compared or were counted on one side only, times under cachegrind or from separate
  /// runs, and mixed framework forms.
  static func warnings(
    base: RunRecord, new: RunRecord, baseInfo: ToolchainInfo, newInfo: ToolchainInfo, metric: ComparisonMetric,
    mixedBuilds: Bool, hostDifferences: [String], matchedCases: Set<String>, instructionsProblem: String?,
    underCachegrind: [String]
  ) -> [String] {
    let differentHosts = !hostDifferences.isEmpty
    var warnings: [String] = []
    if mixedBuilds {
      let assertions = baseInfo.assertionsEnabled ? "BASE" : "NEW"
      warnings.append(
        "\(assertions) is an assertions build and the other a release build: times are shown side by side but never "
          + "set against each other; only \(metric.text) gate")
    }
    warnings += hostDifferences
    if differentHosts && metric.includes(.time) {
      warnings.append(
        metric == .time
          ? "time verdicts compare different hosts (gated because --metric time was asked for)"
          : "time verdicts compare different hosts: shown, but only scopes gate (--metric time gates on time)")
    }
    warnings += ComparisonMismatch.otherDifferences(
      base: base, new: new, baseToolchain: baseInfo, newToolchain: newInfo, matchedCases: matchedCases)
    if let instructionsProblem, metric.includes(.instructions) {
      warnings.append(instructionsProblem + ": instructions are shown but do not gate")
    }
    if !underCachegrind.isEmpty {
      warnings.append(
        "time was measured under cachegrind (\(underCachegrind.joined(separator: " and "))), about 37 times slower "
          + "than natively: it is not comparable"
          + (metric == .time ? " (gated because --metric time was asked for)" : " and does not gate"))
    }
    let counted = [("BASE", base), ("NEW", new)].filter { $0.1.instructionMetering != nil }.map(\.0)
    if counted.count == 1 {
      warnings.append(
        "only \(counted[0]) counted instructions (bench run --meter instructions): they are shown but not compared")
    }
    if metric.includes(.instructions) && !metric.includes(.time) && base.runID != new.runID {
      warnings.append("time between two separate runs is shown but does not gate (--metric time gates on it)")
    }
    if base.frameworkForm != new.frameworkForm {
      warnings.append(
        "framework forms differ (BASE \(base.frameworkForm.rawValue), NEW \(new.frameworkForm.rawValue)): inline "
          + "figures include type-checking the framework, module figures are the case's own")
    }
    return warnings
  }

  /// Why the instruction counts of `base` and `new` cannot be compared, or nil when they can: counted by different
  /// sources, or by a hardware counter on different CPU models.
  static func instructionsProblem(base: RunRecord, new: RunRecord) -> String? {
    guard let baseSource = base.instructionMetering?.source, let newSource = new.instructionMetering?.source else {
      return nil
    }
    if baseSource != newSource {
      return "instructions were counted by different sources (BASE \(baseSource.rawValue), NEW \(newSource.rawValue))"
    }
    if !baseSource.isExact && base.provenance.cpuModel != new.provenance.cpuModel {
      return "instructions were counted by \(baseSource.rawValue) on different CPU models"
    }
    return nil
  }

  /// Compares two toolchains measured in the same record.
  public init(
    record: RunRecord, baseToolchain: String, newToolchain: String, threshold: Double = Comparison.defaultThreshold,
    metric: ComparisonMetric = .both, seed: UInt64 = Comparison.defaultSeed,
    resamples: Int = RatioInterval.defaultResamples, allowMixedForms: Bool = false,
    instructionThreshold: Double = Comparison.defaultInstructionThreshold, allowMixedBuilds: Bool = false
  ) throws {
    try self.init(
      base: record, new: record, baseToolchain: baseToolchain, newToolchain: newToolchain, threshold: threshold,
      metric: metric, seed: seed, resamples: resamples, allowMixedForms: allowMixedForms,
      instructionThreshold: instructionThreshold, allowMixedBuilds: allowMixedBuilds)
  }

  /// The toolchain pairs `bench compare BASE NEW` compares when no names are given: the only toolchain of each when
  /// both records hold one, else every name the two records share, in BASE's order.
  public static func toolchainPairs(base: RunRecord, new: RunRecord) -> [(base: String, new: String)] {
    if base.toolchains.count == 1, new.toolchains.count == 1 {
      return [(base.toolchains[0].name, new.toolchains[0].name)]
    }
    let newNames = Set(new.toolchains.map(\.name))
    return base.toolchains.map(\.name).filter { newNames.contains($0) }.map { ($0, $0) }
  }

  /// The exit status of several comparisons shown together: a regression if any has one, else improvements only
  /// if any improved.
  public static func exitStatus(of comparisons: [Comparison]) -> ExitStatus {
    let statuses = comparisons.map(\.exitStatus)
    if statuses.contains(.regression) { return .regression }
    return statuses.contains(.improvementsOnly) ? .improvementsOnly : .success
  }

  /// The number of points with `verdict`.
  public func count(_ verdict: Verdict) -> Int {
    points.count { $0.verdict == verdict }
  }

  /// The points that got slower, in sweep order.
  public var regressions: [PointComparison] { points.filter { $0.verdict == .slower } }

  /// The exit status package-benchmark uses: 2 when anything got slower, 4 when something got faster and nothing
  /// slower, 0 otherwise. Points present on one side only never change it.
  public var exitStatus: ExitStatus {
    if count(.slower) > 0 { return .regression }
    if count(.faster) > 0 { return .improvementsOnly }
    return .success
  }

  /// For example `2 slower, 1 faster, 13 no change, 0 undecided (gate: time and scopes, threshold 5%)`, then why
  /// points were left undecided and any unmatched counts.
  public var summaryLine: String {
    var line =
      "\(count(.slower)) slower, \(count(.faster)) faster, \(count(.unchanged)) no change, "
      + "\(count(.undecided)) undecided (gate: \(metric.text), threshold \(Comparison.percent(threshold))"
      + (metric.includes(.instructions) ? ", instructions \(Comparison.percent(instructionThreshold))" : "") + ")"
    var notes: [String] = []
    let undecided = points.filter(\.isUndecided)
    if !undecided.isEmpty {
      let fewest = undecided.map { min($0.timeChange.baseCount, $0.timeChange.newCount) }.min() ?? 0
      notes.append(
        "time needs \(TimeChange.minimumSamples) samples a side (fewest here: \(fewest)), so "
          + "\(undecided.count) point\(undecided.count == 1 ? " was" : "s were") left undecided")
    }
    if !onlyInBase.isEmpty { notes.append("\(onlyInBase.count) only in BASE") }
    if !onlyInNew.isEmpty { notes.append("\(onlyInNew.count) only in NEW") }
    if !notes.isEmpty { line += "; " + notes.joined(separator: "; ") }
    return line
  }

  /// The points as tables show them: regressions first, then improvements, then the rest, each in sweep order.
  public var pointsForDisplay: [PointComparison] {
    Verdict.allCases.flatMap { verdict in points.filter { $0.verdict == verdict } }
  }

  /// Parses `5%` (percent) or `0.05` (a fraction) into a fraction in (0, 1).
  /// - Throws: `CompareError.usage` with a one-line message for anything else.
  public static func parseThreshold(_ text: String) throws -> Double {
    let trimmed = text.trimmingCharacters(in: .whitespaces)
    let isPercent = trimmed.hasSuffix("%")
    let number = StrictNumber.decimal(isPercent ? String(trimmed.dropLast()) : trimmed)
    guard let number else {
      throw CompareError.usage(
        "invalid threshold '\(text)': expected a percentage such as 5% or a fraction such as 0.05")
    }
    let fraction = isPercent ? number / 100 : number
    guard fraction > 0, fraction < 1 else {
      throw CompareError.usage("invalid threshold '\(text)': must be between 0% and 100%")
    }
    return fraction
  }

  static func percent(_ fraction: Double) -> String {
    NumberFormat.compact(fraction * 100, digits: 4) + "%"
  }

  static func toolchain(_ name: String?, in record: RunRecord, side: String) throws -> ToolchainInfo {
    let names = record.toolchains.map(\.name)
    if let name {
      guard let info = record.toolchains.first(where: { $0.name == name }) else {
        throw CompareError.usage(
          "\(side) run \(record.runID) has no toolchain '\(name)' (it has \(names.joined(separator: ", ")))")
      }
      return info
    }
    guard record.toolchains.count == 1, let only = record.toolchains.first else {
      throw CompareError.usage(
        "\(side) run \(record.runID) holds \(names.count) toolchains (\(names.joined(separator: ", "))): "
          + "name the one to compare")
    }
    return only
  }
}
