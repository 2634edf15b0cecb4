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
