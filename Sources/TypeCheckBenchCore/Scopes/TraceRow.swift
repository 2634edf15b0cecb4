/// One row of a compiler trace (`swiftc -stats-output-dir DIR -Xfrontend -trace-stats-events` writes
/// `DIR/trace-*.csv`): one counter that changed at one event boundary.
///
/// The header is `Time,Live,IsEntry,EventName,CounterName,CounterDelta,CounterValue,EntityName,EntityRange`. At each
/// boundary (an event's entry or exit) the compiler compares every counter with its value at the previous boundary,
/// of any event, and writes one row per counter that changed: `CounterDelta` is the change since that previous
/// boundary and `CounterValue` the running total. `Time` is the process's CPU time in microseconds at the boundary,
/// `Live` (exits only) how long the event ran. A boundary where nothing changed writes no row at all, so an event's
/// entry, exit or both may be missing from the file.
///
/// The compiler writes the event and counter names as they are and the entity's name and range without escaping, so
/// the row is read from both ends: the fixed fields from the left, the range (`[path:line:col - line:line:col]`,
/// `<invalid loc>` or empty) as the last quoted field.
public struct TraceRow: Hashable, Sendable {
  public var time: UInt64
  public var live: UInt64
  public var isEntry: Bool
  public var event: String
  public var counter: String
  public var delta: Int64
  public var value: Int64
  public var entity: String
  /// The range as written, without its quotes ("" when the event has none).
  public var range: String

  /// The first line of every trace file.
  public static let header = "Time,Live,IsEntry,EventName,CounterName,CounterDelta,CounterValue,EntityName,EntityRange"

  /// Reads one row, or nil when `line` is not one.
  public init?(_ line: String) {
    var text = line
    guard
      let fields = text.withUTF8({ buffer in TraceRowFields(UnsafeBufferPointer(rebasing: buffer[...])) })
    else { return nil }
    self = text.withUTF8 { buffer in
      func string(_ range: Range<Int>) -> String {
        String(decoding: UnsafeBufferPointer(rebasing: buffer[range]), as: UTF8.self)
      }
      return TraceRow(
        time: fields.time, live: fields.live, isEntry: fields.isEntry, event: string(fields.event),
        counter: string(fields.counter), delta: fields.delta, value: fields.value, entity: string(fields.entity),
        range: string(fields.range))
    }
  }

  public init(
    time: UInt64, live: UInt64, isEntry: Bool, event: String, counter: String, delta: Int64, value: Int64,
    entity: String, range: String
  ) {
    self.time = time
    self.live = live
    self.isEntry = isEntry
    self.event = event
    self.counter = counter
    self.delta = delta
    self.value = value
    self.entity = entity
    self.range = range
  }
}

/// Where the fields of one trace row lie in its bytes: the numbers read, the texts as ranges of the line.
struct TraceRowFields {
  var time: UInt64
  var live: UInt64
  var isEntry: Bool
  var event: Range<Int>
  var counter: Range<Int>
  var delta: Int64
  var value: Int64
  /// The entity's name, without quotes.
  var entity: Range<Int>
  /// The range, without quotes.
  var range: Range<Int>
  /// The entity and range as written, quotes included: with `event`, what the rows of one boundary share.
  var tail: Range<Int>

  /// Splits `line` (without its line feed) into fields, or nil when it is not a trace row.
  init?(_ line: UnsafeBufferPointer<UInt8>) {
    var index = 0
    let count = line.count
    guard let time = Self.unsigned(line, &index), let live = Self.unsigned(line, &index) else { return nil }
    guard let kind = Self.quoted(line, &index) else { return nil }
    if Self.equals(line, kind, "entry") {
      isEntry = true
    } else if Self.equals(line, kind, "exit") {
      isEntry = false
    } else {
      return nil
    }
    guard let event = Self.quoted(line, &index) else { return nil }
    guard let counter = Self.quoted(line, &index), !counter.isEmpty,
      let delta = Self.signed(line, &index), let value = Self.signed(line, &index)
    else { return nil }
    // The tail is `"entity","range"`. The range is the last quoted field (`[path:line:col - line:line:col]`,
    // `path:line:col`, `<invalid loc>` or empty) and never holds a quote; the entity is everything before it.
    let tailStart = index
    guard count - tailStart >= 5, line[tailStart] == Self.quote, line[count - 1] == Self.quote else { return nil }
    var split = -1
    var probe = count - 2
    while probe > tailStart + 1 {
      if line[probe] == Self.quote {
        if line[probe - 1] == Self.comma, line[probe - 2] == Self.quote { split = probe }
        break
      }
      probe -= 1
    }
    guard split > 0 else { return nil }
    self.time = time
    self.live = live
    self.event = event
    self.counter = counter
    self.delta = delta
    self.value = value
    self.entity = (tailStart + 1)..<(split - 2)
    self.range = (split + 1)..<(count - 1)
    self.tail = tailStart..<count
  }

  static let quote = UInt8(ascii: "\"")
  static let comma = UInt8(ascii: ",")

  /// Reads digits up to a comma (and skips it).
  private static func unsigned(_ line: UnsafeBufferPointer<UInt8>, _ index: inout Int) -> UInt64? {
    var value: UInt64 = 0
    let start = index
    while index < line.count, line[index] != comma {
      let digit = line[index] &- UInt8(ascii: "0")
      guard digit < 10 else { return nil }
      let (times, overflowTimes) = value.multipliedReportingOverflow(by: 10)
      let (sum, overflowSum) = times.addingReportingOverflow(UInt64(digit))
      guard !overflowTimes, !overflowSum else { return nil }
      value = sum
      index += 1
    }
    guard index > start, index < line.count else { return nil }
    index += 1
    return value
  }

  /// Reads an optionally negative integer up to a comma (and skips it).
  private static func signed(_ line: UnsafeBufferPointer<UInt8>, _ index: inout Int) -> Int64? {
    var negative = false
    if index < line.count, line[index] == UInt8(ascii: "-") {
      negative = true
      index += 1
    }
    guard let magnitude = unsigned(line, &index), magnitude <= UInt64(Int64.max) else { return nil }
    return negative ? -Int64(magnitude) : Int64(magnitude)
  }

  /// Reads `"text",` and returns the text's range (the quotes excluded).
  private static func quoted(_ line: UnsafeBufferPointer<UInt8>, _ index: inout Int) -> Range<Int>? {
    guard index < line.count, line[index] == quote else { return nil }
    let start = index + 1
    var end = start
    while end < line.count, line[end] != quote { end += 1 }
    guard end + 1 < line.count, line[end + 1] == comma else { return nil }
    index = end + 2
    return start..<end
  }

  static func equals(_ line: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, _ text: StaticString) -> Bool {
    guard range.count == text.utf8CodeUnitCount else { return false }
    let pointer = text.utf8Start
    for offset in 0..<range.count where line[range.lowerBound + offset] != pointer[offset] { return false }
    return true
  }
}
