import Foundation
import Generators

/// Everything one `bench corpus` run planned and measured: each test as read (its RUN lines, requirements, what bench
/// runs for it or why not) and every compile as a `TypeCheckSample`. Verdicts, fits and reports are computed from it.
public struct CorpusRecord: Codable, Hashable, Sendable {
  /// The schema this build writes and reads.
  public static let currentSchemaVersion = 1
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

/// One test file of the corpus, as bench read it.
public struct CorpusTest: Codable, Hashable, Sendable {
  /// The path relative to the corpus root it was found under (`slow/rdar19612086.swift`).
  public var path: String
  /// A `RecordID`-valid id derived from the path, unique in the run.
  public var id: String
  /// Where the file was read (absolute), for resuming and reproducing.
  public var source: String
  /// FNV-1a of the file's text, so a resume notices an edited test.
  public var hash: String
  /// The folder the suite sorts it into: `fast`, `slow`, or empty.
  public var group: String
  public var directives: LitDirectives
  /// What bench runs for it, or why it cannot.
  public var plan: Plan
  /// The requirements `--ignore-requires` set aside for this test (it would be unsupported otherwise).
  public var ignoredRequirements: [String]
  /// True when an `XFAIL:` line holds here: lit then expects the test to fail.
  public var expectedToFail: Bool

  public enum Plan: Codable, Hashable, Sendable {
    /// The RUN lines bench runs, in order.
    case runs([CorpusRunLine])
    /// Not run here, with lit's reason (a requirement, an unknown tool, a gyb construct outside the subset).
    case unsupported(String)
    /// The file cannot be right (no RUN line, a `--begin` after `--end`, an unterminated `%for`).
    case error(String)
  }

  public init(
    path: String, id: String, source: String, hash: String, group: String, directives: LitDirectives, plan: Plan,
    ignoredRequirements: [String] = [], expectedToFail: Bool = false
  ) {
    self.path = path
    self.id = id
    self.source = source
    self.hash = hash
    self.group = group
    self.directives = directives
    self.plan = plan
    self.ignoredRequirements = ignoredRequirements
    self.expectedToFail = expectedToFail
  }

  /// The RUN lines bench runs (empty when unsupported or an error).
  public var runLines: [CorpusRunLine] {
    if case .runs(let lines) = plan { return lines }
    return []
  }

  /// Every compile of this test: each RUN line's N values (one compile for a verify line).
  public var cases: [CorpusCase] {
    runLines.enumerated().flatMap { index, line in
      switch line {
      case .verify, .frontend: [CorpusCase(testID: id, run: index, n: nil, runCount: runLines.count)]
      case .scaleTest(let options):
        options.values.map { CorpusCase(testID: id, run: index, n: $0, runCount: runLines.count) }
      }
    }
  }
}

/// One compile of a corpus test: a RUN line at one N (scale tests) or the verifier's one compile.
public struct CorpusCase: Hashable, Sendable {
  public var testID: String
  /// The 0-based RUN line.
  public var run: Int
  public var n: Int?
  /// How many RUN lines the test runs (the id names the line only when there are several).
  public var runCount: Int

  public init(testID: String, run: Int, n: Int?, runCount: Int) {
    self.testID = testID
    self.run = run
    self.n = n
    self.runCount = runCount
  }

  /// `slow-foo.swift.gyb+N3`, `fast-bar.swift` (verify), `t.swift.gyb+run2+N3` for a second RUN line.
  public var id: String {
    testID + (runCount > 1 ? "+run\(run + 1)" : "") + (n.map { "+N\($0)" } ?? "")
  }

  /// This case compiled with `toolchain`.
  public func point(_ toolchain: String) -> PointKey { PointKey(caseID: id, toolchain: toolchain) }
}

extension CorpusTest {
  /// A `RecordID`-valid id for `path`: other characters become `-`; `taken` ids get a `-2`, `-3`, … suffix.
  public static func id(for path: String, taken: Set<String>) -> String {
    let base = RecordID.sanitized(path)
    var candidate = base
    var suffix = 2
    while taken.contains(candidate) {
      candidate = base + "-\(suffix)"
      suffix += 1
    }
    return candidate
  }

  /// Reads a test: directives, requirements with `features`, and each RUN line; renders a gyb file's template at the
  /// smallest and largest N so that a construct outside the subset makes the test unsupported before anything runs.
  /// - Parameters:
  ///   - ignoring: requirements to set aside (`asserts`) for scale tests that select a counter release builds keep.
  public static func read(
    path: String, id: String, source: String, text: String, features: LitRequirement.Features,
    ignoring: Set<String> = []
  ) -> CorpusTest {
    let directives = LitDirectives(source: text)
    let group = path.split(separator: "/").dropLast().last.map(String.init) ?? ""
    func test(_ plan: Plan, ignored: [String] = [], xfail: Bool = false) -> CorpusTest {
      CorpusTest(
        path: path, id: id, source: source, hash: String(FNV1a.hash(text), radix: 16), group: group,
        directives: directives, plan: plan, ignoredRequirements: ignored, expectedToFail: xfail)
    }
    guard !directives.run.isEmpty else { return test(.error("no RUN line")) }
    // As lit: no RUN line is decided first, then the requirements, and only then what the RUN lines say.
    var lines: [CorpusRunLine] = []
    var lineProblem: Plan?
    for line in directives.run where lineProblem == nil {
      do {
        lines.append(try CorpusRunLine.parse(line.text))
      } catch {
        switch error {
        case .unsupported(let reason): lineProblem = .unsupported("\(reason) (line \(line.line))")
        case .error(let reason): lineProblem = .error("\(reason) (line \(line.line))")
        }
      }
    }
    // An ignored requirement counts as met only where it is safe to: scale lines of counters release builds keep.
    let ignorable = ignoring.filter { feature in
      feature == "asserts" && lineProblem == nil && lines.allSatisfy { $0.selectsReleaseCounter }
    }
    var ignored: [String] = []
    do {
      if let unmet = try LitRequirement.firstUnmet(directives.requires.map(\.text), features) {
        var withIgnored = features
        withIgnored.available.formUnion(ignorable)
        if let stillUnmet = try LitRequirement.firstUnmet(directives.requires.map(\.text), withIgnored) {
          let hint =
            ignoring.contains("asserts") && namesFeature(stillUnmet, "asserts") && !ignorable.contains("asserts")
            ? " (--ignore-requires asserts applies to scale tests selecting NumLeafScopes or NumConstraintScopes)"
            : ""
          return test(.unsupported("requires \(stillUnmet)\(hint)"))
        }
        ignored = ignorable.sorted().filter { unmet.contains($0) || stillRequires($0, directives) }
      }
      if let met = try LitRequirement.firstMet(directives.unsupported.map(\.text), features) {
        return test(.unsupported("UNSUPPORTED: \(met)"))
      }
      if let lineProblem { return test(lineProblem) }
      // On Darwin `%target-swift-5.9-abi-triple` names an OS version; bench knows only the plain triple.
      if features.available.contains("darwin"),
        let line = directives.run.first(where: { line in
          (try? CorpusRunLine.parse(line.text))?.usesTargetTriple == true
        })
      {
        return test(.unsupported("lit target-triple substitution on Darwin (line \(line.line))"))
      }
      let xfail = try LitRequirement.firstMet(directives.xfail.map(\.text), features) != nil
      if let problem = renderProblem(text, path: path, lines: lines) {
        return test(problem.kind == .unsupported ? .unsupported(problem.placed) : .error("gyb: " + problem.placed))
      }
      return test(.runs(lines), ignored: ignored, xfail: xfail)
    } catch {
      return test(.error("cannot read a REQUIRES/UNSUPPORTED/XFAIL line: \(error.description)"))
    }
  }

  /// Whether the requirement text `unmet` names `feature` itself (`no_asserts` does not name `asserts`).
  private static func namesFeature(_ unmet: String, _ feature: String) -> Bool {
    unmet.split(whereSeparator: { !($0.isLetter || $0.isNumber || $0 == "_" || $0 == "-" || $0 == "=") })
      .contains { $0 == feature }
  }

  private static func stillRequires(_ feature: String, _ directives: LitDirectives) -> Bool {
    directives.requires.contains { LitRequirement.clauses($0.text).contains { $0.contains(feature) } }
  }

  /// Why a scale test's template cannot be rendered at its smallest and largest N, or nil when it can (a plain
  /// verify file is not a template).
  private static func renderProblem(_ text: String, path: String, lines: [CorpusRunLine]) -> GybError? {
    let ns = lines.flatMap { line -> [Int] in
      guard case .scaleTest(let options) = line, let first = options.values.first, let last = options.values.last
      else { return [] }
      return [first, last]
    }
    guard !ns.isEmpty else { return nil }
    do {
      let template = try GybTemplate(source: text)
      for n in ns { _ = try template.render(["N": n]) }
      return nil
    } catch {
      return error
    }
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
