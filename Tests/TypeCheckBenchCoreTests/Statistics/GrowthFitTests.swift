import Foundation
import Generators
import Testing
import TypeCheckBenchCore

/// Growth fits: exponential, polynomial and flat data get the verdicts scale-test would give.
@Suite struct GrowthFitTests {
  @Test func exactExponentialData() throws {
    let fit = GrowthFit(points: (1...6).map { (Double($0), 2 * pow(3, Double($0))) })
    #expect(fit.model == .exponential)
    #expect(abs(fit.growth - 3) < 1e-9)
    #expect(abs(fit.coefficient - 2) < 1e-9)
    #expect(abs(fit.rSquared - 1) < 1e-12)
    guard case .exponential(let base) = fit.verdict else {
      Issue.record("expected exponential, got \(fit.verdict)")
      return
    }
    #expect(abs(base - 3) < 1e-9)
    #expect(fit.verdict.text == "exponential 3^n")
  }

  @Test func exactPowerData() {
    let fit = GrowthFit(points: (1...8).map { (Double($0), 5 * Double($0 * $0)) })
    #expect(fit.model == .powerLaw)
    #expect(abs(fit.growth - 2) < 1e-9)
    #expect(fit.verdict == .polynomial(exponent: fit.growth))
    #expect(fit.verdict.text == "polynomial n^2")
  }

  @Test func flatAndLinearDataAreLinear() {
    #expect(GrowthFit(points: (1...5).map { (Double($0), 30) }).verdict == .linear)
    // Linear with an intercept: an exponential with a small base fits it best, still linear.
    #expect(GrowthFit(points: (1...6).map { (Double($0), 15 + 15 * Double($0)) }).verdict == .linear)
    #expect(GrowthFit(points: (1...6).map { (Double($0), 7 * Double($0)) }).verdict == .linear)
  }

  /// The series the old rule called `linear (r² 0.069)`: no model explains it, so no shape is named.
  @Test func scatteredDataHasNoClearTrend() {
    let fit = GrowthFit(points: [(1, 10), (2, 30), (3, 5), (4, 11)])
    #expect(fit.rSquared < GrowthFit.minimumRSquared)
    guard case .noClearTrend(let rSquared) = fit.verdict else {
      Issue.record("expected no clear trend, got \(fit.verdict)")
      return
    }
    #expect(rSquared == fit.rSquared)
    #expect(!fit.verdict.claimsGrowth)
    #expect(fit.summary.hasPrefix("no clear trend (r² 0."))
  }

  /// A steep but noisy rise still names no shape when the fit is poor; the same endpoints on a clean series do.
  @Test func verdictFollowsTheFitNotTheEndpoints() {
    // Endpoints 1 → 1000 (an exponential-looking rise end to end), but the middle is scattered.
    let noisy = GrowthFit(points: [(1, 1), (2, 900), (3, 2), (4, 700), (5, 3), (6, 1000)])
    #expect(noisy.verdict == .noClearTrend(rSquared: noisy.rSquared))
    let clean = GrowthFit(points: (1...6).map { (Double($0), pow(4, Double($0 - 1))) })
    #expect(clean.verdict == .exponential(base: clean.growth))
  }

  @Test func fallingSeriesIsNeverLinearGrowth() {
    // Halving at every step: an exact exponential with base 0.5.
    let halving = GrowthFit(points: (1...5).map { (Double($0), 800 / pow(2, Double($0))) })
    #expect(halving.verdict == .falling)
    #expect(halving.verdict.text == "falling")
    // Gently falling, 60, 55, 50, …: still falling, never "linear".
    let gentle = GrowthFit(points: (1...6).map { (Double($0), 65 - 5 * Double($0)) })
    #expect(gentle.verdict == .falling)
    // Falling but scattered: no clear trend.
    let scattered = GrowthFit(points: [(1, 50), (2, 20), (3, 45), (4, 10), (5, 30)])
    #expect(scattered.verdict == .noClearTrend(rSquared: scattered.rSquared))
  }

  @Test func tooFewPointsAreInsufficient() {
    let fit = GrowthFit(points: [(1, 10), (2, 100)])
    #expect(fit.verdict == .insufficientData(points: 2))
    #expect(fit.model == nil)
    // Non-positive values cannot be fitted in log space and do not count.
    #expect(GrowthFit(points: [(1, 10), (2, 0), (3, 100)]).verdict == .insufficientData(points: 2))
  }

  /// A template swept from N=0 measured its N=0 point but fitted without it, silently, and called the rest "2
  /// uncensored points": the summary now says what the fit left out, and counts what it fitted.
  @Test func aPointAtZeroLeftOutIsSaid() {
    let short = GrowthFit(points: [(0, 2), (1, 8), (2, 14)])
    #expect(short.leftOut == 1)
    #expect(short.summary == "insufficient data (2 fittable points; a fit needs 3); 1 point at 0 left out")
    let linear = GrowthFit(points: [(0, 2), (1, 8), (2, 14), (3, 20), (4, 26)])
    #expect(linear.pointCount == 4)
    #expect(linear.summary.hasPrefix("linear (r² "))
    #expect(linear.summary.hasSuffix("; 1 point at 0 left out)"))
    #expect(!GrowthFit(points: [(1, 8), (2, 14), (3, 20)]).summary.contains("left out"))
  }

  @Test func censoredPointsAreExcludedFromSeriesFits() throws {
    let report = try #require(
      PointSeries.series(of: PointSummary.summaries(of: ReportTestRecords.sweep)).first {
        $0.spec.family == .nesting && $0.spec.model == .perKind
      })
    #expect(report.points.count == 5)
    #expect(report.fittablePoints.count == 4)
    #expect(report.firstCensoredAxisValue == 5)
    let scopes = report.scopesFit
    #expect(scopes.pointCount == 4)
    guard case .exponential(let base) = scopes.verdict else {
      Issue.record("expected exponential scopes, got \(scopes.verdict)")
      return
    }
    // 30, 330, 3600, 39000: about ×11 per level; the censored 1,048,577 would pull it down.
    #expect(base > 10 && base < 12)
  }
}
