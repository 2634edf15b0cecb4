/// The state of one rendering: the names bound, the output so far, and the budgets it may not exceed.
struct GybRendering {
  var scope: [String: GybValue]
  var output = ""
  var outputBytes = 0
  let limit: Int
  var steps = 0
  let maximumSteps: Int

  init(scope: [String: GybValue], limit: Int, maximumSteps: Int) {
    self.scope = scope
    self.limit = limit
    self.maximumSteps = maximumSteps
  }

  /// The steps the rendering may still take.
  var remainingSteps: Int { maximumSteps - steps }

  /// The bytes the output may still grow by.
  var remainingBytes: Int { max(0, limit - outputBytes) }

  /// Counts `count` steps of the rendering.
  /// - Throws: `GybError` at `line`:`column` once the rendering would take more than `maximumSteps`.
  mutating func step(_ count: Int = 1, line: Int, column: Int) throws(GybError) {
    guard count <= remainingSteps else {
      throw GybError(.malformed, "rendering takes more than \(maximumSteps) steps", line: line, column: column)
    }
    steps += count
  }

  /// Appends `text` to the output.
  /// - Throws: `GybError` at `line` when the output would grow beyond `limit` bytes.
  mutating func write(_ text: String, line: Int) throws(GybError) {
    let bytes = text.utf8.count
    guard bytes <= remainingBytes else {
      throw GybError(.malformed, "output larger than \(limit) bytes", line: line, column: 1)
    }
    outputBytes += bytes
    output += text
  }
}
