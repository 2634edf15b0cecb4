import Generators

/// A series with one toolchain: the points of a sweep's series (`CaseSpec.seriesID`), or the N of a corpus scale
/// line, measured with one toolchain. Such a series stops at its first censored or failed point.
public struct SeriesKey: Hashable, Sendable {
  public var seriesID: String
  public var toolchain: String

  public init(seriesID: String, toolchain: String) { (self.seriesID, self.toolchain) = (seriesID, toolchain) }
}
