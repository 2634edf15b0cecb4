/// A greedy pairwise covering subset of a set of candidate rows.
///
/// A row gives each factor a value index, or nil where the factor does not apply (the branch count of a `nesting`
/// case). The chosen rows make every pair of factor values that meets in some candidate meet in a chosen row, which
/// finds most interaction bugs at a fraction of the full product's cost.
enum PairwiseCover {
  /// Indexes into `candidates` of the chosen rows, in the order chosen; deterministic (ties go to the earlier row).
  /// - Parameters:
  ///   - candidates: rows of equal length, one value index (or nil) per factor.
  ///   - valueCounts: how many values each factor has.
  static func select(_ candidates: [[Int?]], valueCounts: [Int]) -> [Int] {
    var offsets: [Int] = []
    var total = 0
    for count in valueCounts {
      offsets.append(total)
      total += count
    }
    // Each pair of (factor, value) assignments gets one slot in a dense table.
    let pairsOfRows: [[Int]] = candidates.map { row in
      var pairs: [Int] = []
      for first in row.indices {
        guard let firstValue = row[first] else { continue }
        for second in row.indices where second > first {
          guard let secondValue = row[second] else { continue }
          pairs.append((offsets[first] + firstValue) * total + offsets[second] + secondValue)
        }
      }
      return pairs
    }
    var uncovered = [Bool](repeating: false, count: total * total)
    var remaining = 0
    for pairs in pairsOfRows {
      for pair in pairs where !uncovered[pair] {
        uncovered[pair] = true
        remaining += 1
      }
    }
    var chosen: [Int] = []
    while remaining > 0 {
      var best = -1
      var bestGain = 0
      for (index, pairs) in pairsOfRows.enumerated() {
        let gain = pairs.reduce(0) { $0 + (uncovered[$1] ? 1 : 0) }
        if gain > bestGain {
          best = index
          bestGain = gain
        }
      }
      chosen.append(best)
      for pair in pairsOfRows[best] where uncovered[pair] {
        uncovered[pair] = false
        remaining -= 1
      }
    }
    return chosen
  }
}
