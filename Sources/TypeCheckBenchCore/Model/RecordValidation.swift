import Escaping
import Foundation
import Generators

/// Checks decoded records and samples for values no real run produces, and reads run records with one-line errors.
public enum RecordValidation {
  /// Errors name what is wrong in one line; the caller adds the file.
  public struct Problem: Error, CustomStringConvertible {
    public var description: String
  }

  /// Rejects identifiers outside `RecordID`'s character set, and NaN, infinite, negative or absurd measurements.
  public static func validate(_ sample: TypeCheckSample) throws {
    for (id, field) in [(sample.caseID, "case id"), (sample.toolchain, "toolchain name")] {
      if let problem = RecordID.problem(id, field: field) { throw Problem(description: problem) }
    }
    func check(_ value: Double, _ name: String, max: Double) throws {
      guard value.isFinite else { throw Problem(description: "\(name) of \(sample.caseID) is not a finite number") }
      guard value >= 0 else { throw Problem(description: "\(name) of \(sample.caseID) is negative (\(value))") }
      guard value <= max else { throw Problem(description: "\(name) of \(sample.caseID) is absurd (\(value))") }
    }
    let day = 86_400.0
    try check(sample.wallSeconds, "wall time", max: day)
    try check(sample.userSeconds, "user time", max: day)
    try check(sample.systemSeconds, "system time", max: day)
    try check(Double(sample.maxRSSBytes), "peak memory", max: 1e15)
    if let milliseconds = sample.caseMilliseconds { try check(milliseconds, "case time", max: day * 1000) }
    for (name, value) in sample.stats { try check(value, name, max: 1e18) }
    if let instructions = sample.instructions { try check(instructions, "instructions", max: 1e18) }
    if let baseline = sample.baselineInstructions { try check(baseline, "baseline instructions", max: 1e18) }
    for entry in sample.bodies + sample.expressions { try check(entry.milliseconds, "a timing entry", max: day * 1000) }
    guard sample.iteration >= 0 else { throw Problem(description: "negative iteration for \(sample.caseID)") }
  }

  /// `sample` as taken, when its values are in range; else the same compile recorded as `bad-data`: the values out
  /// of range removed (statistics) or zeroed (times, memory), and `detail` naming them, so that one absurd figure from
  /// a compiler is a finding about that sample and never a trap or an unreadable run.
  public static func quarantined(_ sample: TypeCheckSample) -> TypeCheckSample {
    let problem: Error
    do {
      try validate(sample)
      return sample
    } catch {
      problem = error
    }
    var problems: [String] = []
    var kept = sample
    func inRange(_ value: Double, max: Double) -> Bool { value.isFinite && value >= 0 && value <= max }
    let day = 86_400.0
    for (name, keyPath) in [
      ("wall time", \TypeCheckSample.wallSeconds), ("user time", \.userSeconds), ("system time", \.systemSeconds),
    ] where !inRange(sample[keyPath: keyPath], max: day) {
      problems.append("\(name) \(sample[keyPath: keyPath])")
      kept[keyPath: keyPath] = 0
    }
    if !inRange(Double(sample.maxRSSBytes), max: 1e15) {
      problems.append("peak memory \(sample.maxRSSBytes)")
      kept.maxRSSBytes = 0
    }
    if let milliseconds = sample.caseMilliseconds, !inRange(milliseconds, max: day * 1000) {
      problems.append("case time \(milliseconds) ms")
      kept.caseMilliseconds = nil
    }
    for (name, value) in sample.stats.sorted(by: { $0.key < $1.key }) where !inRange(value, max: 1e18) {
      problems.append("\(name) \(value)")
      kept.stats[name] = nil
    }
    for (name, keyPath) in [
      ("instructions", \TypeCheckSample.instructions), ("baseline instructions", \.baselineInstructions),
    ] {
      if let value = sample[keyPath: keyPath], !inRange(value, max: 1e18) {
        problems.append("\(name) \(value)")
        kept[keyPath: keyPath] = nil
      }
    }
    let badEntries = (sample.bodies + sample.expressions).filter { !inRange($0.milliseconds, max: day * 1000) }
    if !badEntries.isEmpty {
      problems.append("\(badEntries.count) timing entr\(badEntries.count == 1 ? "y" : "ies") out of range")
      kept.bodies = sample.bodies.filter { inRange($0.milliseconds, max: day * 1000) }
      kept.expressions = sample.expressions.filter { inRange($0.milliseconds, max: day * 1000) }
    }
    kept.iteration = max(0, sample.iteration)
    kept.outcome = .badData
    let was = sample.outcome == .ok ? "" : " (the compile was \(sample.outcome.rawValue))"
    // A problem no value explains (an identifier: the command line refuses those first) is named as it is.
    kept.detail =
      problems.isEmpty ? "\(problem)" + was : "out of range: " + problems.joined(separator: ", ") + was
    return kept
  }

  /// Checks a whole record: its schema version, its cases and samples.
  public static func validate(_ record: RunRecord) throws {
    guard RunRecord.readableSchemaVersions.contains(record.schemaVersion) else {
      throw Problem(description: unsupported(record.schemaVersion))
    }
    try validateMeasurementVersion(record.provenance, readable: RunRecord.readableMeasurementVersions)
    try validateLimits(record)
    if let problem = RecordID.problem(record.runID, field: "run id") { throw Problem(description: problem) }
    try validate(record.toolchains)
    let caseIDs = Set(record.cases.map(\.id))
    let toolchains = Set(record.toolchains.map(\.name))
    for sample in record.samples {
      try validate(sample)
      guard caseIDs.contains(sample.caseID) else {
        throw Problem(description: "sample for unknown case \(sample.caseID)")
      }
      guard toolchains.contains(sample.toolchain) else {
        throw Problem(description: "sample for unknown toolchain \(sample.toolchain)")
      }
    }
    for build in record.moduleBuilds {
      guard toolchains.contains(build.toolchain) else {
        throw Problem(description: "module build for unknown toolchain \(build.toolchain)")
      }
      let values = [("wall time", build.wallSeconds)] + build.stats.map { ($0.key, $0.value) }
      for (name, value) in values where !(value.isFinite && value >= 0 && value <= 1e18) {
        throw Problem(description: "\(name) of module \(build.module) is not a plausible number")
      }
    }
    for claim in record.fidelityClaims ?? [] {
      if let problem = RecordID.problem(claim.name, field: "fidelity claim name") {
        throw Problem(description: problem)
      }
      if let unknown = (claim.miniatureCases + claim.sdkCases).first(where: { !caseIDs.contains($0) }) {
        throw Problem(description: "fidelity claim \(claim.name) names unknown case \(unknown)")
      }
    }
  }

  /// Refuses a measurement version no bench measured with (-1, 0, or one beyond this bench's).
  public static func validateMeasurementVersion(_ provenance: Provenance, readable: ClosedRange<Int>) throws {
    let version = provenance.measurementVersion
    guard readable.contains(version) else {
      let (low, high) = (readable.lowerBound, readable.upperBound)
      let versions = low == high ? "version \(low)" : "versions \(low) to \(high)"
      throw Problem(
        description: "provenance.measurementVersion is \(version): this bench reads measurement \(versions) (a later "
          + "bench measured it, or the file was edited)")
    }
  }

  /// Checks the toolchains a record names, as the command line made them: each name an identifier, once; a path; a
  /// version that is the one its version text gives, with the same build kind; a fingerprint in the form bench
  /// takes (`swiftc:SIZE@MTIME swift-frontend:SIZE@MTIME`).
  public static func validate(_ toolchains: [ToolchainInfo]) throws {
    var names: Set<String> = []
    for toolchain in toolchains {
      let name = toolchain.name
      if let problem = RecordID.problem(name, field: "toolchain name") { throw Problem(description: problem) }
      guard names.insert(name).inserted else { throw Problem(description: "toolchain \(name) is named twice") }
      guard !toolchain.swiftcPath.isEmpty, !toolchain.swiftcPath.contains(where: \.isNewline) else {
        throw Problem(description: "toolchain \(name) has no compiler path")
      }
      guard let parsed = SwiftCompilerVersion(versionText: toolchain.versionText) else {
        throw Problem(description: "toolchain \(name)'s version text is not a Swift compiler's")
      }
      guard parsed.version == toolchain.version, parsed.assertionsEnabled == toolchain.assertionsEnabled else {
        throw Problem(
          description: "toolchain \(name) claims Swift \(toolchain.version)"
            + "\(toolchain.assertionsEnabled ? " (assertions)" : "") where its version text says \(parsed.version)"
            + "\(parsed.assertionsEnabled ? " (assertions)" : "")")
      }
      if let fingerprint = toolchain.executableFingerprint, !isFingerprint(fingerprint) {
        throw Problem(description: "toolchain \(name)'s fingerprint '\(fingerprint.prefix(80))' is not one bench takes")
      }
    }
  }

  /// True for `NAME:SIZE@MTIME` (a large file) or `NAME:SIZE#HASH` (a script, by content) parts separated by one
  /// space, as `ToolchainLocator.fingerprint` writes them.
  static func isFingerprint(_ text: String) -> Bool {
    let parts = text.split(separator: " ", omittingEmptySubsequences: false)
    guard (1...2).contains(parts.count) else { return false }
    return parts.allSatisfy { part in
      guard let colon = part.lastIndex(of: ":"),
        let mark = part.lastIndex(where: { $0 == "@" || $0 == "#" }), colon < mark
      else { return false }
      let name = part[..<colon]
      let size = part[part.index(after: colon)..<mark]
      let rest = part[part.index(after: mark)...]
      let restValid =
        part[mark] == "@" ? Int64(rest) != nil : !rest.isEmpty && rest.allSatisfy { $0.isHexDigit }
      return !name.isEmpty && Int64(size).map { $0 >= 0 } == true && restValid
    }
  }

  /// Checks the record's plan against the command line's limits (`SweepLimits`, each case parameter's declaration),
  /// naming the field and the limit.
  public static func validateLimits(_ record: RunRecord) throws {
    func check(_ value: Int, _ field: String, _ limit: SweepLimits.Limit) throws {
      guard limit.range.contains(value) else {
        throw Problem(description: "\(field) is \(value), outside the limit \(limit.text)")
      }
    }
    let provenance = record.provenance
    try check(provenance.runs, "provenance.runs", SweepLimits.runs)
    try check(provenance.warmup, "provenance.warmup", SweepLimits.warmup)
    try check(provenance.jobs, "provenance.jobs", SweepLimits.jobs)
    guard SweepLimits.timeoutSeconds.contains(provenance.timeoutSeconds) else {
      throw Problem(
        description: "provenance.timeoutSeconds is \(provenance.timeoutSeconds), outside the limit "
          + "\(SweepLimits.timeoutSeconds.lowerBound)...\(SweepLimits.timeoutSeconds.upperBound) (as for --timeout)")
    }
    for (index, spec) in record.cases.enumerated() {
      // Every value the case holds, each against its parameter's declaration (the built-in ones whatever the family).
      for parameter in ParameterSpec.builtIn + spec.family.descriptor.valueParameters where !parameter.isCaseField {
        guard spec.values[parameter.name] != nil, let value = spec[parameter],
          let problem = parameter.problem(with: value)
        else { continue }
        throw Problem(description: "cases.[\(index)].\(parameter.recordKey) is \(problem)")
      }
    }
  }

  /// Decodes and validates a run record from JSON data; its cases' families are among `families` (or a template's,
  /// built from the case itself).
  /// - Throws: `Problem` with a one-line description (truncated, not JSON, wrong schema, bad values).
  public static func decodeRecord(_ data: Data, families: FamilySet = .builtIn) throws -> RunRecord {
    // Read the version first so that a future schema gets a clear message instead of a missing-key error.
    struct Versioned: Decodable { var schemaVersion: Int? }
    let versioned: Versioned
    do {
      versioned = try JSONFormat.decode(Versioned.self, from: data)
    } catch DecodingError.typeMismatch(_, let context) where !context.codingPath.isEmpty {
      throw Problem(description: "wrong type at '\(path(context.codingPath))'")
    } catch {
      throw Problem(description: problemWithTopLevel(data))
    }
    guard let version = versioned.schemaVersion else {
      throw Problem(description: "not a bench run record (no schemaVersion)")
    }
    guard RunRecord.readableSchemaVersions.contains(version) else {
      throw Problem(description: unsupported(version))
    }
    let record: RunRecord
    do {
      let decoder = JSONFormat.decoder()
      decoder.userInfo[.caseFamilies] = families
      record = try decoder.decode(RunRecord.self, from: data)
    } catch let DecodingError.keyNotFound(key, context) {
      throw Problem(description: "missing field '\(path(context.codingPath + [key]))'")
    } catch let DecodingError.typeMismatch(_, context) {
      throw Problem(description: "wrong type at '\(path(context.codingPath))'")
    } catch let DecodingError.valueNotFound(_, context) {
      throw Problem(description: "missing value at '\(path(context.codingPath))'")
    } catch let DecodingError.dataCorrupted(context) {
      throw Problem(description: "bad value at '\(path(context.codingPath))'")
    } catch {
      throw Problem(description: "cannot decode the record")
    }
    try validate(record)
    return record
  }

  private static func unsupported(_ version: Int) -> String {
    let versions = RunRecord.readableSchemaVersions
    return "schema version \(version) is not supported (this bench reads versions \(versions.lowerBound) to "
      + "\(versions.upperBound))"
  }

  /// Why `data` is not a JSON object: empty, not JSON at all, or JSON of another shape.
  private static func problemWithTopLevel(_ data: Data) -> String {
    if data.allSatisfy({ [0x20, 0x09, 0x0A, 0x0D].contains($0) }) { return "the file is empty" }
    guard let value = try? JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed]) else {
      // The decoders refuse JSON nested deeper than a few hundred levels: valid, but no run record (which nests
      // about six levels deep).
      let depth = nestingDepth(data)
      if depth > maximumNesting {
        return "not a bench run record (the JSON nests \(depth) levels deep; bench reads at most \(maximumNesting))"
      }
      return "not valid JSON (truncated or corrupted)"
    }
    let shape = value is [Any] ? "an array" : (value is String ? "a string" : (value is NSNull ? "null" : "a number"))
    return "not a bench run record (the JSON is \(shape), not an object)"
  }

  /// The deepest nesting bench's JSON decoders read (Foundation's limit is 512).
  static let maximumNesting = 500

  /// The deepest nesting of arrays and objects in `data`, counted on the bytes (strings skipped), whether or not the
  /// JSON is valid.
  static func nestingDepth(_ data: Data) -> Int {
    var depth = 0
    var deepest = 0
    var inString = false
    var escaped = false
    for byte in data {
      if inString {
        if escaped {
          escaped = false
        } else if byte == UInt8(ascii: "\\") {
          escaped = true
        } else if byte == UInt8(ascii: "\"") {
          inString = false
        }
        continue
      }
      switch byte {
      case UInt8(ascii: "\""): inString = true
      case UInt8(ascii: "["), UInt8(ascii: "{"):
        depth += 1
        deepest = max(deepest, depth)
      case UInt8(ascii: "]"), UInt8(ascii: "}"): depth = max(0, depth - 1)
      default: break
      }
    }
    return deepest
  }

  private static func path(_ keys: [CodingKey]) -> String {
    keys.map { $0.intValue.map { "[\($0)]" } ?? $0.stringValue }.joined(separator: ".")
  }
}
