import Foundation
import TypeCheckBenchCore

extension ParsedArguments {
  /// For `--resume`, which continues a run exactly as it was planned: refuses every option given but those at
  /// `keeping`, and every operand. `mayChange` names what may change, for the message.
  /// - Throws: `BenchError.usage` naming what to drop.
  func checkResumable(keeping: [PartialKeyPath<Options>], mayChange: String) throws {
    let conflicting = given(except: keeping) + positionals
    guard conflicting.isEmpty else {
      throw BenchError.usage(
        "--resume continues the run exactly as it was planned (only \(mayChange) may change); drop "
          + conflicting.joined(separator: ", "))
    }
  }
}
