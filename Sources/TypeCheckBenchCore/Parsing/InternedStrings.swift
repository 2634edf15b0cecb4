#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The distinct byte strings of a log (paths, descriptions), each kept once and named by a small integer, so that a log
/// of a million lines holds each path once and compares its lines by integers.
///
/// Two ids can name different bytes that make equal `String`s (another Unicode normalization, or invalid UTF-8 that
/// decodes to the same replacement characters): `equivalence(_:)` gives them one class, so comparing classes compares
/// the `String`s, as `==` on the entries they become would.
struct InternedStrings: Sendable {
  private struct Span: Sendable {
    /// Where the bytes are in `storage`, or -1 when the string's own UTF-8 is its bytes (valid UTF-8: nearly always).
    var start: Int
    var count: Int
    var hash: UInt64
  }

  /// The bytes of the distinct strings that are not valid UTF-8, whose `String` holds other bytes.
  private var storage: [UInt8] = []
  private var spans: [Span] = []
  /// Open addressing: an id, or -1 for an empty slot; the count is a power of two.
  private var slots = [Int32](repeating: -1, count: 64)
  private var strings: [String] = []
  private var classes: [Int32] = []
  private var classByString: [String: Int32] = [:]
  /// The id looked up last: consecutive lines of a log mostly name one file.
  private var last: Int32 = -1

  /// The id of `text`, adding it when it is new.
  mutating func id(for text: UnsafeBufferPointer<UInt8>) -> Int32 {
    if last >= 0, equals(last, text) { return last }
    let hash = Self.hash(text)
    let mask = slots.count - 1
    var slot = Int(truncatingIfNeeded: hash) & mask
    while true {
      let id = slots[slot]
      if id < 0 { break }
      if spans[Int(id)].hash == hash, equals(id, text) {
        last = id
        return id
      }
      slot = (slot + 1) & mask
    }
    let id = Int32(spans.count)
    let string = String(decoding: text, as: UTF8.self)
    if Self.utf8(of: string, equals: text) {
      spans.append(Span(start: -1, count: text.count, hash: hash))
    } else {
      spans.append(Span(start: storage.count, count: text.count, hash: hash))
      storage.append(contentsOf: text)
    }
    strings.append(string)
    if let known = classByString[string] {
      classes.append(known)
    } else {
      classByString[string] = id
      classes.append(id)
    }
    slots[slot] = id
    if spans.count * 2 > slots.count { grow() }
    last = id
    return id
  }

  /// The string an id names.
  func string(_ id: Int32) -> String { strings[Int(id)] }

  /// The class of an id: equal for two ids exactly when their strings are equal.
  func equivalence(_ id: Int32) -> Int32 { classes[Int(id)] }

  private func equals(_ id: Int32, _ text: UnsafeBufferPointer<UInt8>) -> Bool {
    let span = spans[Int(id)]
    guard span.count == text.count else { return false }
    guard let base = text.baseAddress, span.count > 0 else { return true }
    if span.start < 0 { return Self.utf8(of: strings[Int(id)], equals: text) }
    return storage.withUnsafeBufferPointer { stored in memcmp(stored.baseAddress! + span.start, base, span.count) == 0 }
  }

  private static func utf8(of string: String, equals text: UnsafeBufferPointer<UInt8>) -> Bool {
    let utf8 = string.utf8
    guard utf8.count == text.count else { return false }
    guard let base = text.baseAddress, !text.isEmpty else { return true }
    let compared = utf8.withContiguousStorageIfAvailable { own in memcmp(own.baseAddress!, base, text.count) == 0 }
    return compared ?? utf8.elementsEqual(text)
  }

  private mutating func grow() {
    slots = [Int32](repeating: -1, count: slots.count * 2)
    let mask = slots.count - 1
    for (index, span) in spans.enumerated() {
      var slot = Int(truncatingIfNeeded: span.hash) & mask
      while slots[slot] >= 0 { slot = (slot + 1) & mask }
      slots[slot] = Int32(index)
    }
  }

  /// A 64-bit hash of the bytes, eight at a time (not for adversaries: a table lookup only).
  private static func hash(_ text: UnsafeBufferPointer<UInt8>) -> UInt64 {
    var hash: UInt64 = 0x9E37_79B9_7F4A_7C15 ^ UInt64(text.count)
    guard let base = text.baseAddress else { return hash }
    let raw = UnsafeRawPointer(base)
    var offset = 0
    func mix(_ word: UInt64) {
      hash = (hash ^ word) &* 0xBF58_476D_1CE4_E5B9
      hash ^= hash >> 31
    }
    while offset + 8 <= text.count {
      mix(raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self))
      offset += 8
    }
    var tail: UInt64 = 0
    var shift: UInt64 = 0
    while offset < text.count {
      tail |= UInt64(text[offset]) << shift
      shift += 8
      offset += 1
    }
    mix(tail)
    hash = (hash ^ (hash >> 29)) &* 0x94D0_49BB_1331_11EB
    return hash ^ (hash >> 32)
  }
}
