import Foundation

/// The `#if`/`#elseif`/`#else`/`#endif` blocks of an interface, resolved the way the importing compiler resolves them:
/// `swift-frontend -dump-parse` prints no declaration inside a conditional block, so the importer keeps each block's
/// active clause as plain lines before it asks the compiler where declarations are.
public enum ConditionalBlocks {
  /// The distinct conditions of every `#if` and `#elseif` line, in order of first appearance.
  public static func conditions(in text: InterfaceText) -> [String] {
    var seen = Set<String>()
    var result: [String] = []
    for line in text.lines {
      guard let condition = directive(line).flatMap(\.condition), seen.insert(condition).inserted else { continue }
      result.append(condition)
    }
    return result
  }

  /// A probe source in which condition `i` is active exactly when the compiler prints the warning `marker(i)`.
  public static func probe(_ conditions: [String]) -> String {
    conditions.enumerated().map { index, condition in
      "#if \(condition)\n#warning(\"\(marker(index))\")\n#endif\n"
    }.joined()
  }

  /// The warning text that marks condition `index` active in `probe`'s output.
  public static func marker(_ index: Int) -> String { "tcb-condition-\(index)-active" }

  /// `text` with every conditional block replaced by its active clause's lines (`active(condition)` says which
  /// conditions hold); the directive lines and inactive clauses are removed.
  public static func resolve(_ text: InterfaceText, active: (String) -> Bool) -> InterfaceText {
    // One frame per open #if: whether its enclosing region is live, and whether a clause of it was taken yet.
    struct Frame {
      var enclosingLive: Bool
      var taken: Bool
      var live: Bool
    }
    var frames: [Frame] = []
    var removals: [Int] = []
    for (index, line) in text.lines.enumerated() {
      let live = frames.last?.live ?? true
      guard let found = directive(line) else {
        if !live { removals.append(index + 1) }
        continue
      }
      removals.append(index + 1)
      switch found.keyword {
      case "#if":
        let holds = live && active(found.condition ?? "")
        frames.append(Frame(enclosingLive: live, taken: holds, live: holds))
      case "#elseif":
        guard var frame = frames.popLast() else { continue }
        let holds = frame.enclosingLive && !frame.taken && active(found.condition ?? "")
        frame.live = holds
        frame.taken = frame.taken || holds
        frames.append(frame)
      case "#else":
        guard var frame = frames.popLast() else { continue }
        frame.live = frame.enclosingLive && !frame.taken
        frame.taken = true
        frames.append(frame)
      default:  // #endif
        _ = frames.popLast()
      }
    }
    var result = text
    for line in removals.reversed() { result.removeLines(line...line) }
    return result
  }

  /// The directive on `line`, if it is one: its keyword and, for `#if` and `#elseif`, its condition.
  static func directive(_ line: String) -> (keyword: String, condition: String?)? {
    let trimmed = line.drop(while: { $0 == " " || $0 == "\t" })
    guard trimmed.hasPrefix("#") else { return nil }
    for keyword in ["#elseif", "#endif", "#else", "#if"] where trimmed.hasPrefix(keyword) {
      let rest = trimmed.dropFirst(keyword.count)
      guard rest.isEmpty || rest.first == " " || rest.first == "(" || rest.first == "!" else { continue }
      let condition = rest.trimmingCharactersInSetSpaces()
      return (keyword, keyword == "#if" || keyword == "#elseif" ? condition : nil)
    }
    return nil
  }
}

extension Substring {
  /// The text without leading and trailing spaces and tabs.
  fileprivate func trimmingCharactersInSetSpaces() -> String {
    String(drop(while: { $0 == " " || $0 == "\t" }).reversed().drop(while: { $0 == " " || $0 == "\t" }).reversed())
  }
}
