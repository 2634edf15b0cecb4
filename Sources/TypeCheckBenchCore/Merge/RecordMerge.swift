import Generators

/// `bench merge`: joins the records of a sharded sweep into one record.
///
/// The merged record's cases are in canonical sweep order (`canonicalOrder`), its samples ordered by case, then
/// toolchain, then iteration; its provenance is the first input's with the earliest start, the latest finish (nil if
/// any input is unfinished), no shard, and `--shard` dropped from the command line. Every input's module builds,
/// import-only baselines, charted counters (`--counter`) and fidelity claims are kept, each once.
public enum RecordMerge {
  /// Joins `inputs` (each labelled with its file name for messages) into one record.
  /// - Parameters:
  ///   - runID: the merged record's id; nil takes the id of the input that started first, so merging the shards of
  ///     one CI run gives an id unique to that run.
  ///   - allowMismatch: merge even when bench version, git revision, measurement version, runs, warm-up, timeout,
  ///     charted counters or the identities (path, version text, flags) of same-named toolchains differ; the first
  ///     input's values are kept (of the counters, every input's). Inputs with different toolchain names merge
  ///     without it: a run per toolchain, merged, shows the toolchains side by side.
  ///   - allowDuplicates: merge even when a point (case and toolchain) is in several inputs; its samples are all
  ///     kept, later inputs' iterations numbered after earlier ones'.
  /// - Throws: `CompareError.data` with a one-line message naming the files.
  public static func merge(
    _ inputs: [(label: String, record: RunRecord)], runID: String? = nil, allowMismatch: Bool = false,
    allowDuplicates: Bool = false
  ) throws -> RunRecord {
    guard let (firstLabel, first) = inputs.first else { throw CompareError.usage("nothing to merge") }
    for (label, record) in inputs.dropFirst() {
      guard record.schemaVersion == first.schemaVersion else {
        throw CompareError.data(
          "cannot merge \(label) with \(firstLabel): schema versions differ (\(record.schemaVersion) vs "
            + "\(first.schemaVersion))")
      }
      guard record.frameworkForm == first.frameworkForm else {
        throw CompareError.data(
          "cannot merge \(label) with \(firstLabel): framework forms differ (\(record.frameworkForm.rawValue) vs "
            + "\(first.frameworkForm.rawValue)): their figures measure different work")
      }
      guard record.instructionMetering?.source == first.instructionMetering?.source else {
        let meter = { (record: RunRecord) in record.instructionMetering?.source.rawValue ?? "time only" }
        throw CompareError.data(
          "cannot merge \(label) with \(firstLabel): they were metered differently (\(meter(record)) vs "
            + "\(meter(first))): their instruction counts do not mix")
      }
      let differences = mismatches(record, first)
      if !differences.isEmpty && !allowMismatch {
        throw CompareError.data(
          "cannot merge \(label) with \(firstLabel): \(differences.joined(separator: "; ")) "
            + "(--allow-mismatch merges anyway)")
      }
    }

    var toolchains: [ToolchainInfo] = []
    var owner: [PointKey: String] = [:]
    var nextIteration: [PointKey: Int] = [:]
    var samples: [TypeCheckSample] = []
    var moduleBuilds: [ModuleBuild] = []
    var metering = first.instructionMetering
    for (label, record) in inputs {
      // Every shard counts the baselines it needs: keep each preamble and toolchain's first.
      for baseline in record.instructionMetering?.baselines ?? []
      where metering?.baseline(key: baseline.key, toolchain: baseline.toolchain) == nil {
        metering?.baselines.append(baseline)
      }
      // Every shard builds the modules it needs: keep each module and toolchain's first build.
      for build in record.moduleBuilds
      where !moduleBuilds.contains(where: { $0.module == build.module && $0.toolchain == build.toolchain }) {
        moduleBuilds.append(build)
      }
      for toolchain in record.toolchains where !toolchains.contains(where: { $0.name == toolchain.name }) {
        toolchains.append(toolchain)
      }
      let keys = Set(record.samples.map { PointKey($0) })
      let duplicates = keys.filter { owner[$0] != nil }.sorted { ($0.caseID, $0.toolchain) < ($1.caseID, $1.toolchain) }
      if let duplicate = duplicates.first, !allowDuplicates {
        throw CompareError.data(
          "cannot merge \(label): \(duplicates.count) point(s) also in \(owner[duplicate]!), first "
            + "\(duplicate.caseID) with \(duplicate.toolchain) (--allow-duplicates keeps both)")
      }
      var offset: [PointKey: Int] = [:]
      for key in keys {
        offset[key] = nextIteration[key] ?? 0
        if owner[key] == nil { owner[key] = label }
      }
      for var sample in record.samples {
        let key = PointKey(sample)
        sample.iteration += offset[key]!
        nextIteration[key] = max(nextIteration[key] ?? 0, sample.iteration + 1)
        samples.append(sample)
      }
    }

    // Checked after the points: a point measured twice is named more precisely than a shard given twice.
    let shards = ShardSet(inputs.map { ($0.label, $0.record.provenance) }, allowRepeats: allowDuplicates)
    if let problem = shards.problem, !allowMismatch {
      throw CompareError.data("cannot merge: \(problem) (--allow-mismatch merges anyway)")
    }
    var provenance = first.provenance
    let starts = inputs.map(\.record.provenance.startedAt)
    provenance.startedAt = starts.min()!
    let finishes = inputs.map(\.record.provenance.finishedAt)
    provenance.finishedAt = finishes.contains(nil) ? nil : finishes.compactMap { $0 }.max()
    (provenance.shard, provenance.commandLine) = shards.merged(first.provenance.commandLine)
    provenance.operatingSystem = distinct(inputs.map(\.record.provenance.operatingSystem))
    provenance.cpuModel = distinct(inputs.map(\.record.provenance.cpuModel))

    // The counters each input charts (`--counter`), every one kept (they differ only with --allow-mismatch).
    let counterLists = inputs.map(\.record.counters)
    var counters: [String]? = nil
    if counterLists.contains(where: { $0 != nil }) {
      var union: [String] = []
      for list in counterLists {
        for name in list ?? [StatName.constraintScopes] where !union.contains(name) { union.append(name) }
      }
      counters = union
    }
    // The claims of `bench fidelity` runs, each claim's first.
    var claims: [FidelityClaim]? = nil
    for claim in inputs.flatMap({ $0.record.fidelityClaims ?? [] })
    where !(claims ?? []).contains(where: { $0.name == claim.name }) {
      claims = (claims ?? []) + [claim]
    }

    let earliest = inputs.map(\.record).min { $0.provenance.startedAt < $1.provenance.startedAt }!
    let merged = RunRecord(
      schemaVersion: first.schemaVersion, runID: runID ?? earliest.runID, provenance: provenance,
      toolchains: toolchains,
      cases: Array(CaseSpec.byID(inputs.flatMap(\.record.cases)).values), samples: samples,
      frameworkForm: first.frameworkForm,
      moduleBuilds: moduleBuilds, counters: counters, fidelityClaims: claims, instructionMetering: metering)
    return canonicalized(merged)
  }

  /// Canonical sweep order: family (in declaration order), then series id in natural order (`k2` before `k11`), then
  /// axis value, then id. `bench run` writes its cases in this order too, so a merged record equals an unsharded one.
  public static func canonicalOrder(_ lhs: CaseSpec, _ rhs: CaseSpec) -> Bool {
    if lhs.family != rhs.family { return lhs.family < rhs.family }
    if lhs.seriesID != rhs.seriesID { return naturallyPrecedes(lhs.seriesID, rhs.seriesID) }
    return (lhs.axisValue, lhs.id) < (rhs.axisValue, rhs.id)
  }

  /// Compares strings with runs of digits compared as numbers.
  static func naturallyPrecedes(_ lhs: String, _ rhs: String) -> Bool {
    func runs(_ text: String) -> [(digits: Bool, text: Substring)] {
      var result: [(Bool, Substring)] = []
      var start = text.startIndex
      while start < text.endIndex {
        let isDigit = text[start].isASCII && text[start].isNumber
        let end = text[start...].firstIndex { ($0.isASCII && $0.isNumber) != isDigit } ?? text.endIndex
        result.append((isDigit, text[start..<end]))
        start = end
      }
      return result
    }
    for (left, right) in zip(runs(lhs), runs(rhs)) where left.text != right.text {
      if left.digits && right.digits, let a = Int(left.text), let b = Int(right.text), a != b { return a < b }
      return left.text < right.text
    }
    return lhs.count < rhs.count
  }

  /// `record` with its cases in canonical order and its samples by case, toolchain and iteration.
  public static func canonicalized(_ record: RunRecord) -> RunRecord {
    var copy = record
    copy.cases = record.cases.sorted(by: canonicalOrder)
    let order = PointOrder(copy)
    // Sorting indices keeps samples that tie on every key (duplicates) in their input order.
    let indices = record.samples.indices.sorted { lhs, rhs in
      let left = record.samples[lhs]
      let right = record.samples[rhs]
      let leftKey = PointKey(caseID: left.caseID, toolchain: left.toolchain)
      let rightKey = PointKey(caseID: right.caseID, toolchain: right.toolchain)
      if leftKey != rightKey { return order.areInIncreasingOrder(leftKey, rightKey) }
      // A point's instrumented compile (iteration 0) comes first, as bench run takes it.
      return (left.iteration, left.pass == .instrumented ? 0 : 1, lhs)
        < (right.iteration, right.pass == .instrumented ? 0 : 1, rhs)
    }
    copy.samples = indices.map { record.samples[$0] }
    return copy
  }

  /// What differs between two records' provenance and toolchains, in words.
  static func mismatches(_ record: RunRecord, _ reference: RunRecord) -> [String] {
    let this = record.provenance
    let that = reference.provenance
    var differences: [String] = []
    func check<Value: Equatable>(_ name: String, _ lhs: Value, _ rhs: Value) {
      if lhs != rhs { differences.append("\(name) differ (\(lhs) vs \(rhs))") }
    }
    check("bench versions", this.benchVersion, that.benchVersion)
    check("git revisions", this.gitRevision ?? "unknown", that.gitRevision ?? "unknown")
    check("measurement versions", this.measurementVersion, that.measurementVersion)
    check("runs", this.runs, that.runs)
    check("warm-ups", this.warmup, that.warmup)
    check("timeouts", this.timeoutSeconds, that.timeoutSeconds)
    check(
      "counters", (record.counters ?? [StatName.constraintScopes]).joined(separator: ", "),
      (reference.counters ?? [StatName.constraintScopes]).joined(separator: ", "))
    let names = Set(record.toolchains.map(\.name)).union(reference.toolchains.map(\.name)).sorted()
    for name in names {
      let lhs = record.toolchains.first { $0.name == name }
      let rhs = reference.toolchains.first { $0.name == name }
      // A toolchain in one input only is what merging runs of different toolchains (the side-by-side view) is for.
      guard let lhs, let rhs else { continue }
      if lhs.swiftcPath != rhs.swiftcPath || lhs.versionText != rhs.versionText || lhs.extraFlags != rhs.extraFlags {
        differences.append("toolchain \(name) differs (path, version or flags)")
      }
    }
    return differences
  }

  /// `arguments` without `--shard i/n` or `--shard=i/n` (and `options` with their values too).
  static func withoutShardArgument(_ arguments: [String], options: Set<String> = ["--shard"]) -> [String] {
    var result: [String] = []
    var skipNext = false
    for argument in arguments {
      if skipNext {
        skipNext = false
      } else if options.contains(argument) {
        skipNext = true
      } else if !options.contains(where: { argument.hasPrefix($0 + "=") }) {
        result.append(argument)
      }
    }
    return result
  }

  /// The distinct values in first-seen order, joined by ` | ` (shards may run on different machines).
  static func distinct(_ values: [String]) -> String {
    var seen: [String] = []
    for value in values where !seen.contains(value) { seen.append(value) }
    return seen.joined(separator: " | ")
  }
}

/// The shards among a merge's inputs: whether they are one complete set of one sweep, and what the merged record
/// says it ran.
public struct ShardSet: Sendable {
  /// Each input's label and shard (nil for a whole run).
  var inputs: [(label: String, shard: ShardSpec?, sweep: [String])]
  /// Why the inputs are not one complete set of one sweep's shards, or nil (also for inputs without shards: runs
  /// per toolchain merge side by side).
  public private(set) var problem: String?

  /// The options that say where a run is written or how it prints, not what it measures: left out when shards'
  /// command lines are compared and of the merged command line.
  static let placementOptions: Set<String> = ["--shard", "--output", "-o", "--results"]

  /// - Parameter allowRepeats: a shard may be given more than once (`--allow-duplicates`).
  init(_ inputs: [(label: String, provenance: Provenance)], allowRepeats: Bool = false) {
    self.inputs = inputs.map { input in
      (
        input.label, input.provenance.shard.flatMap { try? ShardSpec(parsing: $0) },
        RecordMerge.withoutShardArgument(input.provenance.commandLine, options: Self.placementOptions).filter {
          $0 != "--quiet"
        }
      )
    }
    problem = Self.problem(self.inputs, allowRepeats: allowRepeats)
  }

  private static func problem(_ inputs: [(label: String, shard: ShardSpec?, sweep: [String])], allowRepeats: Bool)
    -> String?
  {
    let sharded = inputs.filter { $0.shard != nil }
    guard let first = sharded.first, let count = first.shard?.count else { return nil }
    if let whole = inputs.first(where: { $0.shard == nil }) {
      return "\(first.label) is shard \(first.shard!) but \(whole.label) is a whole run"
    }
    if let other = sharded.first(where: { $0.shard!.count != count }) {
      return "shard counts differ (\(first.label) is shard \(first.shard!), \(other.label) shard \(other.shard!))"
    }
    if let other = sharded.first(where: { $0.sweep != first.sweep }) {
      return
        "\(first.label) and \(other.label) are shards of different sweeps ('\(first.sweep.joined(separator: " "))' vs "
        + "'\(other.sweep.joined(separator: " "))')"
    }
    var seen: [Int: String] = [:]
    for input in sharded {
      if let earlier = seen[input.shard!.index], !allowRepeats {
        return "shard \(input.shard!) is given twice (\(earlier) and \(input.label))"
      }
      seen[input.shard!.index] = seen[input.shard!.index] ?? input.label
    }
    let missing = (1...count).filter { seen[$0] == nil }
    if !missing.isEmpty {
      return "the shards are incomplete: \(missing.map { "\($0)/\(count)" }.joined(separator: ", ")) missing (only "
        + "\(seen.keys.sorted().map { "\($0)/\(count)" }.joined(separator: ", ")) given)"
    }
    return nil
  }

  /// The merged record's shard and command line: for a complete set of one sweep, no shard and the sweep's command
  /// line (the first's without `--shard` and its output); otherwise the shards given and the merge itself (`bench
  /// merge` and the inputs), never one shard's command line as if it were the whole sweep's.
  func merged(_ firstCommandLine: [String]) -> (shard: String?, commandLine: [String]) {
    let sharded = inputs.filter { $0.shard != nil }
    if sharded.isEmpty { return (nil, RecordMerge.withoutShardArgument(firstCommandLine)) }
    if problem == nil { return (nil, inputs[0].sweep) }
    let given = sharded.map { $0.shard!.description }.joined(separator: ", ")
    return ("only \(given)", ["bench", "merge"] + inputs.map(\.label) + ["--allow-mismatch"])
  }
}
