/// One module of an SDK surface's miniature, named after the SDK module whose declarations it stands in for. A case
/// imports them as an app does: `SwiftUI` (which re-exports `SwiftUICore`), and `Charts` for a chart; `_MapKit_SwiftUI`
/// is what an app importing MapKit and SwiftUI gets, and no built-in case imports it.
public enum MiniatureModule: String, CaseIterable, Codable, Sendable, Comparable {
  case swiftUICore = "SwiftUICore"
  case swiftUI = "SwiftUI"
  case charts = "Charts"
  case mapKit = "_MapKit_SwiftUI"

  /// The modules this one imports (`SwiftUI` re-exports `SwiftUICore`, as the SDK's does).
  public var dependencies: [MiniatureModule] {
    switch self {
    case .swiftUICore: []
    case .swiftUI: [.swiftUICore]
    case .charts, .mapKit: [.swiftUI]
    }
  }

  /// This module and every module it imports, dependencies first.
  public var closure: [MiniatureModule] {
    var result: [MiniatureModule] = []
    for dependency in dependencies {
      for module in dependency.closure where !result.contains(module) { result.append(module) }
    }
    result.append(self)
    return result
  }

  /// The readable start of the miniature module's name (`MiniSwiftUICore`).
  var namePrefix: String {
    switch self {
    case .swiftUICore: "MiniSwiftUICore"
    case .swiftUI: "MiniSwiftUI"
    case .charts: "MiniCharts"
    case .mapKit: "MiniMapKit"
    }
  }

  public static func < (lhs: Self, rhs: Self) -> Bool {
    allCases.firstIndex(of: lhs)! < allCases.firstIndex(of: rhs)!
  }
}
