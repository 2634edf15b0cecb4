import Foundation
import Testing

@testable import Escaping

/// run.json's record layout: the document and its members' entries one per line, deeper values compact, every byte
/// of a key, string or number as the encoder wrote it.
@Suite struct JSONRecordLayoutTests {
  struct Sample: Codable, Equatable {
    var id: String
    var stats: [String: Double]
    var bodies: [[String: String]]
  }

  struct Record: Codable, Equatable {
    var runID: String
    var empty: [Sample]
    var samples: [Sample]
    var provenance: [String: [String]]
    var nothing: [String: String]
  }

  /// Strings that look like structure: brackets, commas, colons, quotes and backslashes inside them.
  static let record = Record(
    runID: "run, [1]: {x}",
    empty: [],
    samples: [
      Sample(id: "a\"],[{", stats: ["n": 1.5, "m": 2], bodies: [["file": "/x/y.swift", "note": "\\\"}"]]),
      Sample(id: "b", stats: [:], bodies: []),
    ],
    provenance: ["commandLine": ["bench", "run"]],
    nothing: [:])

  @Test func eachSampleIsOneLineAndNothingElseChanges() throws {
    let text = try JSONFormat.record(Self.record)
    // Written by hand: keys sorted, the members' entries one per line, each sample compact on its line.
    let expected = #"""
      {
        "empty" : [],
        "nothing" : {},
        "provenance" : {
          "commandLine" : ["bench","run"]
        },
        "runID" : "run, [1]: {x}",
        "samples" : [
          {"bodies":[{"file":"/x/y.swift","note":"\\\"}"}],"id":"a\"],[{","stats":{"m":2,"n":1.5}},
          {"bodies":[],"id":"b","stats":{}}
        ]
      }

      """#
    #expect(text == expected)
    #expect(try JSONDecoder().decode(Record.self, from: Data(text.utf8)) == Self.record)
    // The same JSON value as the pretty-printed document, read by a reader that is not the encoder's.
    let pretty = try JSONFormat.document(Self.record)
    let values = try [text, pretty].map { try JSONSerialization.jsonObject(with: Data($0.utf8)) as? NSDictionary }
    #expect(values[0] != nil && values[0] == values[1])
    // Compact text again once the layout's whitespace outside strings is taken out.
    #expect(
      try JSONFormat.line(Self.record)
        == text.split(separator: "\n").map { $0.drop { $0 == " " } }.joined().replacingOccurrences(
          of: "\" : ", with: "\":"))
  }

  @Test func scalarsAndEmptyDocumentsStayAsTheyAre() throws {
    #expect(try JSONFormat.record(3) == "3\n")
    #expect(try JSONFormat.record("a,b") == "\"a,b\"\n")
    #expect(try JSONFormat.record([String]()) == "[]\n")
    #expect(try JSONFormat.record([1, 2]) == "[\n  1,\n  2\n]\n")
  }
}
