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
    guard let first = inputs.first?.record else { throw CompareError.usage("nothing to merge") }
    try checkCompatible(inputs, allowMismatch: allowMismatch)

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
    let provenance = mergedProvenance(inputs, shards: shards)
    let counters = mergedCounters(inputs)
    let claims = mergedClaims(inputs)

    let earliest = inputs.map(\.record).min { $0.provenance.startedAt < $1.provenance.startedAt }!
    let merged = RunRecord(
      schemaVersion: first.schemaVersion, runID: runID ?? earliest.runID, provenance: provenance,
      toolchains: toolchains,
      cases: Array(CaseSpec.byID(inputs.flatMap(\.record.cases)).values), samples: samples,
      frameworkForm: first.frameworkForm,
      moduleBuilds: moduleBuilds, counters: counters, fidelityClaims: claims, instructionMetering: metering)
    return canonicalized(merged)
  }

  /// Refuses inputs that cannot be one sweep: another schema version, framework form or meter, or (without
  /// `allowMismatch`) another bench, revision, measurement or toolchain identity (`mismatches`).
  static func checkCompatible(_ inputs: [(label: String, record: RunRecord)], allowMismatch: Bool) throws {
    guard let (firstLabel, first) = inputs.first else { return }
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
  }

  /// The first input's provenance with the earliest start, the latest finish (nil if any input is unfinished), the
  /// shards' command line without `--shard`, and the hosts' operating systems and CPUs (one when all agree).
  static func mergedProvenance(_ inputs: [(label: String, record: RunRecord)], shards: ShardSet) -> Provenance {
    let first = inputs[0].record
    var provenance = first.provenance
    let starts = inputs.map(\.record.provenance.startedAt)
    provenance.startedAt = starts.min()!
    let finishes = inputs.map(\.record.provenance.finishedAt)
    provenance.finishedAt = finishes.contains(nil) ? nil : finishes.compactMap { $0 }.max()
    (provenance.shard, provenance.commandLine) = shards.merged(first.provenance.commandLine)
    provenance.operatingSystem = distinct(inputs.map(\.record.provenance.operatingSystem))
    provenance.cpuModel = distinct(inputs.map(\.record.provenance.cpuModel))

    return provenance
  }

  /// The counters each input charts (`--counter`), every one kept (they differ only with --allow-mismatch); nil
  /// when no input names any.
  static func mergedCounters(_ inputs: [(label: String, record: RunRecord)]) -> [String]? {
    let counterLists = inputs.map(\.record.counters)
    var counters: [String]? = nil
    if counterLists.contains(where: { $0 != nil }) {
      var union: [String] = []
      for list in counterLists {
        for name in list ?? [StatName.constraintScopes] where !union.contains(name) { union.append(name) }
      }
      counters = union
    }
    return counters
  }

  /// The claims of `bench fidelity` runs, each claim's first; nil when no input has any.
  static func mergedClaims(_ inputs: [(label: String, record: RunRecord)]) -> [FidelityClaim]? {
    var claims: [FidelityClaim]? = nil
    for claim in inputs.flatMap({ $0.record.fidelityClaims ?? [] })
    where !(claims ?? []).contains(where: { $0.name == claim.name }) {
      claims = (claims ?? []) + [claim]
    }

    return claims
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
