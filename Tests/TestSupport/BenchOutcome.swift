/// What one `bench` invocation printed and returned.
public struct BenchOutcome: Sendable {
  public var status: Int32
  public var output: [String]
  public var errors: [String]

  /// Everything printed, one string, for messages in failed expectations.
  public var transcript: String { (output + errors).joined(separator: "\n") }
}
