import Generators

@testable import TypeCheckBench

/// The sweep `bench run` reads from `arguments` (sweep options only), knowing `families`.
func runSweep(_ arguments: [String], families: FamilySet = .builtIn) throws -> CaseSweep {
  let parsed = try ArgumentScanner.scan(arguments, options: RunCommand.options(families), command: "run")
  return try SweepOptions(parsed, families: families).sweep
}
