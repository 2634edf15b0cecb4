import Foundation
import TypeCheckBenchCore

/// The options that bound a sweep's size (`SweepSize.check` holds a sweep to them).
extension SweepSize {
  /// `--max-compiles` and `--max-generated-mb`, the limits of a sweep (`generate` takes only the second: it compiles
  /// nothing).
  public struct Limits: Sendable {
    public var maxCompiles = Option<Int>.integer(
      "--max-compiles", default: "\(SweepLimits.defaultMaxCompiles)", minimum: 1, maximum: 1_000_000_000,
      help: "Refuse a sweep of more compiles than this.")
    public var maxGeneratedMegabytes = SweepSize.maxGeneratedMegabytes
  }
  static let maxGeneratedMegabytes = Option<Int>.integer(
    "--max-generated-mb", default: "\(SweepLimits.defaultMaxGeneratedBytes / 1_000_000)", minimum: 1,
    maximum: 1_000_000_000, help: "Refuse a sweep generating more sources than this, in MB.")

  /// Reads `--max-compiles` and `--max-generated-mb` (defaults from `SweepLimits`).
  static func limits<Options: Sendable>(_ parsed: ParsedArguments<Options>, _ key: KeyPath<Options, Limits>) throws -> (
    compiles: Int, bytes: Int
  ) {
    let compiles = try parsed.valueOrDefault(key.appending(path: \.maxCompiles))
    let megabytes = try parsed.valueOrDefault(key.appending(path: \.maxGeneratedMegabytes))
    return (compiles, megabytes * 1_000_000)
  }
}
