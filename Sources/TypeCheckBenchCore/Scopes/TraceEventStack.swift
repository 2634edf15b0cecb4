/// Rebuilds the nesting of a trace's events from its boundaries and gives each boundary's counts to the expression or
/// statement being checked at the time.
///
/// A row's delta is the change since the previous boundary of any event, so each delta belongs to the innermost
/// event open just before its boundary: at an exit, the exiting event; at an entry, the event the new one is nested
/// in. Events other than `typecheck-expr` and `typecheck-stmt` (requests, generic signatures, conformance lookups)
/// pass their counts to the expression or statement they are nested in; counts with none open are "outside".
///
/// Boundaries where nothing changed write no row. An exit row still places its event, since `Live` says when it
/// started: a missing entry is found again by time, and the counts given to the enclosing check since then move to
/// it (a boundary in the very microsecond it started is taken as before it). A missing exit
/// cannot be placed: such an event stays open until an event that started before it ends, and it and the check it
/// is nested in are marked inexact.
struct TraceEventStack {
  /// Counts given to a check at one boundary, kept with their time so that a check whose entry was missing can
  /// take back those made after it started.
  struct Contribution {
    var time: UInt64
    var scopes: Int64 = 0
    var leafScopes: Int64 = 0
    /// The CPU time of a finished nested check (its `Live`), taken off the enclosing check's own time.
    var childMicroseconds: Int64 = 0
    /// What was being done when the counts were made (for the breakdown of what is outside any check): the
    /// innermost open type-checking event (`typecheck-decl`, `precheck-target`, …), else the outermost open event.
    var event: Int32 = TraceEventStack.noEvent
    /// True for a finished nested check, whose `time` is when it started.
    var isNestedCheck = false

    /// True when the counts were made after `start`, the start of a check whose entry wrote no row. A boundary in
    /// the same microsecond is taken as before it (had it come after, it would hold at most a microsecond's work); a
    /// nested check that started then, as after it.
    func isAfter(_ start: UInt64) -> Bool {
      time > start || (time == start && isNestedCheck)
    }
  }

  /// What one open expression or statement (or, at the bottom, the outside) has been given so far.
  struct Account {
    var kind: TracedExpression.Kind?
    var node = ""
    var range: TraceSourceRange?
    var contributions: [Contribution] = []
    /// Older contributions folded into one, when the list grew past `contributionLimit`.
    var folded = Contribution(time: 0)
    /// The folded counts by event (kept for the outside only).
    var foldedByEvent: [Int32: Int64] = [:]
    var exact = true

    mutating func add(_ contribution: Contribution) {
      contributions.append(contribution)
      guard contributions.count > TraceEventStack.contributionLimit else { return }
      let half = contributions.count / 2
      for old in contributions[..<half] {
        folded.scopes += old.scopes
        folded.leafScopes += old.leafScopes
        folded.childMicroseconds += old.childMicroseconds
        if kind == nil, old.scopes != 0 { foldedByEvent[old.event, default: 0] += old.scopes }
      }
      contributions.removeFirst(half)
    }

    var total: Contribution {
      var sum = folded
      for contribution in contributions {
        sum.scopes += contribution.scopes
        sum.leafScopes += contribution.leafScopes
        sum.childMicroseconds += contribution.childMicroseconds
      }
      return sum
    }
  }

  /// An open event.
  struct Frame {
    /// A hash of the event's name, entity and range: what its exit rows repeat.
    var identity: UInt64
    var event: Int32
    /// What counts made while it is the innermost open event are put down to (see `Contribution.event`).
    var label: Int32
    var entryTime: UInt64
    /// True for an expression or statement, which has an account of its own (the innermost such is the last).
    var hasAccount: Bool
  }

  /// One boundary of one event, with the counts its rows give.
  struct Boundary {
    var time: UInt64
    var live: UInt64
    var isEntry: Bool
    var identity: UInt64
    var event: Int32
    /// True for a type-checking event, which names the counts made while it is open (see `Contribution.event`).
    var isTypeChecking = false
    /// Set for an expression or statement with a readable range.
    var kind: TracedExpression.Kind?
    var node = ""
    var range: TraceSourceRange?
    var scopes: Int64 = 0
    var leafScopes: Int64 = 0
    /// True for the body of code the compiler wrote itself (a `Brace` statement with no source range).
    var isSynthesizedBody = false
  }

  /// No event open (the counts before the first entry).
  static let noEvent: Int32 = -1
  /// The most contributions an account keeps before folding the older half (bounds memory on huge traces; only a
  /// check whose entry is missing and that spans that many boundaries could then miss some of its counts).
  static let contributionLimit = 1 << 16

  private(set) var frames: [Frame] = []
  /// The outside first, then one account per open expression or statement, innermost last.
  private(set) var accounts = [Account()]
  /// The checks finished so far, in the order they ended.
  var finished: [TracedExpression] = []
  /// Checks closed without an exit row.
  private(set) var unseenEnds = 0

  mutating func apply(_ boundary: Boundary) {
    if boundary.isEntry {
      closeEndedOutside(boundary)
      give(Contribution(time: boundary.time, scopes: boundary.scopes, leafScopes: boundary.leafScopes))
      frames.append(
        Frame(
          identity: boundary.identity, event: boundary.event, label: label(of: boundary), entryTime: boundary.time,
          hasAccount: boundary.kind != nil))
      if let kind = boundary.kind {
        accounts.append(Account(kind: kind, node: boundary.node, range: boundary.range))
      }
      return
    }
    let start = boundary.time >= boundary.live ? boundary.time - boundary.live : 0
    if let index = frames.lastIndex(where: { $0.identity == boundary.identity && $0.entryTime >= start }) {
      // Events entered after it and still open ended without an exit row, inside it.
      while frames.count > index + 1 { closeWithoutExit() }
      let frame = frames.removeLast()
      finish(boundary, start: start, hasAccount: frame.hasAccount, label: frame.label)
      return
    }
    // Its entry wrote no row: whatever was entered after it started is nested in it and ended unseen.
    while let last = frames.last, last.entryTime > start { closeWithoutExit() }
    closeEndedOutside(boundary)
    if let kind = boundary.kind {
      var account = Account(kind: kind, node: boundary.node, range: boundary.range)
      let enclosing = accounts.count - 1
      let moved = accounts[enclosing].contributions.reversed().prefix { $0.isAfter(start) }.count
      if moved > 0 {
        let from = accounts[enclosing].contributions.count - moved
        account.contributions = Array(accounts[enclosing].contributions[from...])
        accounts[enclosing].contributions.removeSubrange(from...)
      }
      accounts.append(account)
    }
    finish(boundary, start: start, hasAccount: boundary.kind != nil, label: label(of: boundary))
  }

  /// Closes what is still open at the end of the trace and returns the outside's account.
  mutating func finishAll() -> Account {
    while !frames.isEmpty { closeWithoutExit() }
    return accounts[0]
  }

  /// What counts made now are put down to.
  private var currentLabel: Int32 { frames.last?.label ?? Self.noEvent }

  /// What counts made while `boundary`'s event is innermost are put down to.
  private func label(of boundary: Boundary) -> Int32 {
    boundary.isTypeChecking || frames.isEmpty ? boundary.event : currentLabel
  }

  /// Gives counts to the innermost open check (or the outside).
  private mutating func give(_ contribution: Contribution) {
    var contribution = contribution
    guard contribution.scopes != 0 || contribution.leafScopes != 0 || contribution.childMicroseconds != 0 else {
      return
    }
    contribution.event = currentLabel
    accounts[accounts.count - 1].add(contribution)
  }

  /// Ends the event whose exit is `boundary` (its frame already removed; for a check, its account is the last).
  private mutating func finish(_ boundary: Boundary, start: UInt64, hasAccount: Bool, label: Int32) {
    guard hasAccount else {
      // The event itself was innermost until its exit; its counts go to the check it is nested in.
      var contribution = Contribution(time: boundary.time, scopes: boundary.scopes, leafScopes: boundary.leafScopes)
      contribution.event = label
      if contribution.scopes != 0 || contribution.leafScopes != 0 { accounts[accounts.count - 1].add(contribution) }
      return
    }
    let account = accounts.removeLast()
    var total = account.total
    total.scopes += boundary.scopes
    total.leafScopes += boundary.leafScopes
    let live = Int64(clamping: boundary.live)
    if let kind = account.kind, let range = account.range {
      finished.append(
        TracedExpression(
          kind: kind, node: account.node, range: range, scopes: total.scopes, leafScopes: total.leafScopes,
          ownMicroseconds: max(0, live - total.childMicroseconds), exact: account.exact))
    }
    give(Contribution(time: start, childMicroseconds: live, isNestedCheck: true))
  }

  /// Closes the open bodies (`Brace` statements) and declarations that a body or declaration starting outside them
  /// shows to have ended. Their checks end with their last nested check, so their exits often write no row, and the
  /// next body's or declaration's boundary (one of the file's, or a body of code the compiler wrote, which has no
  /// range) is the first sign. What is checked inside a body or declaration (closures, local functions, members,
  /// local declarations) lies inside its range. Expressions are never closed so, since one may legitimately have a
  /// declaration elsewhere checked inside it: the closing stops at the first open expression.
  private mutating func closeEndedOutside(_ boundary: Boundary) {
    let range = boundary.range
    let isBodyOrDeclaration =
      boundary.kind == .declaration || (boundary.kind == .statement && boundary.node == "Brace")
    guard boundary.isSynthesizedBody || (isBodyOrDeclaration && range != nil) else { return }
    while let account = accounts.last, let open = account.range,
      account.kind == .declaration || (account.kind == .statement && account.node == "Brace"),
      range.map({ !open.encloses($0) }) ?? true
    {
      while let frame = frames.last, !frame.hasAccount { frames.removeLast() }
      closeWithoutExit()
    }
  }

  /// Closes the innermost open event, whose exit wrote no row.
  ///
  /// From its entry until now it was given every count made while it was the innermost check; its true end lies
  /// somewhere in between, and what came after belonged to the check around it. So when it was given nothing, both
  /// counts stand exactly (it spent none, the check around lost none); otherwise both are marked inexact.
  private mutating func closeWithoutExit() {
    let frame = frames.removeLast()
    guard frame.hasAccount else { return }
    let account = accounts.removeLast()
    unseenEnds += 1
    let total = account.total
    let given = total.scopes != 0 || total.leafScopes != 0
    if let kind = account.kind, let range = account.range {
      finished.append(
        TracedExpression(
          kind: kind, node: account.node, range: range, scopes: total.scopes, leafScopes: total.leafScopes,
          ownMicroseconds: nil, exact: account.exact && !given))
    }
    if given { accounts[accounts.count - 1].exact = false }
  }
}
