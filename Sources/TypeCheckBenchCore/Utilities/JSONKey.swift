/// A coding key named at run time, for JSON whose keys derive from values (a metric's `key`).
struct JSONKey: CodingKey {
  var stringValue: String
  var intValue: Int? { nil }

  init(_ stringValue: String) { self.stringValue = stringValue }
  init?(stringValue: String) { self.stringValue = stringValue }
  init?(intValue: Int) { nil }
}

extension KeyedEncodingContainer where Key == JSONKey {
  /// Encodes each value under its name, leaving out those that are nil.
  mutating func encode(_ fields: KeyValuePairs<String, (any Encodable)?>) throws {
    for (name, value) in fields {
      if let value { try encode(value, forKey: JSONKey(name)) }
    }
  }
}
