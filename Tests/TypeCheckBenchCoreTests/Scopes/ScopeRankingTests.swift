import Escaping
import Foundation
import Testing

@testable import TypeCheckBenchCore

@Suite struct ScopeRankingTests {
  static func profile(_ fixtures: [TraceFixture]) throws -> ScopeProfile {
    var builder = ScopeProfile.Builder()
    for fixture in fixtures {
      builder.add(try fixture.attribution, statsScopes: try fixture.statsScopes, source: fixture.testDescription)
    }
    return builder.finish()
  }

  @Test func sharesAndTheirWords() {
    #expect(ScopeBudget.defaultThreshold == 1_048_576)
    #expect(ScopeBudget.parseShare("10%") == 0.1)
    #expect(ScopeBudget.parseShare("0.25") == 0.25)
    #expect(ScopeBudget.parseShare("150%") == nil)
    #expect(ScopeBudget.parseShare("ten") == nil)
    #expect(ScopeBudget.percent(611_899.0 / 1_048_576) == "58.4%")
    #expect(ScopeBudget.percent(26.0 / 1_048_576) == "0.00248%")
    #expect(ScopeBudget().isAtLimit(1_048_577) && !ScopeBudget().isAtLimit(1_048_576))
  }

  /// The ranking reads counts and positions only: the same traces in any order give the same text, byte for byte,
  /// once the times (which differ between runs) are left out.
  @Test func theSameTracesInAnyOrderRankTheSame() throws {
    let fixtures = [
      TraceFixture(tag: "swift-6.3.1", name: "scopes"), TraceFixture(tag: "swift-6.3.1", name: "body"),
      TraceFixture(tag: "swift-6.3.1", name: "mixed"),
    ]
    let forward = ScopeRanking(profile: try Self.profile(fixtures), limit: 50)
    let backward = ScopeRanking(profile: try Self.profile(fixtures.reversed()), limit: 50)
    #expect(forward.rows.map(\.range) == backward.rows.map(\.range))
    func withoutTimes(_ ranking: ScopeRanking) -> String {
      ranking.render(.json).split(separator: "\n").filter { !$0.contains("\"milliseconds\"") }.joined(separator: "\n")
    }
    #expect(withoutTimes(forward) == withoutTimes(backward))
    // The same operator chain in three files: three ranges, three rows.
    #expect(forward.rows.filter { $0.expression.scopes == 135 }.count == 3)
    #expect(zip(forward.rows, forward.rows.dropFirst()).allSatisfy { !ScopeRanking.ranksBefore($1, $0) })
  }

  @Test func githubAnnotationsNameTheLinesOverTheGate() throws {
    let fixture = TraceFixture(tag: "swift-6.3.1", name: "scopes")
    var profile = try Self.profile([fixture])
    // A path with the characters a workflow command escapes.
    profile.entries = profile.entries.map { entry in
      var entry = entry
      entry.expression.range.file = "/work/Sources/My, App: v1.swift"
      return entry
    }
    let ranking = ScopeRanking(profile: profile, failOver: 100.0 / 1_048_576)
    let text = ranking.render(.github, base: "/work")
    let commands = text.split(separator: "\n").filter { $0.hasPrefix("::") }
    #expect(commands.count == 2)
    #expect(commands.first?.hasPrefix("::warning file=Sources/My%2C App%3A v1.swift,line=10,col=15,") == true)
    #expect(commands.allSatisfy { $0.contains("title=Type checker budget::") })
    #expect(ranking.failsGate)
    #expect(Escaping.githubCommandMessage("50% done\nnext") == "50%25 done%0Anext")
  }

  @Test func aLimitIsAnErrorAnnotation() throws {
    let fixture = TraceFixture(tag: "swift-6.3.1", name: "limit")
    let ranking = ScopeRanking(
      profile: try Self.profile([fixture]), budget: ScopeBudget(threshold: 10_000), failOver: 0.9)
    let text = ranking.render(.github)
    #expect(text.hasPrefix("::error file=limit.swift,line=1,col=13,endLine=1,title=Type checker gave up::"))
    #expect(ranking.render(.table).contains("LIMIT"))
  }

  /// Swift 6.0 and 6.3 on one function body: the local binding's operator chain cost 2,057 scopes on 6.0 (in its
  /// declaration) and 135 on 6.3 (in its expression); compared by line, that is the largest change.
  @Test func toolchainsCompareByLine() throws {
    let old = ScopeRanking(profile: try Self.profile([TraceFixture(tag: "swift-6.0.3", name: "body")]), limit: .max)
    let new = ScopeRanking(profile: try Self.profile([TraceFixture(tag: "swift-6.3.1", name: "body")]), limit: .max)
    let comparison = ScopeComparison(
      toolchains: ["6.0", "6.3"], rankings: [old, new], budget: ScopeBudget(), limit: 10)
    let first = try #require(comparison.rows.first)
    #expect(first.line == 3 && first.scopes == [2057, 135])
    #expect(first.ratios[1].map { abs($0 - 135.0 / 2057) < 1e-12 } == true)
    #expect(first.change == 2057 - 135)
    // Line 2's call costs 132 under both.
    #expect(comparison.rows.first { $0.line == 2 }?.scopes == [132, 132])
    #expect(comparison.render(.table).contains("0.0656×"))
  }
}
