import Generators

/// Sweep order of a record's points: the record's case order (unlisted cases after, by id), then its toolchain order.
struct PointOrder {
  private var caseIndex: [String: Int] = [:]
  private var toolchainIndex: [String: Int] = [:]

  init(_ record: RunRecord) {
    for (index, spec) in record.cases.enumerated() where caseIndex[spec.id] == nil { caseIndex[spec.id] = index }
    for (index, toolchain) in record.toolchains.enumerated() where toolchainIndex[toolchain.name] == nil {
      toolchainIndex[toolchain.name] = index
    }
  }

  func areInIncreasingOrder(_ lhs: PointKey, _ rhs: PointKey) -> Bool {
    let left = (caseIndex[lhs.caseID] ?? Int.max, lhs.caseID)
    let right = (caseIndex[rhs.caseID] ?? Int.max, rhs.caseID)
    if left != right { return left < right }
    let leftTool = (toolchainIndex[lhs.toolchain] ?? Int.max, lhs.toolchain)
    let rightTool = (toolchainIndex[rhs.toolchain] ?? Int.max, rhs.toolchain)
    return leftTool < rightTool
  }
}
