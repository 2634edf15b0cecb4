/// The three forms of the technote's chart case.
public enum ChartVariant: String, Codable, CaseIterable, Sendable {
  /// Back-deployed: Charts' compatibility `buildEither` returning `BuilderConditional` is present.
  case compat
  /// Deployment target 27: the compatibility overload is not compiled in.
  case modern
  /// The documented remedy: the chain moved into its own `@ChartContentBuilder` function.
  case extracted
}
