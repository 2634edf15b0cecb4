import Escaping
import Foundation

/// An RFC 4180 table: a header row, then records; fields quoted only when they must be, lines ended with CRLF.
public struct CSVTable: Sendable {
  public var header: [String]
  public var rows: [[String]]

  public init(header: [String], rows: [[String]] = []) {
    self.header = header
    self.rows = rows
  }

  /// The table as RFC 4180 text.
  public var text: String {
    var out = ""
    for record in [header] + rows {
      out += record.map(Escaping.csvField).joined(separator: ",")
      out += "\r\n"
    }
    return out
  }
}
