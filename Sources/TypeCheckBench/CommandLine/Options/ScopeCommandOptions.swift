/// The options of a command that ranks expressions by constraint scopes (`analyze`, `parse --stats-dir`).
protocol ScopeCommandOptions: Sendable {
  var scopes: ScopeOptions { get }
}
