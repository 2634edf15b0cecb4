/// The identifiers a record carries (run ids, case ids, toolchain names) become file names, chart names and page
/// text, so they are held to a strict character set when read: letters, digits, `.`, `_`, `+` and `-`, not starting
/// with `.`, at most 200 characters. Such an id is one path component that names a file inside its folder (never
/// `..` or a hidden file) and needs no escaping in HTML, Markdown, SVG or a shell. Anything else is bad data.
public enum RecordID {
  static let allowed = Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789._+-".utf8)

  /// True when `id` is a valid identifier.
  public static func isValid(_ id: String) -> Bool {
    let bytes = id.utf8
    return !bytes.isEmpty && bytes.count <= 200 && bytes.first != UInt8(ascii: ".")
      && bytes.allSatisfy { allowed.contains($0) }
  }

  /// `text` made a valid identifier: other characters become `-`, leading dots are dropped, long text is cut.
  public static func sanitized(_ text: String) -> String {
    var bytes = text.utf8.map { allowed.contains($0) ? $0 : UInt8(ascii: "-") }
    while bytes.first == UInt8(ascii: ".") { bytes.removeFirst() }
    let id = String(decoding: bytes.prefix(200), as: UTF8.self)
    return id.isEmpty ? "run" : id
  }

  /// True for a character an error line may print as it is: not a control, a format mark (bidirectional overrides,
  /// zero-width characters) or a separator other than the space.
  static func isShown(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.properties.generalCategory {
    case .control, .format, .lineSeparator, .paragraphSeparator, .surrogate, .privateUse, .unassigned: false
    case .spaceSeparator: scalar == " "
    default: true
    }
  }

  /// A one-line description of why `id` (the `field`) is refused, or nil when it is valid.
  public static func problem(_ id: String, field: String) -> String? {
    guard !isValid(id) else { return nil }
    // Letters of any script are shown as they are (`ünï`, not `?n?`); controls, and the marks that reorder or hide
    // text on a terminal, as escapes.
    let printable = String(id.prefix(60)).unicodeScalars.map { scalar in
      isShown(scalar) ? String(scalar) : "\\u{\(String(scalar.value, radix: 16, uppercase: true))}"
    }
    let shown = printable.joined() + (id.count > 60 ? "…" : "")
    let length = id.utf8.count > 200 ? " (\(id.utf8.count) bytes long)" : ""
    return "\(field) '\(shown)'\(length) is not an identifier (letters, digits, '.', '_', '+' and '-', not starting "
      + "with '.', at most 200 bytes)"
  }
}
