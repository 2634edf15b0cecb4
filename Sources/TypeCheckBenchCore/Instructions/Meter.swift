/// What `bench run --meter` measures each compile by.
public enum Meter: String, Codable, CaseIterable, Sendable {
  /// Type-check time (and constraint scopes), as bench always measured.
  case time
  /// The instructions each frontend job retires, from the best source the host has, besides time and scopes.
  case instructions
}
