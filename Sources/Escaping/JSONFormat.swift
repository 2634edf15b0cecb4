import Foundation

/// The one JSON configuration every writer and reader uses: keys sorted and slashes unescaped, so the same value
/// always gives the same bytes; documents pretty-printed and ending in a newline, records (run.json) in the record
/// layout (`JSONRecordLayout`: an entry of a record's lists per line), JSON-lines entries compact.
public enum JSONFormat {
  /// An encoder for whole documents (run.json, comparison and report JSON): pretty-printed.
  public static func documentEncoder() -> JSONEncoder {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes]
    return encoder
  }

  /// An encoder for one line of a JSON-lines file (journal, history): compact.
  public static func lineEncoder() -> JSONEncoder {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    return encoder
  }

  /// The decoder for everything bench reads.
  public static func decoder() -> JSONDecoder { JSONDecoder() }

  /// `value` as a document: pretty-printed, keys sorted, ending in a newline.
  public static func document<Value: Encodable>(_ value: Value) throws -> String {
    String(decoding: try documentEncoder().encode(value), as: UTF8.self) + "\n"
  }

  /// `value` as a record file (run.json): the top level and each member's entries one per line, everything deeper
  /// compact on its entry's line (`JSONRecordLayout`), keys sorted, ending in a newline.
  public static func record<Value: Encodable>(_ value: Value) throws -> String {
    JSONRecordLayout.text(ofCompact: Array(try lineEncoder().encode(value))) + "\n"
  }

  /// `value` as one JSON-lines entry, without the newline.
  public static func line<Value: Encodable>(_ value: Value) throws -> String {
    String(decoding: try lineEncoder().encode(value), as: UTF8.self)
  }

  /// Decodes `type` from `data`.
  public static func decode<Value: Decodable>(_ type: Value.Type, from data: Data) throws -> Value {
    try decoder().decode(type, from: data)
  }
}
