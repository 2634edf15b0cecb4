/// The options of a command that measures with named toolchains (`run`, `corpus`).
protocol ToolchainCommandOptions: Sendable {
  var toolchains: ToolchainOptions { get }
}
