/// Names of the `-stats-output-dir` entries bench keeps.
public enum StatName {
  public static let constraintScopes = "Sema.NumConstraintScopes"
  public static let leafScopes = "Sema.NumLeafScopes"
  public static let declsTypechecked = "Sema.NumDeclsTypechecked"
  public static let typeCheckWall = "time.swift.Type checking and Semantic analysis.wall"
  public static let typeCheckUser = "time.swift.Type checking and Semantic analysis.user"
  public static let typeCheckStmtWall = "time.swift.typecheck-stmt.wall"
  /// Not a `-stats-output-dir` entry: the case's own instructions (`--meter instructions`), charted, fitted and
  /// ranked beside the compiler's counters under this name.
  public static let instructions = "instructions"
}
