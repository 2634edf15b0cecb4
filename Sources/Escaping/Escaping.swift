/// Every escaping bench does, in one place: text placed into HTML, XML (SVG), Markdown, CSV, Swift and JSON string
/// literals, and shell command lines. Writers call these instead of escaping by hand, so a record's strings (case
/// ids, toolchain names, version texts, file paths) cannot break out of the document they are written into.
public enum Escaping {
  /// Text for HTML element content or attribute values: escapes `&`, `<`, `>`, `"` and `'` (as `&#39;`).
  public static func html(_ text: String) -> String {
    entities(text, quotes: true, apostrophe: "&#39;")
  }

  /// Text for XML (SVG): escapes `&`, `<` and `>`, and inside attribute values (`quotes`) `"` and `'` (as `&apos;`).
  public static func xml(_ text: String, quotes: Bool = false) -> String {
    entities(text, quotes: quotes, apostrophe: "&apos;")
  }

  private static func entities(_ text: String, quotes: Bool, apostrophe: String) -> String {
    var out = ""
    out.reserveCapacity(text.utf8.count)
    for character in text {
      switch character {
      case "&": out += "&amp;"
      case "<": out += "&lt;"
      case ">": out += "&gt;"
      case "\"" where quotes: out += "&quot;"
      case "'" where quotes: out += apostrophe
      default: out.append(character)
      }
    }
    return out
  }

  /// Text for Markdown prose or a table cell: backslash-escapes the characters Markdown would read as markup, and
  /// folds line breaks into spaces.
  public static func markdown(_ text: String) -> String {
    var out = ""
    for character in text {
      switch character {
      case "\\", "`", "*", "_", "[", "]", "<", ">", "|", "#": out += "\\" + String(character)
      case "\n", "\r", "\r\n": out += " "
      default: out.append(character)
      }
    }
    return out
  }

  /// Text for a Markdown table cell that is otherwise printed as written (code spans): escapes only `|`.
  public static func markdownPipes(_ text: String) -> String {
    text.contains("|") ? text.split(separator: "|", omittingEmptySubsequences: false).joined(separator: "\\|") : text
  }

  /// `text` as a fenced Markdown code block, verbatim: the fence is one backtick longer than the longest run of
  /// backticks inside (at least three), so nothing in the text can close the block early (CommonMark 4.5).
  public static func markdownCodeBlock(_ text: String, info: String = "") -> String {
    var longest = 0
    var run = 0
    for character in text {
      run = character == "`" ? run + 1 : 0
      longest = max(longest, run)
    }
    let fence = String(repeating: "`", count: max(3, longest + 1))
    return fence + info + "\n" + text + (text.hasSuffix("\n") || text.isEmpty ? "" : "\n") + fence
  }

  /// An RFC 4180 field: quoted when it holds a comma, a quote, CR or LF, inner quotes doubled.
  public static func csvField(_ text: String) -> String {
    guard text.contains(where: { $0 == "," || $0 == "\"" || $0 == "\n" || $0 == "\r" }) else { return text }
    return "\"" + text.split(separator: "\"", omittingEmptySubsequences: false).joined(separator: "\"\"") + "\""
  }

  /// The text as a Swift string literal, quotes included: other control characters as `\u{1b}`.
  public static func swiftStringLiteral(_ text: String) -> String {
    quotedLiteral(text) { "\\u{\(String($0, radix: 16))}" }
  }

  /// The text as a JSON string literal, quotes included: quotes, backslashes and control characters escaped (other
  /// control characters as `\u001b`).
  public static func jsonStringLiteral(_ text: String) -> String {
    quotedLiteral(text) { value in
      let hex = String(value, radix: 16)
      return "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
    }
  }

  /// `text` in double quotes with backslash escapes, as Swift and JSON spell them alike; a control character
  /// without a short escape is spelled by `controlEscape` from its code point.
  private static func quotedLiteral(_ text: String, controlEscape: (UInt32) -> String) -> String {
    var out = "\""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\\": out += "\\\\"
      case "\"": out += "\\\""
      case "\n": out += "\\n"
      case "\r": out += "\\r"
      case "\t": out += "\\t"
      case _ where scalar.value < 0x20: out += controlEscape(scalar.value)
      default: out.unicodeScalars.append(scalar)
      }
    }
    return out + "\""
  }

  /// One argument for a POSIX shell: as is when it holds only characters no shell reads specially, else
  /// single-quoted with inner single quotes spliced as `'\''`.
  public static func shellArgument(_ text: String) -> String {
    if !text.isEmpty && text.unicodeScalars.allSatisfy({ shellSafe.contains($0) }) { return text }
    return "'" + text.split(separator: "'", omittingEmptySubsequences: false).joined(separator: "'\\''") + "'"
  }

  /// Text safe to print on a terminal: control characters (escape sequences, bells, carriage returns, line breaks,
  /// C1 controls) become visible `\u{1B}` escapes and bytes that were not UTF-8 stay U+FFFD, so what another
  /// program printed can neither move the cursor nor recolour the terminal nor split a one-line message.
  public static func terminalText(_ text: String) -> String {
    var out = ""
    for scalar in text.unicodeScalars {
      if scalar.properties.generalCategory == .control && scalar != "\t" {
        out += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
      } else {
        out.unicodeScalars.append(scalar)
      }
    }
    return out
  }

  /// The message of a GitHub Actions workflow command (`::warning file=…::MESSAGE`): escapes `%`, carriage returns
  /// and line feeds as the runner reads them back (`%25`, `%0D`, `%0A`), so a message stays one command.
  public static func githubCommandMessage(_ text: String) -> String {
    githubCommand(text, property: false)
  }

  /// A property value of a GitHub Actions workflow command (`file=VALUE`): what `githubCommandMessage` escapes, and
  /// `:` and `,`, which end a value there (`%3A`, `%2C`).
  public static func githubCommandProperty(_ text: String) -> String {
    githubCommand(text, property: true)
  }

  private static func githubCommand(_ text: String, property: Bool) -> String {
    var out = ""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "%": out += "%25"
      case "\r": out += "%0D"
      case "\n": out += "%0A"
      case ":" where property: out += "%3A"
      case "," where property: out += "%2C"
      default: out.unicodeScalars.append(scalar)
      }
    }
    return out
  }

  /// Arguments joined into one shell command line, each quoted as `shellArgument` does.
  public static func shellCommand(_ arguments: [String]) -> String {
    arguments.map(shellArgument).joined(separator: " ")
  }

  private static let shellSafe = Set(
    "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_./=:+,@%".unicodeScalars)
}
