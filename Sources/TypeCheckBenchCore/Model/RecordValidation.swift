import Foundation
import Escaping

/// Checks decoded records and samples for values no real run produces, and reads run records with one-line errors.
public enum RecordValidation {
  /// Errors name what is wrong in one line; the caller adds the file.
  public struct Problem: Error, CustomStringConvertible {
    public var description: String
  }

  /// Rejects NaN, infinite, negative or absurd measurements.
  public static func validate(_ sample: TypeCheckSample) throws {
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
    guard sample.iteration >= 0 else { throw Problem(description: "negative iteration for \(sample.caseID)") }
  }

  /// Checks a whole record: its schema version, its cases and samples.
  public static func validate(_ record: RunRecord) throws {
    guard record.schemaVersion == RunRecord.currentSchemaVersion else {
      throw Problem(
        description: "schema version \(record.schemaVersion) is not supported (this bench reads version "
          + "\(RunRecord.currentSchemaVersion))")
    }
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
  }

  /// Decodes and validates a run record from JSON data.
  /// - Throws: `Problem` with a one-line description (truncated, not JSON, wrong schema, bad values).
  public static func decodeRecord(_ data: Data) throws -> RunRecord {
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
    guard version == RunRecord.currentSchemaVersion else {
      throw Problem(
        description: "schema version \(version) is not supported (this bench reads version "
          + "\(RunRecord.currentSchemaVersion))")
    }
    let record: RunRecord
    do {
      record = try JSONFormat.decode(RunRecord.self, from: data)
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

  /// Why `data` is not a JSON object: empty, not JSON at all, or JSON of another shape.
  private static func problemWithTopLevel(_ data: Data) -> String {
    if data.allSatisfy({ [0x20, 0x09, 0x0A, 0x0D].contains($0) }) { return "the file is empty" }
    guard let value = try? JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed]) else {
      return "not valid JSON (truncated or corrupted)"
    }
    let shape = value is [Any] ? "an array" : (value is String ? "a string" : (value is NSNull ? "null" : "a number"))
    return "not a bench run record (the JSON is \(shape), not an object)"
  }

  private static func path(_ keys: [CodingKey]) -> String {
    keys.map { $0.intValue.map { "[\($0)]" } ?? $0.stringValue }.joined(separator: ".")
  }
}
