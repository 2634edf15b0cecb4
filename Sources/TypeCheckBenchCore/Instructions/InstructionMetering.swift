/// How a run counted instructions: the source, the tool's version, and the import-only baselines subtracted from
/// every point.
public struct InstructionMetering: Codable, Hashable, Sendable {
  public var source: InstructionSource
  /// The counting tool's own version (`valgrind-3.19.0`) or the counter's CPU, for provenance.
  public var detail: String
  /// One baseline per distinct preamble (the framework module's `import`) and toolchain, measured once.
  public var baselines: [InstructionBaseline]
  /// False when the counting slowed the compiles (cachegrind): the run's times are then not comparable with native
  /// ones. Written for readers of run.json; bench derives it from `source`.
  public var timeComparable: Bool

  public init(source: InstructionSource, detail: String, baselines: [InstructionBaseline] = []) {
    self.source = source
    self.detail = detail
    self.baselines = baselines
    self.timeComparable = !source.disturbsTime
  }

  private enum CodingKeys: String, CodingKey {
    case source, detail, baselines, timeComparable
  }

  /// Decodes a metering; `timeComparable` follows from the source when absent.
  public init(from decoder: Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    self.init(
      source: try container.decode(InstructionSource.self, forKey: .source),
      detail: try container.decode(String.self, forKey: .detail),
      baselines: try container.decode([InstructionBaseline].self, forKey: .baselines))
  }

  /// The baseline with `key` and `toolchain`, if measured.
  public func baseline(key: String, toolchain: String) -> InstructionBaseline? {
    baselines.first { $0.key == key && $0.toolchain == toolchain }
  }
}
