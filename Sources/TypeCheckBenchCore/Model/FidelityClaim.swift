/// One claim about SwiftUI that a `bench fidelity` run checks: a sweep measured against bench's miniature and, the
/// same sweep, against the real SDK. A run record keeps its claims, so every report is rebuilt from run.json.
public struct FidelityClaim: Codable, Hashable, Sendable {
  /// Its name on the command line (`nesting-group`).
  public var name: String
  /// What the sweep measures, in a SwiftUI developer's words.
  public var title: String
  /// The miniature side as `bench run` options (`--family nesting --primitives group --depth 1...5 --model
  /// per-kind`).
  public var miniatureArguments: String
  /// The SDK side as `bench run` options (`… --framework sdk`).
  public var sdkArguments: String
  /// The case ids of each side, in sweep order.
  public var miniatureCases: [String]
  public var sdkCases: [String]

  public init(
    name: String, title: String, miniatureArguments: String, sdkArguments: String, miniatureCases: [String],
    sdkCases: [String]
  ) {
    self.name = name
    self.title = title
    self.miniatureArguments = miniatureArguments
    self.sdkArguments = sdkArguments
    self.miniatureCases = miniatureCases
    self.sdkCases = sdkCases
  }
}
