import Testing
import TypeCheckBenchCore

// The generator is TypeCheckBenchCore's SplitMix64, so every run tests the same inputs.

/// Random bytes and mutated fixture lines never crash the parser and never yield impossible values.
@Suite struct ParsingPropertyTests {
  /// Bytes that matter to the grammar, drawn more often than the rest.
  private static let interesting =
    Array("0123456789.ms\t: \r\n<>[]'-took(limit)errorwarning".utf8) + [0x00, 0xC3, 0xFF]

  private static let insertions = [
    "\t", ":", "::", "9", "99999999999999999999", "99999999999999999999ms", "ms\t", ".", "\r", "\n", " ",
    "<invalid loc>", ": error: ", ": warning: ", " took 5ms to type-check (limit: 1ms)", "\u{FFFD}", " [name]",
    String(repeating: "9", count: 330), "18446744073709551616", "-",
  ]

  @Test func randomAndMutatedInputsParseSanely() throws {
    var random = SplitMix64(seed: 0x7C0F_FEE5_EED5_2026)
    let fixtureLines = try ParsingFixture.names.flatMap { name in
      try ParsingFixture.text(name).split(separator: "\n", omittingEmptySubsequences: false).map { Array($0.utf8) }
    }
    #expect(fixtureLines.count > 500)
    var inputs = 0
    var entriesSeen = 0
    for round in 0..<12_000 {
      var bytes: [UInt8]
      if round % 3 == 0 {
        bytes = (0..<Int.random(in: 0...160, using: &random)).map { _ in
          Bool.random(using: &random)
            ? Self.interesting.randomElement(using: &random)! : UInt8.random(in: 0...255, using: &random)
        }
      } else {
        bytes = []
        for _ in 0..<Int.random(in: 1...4, using: &random) {
          bytes += mutate(fixtureLines.randomElement(using: &random)!, using: &random)
          bytes.append(Bool.random(using: &random) ? 0x0A : 0x0D)
          if Bool.random(using: &random) { bytes.append(0x0A) }
        }
      }
      let log = TimingLogParser.parse(utf8: bytes)
      check(log, lineCount: bytes.count { $0 == 0x0A } + 1)
      entriesSeen += log.entries.count + log.longTypeCheckWarnings.count
      if round % 10 == 0 {
        // Splitting the input anywhere must not change the result.
        let cut = Int.random(in: 0...bytes.count, using: &random)
        var parser = TimingLogParser()
        parser.consume(bytes[..<cut])
        parser.consume(bytes[cut...])
        #expect(parser.finish() == log)
      }
      inputs += 1
    }
    #expect(inputs == 12_000)
    // The mutations must leave many lines valid, or the test would only exercise the rejection paths.
    #expect(entriesSeen > 2_000)
  }

  private func check(_ log: ParsedTimingLog, lineCount: Int) {
    #expect(log.entries.count + log.diagnostics.count <= lineCount)
    #expect(log.longTypeCheckWarnings.count <= log.diagnostics.count)
    for entry in log.entries + log.longTypeCheckWarnings.map(\.entry) {
      #expect(entry.milliseconds.isFinite && entry.milliseconds >= 0, "\(entry)")
      #expect((entry.line ?? 0) >= 0 && (entry.column ?? 0) >= 0, "\(entry)")
      #expect(entry.file.map { !$0.isEmpty } ?? true, "\(entry)")
    }
    for entry in log.entries {
      // A timing line has a whole location or none.
      #expect((entry.file == nil) == (entry.line == nil) && (entry.line == nil) == (entry.column == nil), "\(entry)")
    }
    for warning in log.longTypeCheckWarnings {
      #expect(warning.limitMilliseconds.isFinite && warning.limitMilliseconds >= 0)
    }
  }

  private func mutate(_ line: [UInt8], using random: inout SplitMix64) -> [UInt8] {
    var line = line
    for _ in 0..<Int.random(in: 0...3, using: &random) {
      let position = Int.random(in: 0...line.count, using: &random)
      switch Int.random(in: 0..<6, using: &random) {
      case 0:
        line = Array(line[..<position])
      case 1:
        line.insert(contentsOf: Array(Self.insertions.randomElement(using: &random)!.utf8), at: position)
      case 2 where position < line.count:
        line.removeSubrange(position..<min(line.count, position + Int.random(in: 1...8, using: &random)))
      case 3 where position < line.count:
        line[position] = UInt8.random(in: 0...255, using: &random)
      case 4:
        line.insert(contentsOf: Array("99999999999999999999".utf8), at: 0)
      default:
        line.insert(Self.interesting.randomElement(using: &random)!, at: position)
      }
    }
    return line
  }
}
