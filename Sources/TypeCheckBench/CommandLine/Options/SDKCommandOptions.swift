/// The options of a command that compiles against an SDK with `--sdk` and `--target` (`run`, `fidelity`).
protocol SDKCommandOptions: Sendable {
  var sdk: SDKOptions { get }
}
