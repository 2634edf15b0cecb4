import Escaping
import Foundation

/// What a run.json says of itself before it is decoded: the kind of run it names.
enum RecordHeader {
  /// The `kind` that `data` names, or nil when it names none (a sweep run, which has no such key).
  static func kindName(in data: Data) -> String? {
    // Records write their keys sorted, so a record's `"kind"` comes within its first lines; a record without one is
    // not decoded twice.
    guard data.prefix(65_536).range(of: Data("\"kind\"".utf8)) != nil else { return nil }
    struct Header: Decodable { var kind: String? }
    return (try? JSONFormat.decode(Header.self, from: data))?.kind
  }
}
