import Foundation
import Generators

/// Everything one `bench corpus` run planned and measured: each test as read (its RUN lines, requirements, what bench
/// runs for it or why not) and every compile as a `TypeCheckSample`. Verdicts, fits and reports are computed from it.
public struct CorpusRecord: Codable, Hashable, Sendable {
  /// The schema this build writes and reads.
  public static let currentSchemaVersion = 1
  /// Every measurement version a corpus was ever measured with: 1; a record claiming another is refused when read.
  public static let readableMeasurementVersions = 1...1
  /// The value of `kind`, which tells a corpus run.json from a sweep's.
  public static let kindName = "corpus"

  public var schemaVersion: Int
  public var kind: String
  public var runID: String
  public var provenance: Provenance
  public var toolchains: [ToolchainInfo]
  /// Requirements set aside (`--ignore-requires asserts`).
  public var ignoredRequirements: [String]
  /// Every test of the corpus (after `--filter` and `--shard`), in id order.
  public var tests: [CorpusTest]
  /// Every compile, in the order taken.
  public var samples: [TypeCheckSample]

  public init(
    runID: String, provenance: Provenance, toolchains: [ToolchainInfo], ignoredRequirements: [String] = [],
    tests: [CorpusTest], samples: [TypeCheckSample] = []
  ) {
    schemaVersion = Self.currentSchemaVersion
    kind = Self.kindName
    self.runID = runID
    self.provenance = provenance
    self.toolchains = toolchains
    self.ignoredRequirements = ignoredRequirements
    self.tests = tests
    self.samples = samples
  }

  /// Samples by case id and toolchain (the first of each).
  public func samplesByKey() -> [PointKey: TypeCheckSample] {
    var result: [PointKey: TypeCheckSample] = [:]
    for sample in samples where result[PointKey(sample)] == nil { result[PointKey(sample)] = sample }
    return result
  }

  /// Every compile the plan holds (a test's RUN line at one N, or a verify line's one compile), in plan order.
  public var plannedCases: [CorpusCase] {
    tests.flatMap(\.cases)
  }
}

extension CorpusRunLine {
  /// True when the line bounds the solver by time (`-solver-expression-time-threshold`): its counters then depend on
  /// the machine's speed and load, so they are shown but never compared.
  public var isTimeBounded: Bool {
    let flags: [String]
    switch self {
    case .verify(let given): flags = given
    case .frontend(let arguments): flags = arguments
    case .scaleTest(let options): flags = options.frontendFlags
    }
    return flags.contains { $0.hasPrefix("-solver-expression-time-threshold") }
  }

  /// True for a scale line whose `--select` names a counter release compilers write (`NumLeafScopes`,
  /// `NumConstraintScopes`), so ignoring `REQUIRES: asserts` still measures what the test measures.
  public var selectsReleaseCounter: Bool {
    guard case .scaleTest(let options) = self, !options.select.isEmpty else { return false }
    return [StatName.leafScopes, StatName.constraintScopes].contains { $0.contains(options.select) }
  }
}
