import Testing

@testable import TypeCheckBenchCore

@Suite struct LitParsingTests {
  @Test func readsDirectivesAndJoinsContinuations() {
    let directives = LitDirectives(
      source: """
        // RUN: %target-typecheck-verify-swift \\
        // RUN:   -solver-scope-threshold=10
        // REQUIRES: asserts, no_asan
        // REQUIRES: OS=macosx
        // UNSUPPORTED: CPU=arm64
        // XFAIL: *
        let RUN: Int = 1
        // NOTREQUIRES: nothing
        """)
    #expect(directives.run == [.init(line: 1, text: "%target-typecheck-verify-swift -solver-scope-threshold=10")])
    #expect(directives.requires.map(\.text) == ["asserts, no_asan", "OS=macosx"])
    #expect(directives.unsupported.map(\.line) == [5])
    #expect(directives.xfail.map(\.text) == ["*"])
  }

  @Test func readsEveryScaleTestOption() throws {
    let line = try CorpusRunLine.parse(
      "not %scale-test --invert --begin 2 --end=12 --step 5 --select NumLeafScopes --expected-exit-code 1 "
        + "--polynomial-threshold 2.5 --exponential-threshold=1.5 -Xfrontend=-swift-version -Xfrontend 5 "
        + "--typecheck %s")
    var expected = ScaleTestOptions()
    expected.begin = 2
    expected.end = 12
    expected.step = 5
    expected.select = "NumLeafScopes"
    expected.invertResult = true
    expected.expectedExitCode = 1
    expected.polynomialThreshold = 2.5
    expected.exponentialThreshold = 1.5
    expected.frontendFlags = ["-swift-version", "5"]
    expected.typecheck = true
    expected.negated = true
    #expect(line == .scaleTest(expected))
    #expect(expected.values == [2, 7])
  }

  @Test func readsVerifyLinesWithTheirFrontendFlags() throws {
    #expect(
      try CorpusRunLine.parse("%target-typecheck-verify-swift -swift-version 5 -solver-scope-threshold=1000")
        == .verify(flags: ["-swift-version", "5", "-solver-scope-threshold=1000"]))
  }

  /// `%target-swift-frontend … -typecheck … %s` keeps its arguments in order; `-verify` among them makes it the
  /// verifier's compile. The target triple substitutions are kept for each toolchain to fill in.
  @Test func readsFrontendTypecheckLinesAndTargetTriples() throws {
    let plain = try CorpusRunLine.parse("%target-swift-frontend -typecheck %s -solver-scope-threshold=10000")
    #expect(plain == .frontend(arguments: ["-typecheck", "%s", "-solver-scope-threshold=10000"]))
    #expect(!plain.isVerifier)
    let verifying = try CorpusRunLine.parse("%target-swift-frontend %s -typecheck -verify -DX")
    #expect(verifying == .frontend(arguments: ["%s", "-typecheck", "-verify", "-DX"]))
    #expect(verifying.isVerifier)
    let triple = try CorpusRunLine.parse(
      "%target-typecheck-verify-swift -target %target-swift-5.9-abi-triple -solver-expression-time-threshold=2")
    #expect(
      triple == .verify(flags: ["-target", "%target-swift-5.9-abi-triple", "-solver-expression-time-threshold=2"]))
    #expect(triple.usesTargetTriple)
    #expect(
      CorpusRunLine.substitutingTarget(["-target", "%target-swift-5.9-abi-triple", "%target-triple"], triple: "t")
        == ["-target", "t", "t"])
    #expect(!CorpusRunLine.isTargetTripleSubstitution("%target-swift-x-abi-triple"))
    #expect(!CorpusRunLine.isTargetTripleSubstitution("%target-cpu-apple-macosx10.15"))
  }

  @Test func refusesTargetTriplesOnDarwin() {
    let mac = LitRequirement.Features.host(operatingSystem: "macOS 15.1", cpu: "arm64", assertionsEnabled: false)
    let test = CorpusTest.read(
      path: "slow/p.swift", id: "p", source: "/p",
      text: "// RUN: %target-typecheck-verify-swift -target %target-swift-5.9-abi-triple\n", features: mac)
    #expect(test.plan == .unsupported("lit target-triple substitution on Darwin (line 1)"))
  }

  @Test(arguments: [
    (
      "%target-run-simple-swift",
      CorpusRunLine.Problem.unsupported("RUN line with an unknown tool '%target-run-simple-swift'")
    ),
    (
      "%target-swift-frontend(mock-sdk: %clang-importer-sdk) %s -typecheck",
      .unsupported("RUN line with an unknown tool '%target-swift-frontend(mock-sdk: %clang-importer-sdk)'")
    ),
    ("%scale-test --begin 5 --end 3 %s", .error("--begin 5 is not before --end 3 (end is exclusive)")),
    ("%scale-test --begin 1 --end 3 --step 5 %s", .error("--step 5 is too large for --begin 1 --end 3")),
    ("%scale-test --begin 1 --end 3", .error("%scale-test without %s")),
    (
      "%scale-test --e 3 %s",
      .error("ambiguous scale-test option --e (--end, --expected-exit-code, --exponential-threshold)")
    ),
    ("%scale-test --sum-multi %s", .unsupported("scale-test option --sum-multi")),
    ("%scale-test --begin x %s", .error("--begin 'x' is not an integer")),
    // Counted before anything is listed: 10^14 values of N were listed first (minutes, gigabytes), and a span beyond
    // Int overflowed.
    ("%scale-test --begin 1 --end 99999999999999 %s", .error("10000000000000 values of N, more than 1000")),
    (
      "%scale-test --begin -9223372036854775808 --end 10 %s",
      .error("--begin -9223372036854775808 --end 10: the range is too large to count")
    ),
    ("%scale-test --begin 1 --end 1002 --step 1 %s", .error("1001 values of N, more than 1000")),
    ("%target-typecheck-verify-swift %S/Inputs/a.swift", .unsupported("lit substitution '%S/Inputs/a.swift'")),
    (
      "%target-typecheck-verify-swift -target %target-cpu-apple-macosx10.15",
      .unsupported("lit substitution '%target-cpu-apple-macosx10.15'")
    ),
    ("%target-swift-frontend -emit-sil %s", .unsupported("%target-swift-frontend without -typecheck")),
    ("not %target-swift-frontend -typecheck %s", .unsupported("'not' before %target-swift-frontend")),
    (
      "%target-swift-frontend -typecheck %s 2>&1 | %FileCheck %s",
      .unsupported("shell operator '2>&1' in a RUN line")
    ),
  ])
  func refusesWhatItCannotRun(text: String, problem: CorpusRunLine.Problem) {
    #expect(throws: problem) { _ = try CorpusRunLine.parse(text) }
  }

  @Test func evaluatesFeatureExpressionsAsLitDoes() throws {
    let linux = LitRequirement.Features.host(operatingSystem: "Ubuntu Linux", cpu: "x86_64", assertionsEnabled: false)
    for (expression, expected) in [
      ("tools-release", true), ("asserts", false), ("no_asserts", true), ("no_asan", true), ("OS=linux-gnu", true),
      ("OS=macosx", false), ("objc_interop", false), ("CPU=x86_64", true), ("rdar38963783", false),
      ("OS=macosx || CPU=x86_64", true), ("no_asan && asserts", false), ("!asserts", true),
      ("(asserts || no_asserts) && !objc_interop", true), ("!(OS=linux-gnu)", false),
    ] {
      #expect(try LitRequirement.evaluate(expression, linux) == expected, "\(expression)")
    }
    let mac = LitRequirement.Features.host(operatingSystem: "macOS 15.1", cpu: "arm64", assertionsEnabled: true)
    #expect(try LitRequirement.evaluate("OS=macosx && objc_interop && CPU=arm64 && asserts", mac))
    #expect(try LitRequirement.firstUnmet(["asserts, no_asan", "OS=macosx"], linux) == "asserts")
    #expect(try LitRequirement.firstUnmet(["tools-release,no_asan"], linux) == nil)
    #expect(try LitRequirement.firstMet(["CPU=arm64", "*"], linux) == "*")
    #expect(throws: LitRequirement.SyntaxError.self) { _ = try LitRequirement.evaluate("asserts &&", linux) }
  }

  /// 100,000 nested parentheses or 200,000 `!` in a REQUIRES line overflowed the stack (SIGSEGV): beyond 200 levels
  /// the line cannot be read and the test is an error naming why; 200 levels still read.
  @Test func deeplyNestedRequirementsAreRefused() throws {
    let linux = LitRequirement.Features.host(operatingSystem: "Linux", cpu: "x86_64", assertionsEnabled: false)
    let limit = LitRequirement.maximumNesting
    let expected = LitRequirement.SyntaxError(description: "nested deeper than \(limit) levels")
    let parentheses = String(repeating: "(", count: 100_000) + "asserts" + String(repeating: ")", count: 100_000)
    #expect(throws: expected) { _ = try LitRequirement.evaluate(parentheses, linux) }
    #expect(throws: expected) {
      _ = try LitRequirement.evaluate(String(repeating: "!", count: 200_000) + "asserts", linux)
    }
    #expect(try LitRequirement.evaluate(String(repeating: "!", count: limit - 1) + "asserts", linux))
    #expect(
      try LitRequirement.evaluate(
        String(repeating: "(", count: limit) + "linux" + String(repeating: ")", count: limit), linux))
    let test = CorpusTest.read(
      path: "fast/v.swift", id: "v", source: "/v",
      text: "// RUN: %target-typecheck-verify-swift\n// REQUIRES: \(parentheses)\n", features: linux)
    #expect(
      test.plan == .error("cannot read a REQUIRES/UNSUPPORTED/XFAIL line: nested deeper than \(limit) levels"))
  }

  @Test func ignoresAssertsOnlyForScaleTestsOfReleaseCounters() {
    let linux = LitRequirement.Features.host(operatingSystem: "Linux", cpu: "x86_64", assertionsEnabled: false)
    func read(_ run: String) -> CorpusTest {
      CorpusTest.read(
        path: "fast/t.swift.gyb", id: "t", source: "/t", text: "// RUN: \(run)\n// REQUIRES: asserts\nlet x = ${N}\n",
        features: linux, ignoring: ["asserts"])
    }
    let leaf = read("%scale-test --begin 1 --end 3 --step 1 --select NumLeafScopes %s")
    #expect(leaf.runLines.count == 1)
    #expect(leaf.ignoredRequirements == ["asserts"])
    let other = read("%scale-test --begin 1 --end 3 --step 1 --select NumTypesDeserialized %s")
    #expect(
      other.plan
        == .unsupported(
          "requires asserts (--ignore-requires asserts applies to scale tests selecting NumLeafScopes or "
            + "NumConstraintScopes)"))
    let verify = CorpusTest.read(
      path: "fast/v.swift", id: "v", source: "/v",
      text: "// RUN: %target-typecheck-verify-swift\n// REQUIRES: asserts\n",
      features: linux, ignoring: ["asserts"])
    #expect(verify.runLines.isEmpty)
  }

  /// On an assertions build `asserts` is met, so `--ignore-requires asserts` changes nothing about what runs: the
  /// same plan for every kind of test, and no test names the requirement as ignored (the corpus note on three
  /// compilers runs Swift 6.2.3 once for both).
  @Test func ignoringAssertsOnAnAssertionsBuildChangesNothing() {
    let assertions = LitRequirement.Features.host(operatingSystem: "Linux", cpu: "x86_64", assertionsEnabled: true)
    let texts = [
      "// RUN: %scale-test --begin 1 --end 3 --step 1 --select NumLeafScopes %s\n"
        + "// REQUIRES: asserts\nlet x = ${N}\n",
      "// RUN: %target-typecheck-verify-swift -solver-scope-threshold=10\n// REQUIRES: asserts, no_asan\n",
      "// RUN: %target-typecheck-verify-swift\n// REQUIRES: no_asserts\n",
      "// RUN: %target-typecheck-verify-swift\n// REQUIRES: OS=macosx\n// REQUIRES: asserts\n",
    ]
    for text in texts {
      let path = text.contains("%scale-test") ? "fast/t.swift.gyb" : "fast/t.swift"
      let plain = CorpusTest.read(path: path, id: "t", source: "/t", text: text, features: assertions)
      let ignoring = CorpusTest.read(
        path: path, id: "t", source: "/t", text: text, features: assertions, ignoring: ["asserts"])
      #expect(ignoring == plain)
      #expect(ignoring.ignoredRequirements.isEmpty)
    }
  }

  @Test func idsAreValidAndUnique() {
    #expect(CorpusTest.id(for: "type_checker_perf/fast/a b.swift", taken: []) == "type_checker_perf-fast-a-b.swift")
    #expect(CorpusTest.id(for: "x/a.swift", taken: ["x-a.swift"]) == "x-a.swift-2")
  }
}
