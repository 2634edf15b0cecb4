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
