// Measures TimingLogParser's throughput on a synthetic log built from the parser fixtures.
//
// Built and run by scripts/parser-throughput.sh (swiftc -O, whole module, together with the parser's sources):
// `main FIXTURE.txt…` prints MB/s (1 MB = 10^6 bytes) for two logs of about 100 MB each: every fixture line
// cycled (timings, diagnostics, source snippets, progress lines) and timing lines only (the worst case: every line
// becomes an entry with two strings), the latter also through `parse(_: String)`.
import Foundation

/// About 100 MB, or `PARSER_THROUGHPUT_BYTES` (scripts/parser-throughput.sh --quick).
let targetBytes = ProcessInfo.processInfo.environment["PARSER_THROUGHPUT_BYTES"].flatMap { Int($0) } ?? 100_000_000

func synthesise(from lines: [[UInt8]]) -> [UInt8] {
  var log: [UInt8] = []
  log.reserveCapacity(targetBytes + 4096)
  var index = 0
  while log.count < targetBytes {
    log += lines[index % lines.count]
    log.append(0x0A)
    index += 1
  }
  return log
}

func measure(_ name: String, _ log: [UInt8], asString: Bool = false) {
  let text = asString ? String(decoding: log, as: UTF8.self) : ""
  var best = Double.infinity
  var entries = 0
  var diagnostics = 0
  for _ in 0..<3 {
    let start = DispatchTime.now().uptimeNanoseconds
    let parsed = asString ? TimingLogParser.parse(text) : TimingLogParser.parse(utf8: log)
    let seconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
    best = min(best, seconds)
    entries = parsed.entries.count
    diagnostics = parsed.diagnostics.count
  }
  let megabytes = Double(log.count) / 1e6
  print(
    "\(name): \(String(format: "%.1f", megabytes)) MB, \(entries) entries, \(diagnostics) diagnostics, "
      + "best of 3: \(String(format: "%.3f", best)) s = \(String(format: "%.0f", megabytes / best)) MB/s")
}

let fixtureLines = CommandLine.arguments.dropFirst().flatMap { path -> [[UInt8]] in
  guard let data = FileManager.default.contents(atPath: path) else { fatalError("cannot read \(path)") }
  return data.split(separator: 0x0A, omittingEmptySubsequences: false).map { Array($0) }
}
guard !fixtureLines.isEmpty else { fatalError("usage: main FIXTURE.txt…") }
let timingLines = fixtureLines.filter { line in
  line.first.map { $0 >= 0x30 && $0 <= 0x39 } ?? false
}
measure("mixed fixture lines", synthesise(from: fixtureLines))
let timingLog = synthesise(from: timingLines)
measure("timing lines only  ", timingLog)
measure("same, as a String  ", timingLog, asString: true)
