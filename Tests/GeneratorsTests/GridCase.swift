import Testing

@testable import Generators

/// A grid case named by its id in test output.
struct GridCase: Sendable, CustomTestStringConvertible {
  var spec: CaseSpec
  var testDescription: String { spec.id }
}
