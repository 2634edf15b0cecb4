import Foundation

/// The growth of a measured quantity along a family's axis: the better of an exponential and a power-law fit.
public struct GrowthFit: Hashable, Sendable {
  /// The shape of a fitted model.
  public enum Model: String, Hashable, Sendable {
    /// y = a·bⁿ, fitted as log y = log a + n·log b.
    case exponential
    /// y = a·nᵏ, fitted as log y = log a + k·log n.
    case powerLaw = "power-law"
  }

  /// What the fit says about the growth, in the terms of the compiler's own `utils/scale-test`, but only when the
  /// fit explains the data (r² at least `minimumRSquared`).
  public enum Verdict: Hashable, Sendable {
    /// The fitted power-law exponent is below the threshold (and not negative): no steeper than n^1.2.
    case linear
    case polynomial(exponent: Double)
    case exponential(base: Double)
    /// The fitted slope is negative and the fit explains the data: the quantity falls along the axis.
    case falling
    /// Neither model explains the data (best r² below `minimumRSquared`): no growth claim is made.
    case noClearTrend(rSquared: Double)
    /// Fewer than `GrowthFit.minimumPoints` uncensored points.
    case insufficientData(points: Int)

    /// A short phrase such as `exponential 3.1^n`.
    public var text: String {
      switch self {
      case .linear: "linear"
      case .polynomial(let k): "polynomial n^\(NumberFormat.compact(k, digits: 2))"
      case .exponential(let b): "exponential \(NumberFormat.compact(b, digits: 2))^n"
      case .falling: "falling"
      case .noClearTrend: "no clear trend"
      case .insufficientData(let n):
        "insufficient data (\(n) fittable point\(n == 1 ? "" : "s"); a fit needs \(GrowthFit.minimumPoints))"
      }
    }

    /// True for the verdicts that claim a growth shape (linear, polynomial, exponential).
    public var claimsGrowth: Bool {
      switch self {
      case .linear, .polynomial, .exponential: true
      case .falling, .noClearTrend, .insufficientData: false
      }
    }
  }

  /// Uncensored points a fit needs.
  public static let minimumPoints = 3
  /// The exponent or base at which growth stops counting as linear (scale-test's default failure threshold).
  public static let threshold = 1.2
  /// The share of the variance (in log space) the chosen model must explain before any shape is named.
  public static let minimumRSquared = 0.8

  public var model: Model?
  /// `a` of the chosen model.
  public var coefficient: Double
  /// `b` for exponential, `k` for power law.
  public var growth: Double
  /// r² of the chosen model in log space.
  public var rSquared: Double
  public var verdict: Verdict
  /// Number of points fitted.
  public var pointCount: Int
  /// Points left out because a coordinate is zero or negative (an axis swept from 0, a zero count): a fit takes their
  /// logarithm. The summary says how many, so that a fit never drops a point silently.
  public var leftOut: Int = 0

  /// Fits `points` (axis value, measured value); points with a non-positive coordinate cannot be fitted in log space
  /// and are dropped. Callers pass only uncensored points.
  public init(points: [(x: Double, y: Double)]) {
    let usable = points.filter { $0.x > 0 && $0.y > 0 && $0.x.isFinite && $0.y.isFinite }
    pointCount = usable.count
    leftOut = points.count - usable.count
    guard usable.count >= GrowthFit.minimumPoints, Set(usable.map(\.x)).count >= 2 else {
      model = nil
      coefficient = .nan
      growth = .nan
      rSquared = .nan
      verdict = .insufficientData(points: usable.count)
      return
    }
    let logY = usable.map { log($0.y) }
    let exponential = GrowthFit.leastSquares(x: usable.map(\.x), y: logY)
    let power = GrowthFit.leastSquares(x: usable.map { log($0.x) }, y: logY)
    // Prefer the power law on a tie: it is the weaker claim.
    if exponential.rSquared > power.rSquared + 1e-9 {
      model = .exponential
      coefficient = exp(exponential.intercept)
      growth = exp(exponential.slope)
      rSquared = exponential.rSquared
    } else {
      model = .powerLaw
      coefficient = exp(power.intercept)
      growth = power.slope
      rSquared = power.rSquared
    }
    verdict = GrowthFit.verdict(
      model: model!, growth: growth, rSquared: rSquared, powerExponent: power.slope, slope: exponential.slope)
  }

  /// The verdict of a fit, judged on the fitted slopes (never on the endpoints alone):
  /// 1. r² below `minimumRSquared`: no clear trend, whatever the slope.
  /// 2. A negative fitted slope of the chosen model: falling (never "linear growth").
  /// 3. A fitted power-law exponent below `threshold`: linear, whichever model fits best (a linear series with an
  ///    intercept, 30, 45, 60, …, fits an exponential with a small base better than a power law).
  /// 4. Otherwise the chosen model's shape: exponential b^n or polynomial n^k.
  static func verdict(model: Model, growth: Double, rSquared: Double, powerExponent: Double, slope: Double) -> Verdict {
    guard rSquared >= minimumRSquared else { return .noClearTrend(rSquared: rSquared) }
    // The chosen model's own slope decides; a constant series is fitted exactly with a zero slope, and rounding noise
    // must not make it fall.
    let chosenSlope = model == .exponential ? slope : powerExponent
    if chosenSlope < -1e-9 { return .falling }
    if powerExponent < threshold { return .linear }
    switch model {
    case .exponential: return growth < threshold ? .linear : .exponential(base: growth)
    case .powerLaw: return .polynomial(exponent: growth)
    }
  }

  /// The verdict with its goodness of fit, for example `exponential 3^n (r² 0.999)`.
  public var summary: String {
    let note = leftOut > 0 ? "\(leftOut) point\(leftOut == 1 ? "" : "s") at 0 left out" : nil
    guard model != nil else { return verdict.text + (note.map { "; " + $0 } ?? "") }
    return "\(verdict.text) (r² \(NumberFormat.fixed(rSquared, decimals: 3, trimZeros: false))"
      + (note.map { "; " + $0 } ?? "") + ")"
  }

  /// Ordinary least squares of y on x; r² is 1 when y does not vary (a constant is fitted exactly).
  static func leastSquares(x: [Double], y: [Double]) -> (slope: Double, intercept: Double, rSquared: Double) {
    let fit = LeastSquares(x: x, y: y)
    // Relative tolerance: log values of exactly generated data still carry rounding noise.
    guard fit.total > 1e-24 * max(1, fit.meanY * fit.meanY) else { return (fit.slope, fit.intercept, 1) }
    return (fit.slope, fit.intercept, fit.rSquared)
  }
}
