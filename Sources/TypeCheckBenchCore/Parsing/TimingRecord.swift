/// One timing line as `TimingLogParser` keeps it until the log ends: numbers, its path and description as ids of the
/// log's `InternedStrings` (32 bytes, where a `TimingEntry` takes 96 and its own strings).
struct TimingRecord: Sendable {
  var milliseconds: Double
  /// -1 for none (`<invalid loc>`).
  var line: Int
  /// -1 for none.
  var column: Int
  /// -1 for none.
  var file: Int32
  /// -1 for an expression line, which has no description column.
  var description: Int32

  /// The entry the line reads as.
  func entry(_ strings: InternedStrings) -> TimingEntry {
    TimingEntry(
      kind: description < 0 ? .expression : .function, milliseconds: milliseconds,
      file: file < 0 ? nil : strings.string(file), line: line < 0 ? nil : line, column: column < 0 ? nil : column,
      description: description < 0 ? nil : strings.string(description))
  }

  /// Whether the two lines read as equal entries (`TimingEntry ==`).
  func equals(_ other: TimingRecord, _ strings: InternedStrings) -> Bool {
    milliseconds == other.milliseconds && line == other.line && column == other.column
      && Self.same(file, other.file, strings) && Self.same(description, other.description, strings)
  }

  /// Feeds what `equals` compares to `hasher`.
  func hash(into hasher: inout Hasher, _ strings: InternedStrings) {
    hasher.combine(milliseconds)
    hasher.combine(line)
    hasher.combine(column)
    hasher.combine(file < 0 ? -1 : strings.equivalence(file))
    hasher.combine(description < 0 ? -1 : strings.equivalence(description))
  }

  private static func same(_ a: Int32, _ b: Int32, _ strings: InternedStrings) -> Bool {
    a == b || (a >= 0 && b >= 0 && strings.equivalence(a) == strings.equivalence(b))
  }
}
