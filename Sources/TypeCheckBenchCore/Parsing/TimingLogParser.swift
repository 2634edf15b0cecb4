#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Parses swiftc's timing output and diagnostics line by line, from a whole text or from bytes arriving in chunks.
///
/// Timing lines (`-debug-time-function-bodies`, `-debug-time-expression-type-checking`, on stderr) have one shape
/// across releases, `<ms>ms<TAB><location>[<TAB><description>]`, where `<location>` is `path:line:col` or
/// `<invalid loc>`; what changed is the number format and the description:
/// - Swift 2.x: `%0.1f`, and the declaration as source (`func f() -> Int`, `get {}`) or `(closure)`:
///   `12.3ms<TAB>/p/a.swift:3:8<TAB>get {}`.
/// - Swift 3.x–4.0: the same descriptions, time `%0.2f` rounded up to 0.01 ms.
/// - Swift 4.1–5.x (apple/swift#12939): the kind and the name: `getter bar`, `instance method baz(one:two:)`,
///   `(closure)`.
/// - Swift 6.x: the kind and a reference, `global function main.(file).f()@path/to/file.swift:41:6`.
/// Expression lines never had a description column: they become `.expression` entries, the others `.function`.
///
/// Diagnostics are `path:line:col: severity: message`, `path:line: severity: …`, `<unknown>:0: severity: …` (no
/// location) or `severity: …`. Warnings of the `-warn-long-…` flags (`global function 'f()' took 123ms to
/// type-check (limit: 100ms)`) are also read into `ParsedTimingLog.longTypeCheckWarnings`. Every other line
/// (progress lines such as `[3/10] Compiling …`, source snippets under diagnostics, build chatter) is ignored.
///
/// SwiftPM's batch mode (its default) prints a batch job's whole output once per file of the batch, each copy after
/// that file's progress line. The parser cuts the log into blocks at progress lines (`[3/10] Compiling …`) and keeps a
/// block that repeats an earlier kept block line for line (same timing lines, same diagnostics) only once, counting
/// what it dropped in `ParsedTimingLog.repeatedBlocks` and `repeatedEntries`. Without progress lines
/// (`swift build --quiet`) the copies follow each other within a block: a run of lines followed at once by an exact
/// copy of itself, times included, is kept once too. Two builds' logs one after the other keep both, since their
/// times differ; a block with no timing line or diagnostic is never a repeat.
///
/// The parser works on UTF-8 bytes (invalid sequences are replaced when a field becomes a `String`), splits the
/// location from the right (paths may hold spaces and colons), bounds every number it reads and never traps. Its
/// time and memory grow linearly with the log: a timing line is kept as a few integers (its path and description
/// stored once per distinct text, `InternedStrings`) until `finish()`, and finding repeats costs a bounded number
/// of comparisons a line. A reader that only folds the entries (`bench parse`) takes them one at a time from
/// `finish(forEachEntry:)` instead of as an array.
public struct TimingLogParser: Sendable {
  /// What one line of a log is.
  public enum Line: Hashable, Sendable {
    case timing(TimingEntry)
    /// A diagnostic, with its timing when it is a `-warn-long-…` warning.
    case diagnostic(CompilerDiagnostic, longTypeCheck: LongTypeCheckWarning?)
    case ignored
  }

  /// The log cut into lines, an unfinished last one waiting for the next chunk.
  private var lines = LineChunks()
  /// The paths and descriptions read so far.
  var strings = InternedStrings()
  /// The timing lines kept so far, then those of the current block (from `blockStart.entries`).
  var records: [TimingRecord] = []
  var diagnostics: [CompilerDiagnostic] = []
  /// Each diagnostic's path (an id of `strings`, -1 for none), for finding a batch job's copies.
  var diagnosticFiles: [Int32] = []
  var warnings: [LongTypeCheckWarning] = []
  var warningFiles: [Int32] = []
  var repeatedBlocks = 0
  var repeatedEntries = 0
  /// Where the current block (since the last progress line) starts in the arrays above.
  var blockStart = BlockStart()
  /// The kept blocks by the hash of their contents, for finding repeats.
  var keptBlocks: [Int: [BlockRange]] = [:]

  /// Creates a parser for a log fed with `consume(_:)` and ended with `finish()`.
  public init() {}

  /// Parses a whole log.
  public static func parse(_ text: String) -> ParsedTimingLog {
    var parser = TimingLogParser()
    parser.consume(text.utf8)
    return parser.finish()
  }

  /// Parses a whole log given as UTF-8 bytes (for example `Data` or `[UInt8]` read from a pipe or a file).
  public static func parse<Bytes: Sequence<UInt8>>(utf8 bytes: Bytes) -> ParsedTimingLog {
    var parser = TimingLogParser()
    parser.consume(bytes)
    return parser.finish()
  }

  /// Classifies one line (the text up to its first line feed; a trailing carriage return is dropped).
  public static func parseLine(_ line: String) -> Line {
    var strings = InternedStrings()
    var text = line
    return text.withUTF8 { buffer in
      let end = memchrIndex(of: .lineFeed, in: buffer, from: 0) ?? buffer.count
      switch classify(UnsafeBufferPointer(rebasing: buffer[0..<end]).droppingCarriageReturn, strings: &strings) {
      case .timing(let record): return .timing(record.entry(strings))
      case .diagnostic(let diagnostic, let warning, _): return .diagnostic(diagnostic, longTypeCheck: warning)
      case .ignored: return .ignored
      }
    }
  }

  /// Feeds the next chunk of the log; a line split across chunks is parsed once its end arrives.
  public mutating func consume<Bytes: Sequence<UInt8>>(_ bytes: Bytes) {
    let done: Void? = bytes.withContiguousStorageIfAvailable { buffer in consume(buffer: buffer) }
    if done == nil {
      Array(bytes).withUnsafeBufferPointer { buffer in consume(buffer: buffer) }
    }
  }

  /// Parses what is left (a last line without a line feed) and returns everything recognised so far.
  ///
  /// The parser starts afresh afterwards.
  public mutating func finish() -> ParsedTimingLog {
    var entries: [TimingEntry] = []
    var log = finish { entries.append($0) }
    log.entries = entries
    return log
  }

  /// Parses what is left, hands each kept timing entry to `body` in log order, and returns everything else recognised
  /// (its `entries` empty): for a reader that folds a large log's entries without holding them all as values.
  ///
  /// The parser starts afresh afterwards.
  public mutating func finish(forEachEntry body: (TimingEntry) throws -> Void) rethrows -> ParsedTimingLog {
    if !lines.pending.isEmpty {
      let line = lines.takeRest()
      line.withUnsafeBufferPointer { handle(line: $0) }
    }
    endBlock()
    let parsed = self
    self = TimingLogParser()
    for record in parsed.records { try body(record.entry(parsed.strings)) }
    return ParsedTimingLog(
      diagnostics: parsed.diagnostics, longTypeCheckWarnings: parsed.warnings,
      repeatedBlocks: parsed.repeatedBlocks, repeatedEntries: parsed.repeatedEntries)
  }

  private mutating func consume(buffer: UnsafeBufferPointer<UInt8>) {
    // Moved out first: handling a line mutates `self`, which must not overlap an access to `lines`.
    var lines = self.lines
    self.lines = LineChunks()
    lines.split(buffer) { handle(line: $0) }
    self.lines = lines
  }

  private mutating func handle(line: UnsafeBufferPointer<UInt8>) {
    let line = line.droppingCarriageReturn
    if Self.isProgressLine(line) {
      endBlock()
      return
    }
    switch Self.classify(line, strings: &strings) {
    case .timing(let record):
      records.append(record)
    case .diagnostic(let diagnostic, let warning, let file):
      diagnostics.append(diagnostic)
      diagnosticFiles.append(file)
      if let warning {
        warnings.append(warning)
        warningFiles.append(file)
      }
    case .ignored:
      break
    }
  }
}
