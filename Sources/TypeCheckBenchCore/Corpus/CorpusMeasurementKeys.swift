/// The entries bench adds to a corpus compile's statistics.
public enum CorpusMeasurementKeys {
  /// The compiler's exit status, kept when not 0 (for `--expected-exit-code`).
  public static let exitStatus = "process.exitStatus"
}
