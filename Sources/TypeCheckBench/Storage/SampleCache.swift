import Foundation
import Generators
import TypeCheckBenchCore

/// Finds samples of an earlier run that measured exactly what a new run would, so `bench run --reuse` copies them
/// instead of compiling again.
///
/// A sample's key hashes everything its value depends on: the generated source text, the compiler (path, full
/// `--version` text and the fingerprint of its files, a wrapper's those of the compiler it runs), every flag passed to it, the measurement method's version, and the host facts that change
/// times (CPU model, core count, operating system). Any change to one of them, such as a generator change that alters
/// the source by one character or a run on another machine, gives a new key and a fresh compile.
public enum SampleCache {
  /// The facts of the measuring machine that change times.
  public struct Host: Hashable, Sendable {
    public var cpuModel: String
    public var coreCount: Int
    public var operatingSystem: String
  }

  /// The cache key of compiling `source` with `toolchain` on `host` under measurement method `measurementVersion`.
  /// With `metering`, the instruction source and its version are part of what the sample measured.
  public static func key(
    source: String, toolchain: ToolchainInfo, measurementVersion: Int, host: Host,
    metering: InstructionMetering? = nil
  ) -> String {
    // Lengths before each free-form part keep the encoding unambiguous: no two inputs share a text.
    let flags = [MeasurementFlags.methodDescription(metered: metering != nil)] + toolchain.extraFlags
    var text = "typecheckbench-sample-cache 3\nmeasurement \(measurementVersion)\ncores \(host.coreCount)\n"
    if let metering {
      text += "instructions \(metering.source.rawValue.utf8.count):\(metering.source.rawValue)"
      text += " \(metering.detail.utf8.count):\(metering.detail)\n"
    }
    // The fingerprint tells a compiler replaced in place (or the root behind a wrapper upgraded) from the old one.
    let compiler = [toolchain.swiftcPath, toolchain.versionText, toolchain.executableFingerprint ?? ""]
    for part in [host.cpuModel, host.operatingSystem] + compiler + flags + [source] {
      text += "\(part.utf8.count):\(part)\n"
    }
    return "fnv1a64-" + FNV1a.hex(text)
  }

  /// The samples of `source` (an earlier run's samples) that `record`'s plan can use as they are, renamed to the
  /// plan's case ids and toolchain names.
  ///
  /// Timeouts are never reused (they depend on the limit and the machine's load), and only iterations the plan
  /// asks for are copied; a point with fewer reusable iterations is completed by compiling.
  /// - Parameters:
  ///   - source: Samples that carry a `cacheKey` (older samples without one are never reused).
  ///   - record: The new run's record, with its plan (cases, toolchains, runs) and measurement version.
  ///   - casesFolder: The new run's case folder: timing entries that named the earlier run's copy of a case file are
  ///     pointed at this run's copy, so that reports name files this run wrote.
  public static func reusable(
    from source: [TypeCheckSample], for record: RunRecord, casesFolder: URL? = nil
  ) -> [TypeCheckSample] {
    var byKey: [String: [TypeCheckSample]] = [:]
    for sample in source where sample.outcome != .timeout {
      guard let key = sample.cacheKey else { continue }
      byKey[key, default: []].append(sample)
    }
    guard !byKey.isEmpty else { return [] }
    var reused: [TypeCheckSample] = []
    for spec in record.cases {
      let generated = CaseGenerator.generate(spec, form: record.frameworkForm)
      for toolchain in record.toolchains {
        let key = key(
          source: generated.measuredSource, toolchain: toolchain,
          measurementVersion: record.provenance.measurementVersion, host: Host(record.provenance),
          metering: record.instructionMetering)
        guard let candidates = byKey[key] else { continue }
        // The point's instrumented compile (its counters), then its timed samples: a censored one is measured once
        // and stands for the whole point.
        let instrumented = candidates.first { $0.pass == .instrumented }.map { [$0] } ?? []
        let timed = candidates.filter(\.givesTime)
        let chosen =
          instrumented
          + (timed.first(where: \.outcome.isCensored).map { [$0] }
            ?? Dictionary(timed.map { ($0.iteration, $0) }, uniquingKeysWith: { first, _ in first })
            .filter { $0.key < record.provenance.runs }.sorted { $0.key < $1.key }.map(\.value))
        // A counted sample's own instructions are its total less this run's baseline of its preamble, the one
        // run.json lists (the earlier run's differs, if at all, by the source's noise).
        let baseline = record.instructionMetering?.baseline(
          key: BaselinePreamble(of: generated).key, toolchain: toolchain.name)
        for var sample in chosen {
          sample.caseID = spec.id
          sample.toolchain = toolchain.name
          if sample.instructions != nil, let baseline { sample.baselineInstructions = baseline.instructions }
          if sample.outcome.isCensored { sample.iteration = 0 }
          if let casesFolder {
            let file = casesFolder.appendingPathComponent(generated.fileName).path
            sample.bodies = sample.bodies.map { $0.relocated(fileName: generated.fileName, to: file) }
            sample.expressions = sample.expressions.map { $0.relocated(fileName: generated.fileName, to: file) }
          }
          reused.append(sample)
        }
      }
    }
    return reused
  }
}

extension SampleCache.Host {
  /// The host a run's provenance records.
  public init(_ provenance: Provenance) {
    self.init(
      cpuModel: provenance.cpuModel, coreCount: provenance.coreCount, operatingSystem: provenance.operatingSystem)
  }
}
