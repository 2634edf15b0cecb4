/// Cuts a stream of byte chunks into lines, without their line feeds: a line split across chunks is handed on once
/// its end arrives. The one line splitter of the timing-log parser and the trace reader, which read logs and traces
/// of hundreds of megabytes a chunk at a time.
struct LineChunks {
  /// The bytes of an unfinished last line, waiting for the next chunk.
  private(set) var pending: [UInt8] = []

  /// Hands each line `buffer` ends to `line`, in order (the first one joined to what `pending` held), and keeps the
  /// unfinished rest in `pending`.
  mutating func split(_ buffer: UnsafeBufferPointer<UInt8>, line: (UnsafeBufferPointer<UInt8>) -> Void) {
    guard let base = buffer.baseAddress, !buffer.isEmpty else { return }
    let count = buffer.count
    var start = 0
    if !pending.isEmpty {
      guard let lineFeed = TimingLogParser.memchrIndex(of: .lineFeed, in: buffer, from: 0) else {
        pending.append(contentsOf: buffer)
        return
      }
      pending.append(contentsOf: UnsafeBufferPointer(start: base, count: lineFeed))
      pending.withUnsafeBufferPointer { line($0) }
      pending.removeAll(keepingCapacity: true)
      start = lineFeed + 1
    }
    while start < count, let lineFeed = TimingLogParser.memchrIndex(of: .lineFeed, in: buffer, from: start) {
      line(UnsafeBufferPointer(start: base + start, count: lineFeed - start))
      start = lineFeed + 1
    }
    if start < count {
      pending.append(contentsOf: UnsafeBufferPointer(start: base + start, count: count - start))
    }
  }

  /// Takes the unfinished last line (a stream that ended without a line feed), leaving none.
  mutating func takeRest() -> [UInt8] {
    defer { pending = [] }
    return pending
  }
}
