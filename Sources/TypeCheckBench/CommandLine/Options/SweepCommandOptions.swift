/// The options of a command that takes the sweep options (`run`, `generate`, a fidelity claim's sides).
public protocol SweepCommandOptions: Sendable {
  var sweep: SweepOptions.Group { get }
}
