/// Which declarations a builder model's miniature mirrors: one surface per SDK whose public interfaces were read,
/// plus the idealised unified design bench measured before the iOS 27.0 interfaces could be read.
///
/// A surface belongs to one builder model. The ids of the two legacy surfaces (`ios18`, `idealised`) leave the
/// surface out: they are what every record written before surfaces existed measured, so such a record reads back as
/// them (`ParameterSpec.surface`'s neutral value), never as today's default.
public enum BuilderSurface: String, Codable, CaseIterable, Sendable, Comparable {
  /// The per-kind miniature as the iOS 18.0 interfaces declare it, in one module (bench's first surface).
  case ios18
  /// The per-kind model as the iOS 26.2 SDK declares it (Xcode 26), in separate miniature modules.
  case ios26
  /// The unified model as bench idealised it before the iOS 27.0 interfaces: one unconstrained initializer per
  /// primitive through `ContentBuilder`, every kind-specific overload gone, one module.
  case idealised
  /// The unified model as the iOS 27.0 SDK declares it (Xcode 27): `ContentBuilder` is `ViewBuilder`, and the
  /// kind-specific initializers it keeps public stay (most of them disfavored), in separate miniature modules.
  case ios27

  /// The builder model this surface belongs to.
  public var model: BuilderModel {
    switch self {
    case .ios18, .ios26: .perKind
    case .idealised, .ios27: .unified
    }
  }

  /// The surface a case of `model` holds when nothing says otherwise: the one every record written before surfaces
  /// existed measured. Fixed forever, so that such records keep reading as what they measured.
  public static func legacy(for model: BuilderModel) -> BuilderSurface {
    model == .perKind ? .ios18 : .idealised
  }

  /// The surface a sweep takes for `model` when `--surface` is not given: the newest SDK of each model.
  public static func current(for model: BuilderModel) -> BuilderSurface {
    model == .perKind ? .ios26 : .ios27
  }

  /// True for the legacy surfaces: one miniature module holding everything, as before surfaces existed.
  public var isLegacy: Bool { self == .ios18 || self == .idealised }

  /// The surface's counterpart in the other model from the same generation (`ios26` and `ios27` are compared with
  /// each other, `ios18` with `idealised`).
  public var counterpart: BuilderSurface {
    switch self {
    case .ios18: .idealised
    case .idealised: .ios18
    case .ios26: .ios27
    case .ios27: .ios26
    }
  }

  /// How reports and listings name the surface: the SDK it mirrors.
  public var title: String {
    switch self {
    case .ios18: "iOS 18.0"
    case .ios26: "iOS 26.2"
    case .idealised: "idealised"
    case .ios27: "iOS 27.0"
    }
  }

  /// Where the surface's declarations were read: the public mirror, its commit, the SDK folder and the compiler that
  /// wrote the interfaces (docs/fidelity.md). The idealised surface mirrors no SDK.
  public var interfaces: String? {
    switch self {
    case .ios18:
      "xybp888/iOS-SDKs at 88fdca9de873, iPhoneOS18.0.sdk (Xcode 16)"
    case .ios26:
      "seayou2468-web/maciOS at 4e13ea7ff478, iPhoneOS26.2.sdk, written by Apple Swift 6.2 (swiftlang-6.2.3.3.2)"
    case .idealised:
      nil
    case .ios27:
      "xybp888/iOS-SDKs at ad607cb07fe4, iPhoneOS27.0.sdk, written by Apple Swift 6.4 (swiftlang-6.4.0.31.4)"
    }
  }

  public static func < (lhs: Self, rhs: Self) -> Bool {
    allCases.firstIndex(of: lhs)! < allCases.firstIndex(of: rhs)!
  }
}
