import Generators

@testable import TypeCheckBench

/// The sweep `bench run` reads from `arguments` (sweep options only), knowing `families`.
func runSweep(_ arguments: [String], families: FamilySet = .builtIn) throws -> CaseSweep {
  let parsed = try Command.parse(arguments, options: RunCommand.Options(families), command: "run")
  return try SweepOptions(parsed).sweep
}
