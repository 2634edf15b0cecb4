/// The instructions a file holding only a case's fixed preamble (its framework module's `import`) costs one
/// toolchain: the start-up, the standard library and the module's loading that every case of that preamble pays.
public struct InstructionBaseline: Codable, Hashable, Sendable {
  /// A hash of the preamble's source text: cases whose preambles are identical share one baseline.
  public var key: String
  /// What the preamble holds, for reports: `import PerKindUI`, or `inline framework (PerKindUI)`.
  public var label: String
  /// `ToolchainInfo.name` of the compiler measured.
  public var toolchain: String
  /// Instructions retired by the frontend job compiling the preamble alone.
  public var instructions: Double

  public init(key: String, label: String, toolchain: String, instructions: Double) {
    self.key = key
    self.label = label
    self.toolchain = toolchain
    self.instructions = instructions
  }
}
