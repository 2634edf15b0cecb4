import Escaping
import Foundation

/// The files of a rendered report, keyed by path relative to the run's folder.
public struct RenderedReport: Hashable, Sendable {
  /// Relative path (for example `report.md`, `charts/nesting-time.svg`) to file contents.
  public var files: [String: String]

  public init(files: [String: String]) {
    self.files = files
  }

  /// Paths in a stable order.
  public var paths: [String] { files.keys.sorted() }
}
