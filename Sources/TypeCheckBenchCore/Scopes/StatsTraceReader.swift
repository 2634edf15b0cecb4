/// Reads one trace file (`trace-*.csv`, written by `-stats-output-dir DIR -Xfrontend -trace-stats-events`) from bytes
/// arriving in chunks, and attributes its constraint scopes to the expressions and statements the compiler checked.
///
/// Memory stays bounded whatever the file's size: rows are read one at a time, only the open events are held, and
/// the result holds one entry per check. Rows of one boundary (same time, live time, entry or exit, event, entity
/// and range, each counter at most once) are gathered, then `TraceEventStack` places the boundary.
public struct StatsTraceReader: Sendable {
  /// The counter whose deltas are attributed.
  public static let scopesCounter = "Sema.NumConstraintScopes"
  /// The second counter attributed the same way.
  public static let leafScopesCounter = "Sema.NumLeafScopes"
  /// The longest row read (64 KiB: a row is a few numbers, an event, an entity and a source range whose path is at
  /// most a few KiB); a longer line is an unreadable row, and no more of it is held.
  public static let maximumLineLength = 1 << 16

  private var stack = TraceEventStack()
  /// The file cut into lines, an unfinished last one waiting for the next chunk.
  private var lines = LineChunks()
  private var lineNumber = 0
  private var sawFirstLine = false
  private var notATrace = false
  private var problems: [TraceProblem] = []
  private var malformed = 0
  private var firstMalformedLine = 0
  private var rows = 0
  private var finalScopes: Int64 = 0
  private var finalLeafScopes: Int64 = 0
  /// Rows of the scope counters whose running total is not the previous one plus their delta: rows are missing.
  private var scopeGaps = 0

  /// The boundary whose rows are being gathered.
  private var boundary: TraceEventStack.Boundary?
  /// The counters the gathered boundary has had (a counter seen again starts the next boundary).
  private var boundaryCounters: Set<UInt64> = []
  /// Interned event names.
  private var eventIDs: [UInt64: Int32] = [:]
  private var eventNames: [String] = []
  private var eventKinds: [TracedExpression.Kind?] = []
  private var eventIsTypeChecking: [Bool] = []
  /// The files of `typecheck-decl` ranges (a job's primary files).
  private var declarationFiles: Set<String> = []

  /// A reader whose rows are at most `maximumLineLength` bytes long.
  public init(maximumLineLength: Int = StatsTraceReader.maximumLineLength) {
    lines = LineChunks(maximumLength: maximumLineLength)
  }

  /// Reads a whole trace.
  public static func read<Bytes: Sequence<UInt8>>(utf8 bytes: Bytes) -> TraceAttribution {
    var reader = StatsTraceReader()
    reader.consume(bytes)
    return reader.finish()
  }

  /// Feeds the next chunk of the file; a row split across chunks is read once its end arrives.
  public mutating func consume<Bytes: Sequence<UInt8>>(_ bytes: Bytes) {
    let done: Void? = bytes.withContiguousStorageIfAvailable { consume(buffer: $0) }
    if done == nil { Array(bytes).withUnsafeBufferPointer { consume(buffer: $0) } }
  }

  /// Ends the file and returns what it says. A last line without its line feed means the file was cut short: the
  /// compiler ends every row with one.
  public mutating func finish() -> TraceAttribution {
    if !lines.pending.isEmpty {
      lineNumber += 1
      let rest = lines.takeRest()
      if !sawFirstLine {
        notATrace = true
        problems.append(.notATrace(firstLine: String(decoding: rest.prefix(80), as: UTF8.self)))
      } else if !notATrace {
        problems.append(.truncated(atLine: lineNumber))
      }
    }
    endBoundary()
    if lineNumber == 0 { problems.append(.empty) }
    if malformed > 0 { problems.insert(.malformedRows(count: malformed, firstLine: firstMalformedLine), at: 0) }
    if scopeGaps > 0 { problems.append(.scopeRowsMissing(count: scopeGaps)) }
    let outside = stack.finishAll()
    var byEvent: [String: Int64] = [:]
    for (event, scopes) in outside.foldedByEvent { byEvent[name(event), default: 0] += scopes }
    for contribution in outside.contributions where contribution.scopes != 0 {
      byEvent[name(contribution.event), default: 0] += contribution.scopes
    }
    let total = outside.total
    var result = TraceAttribution(
      expressions: stack.finished, outsideScopes: total.scopes, outsideLeafScopes: total.leafScopes,
      outsideScopesByEvent: byEvent, finalScopes: finalScopes, finalLeafScopes: finalLeafScopes, rows: rows,
      unseenEnds: stack.unseenEnds, scopesAreWhole: scopeGaps == 0 && !notATrace && lineNumber > 0,
      problems: problems)
    result.declarationFiles = declarationFiles.sorted()
    self = StatsTraceReader(maximumLineLength: lines.maximumLength)
    return result
  }

  private func name(_ event: Int32) -> String {
    event == TraceEventStack.noEvent ? "(no event)" : eventNames[Int(event)]
  }

  private mutating func consume(buffer: UnsafeBufferPointer<UInt8>) {
    // Moved out first: handling a line mutates `self`, which must not overlap an access to `lines`.
    var lines = self.lines
    self.lines = LineChunks()
    lines.splitMarkingCuts(buffer) { handle(line: $0, cut: $1) }
    self.lines = lines
  }

  private mutating func handle(line raw: UnsafeBufferPointer<UInt8>, cut: Bool) {
    lineNumber += 1
    if cut {
      // Longer than any row: unreadable, and never held whole.
      if !sawFirstLine {
        sawFirstLine = true
        notATrace = true
        // Control bytes (a file of zero bytes) are shown as '?', never printed.
        let shown = raw.prefix(80).map { $0 < 0x20 || $0 == 0x7f ? UInt8(ascii: "?") : $0 }
        problems.append(.notATrace(firstLine: String(decoding: shown, as: UTF8.self)))
      } else if !notATrace {
        malformed += 1
        if malformed == 1 { firstMalformedLine = lineNumber }
      }
      return
    }
    var line = raw
    if let last = line.last, last == 13 { line = UnsafeBufferPointer(rebasing: line.dropLast()) }
    if !sawFirstLine {
      sawFirstLine = true
      let text = String(decoding: line, as: UTF8.self)
      if text != TraceRow.header {
        notATrace = true
        problems.append(.notATrace(firstLine: text))
      }
      return
    }
    guard !notATrace, !line.isEmpty else { return }
    // A row no compiler writes is unreadable too: a time beyond a day (as the timing-log parser holds times to), a
    // scope counter going down (the solver's scopes only grow; it was ranked at −3 scopes), or one beyond any budget.
    guard let fields = TraceRowFields(line), Self.isPlausible(fields, line), fields.time <= Self.maximumMicroseconds,
      fields.live <= Self.maximumMicroseconds,
      (fields.delta >= 0 && fields.value >= 0) || !Self.isScopeCounter(line, fields.counter)
    else {
      malformed += 1
      if malformed == 1 { firstMalformedLine = lineNumber }
      return
    }
    rows += 1
    let identity = Self.hash(line, fields.event, seed: Self.hash(line, fields.tail, seed: Self.fnvOffset))
    let counter = Self.hash(line, fields.counter, seed: Self.fnvOffset)
    if let current = boundary, current.time == fields.time, current.live == fields.live,
      current.isEntry == fields.isEntry, current.identity == identity, !boundaryCounters.contains(counter)
    {
      boundaryCounters.insert(counter)
    } else {
      endBoundary()
      boundaryCounters = [counter]
      var event = intern(line, fields.event)
      let kind = eventKinds[Int(event)]
      var range: TraceSourceRange?
      var node = ""
      if let kind {
        range = TraceSourceRange(String(decoding: UnsafeBufferPointer(rebasing: line[fields.range]), as: UTF8.self))
        node = String(decoding: UnsafeBufferPointer(rebasing: line[fields.entity]), as: UTF8.self)
        // A check without a source range is of code the compiler wrote itself: it counts as outside, named so.
        if range == nil { event = intern(kind.eventName + " (no source range)") }
      }
      var next = TraceEventStack.Boundary(
        time: fields.time, live: fields.live, isEntry: fields.isEntry, identity: identity, event: event,
        isTypeChecking: eventIsTypeChecking[Int(event)])
      if let kind, let range {
        next.kind = kind
        next.range = range
        next.node = node
        if kind == .declaration { declarationFiles.insert(range.file) }
      } else if kind == .statement, node == "Brace" {
        next.isSynthesizedBody = true
      }
      boundary = next
    }
    if TraceRowFields.equals(line, fields.counter, "Sema.NumConstraintScopes") {
      boundary?.scopes += fields.delta
      if finalScopes &+ fields.delta != fields.value { scopeGaps += 1 }
      finalScopes = fields.value
    } else if TraceRowFields.equals(line, fields.counter, "Sema.NumLeafScopes") {
      boundary?.leafScopes += fields.delta
      if finalLeafScopes &+ fields.delta != fields.value { scopeGaps += 1 }
      finalLeafScopes = fields.value
    }
  }

  /// The largest scope delta a row may carry (2^32: an expression's budget is at most 2^31 scopes) and the largest
  /// running total (2^40, a million times a whole budget): a scope row beyond them is unreadable. The sums of a
  /// trace's rows (at most 8 GiB of them, 2^28 rows) then stay far from Int64's bounds, whatever the file holds.
  static let maximumScopeDelta: Int64 = 1 << 32
  static let maximumScopeTotal: Int64 = 1 << 40

  /// False for a row of a scope counter whose delta or running total no compile reaches.
  private static func isPlausible(_ fields: TraceRowFields, _ line: UnsafeBufferPointer<UInt8>) -> Bool {
    let inRange =
      fields.delta.magnitude <= UInt64(maximumScopeDelta) && fields.value >= 0 && fields.value <= maximumScopeTotal
    return inRange
      || !TraceRowFields.equals(line, fields.counter, "Sema.NumConstraintScopes")
        && !TraceRowFields.equals(line, fields.counter, "Sema.NumLeafScopes")
  }

  /// A day in microseconds: the longest time a trace row may hold.
  static let maximumMicroseconds: UInt64 = 86_400_000_000

  /// True when `counter` names one of the scope counters, which only grow.
  private static func isScopeCounter(_ line: UnsafeBufferPointer<UInt8>, _ counter: Range<Int>) -> Bool {
    TraceRowFields.equals(line, counter, "Sema.NumConstraintScopes")
      || TraceRowFields.equals(line, counter, "Sema.NumLeafScopes")
  }

  private mutating func endBoundary() {
    if let boundary { stack.apply(boundary) }
    boundary = nil
  }

  private mutating func intern(_ line: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> Int32 {
    let key = Self.hash(line, range, seed: Self.fnvOffset)
    if let id = eventIDs[key] { return id }
    return add(String(decoding: UnsafeBufferPointer(rebasing: line[range]), as: UTF8.self), key: key)
  }

  private mutating func intern(_ name: String) -> Int32 {
    var name = name
    let key = name.withUTF8 { Self.hash($0, 0..<$0.count, seed: Self.fnvOffset) }
    return eventIDs[key] ?? add(name, key: key)
  }

  private mutating func add(_ name: String, key: UInt64) -> Int32 {
    let id = Int32(eventNames.count)
    eventIDs[key] = id
    eventNames.append(name)
    eventKinds.append(TracedExpression.Kind(eventName: name))
    eventIsTypeChecking.append(name.hasPrefix("typecheck-") || name.hasPrefix("precheck-"))
    return id
  }

  private static let fnvOffset: UInt64 = 0xcbf2_9ce4_8422_2325

  /// FNV-1a over `line[range]`, continuing from `seed`.
  private static func hash(_ line: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, seed: UInt64) -> UInt64 {
    var hash = seed
    for index in range {
      hash ^= UInt64(line[index])
      hash = hash &* 0x100_0000_01b3
    }
    // Separates the parts hashed one after the other.
    return (hash ^ 0xff) &* 0x100_0000_01b3
  }
}
