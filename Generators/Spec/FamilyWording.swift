/// How reports speak about a family: in the headline (in a SwiftUI developer's words) and next to its charts.
public struct FamilyWording: Sendable {
  /// "nesting depth 4", "8 branches".
  public var axisValue: @Sendable (Int) -> String
  /// "at" or "with", before `axisValue` in a sentence.
  public var axisPreposition: String
  /// The step along the axis a growth rate is quoted per ("level", "branch").
  public var axisUnit: String
  /// What a series is, as the subject of a sentence.
  public var seriesName: @Sendable (CaseSpec) -> String
  /// What the compared values of a comparison mean, given its cases, when their names alone could mislead.
  public var legend: @Sendable ([CaseSpec]) -> String?

  /// When set, the headline states each series' growth verdict (a template's question: how fast does my pattern
  /// grow?) rather than the largest effect between series, and calls the family this (`Template arithmetic-chain`).
  public var growthHeadline: String?

  public init(
    axisValue: @escaping @Sendable (Int) -> String, axisPreposition: String = "with", axisUnit: String,
    seriesName: @escaping @Sendable (CaseSpec) -> String = FamilyWording.builderDesign,
    legend: @escaping @Sendable ([CaseSpec]) -> String? = { _ in nil }, growthHeadline: String? = nil
  ) {
    self.axisValue = axisValue
    self.axisPreposition = axisPreposition
    self.axisUnit = axisUnit
    self.seriesName = seriesName
    self.legend = legend
    self.growthHeadline = growthHeadline
  }

  /// The builder design a series measures, in SwiftUI's terms; on an SDK surface, as the miniature of that SDK (a
  /// finding is the miniature's, never more).
  public static let builderDesign: @Sendable (CaseSpec) -> String = { spec in
    if spec.framework == .sdk { return "the SDK's own builder" }
    switch spec.surface {
    case .ios18: return "SwiftUI's per-kind builder design (Xcode 26)"
    case .idealised: return "Xcode 27's unified ContentBuilder"
    case .ios26: return "the per-kind builder design of the iOS 26.2 SDK's miniature"
    case .ios27: return "the unified ContentBuilder of the iOS 27.0 SDK's miniature"
    }
  }
}
