/// Every SwiftUI and Charts API name a built-in case's body uses: with `--framework sdk` the cases compile against
/// the real SDK, so they must use nothing the SDK lacks. A test lexes every case body and checks it against this list
/// (and that every name listed is used); `SDKSurfaceInterfaceTests` pins each name to where the iOS 18.0 interfaces
/// declare it, with the labels the cases use (docs/fidelity.md).
public enum SDKSurface {
  /// SwiftUI: types, members, initializer labels and attributes the case bodies name.
  public static let swiftUI: Set<String> = [
    // Types
    "View", "Text", "Group", "Section", "ForEach", "List", "State",
    // `State`'s initializer and property, ForEach's and Chart's `id:` forms (a case declares `body` itself)
    "initialValue", "wrappedValue", "id",
    // Shape styles (`.foregroundStyle(.blue)`)
    "blue", "green", "red",
    // The `@State` macro's expansion: an init accessor with storage restrictions (SE-0400)
    "storageRestrictions", "initializes",
  ]

  /// Charts: types, members and labels the chart case names.
  public static let charts: Set<String> = [
    "Chart", "ChartContent", "ChartContentBuilder", "LineMark", "value", "foregroundStyle", "x", "y",
  ]
}
