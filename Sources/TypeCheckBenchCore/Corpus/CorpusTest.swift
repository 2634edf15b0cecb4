import Foundation
import Generators

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
