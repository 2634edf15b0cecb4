/// Cuts a stream of byte chunks into lines, without their line feeds: a line split across chunks is handed on once
/// its end arrives. The one line splitter of the timing-log parser and the trace reader, which read logs and traces
/// of hundreds of megabytes a chunk at a time.
struct LineChunks {
  /// The bytes of an unfinished last line, waiting for the next chunk (at most `maximumLength` of them).
  private(set) var pending: [UInt8] = []
  /// The longest line handed on whole; a longer one is handed on cut to this length, flagged, and the rest of it
  /// skipped up to its line feed, so that memory stays bounded by it whatever the stream holds (a file of zero bytes
  /// without a line feed).
  var maximumLength = Int.max
  /// True while the rest of a line already handed on cut is being skipped.
  private var skipping = false

  init(maximumLength: Int = .max) { self.maximumLength = maximumLength }

  /// Hands each line `buffer` ends to `line`, in order (the first one joined to what `pending` held), and keeps the
  /// unfinished rest in `pending`.
  mutating func split(_ buffer: UnsafeBufferPointer<UInt8>, line: (UnsafeBufferPointer<UInt8>) -> Void) {
    splitMarkingCuts(buffer) { text, _ in line(text) }
  }

  /// `split`, each line handed on with whether it was cut at `maximumLength` (true) or is whole.
  mutating func splitMarkingCuts(
    _ buffer: UnsafeBufferPointer<UInt8>, line: (UnsafeBufferPointer<UInt8>, Bool) -> Void
  ) {
    guard let base = buffer.baseAddress, !buffer.isEmpty else { return }
    let count = buffer.count
    var start = 0
    if skipping || !pending.isEmpty {
      guard let lineFeed = TimingLogParser.memchrIndex(of: .lineFeed, in: buffer, from: 0) else {
        keep(UnsafeBufferPointer(start: base, count: count), line: line)
        return
      }
      keep(UnsafeBufferPointer(start: base, count: lineFeed), line: line)
      if !skipping { pending.withUnsafeBufferPointer { line($0, false) } }
      pending.removeAll(keepingCapacity: pending.count <= 1 << 16)
      skipping = false
      start = lineFeed + 1
    }
    while start < count, let lineFeed = TimingLogParser.memchrIndex(of: .lineFeed, in: buffer, from: start) {
      let length = lineFeed - start
      line(UnsafeBufferPointer(start: base + start, count: min(length, maximumLength)), length > maximumLength)
      start = lineFeed + 1
    }
    if start < count { keep(UnsafeBufferPointer(start: base + start, count: count - start), line: line) }
  }

  /// Adds `bytes` to the unfinished line; once it outgrows `maximumLength`, hands its start on, cut, and skips the
  /// rest.
  private mutating func keep(_ bytes: UnsafeBufferPointer<UInt8>, line: (UnsafeBufferPointer<UInt8>, Bool) -> Void) {
    guard !skipping else { return }
    guard pending.count + bytes.count > maximumLength else {
      pending.append(contentsOf: bytes)
      return
    }
    pending.append(contentsOf: UnsafeBufferPointer(rebasing: bytes.prefix(maximumLength - pending.count)))
    pending.withUnsafeBufferPointer { line($0, true) }
    pending.removeAll()
    skipping = true
  }

  /// Takes the unfinished last line (a stream that ended without a line feed), leaving none; empty when the last
  /// line was longer than `maximumLength` (it was handed on cut already).
  mutating func takeRest() -> [UInt8] {
    defer {
      pending = []
      skipping = false
    }
    return pending
  }
}
