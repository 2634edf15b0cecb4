import Foundation
import Testing

@testable import TypeCheckBenchCore

/// The scale-test rule checked against fits worked out by hand.
@Suite struct ScaleTestFitTests {
  func winner(_ ns: [Int], _ values: [Double]) -> ScaleTestFit? {
    ScaleTestFit.winner(of: ScaleTestFit.candidates(ns: ns, values: values))
  }

  @Test func exactLineIsLinear() throws {
    let fit = try #require(winner([1, 2, 3, 4], [3, 5, 7, 9]))
    #expect(fit.law == .linear)
    #expect(abs(fit.growth - 2) < 1e-12)
    #expect(abs(fit.constant - 1) < 1e-12)
    #expect(fit.rSquared == 1)
    #expect(!fit.isBad(polynomialThreshold: 1.2, exponentialThreshold: 1.2))
  }

  /// y = 1, 4, 10, 12 on n = 1…4: by hand, mean n 2.5, mean y 6.75, Sxx 5, Sxy 19.5, slope 3.9, intercept −3;
  /// residuals 0.1, −0.8, 1.3, −0.6 give SSR 2.7; SST 261 − 4·6.75² = 78.75; r² = 1 − 2.7/78.75 = 0.96571….
  @Test func linearRSquaredMatchesTheHandComputation() {
    let linear = ScaleTestFit.candidates(ns: [1, 2, 3, 4], values: [1, 4, 10, 12])[0]
    #expect(abs(linear.growth - 3.9) < 1e-12)
    #expect(abs(linear.constant + 3) < 1e-12)
    #expect(abs(linear.rSquared - (1 - 2.7 / 78.75)) < 1e-12)
  }

  @Test func squaresArePolynomialOfDegreeTwo() throws {
    // n² + 3.
    let fit = try #require(winner([2, 3, 4, 5, 6], [7, 12, 19, 28, 39]))
    #expect(fit.law == .polynomial)
    #expect(abs(fit.growth - 2) < 0.005)
    #expect(fit.rSquared > 0.9999)
    #expect(fit.isBad(polynomialThreshold: 1.2, exponentialThreshold: 1.2))
    #expect(!fit.isBad(polynomialThreshold: 2.5, exponentialThreshold: 1.2))
  }

  @Test func powersOfThreeAreExponential() throws {
    let ns = Array(1...6)
    let fit = try #require(winner(ns, ns.map { 5 + 2 * pow(3, Double($0)) }))
    #expect(fit.law == .exponential)
    #expect(abs(fit.growth - 3) < 0.005)
    #expect(abs(fit.coefficient - 2) < 0.05)
    #expect(fit.isBad(polynomialThreshold: 1.2, exponentialThreshold: 1.2))
    #expect(fit.orderText == "O(3^n)")
  }

  @Test func constantSeriesIsAPerfectLinearFit() throws {
    let fit = try #require(winner([1, 2, 3], [7, 7, 7]))
    #expect(fit.law == .linear)
    #expect(fit.rSquared == 1)
  }

  /// Values below 1 count as 1 (so 0, 0, 5, 0 is fitted as 1, 1, 5, 1): a zigzag no model explains.
  @Test func zigzagHasNoAcceptableFit() {
    let candidates = ScaleTestFit.candidates(ns: [1, 2, 3, 4, 5, 6], values: [0, 0, 5, 0, 5, 0])
    #expect(ScaleTestFit.winner(of: candidates) == nil)
    // The linear fit of the floored values 1, 1, 5, 1, 5, 1, by hand: Sxx = 17.5, Sxy = 4, SST = 54 − 196/6, so
    // r² = Sxy² / (Sxx·SST) = 0.0428….
    #expect(abs(candidates[0].rSquared - 16 / (17.5 * (54 - 196.0 / 6))) < 1e-12)
  }

  @Test func aTieGoesToTheSimplerLaw() throws {
    // Exactly linear data: every model fits with r² 1; linear wins.
    let fit = try #require(winner([10, 25, 40, 55, 70, 85], [323, 743, 1163, 1583, 2003, 2423]))
    #expect(fit.law == .linear)
  }
}
