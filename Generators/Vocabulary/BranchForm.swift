/// The statement that branches in the `branches` and `chart` families.
public enum BranchForm: String, Codable, CaseIterable, Sendable {
  case ifElse = "if-else"
  case switchCase = "switch"
}
