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
