import Foundation
import Generators
import Testing

@testable import TypeCheckBenchCore

/// The smaller defects of the hostile pass that live in the core (issue 24, item 10).
@Suite struct HostileInputCoreTests {
  /// Valid JSON nested 10,000 levels deep is no run record, and is said to be so, not "truncated or corrupted".
  @Test func deeplyNestedJSONIsNamedForWhatItIs() {
    for text in [
      String(repeating: "[", count: 10_000) + String(repeating: "]", count: 10_000),
      "{\"schemaVersion\": 2, \"x\": " + String(repeating: "[", count: 10_000) + String(repeating: "]", count: 10_000)
        + "}",
    ] {
      do {
        _ = try RecordValidation.decodeRecord(Data(text.utf8))
        Issue.record("decoded")
      } catch {
        #expect("\(error)".contains(text.hasPrefix("{") ? "nests 10001 levels deep" : "nests 10000 levels deep"))
        #expect(!"\(error)".contains("truncated"), "\(error)")
      }
    }
    // Truncated JSON is still called truncated.
    #expect(throws: RecordValidation.Problem.self) { try RecordValidation.decodeRecord(Data("{\"a\": [1, 2".utf8)) }
    #expect(RecordValidation.nestingDepth(Data("{\"a\": \"[[[\\\"[\", \"b\": [[]]}".utf8)) == 3)
  }
}
