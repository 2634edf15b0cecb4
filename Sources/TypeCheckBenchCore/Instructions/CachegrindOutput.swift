/// Reads the file `valgrind --tool=cachegrind --cachegrind-out-file=FILE` writes: an `events:` line naming the
/// counted events (`Ir` alone with `--cache-sim=no`; `Ir I1mr ILmr Dr …` with the cache simulation) and a closing
/// `summary:` line with the whole program's total of each, in that order.
public enum CachegrindOutput {
  /// A file that is not a complete cachegrind output.
  public struct Problem: Error, CustomStringConvertible, Equatable {
    public var description: String
  }

  /// The instructions executed (`Ir`) in the output `text`.
  /// - Throws: `Problem` when there is no `events:` line naming `Ir`, no `summary:` line (a run cut short), or the
  ///   summary's value is not a whole number.
  public static func instructions(in text: String) throws -> Double {
    var events: [Substring]?
    var summary: [Substring]?
    // The summary is the last line; the events line comes before the first `fl=`. Only those two are read.
    for line in text.split(separator: "\n", omittingEmptySubsequences: true) {
      if events == nil, line.hasPrefix("events:") {
        events = line.dropFirst("events:".count).split(separator: " ")
      } else if line.hasPrefix("summary:") || line.hasPrefix("totals:") {
        summary = line.drop { $0 != ":" }.dropFirst().split(separator: " ")
      }
    }
    guard let events else { throw Problem(description: "no events: line (not a cachegrind output file)") }
    guard let column = events.firstIndex(of: "Ir") else {
      throw Problem(description: "cachegrind counted no instructions (events: \(events.joined(separator: " ")))")
    }
    guard let summary else { throw Problem(description: "no summary: line (the run was cut short)") }
    guard column < summary.count, let value = UInt64(summary[column]) else {
      throw Problem(description: "the summary line holds no instruction count")
    }
    return Double(value)
  }
}
