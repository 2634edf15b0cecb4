import Foundation
import Generators
import TypeCheckBench

/// Runs `bench` in this process with its output captured, knowing `families` (a test adds its own to the built-in
/// ones, as the executable would at start-up).
public func bench(_ arguments: [String], families: FamilySet = .builtIn) -> BenchOutcome {
  let lines = CapturedLines()
  let errors = CapturedLines()
  let status = BenchCommandLine.main(
    arguments, families: families, output: { lines.append($0) }, errorOutput: { errors.append($0) })
  return BenchOutcome(status: status, output: lines.all, errors: errors.all)
}
