/// The ways BASE and NEW may not be comparable, each said in one line by `bench compare`.
enum ComparisonMismatch {
  /// Differences of host: CPU model, core count, operating system. Time measured on different hosts compares the
  /// machines as much as the compilers; constraint scopes do not depend on the machine.
  static func hostDifferences(base: Provenance, new: Provenance) -> [String] {
    var lines: [String] = []
    if base.cpuModel != new.cpuModel {
      lines.append("host CPUs differ (BASE \(base.cpuModel), NEW \(new.cpuModel))")
    }
    if base.coreCount != new.coreCount {
      lines.append("core counts differ (BASE \(base.coreCount), NEW \(new.coreCount))")
    }
    if base.operatingSystem != new.operatingSystem {
      lines.append("operating systems differ (BASE \(base.operatingSystem), NEW \(new.operatingSystem))")
    }
    return lines
  }

  /// Differences of what was measured and how: measurement version, flags, case sources.
  /// - Parameter matchedCases: the case ids measured on both sides.
  static func otherDifferences(
    base: RunRecord, new: RunRecord, baseToolchain: ToolchainInfo, newToolchain: ToolchainInfo,
    matchedCases: Set<String>
  ) -> [String] {
    var lines: [String] = []
    if base.provenance.measurementVersion != new.provenance.measurementVersion {
      lines.append(
        "measurement versions differ (BASE \(base.provenance.measurementVersion), "
          + "NEW \(new.provenance.measurementVersion)): times may not be comparable")
    }
    // One compiler's files (the same size and time of swiftc and swift-frontend) cannot answer two versions: one
    // record claims a version its compiler does not have.
    if let fingerprint = baseToolchain.executableFingerprint, fingerprint == newToolchain.executableFingerprint,
      baseToolchain.versionText != newToolchain.versionText
    {
      lines.append(
        "BASE's \(baseToolchain.name) and NEW's \(newToolchain.name) carry one compiler fingerprint (\(fingerprint)) "
          + "under two versions (Swift \(baseToolchain.version), Swift \(newToolchain.version)): the same files cannot "
          + "be both; one record's version is not its compiler's (was a run.json edited?)")
    }
    if baseToolchain.extraFlags != newToolchain.extraFlags {
      lines.append(
        "compiler flags differ (BASE \(flags(baseToolchain)), NEW \(flags(newToolchain)))")
    }
    if let sources = caseSourceDifference(
      base: base, new: new, baseToolchain: baseToolchain, newToolchain: newToolchain, matchedCases: matchedCases)
    {
      lines.append(sources)
    }
    return lines
  }

  /// Whether the matched cases' generated sources differ. A sample's cache key hashes its source with the compiler
  /// identity, flags, measurement version, host and meter, so when those are the same on both sides, equal keys mean
  /// equal sources and different keys different sources (a metered and a timed run of identical cases, or two
  /// machines, have different keys for the same sources). Otherwise the bench revisions stand in: different
  /// revisions may generate different sources.
  static func caseSourceDifference(
    base: RunRecord, new: RunRecord, baseToolchain: ToolchainInfo, newToolchain: ToolchainInfo,
    matchedCases: Set<String>
  ) -> String? {
    let meter = { (record: RunRecord) in
      record.instructionMetering.map { [$0.source.rawValue, $0.detail] } ?? []
    }
    let sameCompiler =
      baseToolchain.swiftcPath == newToolchain.swiftcPath && baseToolchain.versionText == newToolchain.versionText
      && baseToolchain.extraFlags == newToolchain.extraFlags
      && base.provenance.measurementVersion == new.provenance.measurementVersion
      && meter(base) == meter(new) && base.provenance.cpuModel == new.provenance.cpuModel
      && base.provenance.operatingSystem == new.provenance.operatingSystem
      && base.provenance.coreCount == new.provenance.coreCount
    let baseKeys = keys(base, toolchain: baseToolchain.name, cases: matchedCases)
    let newKeys = keys(new, toolchain: newToolchain.name, cases: matchedCases)
    let both = matchedCases.filter { baseKeys[$0] != nil && newKeys[$0] != nil }
    if sameCompiler && !both.isEmpty && both.count == matchedCases.count {
      let differing = both.filter { baseKeys[$0] != newKeys[$0] }.sorted()
      guard let first = differing.first else { return nil }
      return "case sources differ for \(differing.count) of \(matchedCases.count) matched cases (first \(first)): "
        + "the two sides compiled different code"
    }
    let baseRevision = base.provenance.gitRevision ?? "unknown"
    let newRevision = new.provenance.gitRevision ?? "unknown"
    guard base.provenance.benchVersion != new.provenance.benchVersion || baseRevision != newRevision else {
      return nil
    }
    return "bench revisions differ (BASE \(base.provenance.benchVersion) \(baseRevision), NEW "
      + "\(new.provenance.benchVersion) \(newRevision)): the generated case sources may differ"
  }

  /// The first cache key of each case's samples with `toolchain`.
  static func keys(_ record: RunRecord, toolchain: String, cases: Set<String>) -> [String: String] {
    var keys: [String: String] = [:]
    for sample in record.samples where sample.toolchain == toolchain && cases.contains(sample.caseID) {
      if keys[sample.caseID] == nil, let key = sample.cacheKey { keys[sample.caseID] = key }
    }
    return keys
  }

  static func flags(_ toolchain: ToolchainInfo) -> String {
    toolchain.extraFlags.isEmpty ? "none" : "`\(toolchain.extraFlags.joined(separator: " "))`"
  }
}
