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

  /// The bytes of an unfinished last line, waiting for the next chunk.
  private var pending: [UInt8] = []
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
    if !pending.isEmpty {
      let line = pending
      pending = []
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
    guard let base = buffer.baseAddress, !buffer.isEmpty else { return }
    let count = buffer.count
    var start = 0
    if !pending.isEmpty {
      guard let lineFeed = Self.memchrIndex(of: .lineFeed, in: buffer, from: 0) else {
        pending.append(contentsOf: buffer)
        return
      }
      pending.append(contentsOf: UnsafeBufferPointer(start: base, count: lineFeed))
      // Moved out first: handling the line mutates `self`, which must not overlap an access to `pending`.
      var line = pending
      pending = []
      line.withUnsafeBufferPointer { handle(line: $0) }
      line.removeAll(keepingCapacity: true)
      pending = line
      start = lineFeed + 1
    }
    while start < count, let lineFeed = Self.memchrIndex(of: .lineFeed, in: buffer, from: start) {
      handle(line: UnsafeBufferPointer(start: base + start, count: lineFeed - start))
      start = lineFeed + 1
    }
    if start < count {
      pending.append(contentsOf: UnsafeBufferPointer(start: base + start, count: count - start))
    }
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

extension TimingLogParser {
  // MARK: - Batch repeats

  struct BlockStart {
    var entries = 0
    var diagnostics = 0
    var warnings = 0
  }

  struct BlockRange {
    var entries: Range<Int>
    var diagnostics: Range<Int>
  }

  /// Ends the block that started at `blockStart`: collapses copies that follow each other within it, then drops it
  /// when it repeats a kept block, else keeps it.
  mutating func endBlock() {
    defer {
      blockStart = BlockStart(entries: records.count, diagnostics: diagnostics.count, warnings: warnings.count)
    }
    let collapsed = collapseTimingCopies()
    let diagnosticCopies = collapseDiagnosticCopies()
    collapseWarningCopies()
    repeatedBlocks += collapsed.copies > 0 ? collapsed.copies : diagnosticCopies
    repeatedEntries += collapsed.elements
    let block = BlockRange(
      entries: blockStart.entries..<records.count, diagnostics: blockStart.diagnostics..<diagnostics.count)
    guard !block.entries.isEmpty || !block.diagnostics.isEmpty else { return }
    var hasher = Hasher()
    hasher.combine(block.entries.count)
    for index in block.entries { records[index].hash(into: &hasher, strings) }
    hasher.combine(diagnostics[block.diagnostics])
    let hash = hasher.finalize()
    let isRepeat = keptBlocks[hash, default: []].contains { kept in
      kept.entries.count == block.entries.count
        && zip(kept.entries, block.entries).allSatisfy { records[$0].equals(records[$1], strings) }
        && diagnostics[kept.diagnostics] == diagnostics[block.diagnostics]
    }
    if isRepeat {
      repeatedBlocks += 1
      repeatedEntries += block.entries.count
      records.removeSubrange(block.entries)
      diagnostics.removeSubrange(block.diagnostics)
      diagnosticFiles.removeSubrange(block.diagnostics)
      warnings.removeSubrange(blockStart.warnings...)
      warningFiles.removeSubrange(blockStart.warnings...)
    } else {
      keptBlocks[hash, default: []].append(block)
    }
  }

  /// Collapses the current block's timing lines (`AdjacentCopies`).
  private mutating func collapseTimingCopies() -> (copies: Int, elements: Int) {
    let start = blockStart.entries
    let runs = records.withUnsafeBufferPointer { records in
      AdjacentCopies.find(
        count: records.count, from: start,
        key: { Self.cheapKey(records[$0].milliseconds, records[$0].line, records[$0].column) },
        fileClass: { [strings] in records[$0].file < 0 ? -1 : strings.equivalence(records[$0].file) },
        equal: { [strings] in records[$0].equals(records[$1], strings) })
    }
    return AdjacentCopies.remove(runs, from: &records)
  }

  /// Collapses the current block's diagnostics; returns how many copies it removed.
  private mutating func collapseDiagnosticCopies() -> Int {
    Self.collapseCopies(of: &diagnostics, files: &diagnosticFiles, from: blockStart.diagnostics, strings: strings) {
      ($0.line ?? -1) &* 1_000_003 &+ ($0.column ?? -1) &* 31 &+ $0.message.utf8.count
    }
  }

  /// Collapses the current block's long-type-check warnings.
  private mutating func collapseWarningCopies() {
    _ = Self.collapseCopies(of: &warnings, files: &warningFiles, from: blockStart.warnings, strings: strings) {
      Self.cheapKey($0.entry.milliseconds, $0.entry.line ?? -1, $0.entry.column ?? -1)
    }
  }

  /// Collapses the copies among `elements` from `start` on (`AdjacentCopies`), each naming the path `files` holds at
  /// its index, and removes them from both; returns how many copies it removed.
  private static func collapseCopies<Element: Equatable>(
    of elements: inout [Element], files: inout [Int32], from start: Int, strings: InternedStrings,
    key: (Element) -> Int
  ) -> Int {
    let runs = elements.withUnsafeBufferPointer { elements in
      files.withUnsafeBufferPointer { files in
        AdjacentCopies.find(
          count: elements.count, from: start, key: { key(elements[$0]) },
          fileClass: { files[$0] < 0 ? -1 : strings.equivalence(files[$0]) },
          equal: { elements[$0] == elements[$1] })
      }
    }
    AdjacentCopies.remove(runs, from: &files)
    return AdjacentCopies.remove(runs, from: &elements).copies
  }

  /// A key equal for equal timing lines; unequal lines rarely share one, and are then told apart by comparing them.
  private static func cheapKey(_ milliseconds: Double, _ line: Int, _ column: Int) -> Int {
    Int(truncatingIfNeeded: milliseconds.bitPattern) &* 31 &+ line &* 1_000_003 &+ column
  }

  /// Whether the line is a build-system progress line, `[<digits>/<digits>]` followed by a space or nothing.
  static func isProgressLine(_ line: UnsafeBufferPointer<UInt8>) -> Bool {
    guard line.first == .openingBracket else { return false }
    var index = 1
    var sawSlash = false
    var digitsInPart = 0
    while index < line.count {
      let byte = line[index]
      if byte.isASCIIDigit {
        digitsInPart += 1
      } else if byte == .slash, !sawSlash, digitsInPart > 0 {
        sawSlash = true
        digitsInPart = 0
      } else if byte == .closingBracket, sawSlash, digitsInPart > 0 {
        return index + 1 == line.count || line[index + 1] == .space
      } else {
        return false
      }
      index += 1
    }
    return false
  }
}

extension TimingLogParser {
  // MARK: - Lines

  /// What one line holds: a timing line as a record (its strings in `strings`), a diagnostic as values.
  enum Classified {
    case timing(TimingRecord)
    /// A diagnostic, its timing when it is a `-warn-long-…` warning, and its path's id (-1 for none).
    case diagnostic(CompilerDiagnostic, LongTypeCheckWarning?, file: Int32)
    case ignored
  }

  static func classify(_ line: UnsafeBufferPointer<UInt8>, strings: inout InternedStrings) -> Classified {
    guard let first = line.first else { return .ignored }
    if first.isASCIIDigit, let record = timingRecord(line, strings: &strings) {
      return .timing(record)
    }
    if let (diagnostic, warning, file) = diagnostic(line, strings: &strings) {
      return .diagnostic(diagnostic, warning, file: file)
    }
    return .ignored
  }

  /// Reads `<ms>ms<TAB><location>[<TAB><description>]`.
  private static func timingRecord(_ line: UnsafeBufferPointer<UInt8>, strings: inout InternedStrings) -> TimingRecord?
  {
    let count = line.count
    guard let (milliseconds, numberEnd) = decimal(in: line, from: 0, to: count),
      numberEnd + 2 < count, line[numberEnd] == .lowercaseM, line[numberEnd + 1] == .lowercaseS,
      line[numberEnd + 2] == .tab
    else { return nil }
    let locationStart = numberEnd + 3
    let tab = memchrIndex(of: .tab, in: line, from: locationStart)
    guard
      let location = self.location(
        in: line, from: locationStart, to: tab ?? count, allowsMissingColumn: false, strings: &strings)
    else { return nil }
    var description: Int32 = -1
    if let tab, tab + 1 < count {
      description = strings.id(for: UnsafeBufferPointer(rebasing: line[(tab + 1)...]))
    }
    return TimingRecord(
      milliseconds: milliseconds, line: location.line ?? -1, column: location.column ?? -1, file: location.file,
      description: description)
  }

  /// Reads `[location: ]severity: message`, and the timing of a `-warn-long-…` warning.
  private static func diagnostic(
    _ line: UnsafeBufferPointer<UInt8>, strings: inout InternedStrings
  ) -> (CompilerDiagnostic, LongTypeCheckWarning?, Int32)? {
    if let (severity, messageStart) = severity(in: line, at: 0) {
      return makeDiagnostic(line, severity: severity, messageStart: messageStart, location: .none, strings: strings)
    }
    // The location ends at the first `: severity:` whose prefix reads as a location; earlier `: ` may belong to
    // the path.
    var searchFrom = 0
    while let colon = memchrIndex(of: .colon, in: line, from: searchFrom) {
      if colon + 1 < line.count, line[colon + 1] == .space,
        let (severity, messageStart) = severity(in: line, at: colon + 2),
        let location = location(in: line, from: 0, to: colon, allowsMissingColumn: true, strings: &strings)
      {
        return makeDiagnostic(
          line, severity: severity, messageStart: messageStart, location: location, strings: strings)
      }
      searchFrom = colon + 1
    }
    return nil
  }

  private static func makeDiagnostic(
    _ line: UnsafeBufferPointer<UInt8>, severity: CompilerDiagnostic.Severity, messageStart: Int,
    location: SourceLocation, strings: InternedStrings
  ) -> (CompilerDiagnostic, LongTypeCheckWarning?, Int32) {
    let message = String(decoding: UnsafeBufferPointer(rebasing: line[messageStart...]), as: UTF8.self)
    let file = location.file < 0 ? nil : strings.string(location.file)
    let diagnostic = CompilerDiagnostic(
      severity: severity, file: file, line: location.line, column: location.column, message: message)
    var warning: LongTypeCheckWarning?
    if severity == .warning || severity == .error,
      let (subject, took, limit) = longTypeCheck(in: line, from: messageStart)
    {
      let isExpression = subject == "expression"
      let entry = TimingEntry(
        kind: isExpression ? .expression : .function, milliseconds: took, file: file,
        line: location.line, column: location.column, description: isExpression ? nil : subject)
      warning = LongTypeCheckWarning(entry: entry, limitMilliseconds: limit, severity: severity)
    }
    return (diagnostic, warning, location.file)
  }

  /// Reads `<subject> took <N>ms to type-check (limit: <M>ms)` (every release since Swift 3 words it so).
  private static func longTypeCheck(
    in line: UnsafeBufferPointer<UInt8>, from start: Int
  ) -> (subject: String, took: Double, limit: Double)? {
    var end = line.count
    // `-debug-diagnostic-names` and diagnostic groups append ` [debug_long_function_body]` or ` [#Group]`.
    while end > start, line[end - 1] == .closingBracket,
      let open = lastIndex(of: .openingBracket, in: line, from: start, to: end), open > start,
      line[open - 1] == .space
    {
      end = open - 1
    }
    guard line.hasSuffix(Literal.closingMilliseconds, from: start, to: end) else { return nil }
    end -= Literal.closingMilliseconds.count
    guard let (limit, limitStart) = decimal(in: line, endingAt: end, notBefore: start) else { return nil }
    end = limitStart
    guard line.hasSuffix(Literal.toTypeCheck, from: start, to: end) else { return nil }
    end -= Literal.toTypeCheck.count
    guard let (took, tookStart) = decimal(in: line, endingAt: end, notBefore: start) else { return nil }
    end = tookStart
    guard line.hasSuffix(Literal.took, from: start, to: end) else { return nil }
    end -= Literal.took.count
    guard end > start else { return nil }
    let subject = String(decoding: UnsafeBufferPointer(rebasing: line[start..<end]), as: UTF8.self)
    return (subject, took, limit)
  }

  /// Matches `error|warning|note|remark:` at `index`, followed by a space or the end of the line.
  private static func severity(
    in line: UnsafeBufferPointer<UInt8>, at index: Int
  ) -> (CompilerDiagnostic.Severity, messageStart: Int)? {
    guard index < line.count else { return nil }
    let severity: CompilerDiagnostic.Severity
    let word: [UInt8]
    switch line[index] {
    case UInt8(ascii: "e"): (severity, word) = (.error, Literal.error)
    case UInt8(ascii: "w"): (severity, word) = (.warning, Literal.warning)
    case UInt8(ascii: "n"): (severity, word) = (.note, Literal.note)
    case UInt8(ascii: "r"): (severity, word) = (.remark, Literal.remark)
    default: return nil
    }
    guard line.hasPrefix(word, at: index) else { return nil }
    let after = index + word.count
    if after == line.count { return (severity, after) }
    return line[after] == .space ? (severity, after + 1) : nil
  }
}

extension TimingLogParser {
  // MARK: - Fields

  /// A source location as the compiler printed it, its path an id of `InternedStrings` (-1 for none); no path, line
  /// or column for `<invalid loc>` and `<unknown>:0`.
  struct SourceLocation {
    static let none = SourceLocation(file: -1, line: nil, column: nil)
    var file: Int32
    var line: Int?
    var column: Int?
  }

  /// Reads `path:line:col` (or `path:line` when `allowsMissingColumn`) split from the right, or `<invalid loc>`.
  static func location(
    in line: UnsafeBufferPointer<UInt8>, from start: Int, to end: Int, allowsMissingColumn: Bool,
    strings: inout InternedStrings
  ) -> SourceLocation? {
    if end - start == Literal.invalidLocation.count && line.hasPrefix(Literal.invalidLocation, at: start) {
      return SourceLocation.none
    }
    guard let lastColon = lastIndex(of: .colon, in: line, from: start, to: end),
      let last = integer(in: line, from: lastColon + 1, to: end)
    else { return nil }
    var fileEnd = lastColon
    var lineNumber = last
    var column: Int?
    if let colon = lastIndex(of: .colon, in: line, from: start, to: lastColon),
      let number = integer(in: line, from: colon + 1, to: lastColon)
    {
      fileEnd = colon
      lineNumber = number
      column = last
    } else if !allowsMissingColumn {
      return nil
    }
    guard fileEnd > start else { return nil }
    if fileEnd - start == Literal.unknownFile.count && line.hasPrefix(Literal.unknownFile, at: start) {
      return SourceLocation.none
    }
    let file = strings.id(for: UnsafeBufferPointer(rebasing: line[start..<fileEnd]))
    return SourceLocation(file: file, line: lineNumber, column: column)
  }

  /// Reads a non-negative integer filling `start..<end` exactly, of at most 18 digits (so it cannot overflow).
  static func integer(in line: UnsafeBufferPointer<UInt8>, from start: Int, to end: Int) -> Int? {
    guard end > start, end - start <= 18 else { return nil }
    var value = 0
    for index in start..<end {
      let digit = line[index] &- UInt8(ascii: "0")
      guard digit < 10 else { return nil }
      value = value &* 10 &+ Int(digit)
    }
    return value
  }

  /// Reads `digits[.digits]` starting at `start`, returning a finite, non-negative value and where it ends.
  ///
  /// Up to 15 significant digits are read exactly (an integer mantissa divided by a power of ten, one correctly
  /// rounded operation, so `12.78` reads as the literal `12.78`); longer numbers go through `Double(_:)` and are
  /// refused when they are not finite.
  static func decimal(in line: UnsafeBufferPointer<UInt8>, from start: Int, to end: Int) -> (Double, Int)? {
    var index = start
    var mantissa: UInt64 = 0
    var digits = 0
    var fractionDigits = 0
    while index < end, line[index].isASCIIDigit {
      mantissa = mantissa &* 10 &+ UInt64(line[index] &- UInt8(ascii: "0"))
      digits += 1
      index += 1
    }
    guard digits > 0 else { return nil }
    if index + 1 < end, line[index] == .period, line[index + 1].isASCIIDigit {
      index += 1
      while index < end, line[index].isASCIIDigit {
        mantissa = mantissa &* 10 &+ UInt64(line[index] &- UInt8(ascii: "0"))
        digits += 1
        fractionDigits += 1
        index += 1
      }
    }
    if digits <= 15 {
      return (Double(mantissa) / powersOfTen[fractionDigits], index)
    }
    let text = String(decoding: UnsafeBufferPointer(rebasing: line[start..<index]), as: UTF8.self)
    guard let value = Double(text), value.isFinite, value >= 0 else { return nil }
    return (value, index)
  }

  /// Reads the `digits[.digits]` that ends exactly at `end`, starting no earlier than `notBefore`.
  static func decimal(
    in line: UnsafeBufferPointer<UInt8>, endingAt end: Int, notBefore floor: Int
  ) -> (Double, Int)? {
    var start = end
    while start > floor, line[start - 1].isASCIIDigit || line[start - 1] == .period { start -= 1 }
    // A leading period is not part of the number (`%0.2f` always prints a digit first).
    while start < end, line[start] == .period { start += 1 }
    guard let (value, numberEnd) = decimal(in: line, from: start, to: end), numberEnd == end else { return nil }
    return (value, start)
  }

  private static let powersOfTen: [Double] = (0...15).map { exponent in
    (0..<exponent).reduce(1.0) { value, _ in value * 10 }
  }

  static func memchrIndex(of byte: UInt8, in buffer: UnsafeBufferPointer<UInt8>, from start: Int) -> Int? {
    guard let base = buffer.baseAddress, start < buffer.count else { return nil }
    guard let found = memchr(base + start, Int32(byte), buffer.count - start) else { return nil }
    return UnsafeRawPointer(found) - UnsafeRawPointer(base)
  }

  static func lastIndex(
    of byte: UInt8, in buffer: UnsafeBufferPointer<UInt8>, from start: Int, to end: Int
  ) -> Int? {
    var index = end
    while index > start {
      index -= 1
      if buffer[index] == byte { return index }
    }
    return nil
  }

  enum Literal {
    static let invalidLocation = Array("<invalid loc>".utf8)
    static let unknownFile = Array("<unknown>".utf8)
    static let error = Array("error:".utf8)
    static let warning = Array("warning:".utf8)
    static let note = Array("note:".utf8)
    static let remark = Array("remark:".utf8)
    static let took = Array(" took ".utf8)
    static let toTypeCheck = Array("ms to type-check (limit: ".utf8)
    static let closingMilliseconds = Array("ms)".utf8)
  }
}

extension UInt8 {
  static let lineFeed = UInt8(ascii: "\n")
  static let carriageReturn = UInt8(ascii: "\r")
  static let tab = UInt8(ascii: "\t")
  static let colon = UInt8(ascii: ":")
  static let slash = UInt8(ascii: "/")
  static let space = UInt8(ascii: " ")
  static let period = UInt8(ascii: ".")
  static let openingBracket = UInt8(ascii: "[")
  static let closingBracket = UInt8(ascii: "]")
  static let lowercaseM = UInt8(ascii: "m")
  static let lowercaseS = UInt8(ascii: "s")

  var isASCIIDigit: Bool { self &- UInt8(ascii: "0") < 10 }
}

extension UnsafeBufferPointer<UInt8> {
  var droppingCarriageReturn: UnsafeBufferPointer<UInt8> {
    guard let last, last == .carriageReturn else { return self }
    return UnsafeBufferPointer(rebasing: self[0..<(count - 1)])
  }

  func hasPrefix(_ literal: [UInt8], at index: Int) -> Bool {
    guard index >= 0, count - index >= literal.count else { return false }
    for offset in 0..<literal.count where self[index + offset] != literal[offset] { return false }
    return true
  }

  /// Whether `start..<end` ends with `literal`.
  func hasSuffix(_ literal: [UInt8], from start: Int, to end: Int) -> Bool {
    guard end - start >= literal.count else { return false }
    return hasPrefix(literal, at: end - literal.count)
  }
}
