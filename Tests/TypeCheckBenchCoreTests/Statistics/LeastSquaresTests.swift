import Testing

@testable import TypeCheckBenchCore

/// The one line fit, against a hand computation.
@Suite struct LeastSquaresTests {
  @Test func fitsALineAsByHand() {
    // x 1…4, y 2, 4, 5, 8: mean x 2.5, mean y 4.75; Sxx = 5, Sxy = 9.5, so slope 1.9 and intercept 0; the line's
    // errors 0.1, 0.2, −0.7, 0.4 leave a residual of 0.7 of a total 18.75.
    let fit = LeastSquares(x: [1, 2, 3, 4], y: [2, 4, 5, 8])
    #expect(abs(fit.slope - 1.9) < 1e-12)
    #expect(abs(fit.intercept) < 1e-12)
    #expect(abs(fit.residual - 0.7) < 1e-12)
    #expect(abs(fit.total - 18.75) < 1e-12)
    #expect(abs(fit.spreadX - 5) < 1e-12)
    #expect(abs(fit.rSquared - (1 - 0.7 / 18.75)) < 1e-12)
  }

  @Test func xThatDoNotVaryGiveAFlatLineAtTheMean() {
    let fit = LeastSquares(x: [3, 3, 3], y: [1, 2, 6])
    #expect(fit.spreadX == 0)
    #expect(fit.slope == 0)
    #expect(fit.intercept == 3)
    #expect(abs(fit.residual - fit.total) < 1e-12)
  }
}
