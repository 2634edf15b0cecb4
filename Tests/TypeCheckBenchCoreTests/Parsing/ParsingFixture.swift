import Foundation
import Testing

/// Loads the parser fixtures from the test bundle's copied `Fixtures` folder.
enum ParsingFixture {
  /// Every fixture: the captured ones (see scripts/capture-parser-fixtures.sh) and the hand-written `legacy-*`.
  static let names = [
    "bodies", "expressions", "warnings", "warnings-diagnostic-names", "error", "space-path", "interleaved-j2",
    "swiftpm-build", "swiftpm-batch", "swiftpm-nobatch", "swiftpm-quiet-batch", "swiftpm-quiet-nobatch",
    "legacy-swift2", "legacy-swift3", "legacy-swift4-5",
  ]

  static func text(_ name: String) throws -> String {
    let url = try #require(Bundle.module.url(forResource: name, withExtension: "txt", subdirectory: "Fixtures"))
    return try String(contentsOf: url, encoding: .utf8)
  }
}
