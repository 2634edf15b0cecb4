/// The options of a command that makes a run folder (`run`, `fidelity`, `corpus`).
protocol RunFolderCommandOptions: Sendable {
  var output: RunFolderOptions { get }
}
