import Foundation
import Generators
import TypeCheckBench

/// Runs `bench` in this process with its output captured, knowing `families` (a test adds its own to the built-in
/// ones, as the executable would at start-up); a run's journal meets `journalFaults` before each append.
public func bench(
  _ arguments: [String], families: FamilySet = .builtIn, journalFaults: JournalFaults = .none
) -> BenchOutcome {
  let lines = CapturedLines()
  let errors = CapturedLines()
  let status = BenchCommandLine.main(
    arguments, families: families, journalFaults: journalFaults, output: { lines.append($0) },
    errorOutput: { errors.append($0) })
  return BenchOutcome(status: status, output: lines.all, errors: errors.all)
}
