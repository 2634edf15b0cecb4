// Measures TimingLogParser's throughput and memory, one log shape at a time.
//
// Built by scripts/studies/parser-throughput.sh with swiftc -O, whole module, together with the parser's sources.
// Three modes:
//   main make SHAPE OUT BYTES FIXTURES   writes a log of SHAPE of about BYTES to OUT from the fixture logs in FIXTURES
//   main parse [--alone] FILE            parses FILE (1 MB reads) as `bench parse` does (each entry folded into the
//                                        report's rows as the parser hands it over), or with the parser alone; prints
//                                        one line of figures
//   main measure CMD ARGS…               runs CMD and prints its wall time and peak resident size
// 1 MB = 10^6 bytes.
import Foundation

func fail(_ message: String) -> Never {
  FileHandle.standardError.write(Data("parser-throughput: \(message)\n".utf8))
  exit(1)
}

func seconds() -> Double {
  var now = timespec()
  clock_gettime(CLOCK_MONOTONIC, &now)
  return Double(now.tv_sec) + Double(now.tv_nsec) / 1e9
}

/// Peak resident size in bytes of this process, or of its largest waited-for child.
func peakResidentBytes(children: Bool = false) -> Int {
  var usage = rusage()
  #if canImport(Darwin)
    getrusage(children ? RUSAGE_CHILDREN : RUSAGE_SELF, &usage)
  #else
    getrusage(children ? RUSAGE_CHILDREN.rawValue : RUSAGE_SELF.rawValue, &usage)
  #endif
  #if canImport(Darwin)
    return Int(usage.ru_maxrss)
  #else
    return Int(usage.ru_maxrss) * 1024
  #endif
}

func readFile(_ path: String) -> [UInt8] {
  guard let file = fopen(path, "rb") else { fail("cannot read \(path)") }
  defer { fclose(file) }
  var bytes: [UInt8] = []
  var chunk = [UInt8](repeating: 0, count: 1 << 20)
  while true {
    let count = chunk.withUnsafeMutableBytes { fread($0.baseAddress, 1, $0.count, file) }
    if count == 0 { break }
    bytes += chunk[0..<count]
  }
  return bytes
}

func lines(_ bytes: [UInt8]) -> [[UInt8]] {
  var result = bytes.split(separator: 0x0A, omittingEmptySubsequences: false).map { Array($0) }
  if result.last?.isEmpty == true { result.removeLast() }
  return result
}

func replacing(_ line: [UInt8], _ old: [UInt8], with new: [UInt8]) -> [UInt8] {
  guard line.count >= old.count else { return line }
  var out: [UInt8] = []
  out.reserveCapacity(line.count + 16)
  var index = 0
  while index < line.count {
    if index + old.count <= line.count, line[index] == old[0], Array(line[index..<(index + old.count)]) == old {
      out += new
      index += old.count
    } else {
      out.append(line[index])
      index += 1
    }
  }
  return out
}

/// Writes a log of `shape` to `out`: a fixture (or several) printed again and again, each copy as another build (its
/// paths under another folder, so one copy never repeats another and every batch repeat inside it is real work).
func make(shape: String, out: String, bytes target: Int, fixtures: String) {
  let names: [String]
  switch shape {
  case "swiftpm-batch": names = ["swiftpm-batch"]
  case "swiftpm-quiet-batch": names = ["swiftpm-quiet-batch"]
  case "bodies-and-expressions": names = ["expressions", "bodies"]
  case "interleaved-diagnostics": names = ["interleaved-j2", "warnings", "error"]
  default: fail("unknown shape \(shape)")
  }
  let source = names.flatMap { lines(readFile("\(fixtures)/\($0).txt")) }
  let folders = Array("/tmp/fixture".utf8)
  guard let file = fopen(out, "wb") else { fail("cannot write \(out)") }
  defer { fclose(file) }
  var written = 0
  var copy = 0
  while written < target {
    let folder = folders + Array("-build\(copy)".utf8)
    for line in source {
      var text = replacing(line, folders, with: folder)
      text.append(0x0A)
      written += text.count
      _ = text.withUnsafeBytes { fwrite($0.baseAddress, 1, $0.count, file) }
    }
    copy += 1
  }
}

/// CPU seconds (user and system) this process has used.
func cpuSeconds() -> Double {
  var usage = rusage()
  #if canImport(Darwin)
    getrusage(RUSAGE_SELF, &usage)
  #else
    getrusage(RUSAGE_SELF.rawValue, &usage)
  #endif
  return Double(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec)
    + Double(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) / 1e6
}

/// Parses `path` (1 MB reads) and prints its figures: with `fold`, as `bench parse` does (each entry folded into the
/// report's rows as the parser hands it over), else the parser alone (each entry made and dropped).
func parse(path: String, fold: Bool) {
  guard let file = fopen(path, "rb") else { fail("cannot read \(path)") }
  defer { fclose(file) }
  let (start, startCPU) = (seconds(), cpuSeconds())
  var parser = TimingLogParser()
  var chunk = [UInt8](repeating: 0, count: 1 << 20)
  var (size, lineCount) = (0, 0)
  while true {
    let count = chunk.withUnsafeMutableBytes { fread($0.baseAddress, 1, $0.count, file) }
    if count == 0 { break }
    size += count
    lineCount += chunk[0..<count].reduce(0) { $0 + ($1 == 0x0A ? 1 : 0) }
    parser.consume(chunk[0..<count])
  }
  var merger = SlowestReport.Merger()
  var kept = 0
  let log = parser.finish { entry in
    if fold { merger.add(entry) }
    kept += 1
  }
  merger.endLog()
  let report = SlowestReport(merged: merger, limit: 1)
  if fold && report.bodies.isEmpty && report.expressions.isEmpty { fail("\(path): no timing line") }
  let (wall, cpu) = (seconds() - start, cpuSeconds() - startCPU)
  let megabytes = Double(size) / 1e6
  let peak = Double(peakResidentBytes())
  print(
    String(
      format: "%6.1f MB %8d lines %8d kept %7d dropped %7.3f s cpu %7.3f s %5.0f MB/s peak %6.1f MB = %4.2fx",
      megabytes, lineCount, kept, log.repeatedEntries, wall, cpu, megabytes / wall, peak / 1e6,
      peak / Double(max(size, 1))))
}

/// Runs a command to its end, its standard output discarded, and prints its wall time and its peak resident size.
func measure(_ command: [String]) {
  #if canImport(Darwin)
    var actions: posix_spawn_file_actions_t?
  #else
    var actions = posix_spawn_file_actions_t()
  #endif
  posix_spawn_file_actions_init(&actions)
  defer { posix_spawn_file_actions_destroy(&actions) }
  posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
  let start = seconds()
  var pid: pid_t = 0
  let arguments = command.map { strdup($0) } + [nil]
  defer { arguments.forEach { free($0) } }
  #if canImport(Darwin)
    let environment = _NSGetEnviron().pointee
  #else
    let environment = environ
  #endif
  guard posix_spawnp(&pid, command[0], &actions, nil, arguments, environment) == 0 else {
    fail("cannot run \(command[0])")
  }
  var status: Int32 = 0
  while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
  let elapsed = seconds() - start
  guard status == 0 else { fail("\(command.joined(separator: " ")) failed (status \(status))") }
  print(String(format: "%6.3f s  peak %6.1f MB", elapsed, Double(peakResidentBytes(children: true)) / 1e6))
}

let arguments = Array(CommandLine.arguments.dropFirst())
switch arguments.first {
case "make" where arguments.count == 5:
  make(shape: arguments[1], out: arguments[2], bytes: Int(arguments[3]) ?? 0, fixtures: arguments[4])
case "parse" where arguments.count == 2:
  parse(path: arguments[1], fold: true)
case "parse" where arguments.count == 3 && arguments[1] == "--alone":
  parse(path: arguments[2], fold: false)
case "measure" where arguments.count >= 2:
  measure(Array(arguments.dropFirst()))
default:
  fail("usage: main make SHAPE OUT BYTES FIXTURES | parse [--alone] FILE | measure CMD ARGS…")
}
