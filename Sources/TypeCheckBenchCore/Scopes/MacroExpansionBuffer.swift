/// Where a macro expansion's code was written, read from the name of the buffer the compiler type-checks it in
/// (`@__swiftmacro_33ArgumentParserPackageManagerTests0020HelpTestsswift_odAJdfMX205_4_6expectfMf_.swift`): its
/// mangled name holds the macro's name, and for an expansion written in a file's code (`fMX`) the file and the line
/// and column of its use, which is where a user looks (`HelpTests.swift:206:5`, as `swift demangle` says).
public struct MacroExpansionBuffer: Hashable, Sendable {
  /// The macro's name, without `#` or `@`.
  public var macro: String
  /// True for a freestanding macro (`#expect`), false for an attached one (`@Observable`).
  public var freestanding: Bool
  /// Where a macro was used: the file (its name only: the buffer's name holds no folder), 1-based line and column.
  public struct UseSite: Hashable, Sendable {
    public var file: String
    public var line: Int
    public var column: Int
  }

  /// The use; nil when the mangled name does not hold it (an attached macro names its declaration instead).
  public var useSite: UseSite?

  static let prefix = "@__swiftmacro_"

  /// Reads the buffer named by `path` (its last component), or nil when it is not a macro expansion's buffer or its
  /// name does not parse.
  public init?(path: String) {
    var name = Substring(path.split(separator: "/").last ?? "")
    guard name.hasPrefix(Self.prefix) else { return nil }
    name = name.dropFirst(Self.prefix.count)
    if name.hasSuffix(".swift") { name = name.dropLast(".swift".count) }
    let text = Array(name.utf8)
    // The macro: the identifier before the last `fM` and its kind letter (`f`: freestanding).
    guard let operatorStart = Self.lastOperator(in: text), operatorStart + 2 < text.count else { return nil }
    var macroName: String?
    var index = 0
    var identifiers: [String] = []
    var location: (line: Int, column: Int)?
    var fileBeforeLocation: String?
    while index < operatorStart {
      if text[index...].starts(with: Array("fMX".utf8)) {
        index += 3
        guard let line = Self.index(text, &index), let column = Self.index(text, &index) else { return nil }
        location = (line, column)
        fileBeforeLocation = identifiers.last
        continue
      }
      guard let identifier = Self.identifier(text, &index) else { break }
      identifiers.append(identifier)
    }
    macroName = index == operatorStart ? identifiers.last : nil
    guard let macroName, !macroName.isEmpty else { return nil }
    macro = macroName
    freestanding = text[operatorStart + 2] == UInt8(ascii: "f")
    if let location, let file = fileBeforeLocation, file.hasSuffix(".swift") {
      useSite = UseSite(file: file, line: location.line, column: location.column)
    } else {
      useSite = nil
    }
  }

  /// The macro as written: `#expect`, `@Observable`.
  public var written: String { (freestanding ? "#" : "@") + macro }

  /// The offset of the last `fM` followed by a kind letter and `_` or a number: the expansion's own operator.
  private static func lastOperator(in text: [UInt8]) -> Int? {
    var index = text.count - 3
    while index >= 0 {
      if text[index] == UInt8(ascii: "f"), text[index + 1] == UInt8(ascii: "M"), text[index + 2] != UInt8(ascii: "X") {
        return index
      }
      index -= 1
    }
    return nil
  }

  /// An `INDEX`: `_` for 0, `N_` for N + 1.
  private static func index(_ text: [UInt8], _ index: inout Int) -> Int? {
    if index < text.count, text[index] == UInt8(ascii: "_") {
      index += 1
      return 0
    }
    guard let number = natural(text, &index), index < text.count, text[index] == UInt8(ascii: "_") else { return nil }
    index += 1
    return number + 1
  }

  private static func natural(_ text: [UInt8], _ index: inout Int) -> Int? {
    var value = 0
    let start = index
    while index < text.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(text[index]), index - start < 9 {
      value = value * 10 + Int(text[index] - UInt8(ascii: "0"))
      index += 1
    }
    return index > start ? value : nil
  }

  /// An identifier: `N` then N characters, or `00N` (and `_` when they start with a digit or `_`) then N characters of
  /// Punycode (a name holding characters an identifier cannot, such as a file's `.`); nil for anything else (a word
  /// substitution, an operator).
  private static func identifier(_ text: [UInt8], _ index: inout Int) -> String? {
    var punycode = false
    if text[index...].starts(with: [UInt8(ascii: "0"), UInt8(ascii: "0")]) {
      punycode = true
      index += 2
    } else if text[index] == UInt8(ascii: "0") {
      return nil
    }
    guard let length = natural(text, &index), length > 0 else { return nil }
    // A Punycode name that starts with a digit or `_` is set off from its length by a `_`.
    if punycode, index < text.count, text[index] == UInt8(ascii: "_") { index += 1 }
    guard index + length <= text.count else { return nil }
    let bytes = Array(text[index..<(index + length)])
    index += length
    return punycode ? Self.punycode(bytes) : String(decoding: bytes, as: UTF8.self)
  }

  /// Swift's Punycode (RFC 3492 with `_` as the delimiter, digits `a`–`z` then `A`–`J`), with the code points
  /// 0xD800–0xD87F standing for ASCII characters an identifier cannot hold.
  static func punycode(_ input: [UInt8]) -> String? {
    let (base, tmin, tmax, skew, damp) = (36, 1, 26, 38, 700)
    var output: [UInt32] = []
    var position = 0
    if let delimiter = input.lastIndex(of: UInt8(ascii: "_")) {
      output = input[..<delimiter].map(UInt32.init)
      position = delimiter + 1
    }
    func adapt(_ delta: Int, _ points: Int, _ first: Bool) -> Int {
      var delta = first ? delta / damp : delta / 2
      delta += delta / points
      var k = 0
      while delta > ((base - tmin) * tmax) / 2 {
        delta /= base - tmin
        k += base
      }
      return k + (base - tmin + 1) * delta / (delta + skew)
    }
    var (n, i, bias) = (128, 0, 72)
    while position < input.count {
      let old = i
      var w = 1
      var k = base
      while true {
        guard position < input.count else { return nil }
        let byte = input[position]
        position += 1
        let digit: Int
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"): digit = Int(byte - UInt8(ascii: "a"))
        case UInt8(ascii: "A")...UInt8(ascii: "J"): digit = Int(byte - UInt8(ascii: "A")) + 26
        default: return nil
        }
        i += digit * w
        let t = k <= bias ? tmin : (k >= bias + tmax ? tmax : k - bias)
        if digit < t { break }
        w *= base - t
        k += base
        guard i < 1 << 30, w < 1 << 30 else { return nil }
      }
      bias = adapt(i - old, output.count + 1, old == 0)
      n += i / (output.count + 1)
      i %= output.count + 1
      guard n < 0x11_0000 else { return nil }
      output.insert(UInt32(n), at: i)
      i += 1
    }
    var scalars = String.UnicodeScalarView()
    for point in output {
      let mapped = (0xD800..<0xD880).contains(point) ? point - 0xD800 : point
      guard let scalar = Unicode.Scalar(mapped) else { return nil }
      scalars.append(scalar)
    }
    return String(scalars)
  }
}
