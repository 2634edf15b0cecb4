/// The 64-bit FNV-1a hash: stable across processes and platforms, unlike Swift's seeded `hashValue`.
public enum FNV1a {
  /// The hash of `text`'s UTF-8 bytes.
  public static func hash(_ text: String) -> UInt64 {
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    for byte in text.utf8 {
      hash ^= UInt64(byte)
      hash &*= 0x0000_0100_0000_01b3
    }
    return hash
  }

  /// The hash of `text` as 16 lowercase hex digits, zero-padded.
  public static func hex(_ text: String) -> String {
    let digits = String(hash(text), radix: 16)
    return String(repeating: "0", count: 16 - digits.count) + digits
  }
}
