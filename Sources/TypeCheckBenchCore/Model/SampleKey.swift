/// The key that identifies a sample within a run (for resuming and caching): its point, its iteration, and whether
/// it is the point's instrumented compile.
public struct SampleKey: Hashable, Sendable {
  public var caseID: String
  public var toolchain: String
  public var iteration: Int
  /// True for the point's instrumented compile.
  public var instrumented: Bool = false

  public init(caseID: String, toolchain: String, iteration: Int, instrumented: Bool = false) {
    self.caseID = caseID
    self.toolchain = toolchain
    self.iteration = iteration
    self.instrumented = instrumented
  }

  /// The key of `sample`.
  public init(_ sample: TypeCheckSample) {
    self.init(
      caseID: sample.caseID, toolchain: sample.toolchain, iteration: sample.iteration,
      instrumented: sample.pass == .instrumented)
  }

  /// `samples` with only the first sample of each key, in order.
  public static func firstOfEach(_ samples: [TypeCheckSample]) -> [TypeCheckSample] {
    var seen = Set<SampleKey>()
    return samples.filter { seen.insert(SampleKey($0)).inserted }
  }
}
