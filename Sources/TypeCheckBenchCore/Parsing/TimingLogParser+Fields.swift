#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

extension TimingLogParser {
  // MARK: - Fields

  /// A source location as the compiler printed it, its path an id of `InternedStrings` (-1 for none); no path, line
  /// or column for `<invalid loc>` and `<unknown>:0`.
  struct SourceLocation {
    static let none = SourceLocation(file: -1, line: nil, column: nil)
    var file: Int32
    var line: Int?
    var column: Int?
  }

  /// Reads `path:line:col` (or `path:line` when `allowsMissingColumn`) split from the right, or `<invalid loc>`.
  static func location(
    in line: UnsafeBufferPointer<UInt8>, from start: Int, to end: Int, allowsMissingColumn: Bool,
    strings: inout InternedStrings
  ) -> SourceLocation? {
    if end - start == Literal.invalidLocation.count && line.hasPrefix(Literal.invalidLocation, at: start) {
      return SourceLocation.none
    }
    guard let lastColon = lastIndex(of: .colon, in: line, from: start, to: end),
      let last = integer(in: line, from: lastColon + 1, to: end)
    else { return nil }
    var fileEnd = lastColon
    var lineNumber = last
    var column: Int?
    if let colon = lastIndex(of: .colon, in: line, from: start, to: lastColon),
      let number = integer(in: line, from: colon + 1, to: lastColon)
    {
      fileEnd = colon
      lineNumber = number
      column = last
    } else if !allowsMissingColumn {
      return nil
    }
    guard fileEnd > start else { return nil }
    if fileEnd - start == Literal.unknownFile.count && line.hasPrefix(Literal.unknownFile, at: start) {
      return SourceLocation.none
    }
    let file = strings.id(for: UnsafeBufferPointer(rebasing: line[start..<fileEnd]))
    return SourceLocation(file: file, line: lineNumber, column: column)
  }

  /// Reads a non-negative integer filling `start..<end` exactly, of at most 18 digits (so it cannot overflow).
  static func integer(in line: UnsafeBufferPointer<UInt8>, from start: Int, to end: Int) -> Int? {
    guard end > start, end - start <= 18 else { return nil }
    var value = 0
    for index in start..<end {
      let digit = line[index] &- UInt8(ascii: "0")
      guard digit < 10 else { return nil }
      value = value &* 10 &+ Int(digit)
    }
    return value
  }

  /// Reads `digits[.digits]` starting at `start`, returning a finite, non-negative value and where it ends.
  ///
  /// Up to 15 significant digits are read exactly (an integer mantissa divided by a power of ten, one correctly
  /// rounded operation, so `12.78` reads as the literal `12.78`); longer numbers go through `Double(_:)` and are
  /// refused when they are not finite.
  static func decimal(in line: UnsafeBufferPointer<UInt8>, from start: Int, to end: Int) -> (Double, Int)? {
    var index = start
    var mantissa: UInt64 = 0
    var digits = 0
    var fractionDigits = 0
    while index < end, line[index].isASCIIDigit {
      mantissa = mantissa &* 10 &+ UInt64(line[index] &- UInt8(ascii: "0"))
      digits += 1
      index += 1
    }
    guard digits > 0 else { return nil }
    if index + 1 < end, line[index] == .period, line[index + 1].isASCIIDigit {
      index += 1
      while index < end, line[index].isASCIIDigit {
        mantissa = mantissa &* 10 &+ UInt64(line[index] &- UInt8(ascii: "0"))
        digits += 1
        fractionDigits += 1
        index += 1
      }
    }
    if digits <= 15 {
      return (Double(mantissa) / powersOfTen[fractionDigits], index)
    }
    let text = String(decoding: UnsafeBufferPointer(rebasing: line[start..<index]), as: UTF8.self)
    guard let value = Double(text), value.isFinite, value >= 0 else { return nil }
    return (value, index)
  }

  /// Reads the `digits[.digits]` that ends exactly at `end`, starting no earlier than `notBefore`.
  static func decimal(
    in line: UnsafeBufferPointer<UInt8>, endingAt end: Int, notBefore floor: Int
  ) -> (Double, Int)? {
    var start = end
    while start > floor, line[start - 1].isASCIIDigit || line[start - 1] == .period { start -= 1 }
    // A leading period is not part of the number (`%0.2f` always prints a digit first).
    while start < end, line[start] == .period { start += 1 }
    guard let (value, numberEnd) = decimal(in: line, from: start, to: end), numberEnd == end else { return nil }
    return (value, start)
  }

  private static let powersOfTen: [Double] = (0...15).map { exponent in
    (0..<exponent).reduce(1.0) { value, _ in value * 10 }
  }

  static func memchrIndex(of byte: UInt8, in buffer: UnsafeBufferPointer<UInt8>, from start: Int) -> Int? {
    guard let base = buffer.baseAddress, start < buffer.count else { return nil }
    guard let found = memchr(base + start, Int32(byte), buffer.count - start) else { return nil }
    return UnsafeRawPointer(found) - UnsafeRawPointer(base)
  }

  static func lastIndex(
    of byte: UInt8, in buffer: UnsafeBufferPointer<UInt8>, from start: Int, to end: Int
  ) -> Int? {
    var index = end
    while index > start {
      index -= 1
      if buffer[index] == byte { return index }
    }
    return nil
  }

  enum Literal {
    static let invalidLocation = Array("<invalid loc>".utf8)
    static let unknownFile = Array("<unknown>".utf8)
    static let error = Array("error:".utf8)
    static let warning = Array("warning:".utf8)
    static let note = Array("note:".utf8)
    static let remark = Array("remark:".utf8)
    static let took = Array(" took ".utf8)
    static let toTypeCheck = Array("ms to type-check (limit: ".utf8)
    static let closingMilliseconds = Array("ms)".utf8)
  }
}

extension UInt8 {
  static let lineFeed = UInt8(ascii: "\n")
  static let carriageReturn = UInt8(ascii: "\r")
  static let tab = UInt8(ascii: "\t")
  static let colon = UInt8(ascii: ":")
  static let slash = UInt8(ascii: "/")
  static let space = UInt8(ascii: " ")
  static let period = UInt8(ascii: ".")
  static let openingBracket = UInt8(ascii: "[")
  static let closingBracket = UInt8(ascii: "]")
  static let lowercaseM = UInt8(ascii: "m")
  static let lowercaseS = UInt8(ascii: "s")

  var isASCIIDigit: Bool { self &- UInt8(ascii: "0") < 10 }
}

extension UnsafeBufferPointer<UInt8> {
  var droppingCarriageReturn: UnsafeBufferPointer<UInt8> {
    guard let last, last == .carriageReturn else { return self }
    return UnsafeBufferPointer(rebasing: self[0..<(count - 1)])
  }

  func hasPrefix(_ literal: [UInt8], at index: Int) -> Bool {
    guard index >= 0, count - index >= literal.count else { return false }
    for offset in 0..<literal.count where self[index + offset] != literal[offset] { return false }
    return true
  }

  /// Whether `start..<end` ends with `literal`.
  func hasSuffix(_ literal: [UInt8], from start: Int, to end: Int) -> Bool {
    guard end - start >= literal.count else { return false }
    return hasPrefix(literal, at: end - literal.count)
  }
}
