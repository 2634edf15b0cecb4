import Generators

/// What a command runs with: where its result goes, where its warnings go, and the families it knows. The executable
/// writes the first to standard output and the second to standard error; tests capture both.
struct CommandContext {
  /// The command's result: reports, listings, "Wrote …" lines, progress at series stops.
  var output: (String) -> Void
  /// Warnings and notes (`note: --depth does not apply …`): never mixed into the result.
  var warn: (String) -> Void
  /// The families bench was started with: what `--family` names and what records are read against.
  var families: FamilySet = .builtIn
  /// What a run's sample journal meets before each append: none but in a fault test (`DiskFullTests`).
  var journalFaults: JournalFaults = .none
}
