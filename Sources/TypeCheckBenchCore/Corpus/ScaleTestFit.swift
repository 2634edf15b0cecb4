import Foundation

/// `%scale-test`'s verdict rule for one counter, as the issue states it: on the raw values (each floored at 1), fit
/// `c + a·n` (linear), `c + a·n^k` (polynomial, k in 0.25…8, a ≥ 0) and `c + a·b^n` (exponential, b in 0…10) by least
/// squares; a fit is acceptable only with r² > 0.99; the best acceptable r² wins (ties go to linear, then
/// polynomial); the counter is bad when the winner is polynomial with k ≥ the polynomial threshold or exponential
/// with b ≥ the exponential threshold. No acceptable fit is a failure.
///
/// The nonlinear fits are exact least squares in `c` and `a` for each `k` or `b` (a linear problem), with `k` or `b`
/// found by a grid of 0.01 refined by golden-section search: deterministic, so two runs of the same data agree.
public struct ScaleTestFit: Hashable, Sendable, Codable {
  public enum Law: String, Hashable, Sendable, Codable {
    case linear, polynomial, exponential
  }

  public var law: Law
  /// The constant `c`.
  public var constant: Double
  /// The coefficient `a`.
  public var coefficient: Double
  /// The slope for linear, `k` for polynomial, `b` for exponential.
  public var growth: Double
  public var rSquared: Double

  /// The smallest r² a fit needs to be accepted (strictly above).
  public static let acceptedRSquared = 0.99
  /// r² values closer than this are a tie (the simpler law wins): floating-point noise decides nothing.
  public static let tieTolerance = 1e-9
  public static let polynomialExponents = 0.25...8.0
  public static let exponentialBases = 0.0...10.0

  /// `O(n^1.0)`-style text as scale-test prints it: `n^k` for linear and polynomial fits, `b^n` for exponential ones.
  public var orderText: String {
    switch law {
    case .linear: "O(n)"
    case .polynomial: "O(n^\(NumberFormat.fixed(growth, decimals: 2)))"
    case .exponential: "O(\(NumberFormat.fixed(growth, decimals: 2))^n)"
    }
  }

  /// The three candidate fits of `values` at `ns` (values floored at 1), linear first.
  public static func candidates(ns: [Int], values: [Double]) -> [ScaleTestFit] {
    let xs = ns.map(Double.init)
    let ys = values.map { max($0, 1) }
    var result = [linear(xs, ys)]
    if let polynomial = best(.polynomial, xs, ys, over: polynomialExponents, transform: { x, k in pow(x, k) }) {
      result.append(polynomial)
    }
    if let exponential = best(.exponential, xs, ys, over: exponentialBases, transform: { x, b in pow(b, x) }) {
      result.append(exponential)
    }
    return result
  }

  /// The winning fit among `candidates`, or nil when none has r² above `acceptedRSquared`.
  public static func winner(of candidates: [ScaleTestFit]) -> ScaleTestFit? {
    var winner: ScaleTestFit?
    for fit in candidates where fit.rSquared > acceptedRSquared {
      // Candidates come linear, polynomial, exponential: a later one must be better by more than rounding to win.
      if winner == nil || fit.rSquared > winner!.rSquared + tieTolerance { winner = fit }
    }
    return winner
  }

  /// True when this (winning) fit is bad scaling under the thresholds.
  public func isBad(polynomialThreshold: Double, exponentialThreshold: Double) -> Bool {
    switch law {
    case .linear: false
    case .polynomial: growth >= polynomialThreshold
    case .exponential: growth >= exponentialThreshold
    }
  }

  /// Ordinary least squares of `ys` on `xs`.
  static func linear(_ xs: [Double], _ ys: [Double]) -> ScaleTestFit {
    let fit = LeastSquares(x: xs, y: ys)
    // x that do not vary leave a flat line at the mean, its residual the total.
    let (constant, slope, residual) =
      varies(fit) ? (fit.intercept, fit.slope, fit.residual) : (LeastSquares.mean(ys), 0, fit.total)
    return ScaleTestFit(
      law: .linear, constant: constant, coefficient: slope, growth: slope,
      rSquared: rSquared(residual: residual, total: fit.total))
  }

  /// The best fit of `c + a·transform(x, p)` over the parameter `p` in `range`.
  private static func best(
    _ law: Law, _ xs: [Double], _ ys: [Double], over range: ClosedRange<Double>,
    transform: (Double, Double) -> Double
  ) -> ScaleTestFit? {
    let total = LeastSquares(x: xs, y: ys).total
    func evaluate(_ p: Double) -> (residual: Double, constant: Double, coefficient: Double)? {
      let transformed = xs.map { transform($0, p) }
      guard transformed.allSatisfy(\.isFinite) else { return nil }
      let fit = LeastSquares(x: transformed, y: ys)
      guard varies(fit) else { return (total, LeastSquares.mean(ys), 0) }
      var (constant, coefficient, residual) = (fit.intercept, fit.slope, fit.residual)
      // A polynomial's coefficient is bounded below by 0: a falling curve is not growth.
      if law == .polynomial && coefficient < 0 {
        (constant, coefficient, residual) = (LeastSquares.mean(ys), 0, total)
      }
      return residual.isFinite ? (residual, constant, coefficient) : nil
    }
    let step = 0.01
    var bestP: Double?
    var bestResidual = Double.infinity
    var p = max(range.lowerBound, step)
    while p <= range.upperBound + step / 2 {
      // b = 1 makes b^n constant: the same as no growth term, left to the linear fit.
      if !(law == .exponential && abs(p - 1) < step / 2), let value = evaluate(p), value.residual < bestResidual {
        bestResidual = value.residual
        bestP = p
      }
      p += step
    }
    guard var center = bestP else { return nil }
    // Golden-section refinement within one grid step either side.
    var low = max(range.lowerBound, center - step)
    var high = min(range.upperBound, center + step)
    let ratio = (sqrt(5.0) - 1) / 2
    for _ in 0..<40 {
      let a = high - ratio * (high - low)
      let b = low + ratio * (high - low)
      let fa = evaluate(a)?.residual ?? .infinity
      let fb = evaluate(b)?.residual ?? .infinity
      if fa <= fb { high = b } else { low = a }
    }
    let refined = (low + high) / 2
    if let value = evaluate(refined), value.residual <= bestResidual { center = refined }
    guard let final = evaluate(center) else { return nil }
    return ScaleTestFit(
      law: law, constant: final.constant, coefficient: final.coefficient, growth: center,
      rSquared: rSquared(residual: final.residual, total: total))
  }

  /// True when the x of `fit` vary (finitely): otherwise no line but the mean is fitted.
  private static func varies(_ fit: LeastSquares) -> Bool { fit.spreadX > 0 && fit.spreadX.isFinite }

  /// 1 − residual/total; a series that does not vary is fitted perfectly.
  private static func rSquared(residual: Double, total: Double) -> Double {
    guard total > 0 else { return 1 }
    return max(0, 1 - residual / total)
  }
}
