import Testing

@testable import Generators

/// One SDK surface's miniature, as the validity test builds it.
struct SDKVariant: Sendable, CustomTestStringConvertible {
  var surface: ModularSurface
  var testDescription: String {
    CaseGenerator.modules(of: surface.importingEveryModule).map(\.name).joined(separator: " ")
  }

  static let all: [SDKVariant] = [BuilderSurface.ios26, .ios27].flatMap { sdk in
    var variants = [
      ModularSurface(surface: sdk), ModularSurface(surface: sdk, preset: .minimal),
      ModularSurface(surface: sdk, uniformKinds: 4), ModularSurface(surface: sdk, uniformKinds: 12),
    ]
    if sdk == .ios26 { variants.append(ModularSurface(surface: sdk, blockStyle: .fixedArity)) }
    if sdk == .ios27 { variants.append(ModularSurface(surface: sdk, chartBackDeployment: false)) }
    return variants.map(SDKVariant.init)
  }
}
