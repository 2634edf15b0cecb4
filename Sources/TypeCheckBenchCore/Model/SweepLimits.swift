/// The ranges bench accepts for every measurement setting: the command line checks its flags against them, and
/// `RecordValidation` checks every run.json against the same ones, so that a hand-edited record can never ask
/// `--resume` (or a report) for more than the command line would. A case parameter's range is its declaration's
/// (`ParameterSpec.form`).
public enum SweepLimits {
  /// One limited parameter: the flag that sets it and its accepted values.
  public struct Limit: Sendable {
    public var flag: String
    public var range: ClosedRange<Int>

    public init(_ flag: String, _ range: ClosedRange<Int>) {
      self.flag = flag
      self.range = range
    }

    /// "1...1000 (as for --runs)", for messages.
    public var text: String { "\(range.lowerBound)...\(range.upperBound) (as for \(flag))" }
  }

  public static let runs = Limit("--runs", 1...1000)
  public static let warmup = Limit("--warmup", 0...100)
  public static let jobs = Limit("--jobs", 1...256)
  /// The per-compile timeout, seconds: above 0, at most a day.
  public static let timeoutSeconds: ClosedRange<Double> = 0.001...86_400

  /// The default ceiling on compiles per run (cases × toolchains × (warm-up + measured runs)); `--max-compiles`
  /// raises it.
  public static let defaultMaxCompiles = 20_000
  /// The default ceiling on the generated sources of a sweep, bytes; `--max-generated-mb` raises it.
  public static let defaultMaxGeneratedBytes = 2_000_000_000
}
