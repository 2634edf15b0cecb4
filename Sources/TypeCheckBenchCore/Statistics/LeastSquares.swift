/// Ordinary least squares of y on x, the one line fit every growth law and scale-test law is made of: `GrowthFit`
/// fits it in log space, `ScaleTestFit` on raw and transformed values. Each applies its own rule for a degenerate
/// series from `spreadX` and `total`.
struct LeastSquares: Sendable {
  /// The fitted line, y = intercept + slope·x, and the mean of y.
  var (slope, intercept, meanY) = (0.0, 0.0, 0.0)
  /// Sums of squares: of the line's residuals, of y about its mean (`total`), and of x about its mean (`spreadX`: 0,
  /// or not finite, when x does not vary; the line is then flat at the mean of y).
  var (residual, total, spreadX) = (0.0, 0.0, 0.0)

  init(x: [Double], y: [Double]) {
    let meanX = Self.mean(x)
    meanY = Self.mean(y)
    var sxx = 0.0
    var sxy = 0.0
    var syy = 0.0
    for (xi, yi) in zip(x, y) {
      sxx += (xi - meanX) * (xi - meanX)
      sxy += (xi - meanX) * (yi - meanY)
      syy += (yi - meanY) * (yi - meanY)
    }
    spreadX = sxx
    total = syy
    slope = sxx > 0 ? sxy / sxx : 0
    intercept = meanY - slope * meanX
    var residual = 0.0
    for (xi, yi) in zip(x, y) {
      let error = yi - (intercept + slope * xi)
      residual += error * error
    }
    self.residual = residual
  }

  /// 1 − residual/total, floored at 0.
  var rSquared: Double { max(0, 1 - residual / total) }

  static func mean(_ values: [Double]) -> Double {
    values.isEmpty ? 0 : values.reduce(0, +) / Double(values.count)
  }
}
