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
